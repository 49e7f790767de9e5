//! Round robins through the server's tournament API: an arbiter creates
//! a single round robin of five players (one rests each round) and a
//! double round robin of four, pairs every round by the Berger tables,
//! publishes it, and the players play every game to its end through the
//! game API; the results make the standings and the round-robin
//! crosstable, a round past the last is refused, and the exported TRF,
//! read back, gives the same standings.

mod common;

use std::collections::BTreeMap;

use arbiter_tournament::berger::round_pairing;
use arbiter_tournament::tiebreak::{self, Options, Tiebreak};
use arbiter_tournament::{Pairing, trf};
use common::tournament::{Ending, play, post, wait_complete};
use common::{Server, account};
use serde_json::{Value, json};

const TIEBREAKS: [&str; 4] = ["PTS", "DE", "WIN", "SB"];

/// How a board's game ends, chosen by round and board so that every
/// result occurs.
fn ending(round: usize, board: usize) -> Ending {
    match (round + 2 * board) % 3 {
        0 => Ending::WhiteWins,
        1 => Ending::Draw,
        _ => Ending::BlackWins,
    }
}

/// Creates a round robin of `cycles` cycles of `players`, plays it
/// through, and checks pairings, standings, crosstable, the end and the
/// TRF.
async fn run_round_robin(players: &[(&str, u32)], cycles: u32) {
    let s = Server::start().await;
    let arbiter = account(&s, "Director").await;
    let n = players.len() as u32;
    let rounds = (n + n % 2 - 1) * cycles;
    let settings = json!({
        "name": "Club Round Robin", "place": "Hangzhou", "start_date": "2026-12-02",
        "system": {"kind": "round_robin", "cycles": cycles}, "rounds": rounds,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
        "tiebreaks": TIEBREAKS,
    });
    let (status, created) = post(&s, "/api/tournament", &arbiter, settings).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    // Each player enters through the link and is given an account.
    let mut tokens = BTreeMap::new();
    for (name, rating) in players {
        let r = s
            .http
            .post(s.url(&path("/join")))
            .json(&json!({"name": name, "rating": rating}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let joined: Value = r.json().await.unwrap();
        tokens.insert(
            joined["player"].as_u64().unwrap(),
            joined["token"].as_str().unwrap().to_string(),
        );
    }
    let st = s.get_json(&path("")).await;
    // Start numbers by rating; the Berger tables speak of them.
    let player_of_start: BTreeMap<u64, u64> = st["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["start_no"].as_u64().unwrap(), p["id"].as_u64().unwrap()))
        .collect();
    let id_of = |start: u32| player_of_start[&(start as u64)];

    // What the games give, kept here: points (in half points) and each
    // meeting's result for the player, by (player, opponent).
    let mut halves: BTreeMap<u64, u32> = tokens.keys().map(|&p| (p, 0)).collect();
    let mut met: BTreeMap<(u64, u64), Vec<(char, &str)>> = BTreeMap::new();
    let mut rested: BTreeMap<u64, u32> = BTreeMap::new();
    for round in 1..=rounds as usize {
        let (status, paired) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
        assert_eq!(status, 200, "round {round}: {paired}");
        assert_eq!(paired["round"], round);
        let st = s.get_json(&path("")).await;
        let r = &st["rounds"][round - 1];
        // The round is the Berger tables' round, board by board.
        let mut boards = Vec::new();
        let mut bye = None;
        for p in round_pairing(n, round as u32, cycles).unwrap() {
            match p {
                Pairing::Game { white, black } => boards.push((id_of(white), id_of(black))),
                Pairing::Bye(rest) => bye = Some(id_of(rest)),
            }
        }
        let given: Vec<(u64, u64)> = r["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()))
            .collect();
        assert_eq!(given, boards, "round {round}");
        assert_eq!(r["bye"].as_u64(), bye, "round {round}");
        if let Some(p) = bye {
            *rested.entry(p).or_default() += 1;
        }
        let (status, published) = post(&s, &path("/publish"), &arbiter, json!(null)).await;
        assert_eq!(status, 200, "{published}");
        let games = published["games"].as_array().unwrap();
        assert_eq!(games.len(), boards.len());
        for (i, (game, &(white, black))) in games.iter().zip(&boards).enumerate() {
            let end = ending(round, i + 1);
            play(
                &s,
                game.as_str().unwrap(),
                &tokens[&white],
                &tokens[&black],
                end,
            )
            .await;
            let (w, b, wc, bc) = match end {
                Ending::WhiteWins => (2, 0, '1', '0'),
                Ending::Draw => (1, 1, '=', '='),
                Ending::BlackWins => (0, 2, '0', '1'),
            };
            *halves.get_mut(&white).unwrap() += w;
            *halves.get_mut(&black).unwrap() += b;
            met.entry((white, black)).or_default().push((wc, "w"));
            met.entry((black, white)).or_default().push((bc, "b"));
        }
        let st = wait_complete(&s, &id, round).await;
        let sources: Vec<&Value> = st["rounds"][round - 1]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| &b["source"]["kind"])
            .collect();
        assert!(sources.iter().all(|k| *k == "game"), "{sources:?}");
    }
    // With an odd number, each player rests once a cycle.
    if n % 2 == 1 {
        assert!(rested.values().all(|&c| c == cycles), "{rested:?}");
        assert_eq!(rested.len() as u32, n);
    } else {
        assert!(rested.is_empty());
    }

    // The event is over: a round past the last is refused, with its
    // words.
    let (status, past) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
    assert_eq!(status, 400, "{past}");
    assert_eq!(past["error"], format!("all {rounds} rounds are paired"));
    assert_eq!(past["message"]["zh"], format!("全部 {rounds} 轮均已编排"));
    let st = s.get_json(&path("")).await;
    assert_eq!(st["status"], "finished");
    assert_eq!(st["next"]["can_pair"], false);
    assert_eq!(st["rounds_planned"], rounds);

    // The standings: every player's points are what his games gave,
    // ranked by them.
    let rows = st["standings"]["rows"].as_array().unwrap();
    assert_eq!(st["standings"]["after_round"], rounds);
    assert_eq!(rows.len(), n as usize);
    let mut last = f64::INFINITY;
    for row in rows {
        let p = row["player"].as_u64().unwrap();
        let points: f64 = row["values"][0].as_str().unwrap().parse().unwrap();
        assert_eq!(points, f64::from(halves[&p]) / 2.0, "player {p}");
        assert!(points <= last, "ranked by points: {rows:?}");
        last = points;
    }
    // The crosstable: each player meets each other `cycles` times, once
    // with each colour in a double round robin, with the results played.
    for row in st["crosstable"].as_array().unwrap() {
        let p = row["player"].as_u64().unwrap();
        let cells = row["rounds"].as_array().unwrap();
        assert_eq!(cells.len(), rounds as usize, "{row}");
        let mut seen: BTreeMap<u64, Vec<(char, &str)>> = BTreeMap::new();
        for c in cells {
            match c["opponent"].as_u64() {
                Some(o) => {
                    let code = c["code"].as_str().unwrap().chars().next().unwrap();
                    let colour = if c["colour"] == "w" { "w" } else { "b" };
                    seen.entry(o).or_default().push((code, colour));
                }
                None => assert_eq!(c["code"], " ", "a resting round: {row}"),
            }
        }
        assert_eq!(seen.len() as u32, n - 1, "{row}");
        for (o, games) in &seen {
            assert_eq!(games, &met[&(p, *o)], "{p} against {o}");
            if cycles == 2 {
                assert_ne!(games[0].1, games[1].1, "colours reversed: {p} against {o}");
            }
        }
    }

    // The TRF of the event, read back, gives the same standings.
    let text = s.get_text(&path("/trf")).await;
    assert!(text.contains("092 "), "{text}");
    let t = trf::read(&text).unwrap();
    let tiebreaks: Vec<Tiebreak> = TIEBREAKS.iter().map(|t| t.parse().unwrap()).collect();
    let again = tiebreak::standings(&t, &tiebreaks, &Options::default());
    assert_eq!(again.format, tiebreak::Format::RoundRobin);
    let again: Vec<Value> = again
        .rows
        .iter()
        .map(|r| {
            json!([
                r.rank,
                r.start_no,
                r.values
                    .iter()
                    .map(|v| v.map(|v| v.to_string()))
                    .collect::<Vec<_>>()
            ])
        })
        .collect();
    let served: Vec<Value> = rows
        .iter()
        .map(|r| json!([r["rank"], r["start_no"], r["values"]]))
        .collect();
    assert_eq!(again, served, "{text}");
}

#[tokio::test]
async fn a_single_round_robin_of_five_is_paired_by_berger_and_played_through() {
    run_round_robin(
        &[
            ("Ann", 2100),
            ("Bob", 2050),
            ("Cat", 2000),
            ("Dan", 1950),
            ("Eve", 1900),
        ],
        1,
    )
    .await;
}

#[tokio::test]
async fn a_double_round_robin_of_four_reverses_colours_in_the_second_cycle() {
    // Entered out of rating order: the tables follow the start numbers.
    run_round_robin(
        &[("Dan", 1950), ("Ann", 2100), ("Cat", 2000), ("Bob", 2050)],
        2,
    )
    .await;
}
