//! The live broadcast of a round (`/api/broadcast/{id}/round/{n}`): read
//! while the round's games are played, it shows each move with its
//! `[%clk]` within a second of the move, and each result once the game
//! ends.

mod common;

use std::time::{Duration, Instant};

use arbiter_pgn::{Game, GameResult};
use common::pgn::{clocked_moves, games};
use common::{Server, account};
use serde_json::{Value, json};

/// The feed's games, by their `Round` tag (`round.board`).
async fn feed(s: &Server, path: &str) -> Vec<Game> {
    let r = s.get(path).await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["content-type"],
        "application/x-chess-pgn; charset=utf-8"
    );
    games(&r.text().await.unwrap())
}

fn board<'a>(games: &'a [Game], round_board: &str) -> Option<&'a Game> {
    games
        .iter()
        .find(|g| g.tags.get("Round") == Some(round_board))
}

/// Each move and its clock as the game's own view has them.
fn plies(view: &Value) -> Vec<(String, Option<u64>)> {
    view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["san"].as_str().unwrap().to_string(),
                m["clock_ms"].as_u64(),
            )
        })
        .collect()
}

/// Polls the feed until `seen` holds for the board, for a second at most
/// from `since`.
async fn within_a_second(
    s: &Server,
    path: &str,
    round_board: &str,
    since: Instant,
    seen: impl Fn(&Game) -> bool,
) {
    loop {
        let games = feed(s, path).await;
        if board(&games, round_board).is_some_and(&seen) {
            return;
        }
        assert!(
            since.elapsed() < Duration::from_secs(1),
            "board {round_board} not in the feed as expected a second after: {:?}",
            board(&games, round_board).map(clocked_moves)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_round_feed_shows_each_move_and_clock_within_a_second() {
    let s = Server::start().await;
    let creator = account(&s, "Director").await;
    let mut players = Vec::new();
    for name in ["Ann", "Bob", "Cat", "Dan"] {
        players.push(account(&s, name).await);
    }
    let settings = json!({"clock.limit": 300, "clock.increment": 2, "nbRounds": 2,
                          "name": "Feed Swiss", "roundInterval": 99999999});
    let id = s.created_swiss(&creator, &settings).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    for t in &players {
        assert_eq!(s.post_as(&format!("/api/swiss/{id}/join"), t).await.0, 200);
    }
    let path = format!("/api/broadcast/{id}/round/1.pgn");
    // No round yet: nothing to broadcast.
    let r = s.get(&path).await;
    assert_eq!(r.status(), 404);
    let (status, _) = s
        .post_as(&format!("/api/swiss/{id}/schedule-next-round"), &creator)
        .await;
    assert_eq!(status, 200);

    // Each player's game and colour, once the round is published.
    let mut seats: Vec<(String, String, String)> = Vec::new();
    for t in &players {
        let mut playing = Value::Null;
        for _ in 0..100 {
            playing = s.get_json_as("/api/account/playing", t).await;
            if playing["nowPlaying"][0]["gameId"].is_string() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let game = &playing["nowPlaying"][0];
        seats.push((
            game["gameId"].as_str().unwrap().to_string(),
            game["color"].as_str().unwrap().to_string(),
            t.clone(),
        ));
    }
    let token_of = |game: &str, color: &str| {
        seats
            .iter()
            .find(|(g, c, _)| g == game && c == color)
            .map(|(_, _, t)| t.clone())
            .unwrap()
    };
    let games = feed(&s, &path).await;
    assert_eq!(games.len(), 2, "two boards");
    let mut boards: Vec<(String, String)> = Vec::new();
    for (game, color, _) in &seats {
        if color == "white" {
            let view = s.view(game).await;
            boards.push((
                view["head"]["round"].as_str().unwrap().to_string(),
                game.clone(),
            ));
        }
    }
    boards.sort();
    assert_eq!(
        boards.iter().map(|(b, _)| b.as_str()).collect::<Vec<_>>(),
        ["1.1", "1.2"]
    );
    for (b, _) in &boards {
        let g = board(&games, b).unwrap();
        assert_eq!(g.tags.get("Event"), Some("Feed Swiss"));
        assert!(g.moves.is_empty(), "{b}");
        assert_eq!(g.recorded_result(), GameResult::Unknown);
    }

    // The two games are played move by move, in turn; after each move the
    // feed has it, and its clock, within a second.
    const MOVES: [&str; 6] = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    for (n, mv) in MOVES.iter().enumerate() {
        for (b, game) in &boards {
            let color = if n % 2 == 0 { "white" } else { "black" };
            let (status, _) = s
                .post_as(
                    &format!("/api/board/game/{game}/move/{mv}"),
                    &token_of(game, color),
                )
                .await;
            assert_eq!(status, 200, "{b} {mv}");
            let moved = Instant::now();
            let expected = plies(&s.view(game).await);
            assert_eq!(expected.len(), n + 1);
            assert!(expected[n].1.is_some(), "a timed game's move has its clock");
            within_a_second(&s, &path, b, moved, |g| clocked_moves(g) == expected).await;
        }
    }
    // The results come in as the games end: board 1's White resigns,
    // board 2's players agree a draw.
    let (b1, g1) = &boards[0];
    let (status, _) = s
        .post_as(
            &format!("/api/board/game/{g1}/resign"),
            &token_of(g1, "white"),
        )
        .await;
    assert_eq!(status, 200);
    let ended = Instant::now();
    within_a_second(&s, &path, b1, ended, |g| {
        g.recorded_result() == GameResult::BlackWins && g.tags.get("Result") == Some("0-1")
    })
    .await;
    let (b2, g2) = &boards[1];
    for (color, answer) in [("white", "yes"), ("black", "yes")] {
        let (status, _) = s
            .post_as(
                &format!("/api/board/game/{g2}/draw/{answer}"),
                &token_of(g2, color),
            )
            .await;
        assert_eq!(status, 200);
    }
    let ended = Instant::now();
    within_a_second(&s, &path, b2, ended, |g| {
        g.recorded_result() == GameResult::Draw
    })
    .await;
    // Every move stays, with its clock.
    let games = feed(&s, &path).await;
    for (b, _) in &boards {
        assert_eq!(clocked_moves(board(&games, b).unwrap()).len(), MOVES.len());
    }
    // A round that is not there, and a tournament that is not.
    assert_eq!(
        s.get(&format!("/api/broadcast/{id}/round/3"))
            .await
            .status(),
        404
    );
    let r = s.get("/api/broadcast/nosuch/round/1").await;
    assert_eq!(r.status(), 404);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"], "no round 1 in tournament nosuch");
}
