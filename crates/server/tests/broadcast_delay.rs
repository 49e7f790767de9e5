//! The broadcast delay (issue 35): in an event with a delay of 15
//! minutes, the public sees each game in progress 15 minutes behind the
//! board (its view, its PGN, its lichess stream and export, the round's
//! broadcast), while its players see every move live; the clock moved 16
//! minutes on (the server's test clock), the public sees the moves older
//! than 15 minutes and not the newer; once the game ends, every move at
//! once.

mod common;

use std::time::Duration;

use common::pgn::games;
use common::ws::{self, Ws};
use common::{Lines, Server, account};
use serde_json::{Value, json};

const MINUTE_MS: u64 = 60_000;

/// The SAN of the moves a view shows.
fn sans(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap().to_string())
        .collect()
}

/// The moves of the round's broadcast PGN.
async fn broadcast_moves(s: &Server, id: &str) -> usize {
    let text = s
        .get_text(&format!("/api/broadcast/{id}/round/1.pgn"))
        .await;
    let feed = games(&text);
    assert_eq!(feed.len(), 1, "{text}");
    feed[0].moves.len()
}

/// The moves of the event's games as lichess's Swiss export gives them to
/// the public.
async fn swiss_moves(s: &Server, id: &str) -> usize {
    let text = s.get_text(&format!("/api/swiss/{id}/games")).await;
    games(&text).iter().map(|g| g.moves.len()).sum()
}

/// The moves of a game's lichess export (PGN), as the public reads it.
async fn exported_moves(s: &Server, game: &str) -> usize {
    let text = s.get_text(&format!("/game/export/{game}")).await;
    games(&text)[0].moves.len()
}

/// The moves of a game's own PGN, as the public reads it. (Its headers
/// hold random identifiers, which may spell a move: only the movetext
/// counts.)
async fn pgn_moves(s: &Server, game: &str) -> usize {
    let text = s.get_text(&format!("/api/games/{game}/pgn")).await;
    games(&text)[0].moves.len()
}

/// The next line of a stream, or `None` when none comes within `wait`.
async fn line_within(lines: &mut Lines, wait: Duration) -> Option<Value> {
    tokio::time::timeout(wait, lines.next()).await.ok()
}

/// A server with the test clock on. The server reads the variable once
/// per process, at its first look at the clock: every test of this binary
/// starts its server through here, so that none looks before it is set.
async fn server_with_test_clock() -> Server {
    // SAFETY: every test sets the same value before its server starts;
    // nothing else in this binary reads or writes the environment.
    unsafe { std::env::set_var("ARBITER_TEST_CLOCK", "1") };
    Server::start().await
}

/// The most moves a game page's socket shows in the views it is sent
/// within `wait` (`None`: it is sent none).
async fn moves_shown_within(socket: &mut Ws, wait: Duration) -> Option<usize> {
    let mut most = None;
    let _ = tokio::time::timeout(wait, async {
        loop {
            let m = ws::next_json(socket).await;
            if let Some(view) = m.get("view").filter(|v| v["moves"].is_array()) {
                let shown = view["moves_from"].as_u64().unwrap_or(0) as usize
                    + view["moves"].as_array().unwrap().len();
                most = most.max(Some(shown));
            }
        }
    })
    .await;
    most
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_sees_a_game_fifteen_minutes_behind_and_a_finished_game_whole() {
    let s = server_with_test_clock().await;
    let creator = account(&s, "Director").await;
    let ann = account(&s, "Ann").await;
    let bob = account(&s, "Bob").await;
    let spy = account(&s, "Spy").await;
    // 90 minutes each: moving the clock 16 minutes on flags nobody.
    let settings = json!({"clock.limit": 5400, "clock.increment": 30, "nbRounds": 1,
                          "name": "Protected Swiss", "roundInterval": 99999999,
                          "broadcastDelay": 15});
    let id = s.created_swiss(&creator, &settings).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let state = s.get_json(&format!("/api/tournament/{id}")).await;
    assert_eq!(state["broadcast_delay"]["minutes"], 15);
    for t in [&ann, &bob] {
        assert_eq!(s.post_as(&format!("/api/swiss/{id}/join"), t).await.0, 200);
    }
    let (status, _) = s
        .post_as(&format!("/api/swiss/{id}/schedule-next-round"), &creator)
        .await;
    assert_eq!(status, 200);
    let mut playing = Value::Null;
    for _ in 0..100 {
        playing = s.get_json_as("/api/account/playing", &ann).await;
        if playing["nowPlaying"][0]["gameId"].is_string() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let game = playing["nowPlaying"][0]["gameId"]
        .as_str()
        .unwrap()
        .to_string();
    let (white, black) = if playing["nowPlaying"][0]["color"] == "white" {
        (ann.clone(), bob.clone())
    } else {
        (bob.clone(), ann.clone())
    };
    let mv = |token: &str, uci: &str| {
        let path = format!("/api/board/game/{game}/move/{uci}");
        let token = token.to_string();
        let s = &s;
        async move {
            let (status, body) = s.post_as(&path, &token).await;
            assert_eq!(status, 200, "{path}: {body}");
        }
    };
    let mut stream = Lines::open(&s, &format!("/api/stream/game/{game}"), &spy).await;
    assert_eq!(
        stream.next().await["turns"],
        0,
        "the stream opens on the start"
    );
    let mut page = ws::connect(&s, &game).await;
    assert_eq!(
        moves_shown_within(&mut page, Duration::from_millis(300)).await,
        Some(0)
    );

    // The players move: they see it all, the public nothing.
    mv(&white, "e2e4").await;
    mv(&black, "e7e5").await;
    let view_path = format!("/api/games/{game}");
    assert_eq!(sans(&s.get_json_as(&view_path, &white).await), ["e4", "e5"]);
    assert_eq!(sans(&s.get_json_as(&view_path, &black).await), ["e4", "e5"]);
    assert_eq!(
        sans(&s.get_json_as(&view_path, &creator).await),
        ["e4", "e5"]
    );
    assert!(sans(&s.get_json(&view_path).await).is_empty());
    assert!(sans(&s.get_json_as(&view_path, &spy).await).is_empty());
    assert_eq!(broadcast_moves(&s, &id).await, 0);
    assert_eq!(exported_moves(&s, &game).await, 0);
    assert_eq!(swiss_moves(&s, &id).await, 0);
    assert_eq!(pgn_moves(&s, &game).await, 0);
    let proof = s.get(&format!("/api/games/{game}/proof")).await;
    assert_eq!(proof.status(), 403, "the proof holds every move");
    assert!(
        line_within(&mut stream, Duration::from_millis(1500))
            .await
            .is_none(),
        "the public stream shows no move younger than the delay"
    );
    assert_eq!(
        moves_shown_within(&mut page, Duration::from_millis(1500)).await,
        None,
        "the public page is sent nothing newer"
    );
    // A player's page, once it authenticates, is live.
    let mut players_page = ws::connect(&s, &game).await;
    ws::send(&mut players_page, &ws::auth(&white)).await;
    assert_eq!(
        moves_shown_within(&mut players_page, Duration::from_millis(1500)).await,
        Some(2)
    );

    // Sixteen minutes on: the two moves are public, a new one is not.
    let moved = s
        .post_json("/api/test/clock", &json!({"forward_ms": 16 * MINUTE_MS}))
        .await;
    assert_eq!(moved.status(), 200);
    mv(&white, "g1f3").await;
    assert_eq!(
        sans(&s.get_json_as(&view_path, &white).await),
        ["e4", "e5", "Nf3"]
    );
    let public = s.get_json(&view_path).await;
    assert_eq!(sans(&public), ["e4", "e5"]);
    // The clocks as they were at the last public move, not live.
    let moves = public["moves"].as_array().unwrap();
    assert_eq!(public["clock"]["white_ms"], moves[0]["clock_ms"]);
    assert_eq!(public["clock"]["black_ms"], moves[1]["clock_ms"]);
    assert_eq!(broadcast_moves(&s, &id).await, 2);
    assert_eq!(exported_moves(&s, &game).await, 2);
    assert_eq!(swiss_moves(&s, &id).await, 2);
    assert_eq!(pgn_moves(&s, &game).await, 2);
    let line = stream.next().await;
    assert_eq!(line["lm"], "e7e5", "{line}");
    assert!(
        line_within(&mut stream, Duration::from_millis(1500))
            .await
            .is_none(),
        "Nf3 is younger than the delay"
    );
    assert_eq!(
        moves_shown_within(&mut page, Duration::from_millis(1500)).await,
        Some(2)
    );

    // The game ends: every move is public at once.
    let (status, body) = s
        .post_as(&format!("/api/board/game/{game}/resign"), &black)
        .await;
    assert_eq!(status, 200, "{body}");
    let end = stream.next().await;
    assert_eq!(end["turns"], 3, "{end}");
    assert_eq!(end["lastMove"], "g1f3", "{end}");
    assert_eq!(sans(&s.get_json(&view_path).await), ["e4", "e5", "Nf3"]);
    assert_eq!(
        moves_shown_within(&mut page, Duration::from_millis(1500)).await,
        Some(3)
    );
    assert_eq!(exported_moves(&s, &game).await, 3);
    assert_eq!(swiss_moves(&s, &id).await, 3);
    assert_eq!(pgn_moves(&s, &game).await, 3);
    assert_eq!(broadcast_moves(&s, &id).await, 3);
    let proof = s.get(&format!("/api/games/{game}/proof")).await;
    assert_ne!(proof.status(), 403);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_arbiter_sets_the_delay_and_the_state_shows_it() {
    let s = server_with_test_clock().await;
    let creator = account(&s, "Director").await;
    let ann = account(&s, "Ann").await;
    let settings = json!({"clock.limit": 5400, "clock.increment": 30, "nbRounds": 3,
                          "name": "Club Swiss", "roundInterval": 99999999});
    let id = s.created_swiss(&creator, &settings).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/tournament/{id}/broadcast-delay");
    let state_path = format!("/api/tournament/{id}");
    assert_eq!(
        s.get_json(&state_path).await["broadcast_delay"]["minutes"],
        0
    );
    let (status, _) = common::tournament::post(&s, &path, &ann, json!({"minutes": 15})).await;
    assert_eq!(status, 403);
    let (status, body) =
        common::tournament::post(&s, &path, &creator, json!({"minutes": 15})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        s.get_json(&state_path).await["broadcast_delay"]["minutes"],
        15
    );
    let (status, body) =
        common::tournament::post(&s, &path, &creator, json!({"minutes": 100000})).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("1440"), "{body}");
}
