//! A Swiss's TRF checked again from outside, as the berserk events' tests
//! do: every round re-paired by `arbiter pair --dutch -c` and by
//! bbpPairings' checker (built from `shared/bench/peers-src`), its
//! tie-breaks computed by gacrux, FIDE's tie-break checker, and the
//! Swiss's published results compared with those standings.
#![allow(dead_code)]

// The tournament crate's reading of an event for gacrux.
#[path = "../../../tournament/tests/for_gacrux/mod.rs"]
mod for_gacrux;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use arbiter_tournament::Tournament;
use arbiter_tournament::tiebreak::{Format, Options, Standings, Tiebreak, standings};
use arbiter_tournament::trf;
use serde_json::Value;

use super::serve::arbiter;

/// The Swiss's tie-breaks (lichess's JSON gives the first after points).
pub const TIEBREAKS: [&str; 4] = ["PTS", "BH/C1", "BH", "SB"];

/// bbpPairings, built once for the crate's tests.
fn bbp() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        arbiter_testdata::peers::bbp_pairings(Path::new(env!("CARGO_TARGET_TMPDIR")))
    })
}

/// The TRF `text` of a Swiss of `rounds` rounds, written to `dir`, read,
/// and every round re-paired as it was paired: by Arbiter's checker and
/// by bbpPairings'. The tournament as read.
pub fn pairings_agree(dir: &Path, text: &str, rounds: u32) -> Tournament {
    let file = dir.join("event.trf");
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let t = trf::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(t.rounds_paired(), rounds, "{text}");

    let (ok, checked) = arbiter(&["pair", "--dutch", path, "-c"]);
    assert!(ok, "{checked}\n{text}");
    assert!(
        checked.contains(&format!("{rounds} of {rounds} rounds agree")),
        "{checked}"
    );
    // bbpPairings names each round and shows only the rounds it would
    // pair otherwise.
    let out = Command::new(bbp())
        .args(["--dutch", path, "-c"])
        .output()
        .unwrap();
    let bbp_says =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{bbp_says}");
    assert_eq!(
        bbp_says.matches(": Round #").count(),
        rounds as usize,
        "{bbp_says}"
    );
    assert!(
        !bbp_says.contains("Checker pairings") && !bbp_says.contains("No valid pairing"),
        "bbpPairings disagrees:\n{bbp_says}\n{text}"
    );
    t
}

/// The standings of `t` by [`TIEBREAKS`], which must be gacrux's, player
/// by player: rank and every value. `dir` holds gacrux's input.
pub fn tiebreaks_are_gacrux(dir: &Path, t: &Tournament) -> Standings {
    let rounds = t.rounds_paired();
    let list: Vec<Tiebreak> = TIEBREAKS.iter().map(|t| t.parse().unwrap()).collect();
    let options = Options {
        format: Some(Format::Swiss),
        ..Options::default()
    };
    let ours = standings(t, &list, &options);
    let gacrux_file = dir.join("gacrux.trf");
    std::fs::write(&gacrux_file, trf::write(&for_gacrux::for_gacrux(t, rounds))).unwrap();
    let theirs = for_gacrux::gacrux(
        &gacrux_file,
        ours.edition,
        Format::Swiss,
        rounds,
        &TIEBREAKS,
    );
    assert_eq!(theirs.len(), t.entrants.len());
    for row in &ours.rows {
        let (rank, values) = theirs
            .get(&row.start_no)
            .unwrap_or_else(|| panic!("gacrux ranks {}", row.start_no));
        assert_eq!(*rank, row.rank, "player {}: rank", row.start_no);
        for (i, tiebreak) in TIEBREAKS.iter().enumerate() {
            let mine = row.values[i].map(|v| v.as_f64());
            let equal = match (mine, values[i]) {
                (Some(a), Some(b)) => (a - b).abs() < 1e-9,
                _ => false,
            };
            assert!(
                equal,
                "player {} {tiebreak}: {mine:?} (gacrux {:?})",
                row.start_no, values[i]
            );
        }
    }
    ours
}

/// The Swiss's results as lichess's `/api/swiss/{id}/results` gives them
/// (NDJSON): rank, points and first tie-break, line by line, which must
/// be `standings`.
pub fn results_are(results: &str, standings: &Standings) {
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
    let expected: Vec<(u64, f64, f64)> = standings
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
}
