//! A round robin and a knockout whose every game is played by berserk
//! (lichess's Python client, unmodified) over the Board API against
//! `arbiter serve`. lichess has no such events, so they are made and run
//! through Arbiter's own tournament API (berserk_round_robin_knockout.py):
//! a round robin of five where one player withdraws and loses his later
//! games by default, and a knockout of four whose matches go to rapid
//! games and Armageddon. The round robin's exported TRF gives, through
//! `arbiter standings`, the server's standings; the knockout's has every
//! game of every match as a round; and every record checks clean with
//! `arbiter verify`.

mod serve;

use arbiter_tournament::{ResultCode, trf};
use serde_json::Value;
use serve::{Client, Process, add_account, arbiter, python};

const RR_TIEBREAKS: &str = "PTS,DE,WIN,SB";

/// The ranking of `arbiter standings --json` on the TRF `path`: rank,
/// start number and the tie-breaks' values.
fn cli_standings(path: &str) -> Vec<(u64, u64, Vec<f64>)> {
    let (ok, out) = arbiter(&[
        "standings",
        path,
        "--tiebreaks",
        RR_TIEBREAKS,
        "--format",
        "round-robin",
        "--json",
    ]);
    assert!(ok, "{out}");
    out.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let values = RR_TIEBREAKS
                .split(',')
                .map(|t| v["tiebreaks"][t].as_f64().unwrap())
                .collect();
            (
                v["rank"].as_u64().unwrap(),
                v["start_no"].as_u64().unwrap(),
                values,
            )
        })
        .collect()
}

/// The server's standings of an event, as `cli_standings` gives them.
fn server_standings(state: &Value) -> Vec<(u64, u64, Vec<f64>)> {
    state["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let values = row["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().parse().unwrap())
                .collect();
            (
                row["rank"].as_u64().unwrap(),
                row["start_no"].as_u64().unwrap(),
                values,
            )
        })
        .collect()
}

#[tokio::test]
async fn berserk_plays_a_round_robin_with_a_withdrawal_and_a_knockout_with_tiebreak_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let creator = add_account(&db, "Director", false);
    let tokens: Vec<String> = (1..=5)
        .map(|i| add_account(&db, &format!("Bot{i}"), false))
        .collect();
    let server = Process::start(&db, &[]);
    let mut args = vec![&server.base, &creator];
    args.extend(&tokens);
    let stdout = python("berserk_round_robin_knockout.py", args);
    let id_of = |kind: &str| {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(kind))
            .unwrap_or_else(|| panic!("the script names its {kind}: {stdout}"))
            .trim()
            .to_string()
    };
    let (rr, ko) = (id_of("round_robin "), id_of("knockout "));
    let client = Client::new(&server.base);
    let state = |id: String| {
        let client = &client;
        async move {
            let text = client.get_text(&format!("/api/tournament/{id}")).await;
            serde_json::from_str::<Value>(&text).unwrap()
        }
    };

    // The round robin: `arbiter standings` on its TRF ranks it as the
    // server does.
    let trf_text = client.get_text(&format!("/api/tournament/{rr}/trf")).await;
    let file = dir.path().join("round-robin.trf");
    std::fs::write(&file, &trf_text).unwrap();
    let rr_state = state(rr.clone()).await;
    let got = cli_standings(file.to_str().unwrap());
    assert_eq!(got, server_standings(&rr_state), "{trf_text}");
    assert_eq!(got.len(), 5);
    // Five rounds by the Berger tables; the leaver's games after his
    // withdrawal are forfeits in the TRF, and every player met every other.
    let t = trf::read(&trf_text).unwrap();
    assert_eq!(t.rounds_paired(), 5);
    let leaver = t.entrants.iter().find(|e| e.player.start_no == 5).unwrap();
    let forfeits = leaver.rounds[2..]
        .iter()
        .filter(|c| c.code == ResultCode::ForfeitLoss)
        .count();
    assert!(forfeits >= 2, "{trf_text}");
    for e in &t.entrants {
        let mut met: Vec<u32> = e.rounds.iter().filter_map(|c| c.opponent).collect();
        met.sort();
        let others: Vec<u32> = (1..=5).filter(|&n| n != e.player.start_no).collect();
        assert_eq!(met, others, "{trf_text}");
    }

    // The knockout: every game of every match is a round of its TRF, and
    // the points there are the games' (Armageddon's draw a half each).
    let ko_state = state(ko.clone()).await;
    assert_eq!(ko_state["status"], "finished");
    let trf_text = client.get_text(&format!("/api/tournament/{ko}/trf")).await;
    assert!(trf_text.contains("092 Knockout"), "{trf_text}");
    let t = trf::read(&trf_text).unwrap();
    let rounds = ko_state["rounds"].as_array().unwrap().len();
    assert_eq!(rounds, 9, "2 + 2 + 1 games, then 2 + 2");
    assert_eq!(t.rounds_paired() as usize, rounds);

    // And every record, the two events' included, is intact.
    drop(server);
    let (ok, verified) = arbiter(&["verify", "--db", &db]);
    assert!(ok, "{verified}");
    assert!(verified.contains("2 tournaments"), "{verified}");
}
