//! A whole Swiss run by berserk (lichess's Python client, unmodified)
//! against `arbiter serve`: created with `tournaments.create_swiss`,
//! joined by ten accounts, every game played by bots over the Board API,
//! one withdrawal (so that the later rounds have a bye), rounds started
//! with `schedule_swiss_next_round`. The exported TRF then re-checks
//! clean with `arbiter pair --dutch -c`, and `arbiter standings` on it
//! ranks the players as the Swiss's results do.

mod serve;

use serde_json::Value;
use serve::{Client, Process, add_account, arbiter, berserk_swiss, python, said};

const PLAYERS: usize = 10;
const ROUNDS: u32 = 3;

#[tokio::test]
async fn berserk_runs_a_swiss_whose_trf_rechecks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let (server, stdout) = berserk_swiss(&db, "berserk_swiss.py", PLAYERS, ROUNDS, "20");
    let id = said(&stdout, "swiss ");
    let client = Client::new(&server.base);
    let trf = client.get_text(&format!("/swiss/{id}.trf")).await;
    let file = dir.path().join("swiss.trf");
    std::fs::write(&file, &trf).unwrap();
    let path = file.to_str().unwrap();

    // Every round re-pairs as Arbiter paired it.
    let (ok, checked) = arbiter(&["pair", "--dutch", path, "-c"]);
    assert!(ok, "{checked}\n{trf}");
    assert!(
        checked.contains(&format!("{ROUNDS} of {ROUNDS} rounds agree")),
        "{checked}"
    );
    // The withdrawal left a bye in the later rounds.
    assert!(trf.contains("0000 - U"), "{trf}");

    // The Swiss's results are `arbiter standings` on its TRF.
    let (ok, standings) = arbiter(&[
        "standings",
        path,
        "--tiebreaks",
        "PTS,BH/C1,BH,SB",
        "--json",
    ]);
    assert!(ok, "{standings}");
    let expected: Vec<(u64, String, f64, f64)> = standings
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["rank"].as_u64().unwrap(),
                v["name"].as_str().unwrap().to_lowercase(),
                v["tiebreaks"]["PTS"].as_f64().unwrap(),
                v["tiebreaks"]["BH/C1"].as_f64().unwrap(),
            )
        })
        .collect();
    let results = client.get_text(&format!("/api/swiss/{id}/results")).await;
    let got: Vec<(u64, String, f64, f64)> = results
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["rank"].as_u64().unwrap(),
                v["username"].as_str().unwrap().to_string(),
                v["points"].as_f64().unwrap(),
                v["tieBreak"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, expected);
    assert_eq!(got.len(), PLAYERS);
    // Points add up: a point per board and per bye, each round.
    let total: f64 = got.iter().map(|r| r.2).sum();
    let boards_and_byes = (PLAYERS / 2) as f64 + 2.0 * ((PLAYERS - 1) / 2 + 1) as f64;
    assert_eq!(total, boards_and_byes, "{trf}");

    // And every record, the tournament's included, is intact.
    drop(server);
    let (ok, verified) = arbiter(&["verify", "--db", &db]);
    assert!(ok, "{verified}");
    assert!(verified.contains("1 tournaments"), "{verified}");
}

/// A Swiss with a password (lichess's `password`): berserk's `join_swiss`
/// is refused without it or with another (400, as lichess), and admitted
/// with it; `get_swiss` says that one is asked, never which.
#[test]
fn berserk_joins_a_swiss_with_its_password_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let creator = add_account(&db, "Director", false);
    let players: Vec<String> = ["Ann", "Bob"]
        .iter()
        .map(|name| add_account(&db, name, false))
        .collect();
    let server = Process::start(&db, &[]);
    let mut args = vec![&server.base, &creator];
    args.extend(&players);
    let stdout = python("berserk_swiss_password.py", args);
    assert!(stdout.starts_with("swiss "), "{stdout}");
}
