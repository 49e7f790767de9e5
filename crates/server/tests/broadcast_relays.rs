//! A round's broadcast as the relays read it: the PGN file by lichess's
//! relay rules (read in lila's relay module, and kept by
//! `arbiter_server::same_game`: a game is the same across polls by its
//! `GameId`, else by its event, its round `N.B` and its players' FIDE
//! ids, or names without them; `WhiteClock`/`BlackClock` while a game
//! runs), and LiveChessCloud's layout (`round-N/index.json`,
//! `round-N/game-M.json`), both telling the same round.

mod common;

use arbiter_pgn::{ClockTime, Game, GameResult};
use arbiter_server::same_game;
use common::pgn::{clocked_moves, games};
use common::tournament::{boards, post};
use common::{Server, accounts};
use serde_json::{Value, json};

/// The players: account, name (FIDE's way), title (TRF's), federation,
/// FIDE id.
const PLAYERS: [(&str, &str, &str, &str, u64); 4] = [
    ("ann", "Carlsen, Magnus", "g", "NOR", 1_503_014),
    ("bob", "Nepomniachtchi, Ian A.", "g", "FID", 4_168_119),
    ("cat", "Hou, Yifan", "g", "CHN", 8_602_980),
    ("dan", "Ju, Wenjun", "wg", "CHN", 8_603_006),
];

async fn feed(s: &Server, path: &str) -> Vec<Game> {
    games(&s.get_text(path).await)
}

fn without_game_id(g: &Game) -> Game {
    let mut g = g.clone();
    g.tags.remove("GameId");
    g
}

/// Each move's clock in the PGN, ms.
fn clocks(g: &Game) -> Vec<u64> {
    clocked_moves(g)
        .into_iter()
        .map(|(san, clock)| clock.unwrap_or_else(|| panic!("{san} has no [%clk]")))
        .collect()
}

fn tag_clock(g: &Game, tag: &str) -> Option<u64> {
    g.tags.get(tag).map(|v| {
        assert!(
            v.split(':').count() == 3 && !v.contains('.'),
            "{tag} {v}: H:MM:SS"
        );
        v.parse::<ClockTime>().unwrap().as_millis()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_round_reads_as_lichess_and_livechesscloud_read_a_broadcast() {
    let s = Server::start().await;
    let mut names = vec!["director"];
    names.extend(PLAYERS.iter().map(|p| p.0));
    let tokens = accounts(&s, &names).await;
    let director = &tokens[0];
    let settings = json!({
        "name": "Relay Open", "place": "Stavanger", "start_date": "2026-12-05",
        "chief_arbiter": "Ana Arbiter", "system": {"kind": "dutch"}, "rounds": 2,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
        "tiebreaks": ["PTS", "BH", "SB"],
    });
    let (status, created) = post(&s, "/api/tournament", director, settings).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    for (account, name, title, federation, fide_id) in PLAYERS {
        let player = json!({"name": name, "rating": 2700, "title": title,
                            "federation": federation, "fide_id": fide_id, "account": account});
        let (status, body) = post(&s, &path("/players"), director, player).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = post(&s, &path("/pair"), director, json!(null)).await;
    assert_eq!(status, 200);
    let (status, _) = post(&s, &path("/publish"), director, json!(null)).await;
    assert_eq!(status, 200);
    let state = s.get_json(&path("")).await;
    let round = &state["rounds"][0];
    let seats = boards(round);
    let games: Vec<String> = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["game"].as_str().unwrap().to_string())
        .collect();
    let token_of = |player: u64| tokens[player as usize].clone();
    let player = |n: u64| PLAYERS[n as usize - 1];

    let pgn_path = format!("/api/broadcast/{id}/round/1.pgn");
    let before = feed(&s, &pgn_path).await;
    // Board 1 plays three moves; board 2 has not begun.
    let (w1, b1) = seats[0];
    for (mover, mv) in [(w1, "e2e4"), (b1, "e7e5"), (w1, "g1f3")] {
        let (status, body) = s
            .post_as(
                &format!("/api/board/game/{}/move/{mv}", games[0]),
                &token_of(mover),
            )
            .await;
        assert_eq!(status, 200, "{mv}: {body}");
    }
    let during = feed(&s, &pgn_path).await;
    assert_eq!(during.len(), 2);
    for (n, g) in during.iter().enumerate() {
        let (white, black) = seats[n];
        assert_eq!(g.tags.get("GameId"), Some(games[n].as_str()));
        assert_eq!(g.tags.get("Round"), Some(format!("1.{}", n + 1).as_str()));
        assert_eq!(g.tags.get("Board"), Some((n + 1).to_string().as_str()));
        assert_eq!(g.tags.get("White"), Some(player(white).1));
        assert_eq!(
            g.tags.get("WhiteFideId"),
            Some(player(white).4.to_string().as_str())
        );
        assert_eq!(
            g.tags.get("BlackFideId"),
            Some(player(black).4.to_string().as_str())
        );
        // lichess finds each game of this poll as exactly one game of the
        // earlier poll, itself: by GameId, and without it by the round,
        // the board and the FIDE ids.
        for earlier in [before.clone(), before.iter().map(without_game_id).collect()] {
            let g = if earlier[0].tags.get("GameId").is_some() {
                g.clone()
            } else {
                without_game_id(g)
            };
            let found: Vec<usize> = earlier
                .iter()
                .enumerate()
                .filter(|(_, e)| same_game(&e.tags, &g.tags))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(found, [n], "board {}", n + 1);
        }
    }
    // Board 1: each move has its clock, and the clocks now are tags:
    // White's as after his move, Black's running down from his.
    let b1_game = &during[0];
    let sans: Vec<&str> = b1_game.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    let clk = clocks(b1_game);
    assert_eq!(b1_game.recorded_result(), GameResult::Unknown);
    let white_now = tag_clock(b1_game, "WhiteClock").expect("WhiteClock while the game runs");
    let black_now = tag_clock(b1_game, "BlackClock").expect("BlackClock while the game runs");
    assert_eq!(white_now, clk[2] / 1000 * 1000);
    assert!(black_now <= clk[1], "{black_now} {}", clk[1]);

    // LiveChessCloud's index: the pairings, the players by their names'
    // parts, the results.
    let lcc = |f: &str| format!("/broadcast/{id}/round-1/{f}");
    let index = s.get_json(&lcc("index.json")).await;
    let pairings = index["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 2);
    assert_eq!(index["date"].as_str().map(str::len), Some(10));
    let (white, black) = seats[0];
    let named = |n: u64| {
        let (_, name, _, federation, fide_id) = player(n);
        let (lname, given) = name.split_once(", ").unwrap();
        let mut given = given.splitn(2, ' ');
        let mut p = json!({"fname": given.next().unwrap(), "lname": lname,
                           "federation": federation, "fideid": fide_id,
                           "title": if player(n).2 == "g" { "GM" } else { "WGM" }});
        if let Some(m) = given.next() {
            p["mname"] = json!(m);
        }
        p
    };
    assert_eq!(pairings[0]["white"], named(white));
    assert_eq!(pairings[0]["black"], named(black));
    assert_eq!(pairings[0]["result"], "*");
    // Board 1's game: each move as "SAN clock+time", seconds, the clock as
    // in the PGN; the clocks now.
    let game1 = s.get_json(&lcc("game-1.json")).await;
    assert_eq!(game1["live"], true);
    assert_eq!(game1["result"], "*");
    let moves: Vec<String> = game1["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(moves.len(), 3);
    for (m, (san, ms)) in moves.iter().zip(sans.iter().zip(&clk)) {
        let (move_san, times) = m.split_once(' ').unwrap();
        assert_eq!(move_san, *san);
        let (left, spent) = times.split_once('+').unwrap();
        assert_eq!(left.parse::<u64>().unwrap(), ms / 1000, "{m}");
        assert!(spent.parse::<u64>().unwrap() <= 300, "{m}");
    }
    assert!(game1["clock"]["white"].is_i64() && game1["clock"]["time"].is_i64());
    // Black's clock runs: no more than after his move.
    assert!(game1["clock"]["black"].as_u64().unwrap() <= clk[1] / 1000);
    assert_eq!(game1["clock"]["white"].as_u64().unwrap(), clk[2] / 1000);
    let game2 = s.get_json(&lcc("game-2.json")).await;
    assert_eq!(game2["moves"], json!([]));

    // Black resigns on board 1: the result, and no running clocks.
    let (status, _) = s
        .post_as(
            &format!("/api/board/game/{}/resign", games[0]),
            &token_of(b1),
        )
        .await;
    assert_eq!(status, 200);
    let after = feed(&s, &pgn_path).await;
    assert_eq!(after[0].recorded_result(), GameResult::WhiteWins);
    assert_eq!(after[0].tags.get("WhiteClock"), None);
    assert_eq!(after[0].tags.get("BlackClock"), None);
    assert_eq!(clocks(&after[0]), clk);
    assert_eq!(
        s.get_json(&lcc("index.json")).await["pairings"][0]["result"],
        "1-0"
    );
    let game1 = s.get_json(&lcc("game-1.json")).await;
    assert_eq!(
        (game1["live"].clone(), game1["result"].clone()),
        (json!(false), json!("1-0"))
    );
    assert!(game1.get("clock").is_none(), "{game1}");

    // What is not there.
    for missing in [
        lcc("game-3.json"),
        lcc("board.json"),
        format!("/broadcast/{id}/round-2/index.json"),
        format!("/broadcast/{id}/2/index.json"),
        "/broadcast/nosuch/round-1/index.json".into(),
    ] {
        let r = s.get(&missing).await;
        assert_eq!(r.status(), 404, "{missing}");
        let body: Value = r.json().await.unwrap();
        assert!(body["error"].is_string(), "{missing}: {body}");
    }
}
