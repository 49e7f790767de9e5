//! A client nobody here wrote: berserk (lichess's Python client) plays a
//! whole game against `arbiter serve` through the Board API, with a draw
//! offer declined and a mate. berserk is installed by
//! scripts/install-test-deps.

mod serve;

use serde_json::Value;
use serve::{Client, Process, add_account, arbiter, python};

/// The moves of a game as the server shows them: `field` is `san` or `uci`.
fn moves<'a>(view: &'a Value, field: &str) -> Vec<&'a str> {
    view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m[field].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn berserk_plays_a_whole_game_through_the_board_api() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let alice = add_account(&db, "Alice", false);
    assert_eq!(alice.len(), 64);
    assert!(alice.chars().all(|c| c.is_ascii_hexdigit()));
    let bob = add_account(&db, "Bob", false);
    // The same name twice is refused.
    let (ok, _) = arbiter(&["account", "add", "alice", "--db", db.to_str().unwrap()]);
    assert!(!ok);

    let server = Process::start(&db, &[]);
    let stdout = python("berserk_game.py", [&server.base, &alice, &bob]);
    let game_id = stdout.split_whitespace().nth(3).unwrap().to_string();
    let view: Value = Client::new(&server.base).view(&game_id).await;
    assert_eq!(view["result"], "1-0");
    assert_eq!(view["outcome"]["termination"], "checkmate");
    assert_eq!(
        moves(&view, "san"),
        ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    );
}

#[tokio::test]
async fn berserk_moves_at_once_in_the_game_named_by_the_challenge() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let alice = add_account(&db, "Alice", false);
    let bob = add_account(&db, "Bob", false);
    let server = Process::start(&db, &[]);
    let stdout = python("berserk_no_stream.py", [&server.base, &alice, &bob]);
    let game_id = stdout.split_whitespace().nth(1).unwrap().to_string();
    let view: Value = Client::new(&server.base).view(&game_id).await;
    assert_eq!(view["result"], "0-1");
    assert_eq!(view["outcome"]["termination"], "resignation");
    assert_eq!(moves(&view, "uci"), ["b2b3", "e7e5", "b1c3", "d7d5"]);
}
