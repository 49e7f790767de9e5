//! The arbiter's fair-play screen from the server (issue 35): refused
//! without an engine, with the catalogue's words; with one, run in the
//! background over the event's finished games, its report recorded in
//! the event's hash-chained log and shown to the arbiter alone. The screen
//! here stands in for the engine (the binary's real one, Stockfish, is
//! tested in crates/cli/tests/fairplay_serve.rs): it reports the games and
//! players of the PGN it was given, so that the test sees what the server
//! sent it.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_server::{FairPlayScreen, ScreenSetup, Screened};
use arbiter_tournament::director::{FairPlayLine, FairPlayReport};
use common::{Server, account};
use serde_json::{Value, json};

/// A screen that reports the games and players of the PGN it is given,
/// and keeps the PGN.
#[derive(Debug, Default)]
struct TagScreen {
    given: Mutex<Vec<String>>,
}

/// The values of a PGN's tag `name`, in order.
fn tag_values(pgn: &str, name: &str) -> Vec<String> {
    let open = format!("[{name} \"");
    pgn.lines()
        .filter_map(|l| l.strip_prefix(&open)?.strip_suffix("\"]"))
        .map(str::to_string)
        .collect()
}

impl FairPlayScreen for TagScreen {
    fn describe(&self) -> ScreenSetup {
        ScreenSetup {
            command: "tags".into(),
            nodes: 1,
            multipv: 3,
            book_moves: 8,
            book: None,
            decided_cp: 300,
            losing_cp: 200,
            baseline: Some("0f".repeat(32)),
        }
    }

    fn screen(&self, pgn: String) -> Screened {
        self.given.lock().unwrap().push(pgn.clone());
        let mut names = tag_values(&pgn, "White");
        names.extend(tag_values(&pgn, "Black"));
        names.sort();
        names.dedup();
        let players = names
            .into_iter()
            .map(|player| FairPlayLine {
                player,
                rating: None,
                games: 1,
                moves: 0,
                top1_moves: 0,
                top3_moves: 0,
                acpl_tenths: 0,
                accuracy_tenths: 0,
                z_hundredths: None,
                review: false,
            })
            .collect();
        let report = FairPlayReport {
            engine: "Tags".into(),
            nodes: 1,
            multipv: 3,
            book_moves: 8,
            book: None,
            decided_cp: 300,
            losing_cp: 200,
            baseline: None,
            games: tag_values(&pgn, "Event").len() as u32,
            false_positive_ppm: 1000,
            threshold_z_hundredths: 0,
            players,
            bands: Vec::new(),
        };
        Box::pin(async move { Ok(report) })
    }
}

/// A Swiss of one round between Ann and Bob, by `creator`: its id and
/// the round's game.
async fn one_game_swiss(s: &Server, creator: &str, ann: &str, bob: &str) -> (String, String) {
    let settings = json!({"clock.limit": 600, "clock.increment": 0, "nbRounds": 1,
                          "name": "Screened Swiss", "roundInterval": 99999999});
    let id = s.created_swiss(creator, &settings).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    for t in [ann, bob] {
        assert_eq!(s.post_as(&format!("/api/swiss/{id}/join"), t).await.0, 200);
    }
    let (status, _) = s
        .post_as(&format!("/api/swiss/{id}/schedule-next-round"), creator)
        .await;
    assert_eq!(status, 200);
    for _ in 0..100 {
        let playing = s.get_json_as("/api/account/playing", ann).await;
        if let Some(game) = playing["nowPlaying"][0]["gameId"].as_str() {
            return (id, game.to_string());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the round's game never started");
}

async fn fair_play(s: &Server, id: &str, token: &str) -> Value {
    s.get_json_as(&format!("/api/tournament/{id}/fairplay"), token)
        .await
}

#[tokio::test]
async fn without_an_engine_the_screen_is_refused_in_the_catalogues_words() {
    let s = Server::start().await;
    let [creator, ann, bob] = [
        account(&s, "Director").await,
        account(&s, "Ann").await,
        account(&s, "Bob").await,
    ];
    let (id, _) = one_game_swiss(&s, &creator, &ann, &bob).await;
    assert_eq!(fair_play(&s, &id, &creator).await["engine"], Value::Null);
    let (status, body) = s
        .post_as(&format!("/api/tournament/{id}/fairplay"), &creator)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "this server has no fair-play engine: start it with arbiter serve --fairplay-engine CMD"
    );
}

#[tokio::test]
async fn the_arbiter_screens_the_finished_games_and_the_report_lands_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::config(dir.path());
    let screen = Arc::new(TagScreen::default());
    config.fair_play = Some(screen.clone());
    let s = Server::start_with(dir, config).await;
    let [creator, ann, bob] = [
        account(&s, "Director").await,
        account(&s, "Ann").await,
        account(&s, "Bob").await,
    ];
    let (id, game) = one_game_swiss(&s, &creator, &ann, &bob).await;
    let path = format!("/api/tournament/{id}/fairplay");
    assert_eq!(
        fair_play(&s, &id, &creator).await["engine"],
        serde_json::json!({
            "command": "tags", "nodes": 1, "multipv": 3, "book_moves": 8, "book": null,
            "decided_cp": 300, "losing_cp": 200, "baseline": "0f".repeat(32),
        })
    );

    // Only the arbiter; and not before a game has finished.
    assert_eq!(s.post_as(&path, &ann).await.0, 403);
    assert_eq!(s.get_with(&path, &ann).await.status(), 403);
    let (status, body) = s.post_as(&path, &creator).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("the event has no finished game to screen"))
    );

    // The game ends; the arbiter starts the screen, answered at once.
    let (status, _) = s
        .post_as(&format!("/api/board/game/{game}/resign"), &ann)
        .await;
    assert_eq!(status, 200);
    let mut started = (0, Value::Null);
    for _ in 0..100 {
        started = s.post_as(&path, &creator).await;
        if started.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        started.1["job"],
        json!({"state": "running", "games": 1}),
        "{started:?}"
    );

    // The report lands in the log; the arbiter sees it.
    let mut state = Value::Null;
    for _ in 0..100 {
        state = fair_play(&s, &id, &creator).await;
        if state["reports"].as_array().is_some_and(|r| !r.is_empty()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let report = &state["reports"][0];
    assert_eq!(report["games"], 1, "{state}");
    assert_eq!(report["engine"], "Tags");
    let names: Vec<&str> = report["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Bob"]);
    assert_eq!(state["job"], Value::Null);
    let given = screen.given.lock().unwrap().clone();
    assert_eq!(given.len(), 1);
    assert!(
        given[0].contains("[Result \""),
        "the screen is given the game's PGN"
    );

    // It is the log's last event, chained like the others.
    let store = common::open_store(&s.path).await;
    let rows = store.tournament_events(&id).await.unwrap();
    let last: Value = serde_json::from_str(&rows.last().unwrap().event_json).unwrap();
    assert_eq!(last["kind"], "fair_play_reported", "{last}");
    assert_eq!(last["report"]["games"], 1);
    let verified = arbiter_server::verify(&store).await.unwrap();
    assert!(verified.is_clean(), "{:?}", verified.findings);
}
