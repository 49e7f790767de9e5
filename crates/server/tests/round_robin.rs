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
use common::tournament::{Ending, boards, play, post, wait_complete};
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
        let mut berger = Vec::new();
        let mut bye = None;
        for p in round_pairing(n, round as u32, cycles).unwrap() {
            match p {
                Pairing::Game { white, black } => berger.push((id_of(white), id_of(black))),
                Pairing::Bye(rest) => bye = Some(id_of(rest)),
            }
        }
        assert_eq!(boards(r), berger, "round {round}");
        assert_eq!(r["bye"].as_u64(), bye, "round {round}");
        if let Some(p) = bye {
            *rested.entry(p).or_default() += 1;
        }
        let (status, published) = post(&s, &path("/publish"), &arbiter, json!(null)).await;
        assert_eq!(status, 200, "{published}");
        let games = published["games"].as_array().unwrap();
        assert_eq!(games.len(), berger.len());
        for (i, (game, &(white, black))) in games.iter().zip(&berger).enumerate() {
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

/// The players' pairing numbers by player: `start_no` of each.
fn pairing_numbers(st: &Value) -> BTreeMap<u64, u64> {
    st["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_u64().unwrap(), p["start_no"].as_u64().unwrap()))
        .collect()
}

#[test]
fn a_round_robin_by_lot_pairs_by_the_numbers_drawn_and_keeps_them_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (id, arbiter, drawn, round_one) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let arbiter = account(&s, "Director").await;
        let settings = json!({
            "name": "Lots", "system": {"kind": "round_robin", "cycles": 1}, "rounds": 5,
            "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
            "tiebreaks": ["PTS", "SB"], "pairing_numbers": "by_lot",
        });
        let (status, created) = post(&s, "/api/tournament", &arbiter, settings).await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let path = |p: &str| format!("/api/tournament/{id}{p}");
        for (i, name) in ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
            .iter()
            .enumerate()
        {
            let player = json!({"name": name, "rating": 2000 - 10 * i});
            assert_eq!(post(&s, &path("/players"), &arbiter, player).await.0, 200);
        }
        let st = s.get_json(&path("")).await;
        assert_eq!(st["lots_drawn"], false);
        // Only the arbiter draws.
        let (status, _) = post(&s, &path("/lots"), "nobody", json!(null)).await;
        assert_eq!(status, 401);
        // The arbiter draws, and draws again (the last draw stands).
        let (status, lots) = post(&s, &path("/lots"), &arbiter, json!(null)).await;
        assert_eq!(status, 200, "{lots}");
        let (status, lots) = post(&s, &path("/lots"), &arbiter, json!(null)).await;
        assert_eq!(status, 200, "{lots}");
        let drawn: Vec<u64> = lots["lots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        let mut sorted = drawn.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4, 5, 6]);
        let st = s.get_json(&path("")).await;
        assert_eq!(st["lots_drawn"], true);
        let numbers = pairing_numbers(&st);
        for (i, player) in drawn.iter().enumerate() {
            assert_eq!(numbers[player], i as u64 + 1, "{st}");
        }
        // Round 1 is the Berger table's by the numbers drawn.
        let (status, _) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
        assert_eq!(status, 200);
        let st = s.get_json(&path("")).await;
        let boards = boards(&st["rounds"][0]);
        let expected: Vec<(u64, u64)> = round_pairing(6, 1, 1)
            .unwrap()
            .into_iter()
            .map(|p| match p {
                Pairing::Game { white, black } => {
                    (drawn[white as usize - 1], drawn[black as usize - 1])
                }
                Pairing::Bye(_) => unreachable!("six players: nobody rests"),
            })
            .collect();
        assert_eq!(boards, expected);
        // Once round 1 is paired, the numbers are fixed.
        let (status, refused) = post(&s, &path("/lots"), &arbiter, json!(null)).await;
        assert_eq!(status, 400);
        assert_eq!(
            refused["error"],
            "the lots cannot be drawn once round 1 is paired"
        );
        // The TRF's start numbers are the numbers drawn.
        let text = s.get_text(&path("/trf")).await;
        let t = trf::read(&text).unwrap();
        let names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
        for (i, player) in drawn.iter().enumerate() {
            let entrant = t
                .entrants
                .iter()
                .find(|e| e.player.start_no == i as u32 + 1)
                .unwrap();
            assert_eq!(entrant.player.name, names[*player as usize - 1], "{text}");
        }
        (id, arbiter, drawn, boards)
    });
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let st = s.get_json(&format!("/api/tournament/{id}")).await;
        // The draw came back with the log, exactly.
        assert_eq!(st["lots_drawn"], true);
        let boards = boards(&st["rounds"][0]);
        assert_eq!(boards, round_one);
        let numbers = pairing_numbers(&st);
        for (i, player) in drawn.iter().enumerate() {
            assert_eq!(numbers[player], i as u64 + 1);
        }
        // The round paired before the stop is published on start, as any
        // round is; the arbiter goes on with round 2 once it is played.
        assert_eq!(st["rounds"][0]["published"], true);
        let (status, refused) = post(
            &s,
            &format!("/api/tournament/{id}/lots"),
            &arbiter,
            json!(null),
        )
        .await;
        assert_eq!(status, 400, "{refused}");
        let store = common::open_store(&path).await;
        let report = arbiter_server::verify(&store).await.unwrap();
        assert!(report.is_clean(), "{report:?}");
        store.close().await;
    });
}

#[tokio::test]
async fn a_round_robin_by_lot_whose_lots_nobody_drew_draws_them_as_round_one_is_paired() {
    let s = Server::start().await;
    let arbiter = account(&s, "Director").await;
    let settings = json!({
        "name": "Lots", "system": {"kind": "round_robin", "cycles": 1}, "rounds": 3,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
        "tiebreaks": ["PTS"], "pairing_numbers": "by_lot",
    });
    let (_, created) = post(&s, "/api/tournament", &arbiter, settings).await;
    let id = created["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    for name in ["Ann", "Bob", "Cat"] {
        assert_eq!(
            post(&s, &path("/players"), &arbiter, json!({"name": name}))
                .await
                .0,
            200
        );
    }
    let (status, paired) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
    assert_eq!(status, 200, "{paired}");
    let st = s.get_json(&path("")).await;
    assert_eq!(st["lots_drawn"], true);
    assert_eq!(st["rounds"][0]["boards"].as_array().unwrap().len(), 1);
    // A Swiss by lot is refused: lots are a round robin's.
    let (status, refused) = post(
        &s,
        "/api/tournament",
        &arbiter,
        json!({"name": "Swiss", "system": {"kind": "dutch"}, "rounds": 3,
               "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
               "tiebreaks": ["PTS"], "pairing_numbers": "by_lot"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(refused["message"]["zh"], "只有编排号抽签决定的循环赛才抽签");
}
