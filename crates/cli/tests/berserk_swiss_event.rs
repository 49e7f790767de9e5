//! A 40-player, 7-round Swiss run entirely by berserk (lichess's Python
//! client, unmodified) against `arbiter serve`: created with
//! `tournaments.create_swiss`, joined by 40 accounts, every game played by
//! bots over the Board API, one withdrawal after round 2 (a
//! pairing-allocated bye in each later round) and one player who stays
//! away from a game (a loss by default). The exported TRF then re-checks
//! clean with `arbiter pair --dutch -c` and with bbpPairings' checker
//! (built from `shared/bench/peers-src`), and its tie-breaks are
//! gacrux's, FIDE's tie-break checker, and the Swiss's results.

mod serve;
// The tournament crate's reading of an event for gacrux.
#[path = "../../tournament/tests/for_gacrux/mod.rs"]
mod for_gacrux;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use arbiter_tournament::tiebreak::{Edition, Format, Options, Tiebreak, standings};
use arbiter_tournament::{ResultCode, trf};
use serde_json::Value;
use serve::{arbiter, berserk_swiss, said};

const PLAYERS: usize = 40;
const ROUNDS: u32 = 7;
/// The Swiss's tie-breaks (lichess's JSON gives the first after points).
const TIEBREAKS: [&str; 4] = ["PTS", "BH/C1", "BH", "SB"];

/// bbpPairings, built once for the crate's tests.
fn bbp() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        arbiter_testdata::peers::bbp_pairings(Path::new(env!("CARGO_TARGET_TMPDIR")))
    })
}

/// gacrux's rank and values, by start number.
fn gacrux(path: &Path, rounds: u32, edition: &str) -> Vec<(u32, u32, Vec<f64>)> {
    let output = Command::new("python3")
        .args(["-m", "gacrux.tiebreakchecker", "-i"])
        .arg(path)
        .args(["-o", "-", "-dT", "-r", "-n", &rounds.to_string()])
        .args(["-N", &rounds.to_string(), "-s", "-t"])
        .args(TIEBREAKS.iter().map(|t| format!("{t}/{edition}")))
        .output()
        .expect("python3 runs (scripts/install-test-deps installs gacrux)");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && text.starts_with("Rank"),
        "gacrux failed: {text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    text.lines()
        .skip(1)
        .filter(|l| !l.starts_with("Check"))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (
                f[1].parse().unwrap(),
                f[0].parse().unwrap(),
                f[2..].iter().map(|v| v.parse().unwrap()).collect(),
            )
        })
        .collect()
}

#[tokio::test]
async fn berserk_runs_a_forty_player_swiss_that_bbp_arbiter_and_gacrux_recheck() {
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    // A short default time: the player who stays away loses soon.
    let (server, stdout) = berserk_swiss(&db, "berserk_swiss_event.py", PLAYERS, ROUNDS, "10");
    let (id, absent_game) = (said(&stdout, "swiss "), said(&stdout, "absent "));
    let http = reqwest::Client::new();
    let get = |path: String| {
        let http = http.clone();
        let url = format!("{}{path}", server.base);
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    let text = get(format!("/swiss/{id}.trf")).await;
    let file = dir.path().join("open.trf");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();
    let t = trf::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(t.entrants.len(), PLAYERS);
    assert_eq!(t.rounds_paired(), ROUNDS);

    // The withdrawal left an odd field: a pairing-allocated bye in each
    // round after it, and the withdrawn player in none.
    let code_count = |code: ResultCode| {
        t.entrants
            .iter()
            .flat_map(|e| &e.rounds)
            .filter(|c| c.code == code)
            .count()
    };
    assert_eq!(code_count(ResultCode::PairingAllocatedBye), 5, "{text}");
    // The player who stayed away lost by default, and his opponent won.
    assert_eq!(code_count(ResultCode::ForfeitWin), 1, "{text}");
    let absent = get(format!("/api/games/{absent_game}")).await;
    let absent: Value = serde_json::from_str(&absent).unwrap();
    assert_eq!(absent["outcome"]["termination"], "unplayed", "{absent}");

    // Every round re-pairs as Arbiter paired it: by Arbiter's checker…
    let (ok, checked) = arbiter(&["pair", "--dutch", path, "-c"]);
    assert!(ok, "{checked}\n{text}");
    assert!(
        checked.contains(&format!("{ROUNDS} of {ROUNDS} rounds agree")),
        "{checked}"
    );
    // …and by bbpPairings', which names each round and shows only the
    // rounds it would pair otherwise.
    let out = Command::new(bbp())
        .args(["--dutch", path, "-c"])
        .output()
        .unwrap();
    let bbp_says =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{bbp_says}");
    assert_eq!(
        bbp_says.matches(": Round #").count(),
        ROUNDS as usize,
        "{bbp_says}"
    );
    assert!(
        !bbp_says.contains("Checker pairings") && !bbp_says.contains("No valid pairing"),
        "bbpPairings disagrees:\n{bbp_says}\n{text}"
    );

    // The tie-breaks: Arbiter's equal gacrux's, player by player, and
    // the Swiss's results are those standings.
    let list: Vec<Tiebreak> = TIEBREAKS.iter().map(|t| t.parse().unwrap()).collect();
    let options = Options {
        format: Some(Format::Swiss),
        ..Options::default()
    };
    let ours = standings(&t, &list, &options);
    let edition = match ours.edition {
        Edition::Fide2024 => "V1",
        Edition::Fide2026 => "V2",
    };
    let gacrux_file = dir.path().join("gacrux.trf");
    std::fs::write(
        &gacrux_file,
        trf::write(&for_gacrux::for_gacrux(&t, t.rounds_paired())),
    )
    .unwrap();
    let theirs = gacrux(&gacrux_file, ROUNDS, edition);
    assert_eq!(theirs.len(), PLAYERS);
    for row in &ours.rows {
        let (_, rank, values) = theirs
            .iter()
            .find(|(start, _, _)| *start == row.start_no)
            .unwrap_or_else(|| panic!("gacrux ranks {}", row.start_no));
        assert_eq!(*rank, row.rank, "player {}: rank", row.start_no);
        for (i, tiebreak) in TIEBREAKS.iter().enumerate() {
            let mine = row.values[i].map(|v| v.as_f64()).unwrap();
            assert!(
                (mine - values[i]).abs() < 1e-9,
                "player {} {tiebreak}: {mine} (gacrux {})",
                row.start_no,
                values[i]
            );
        }
    }
    let results = get(format!("/api/swiss/{id}/results")).await;
    let got: Vec<(u64, f64, f64)> = results
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["rank"].as_u64().unwrap(),
                v["points"].as_f64().unwrap(),
                v["tieBreak"].as_f64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(u64, f64, f64)> = ours
        .rows
        .iter()
        .map(|r| {
            (
                u64::from(r.rank),
                r.values[0].unwrap().as_f64(),
                r.values[1].unwrap().as_f64(),
            )
        })
        .collect();
    assert_eq!(got, expected);

    // And every record, the tournament's included, is intact.
    drop(server);
    let (ok, verified) = arbiter(&["verify", "--db", &db]);
    assert!(ok, "{verified}");
    assert!(verified.contains("1 tournaments"), "{verified}");
    eprintln!(
        "40 players, {ROUNDS} rounds: {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
