//! A client nobody here wrote: berserk (lichess's Python client) plays a
//! whole game against `arbiter serve` through the Board API, with a draw
//! offer declined and a mate. berserk is installed by
//! scripts/install-test-deps.

mod serve;

use std::process::Command;

use serde_json::Value;
use serve::{Client, Process};

fn add_account(db: &std::path::Path, name: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["account", "add", name, "--db"])
        .arg(db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let token = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert_eq!(token.len(), 64);
    assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
    token
}

#[tokio::test]
async fn berserk_plays_a_whole_game_through_the_board_api() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let alice = add_account(&db, "Alice");
    let bob = add_account(&db, "Bob");
    // The same name twice is refused.
    let again = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["account", "add", "alice", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(!again.status.success());

    let server = Process::start(&db, &[]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/berserk_game.py");
    let out = Command::new("python3")
        .args([script, &server.base, &alice, &bob])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "berserk failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let game_id = stdout.split_whitespace().nth(3).unwrap().to_string();
    let view: Value = Client::new(&server.base).view(&game_id).await;
    assert_eq!(view["result"], "1-0");
    assert_eq!(view["outcome"]["termination"], "checkmate");
    let sans: Vec<&str> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
}

#[tokio::test]
async fn berserk_moves_at_once_in_the_game_named_by_the_challenge() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let alice = add_account(&db, "Alice");
    let bob = add_account(&db, "Bob");
    let server = Process::start(&db, &[]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/berserk_no_stream.py");
    let out = Command::new("python3")
        .args([script, &server.base, &alice, &bob])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "berserk failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let game_id = stdout.split_whitespace().nth(1).unwrap().to_string();
    let view: Value = Client::new(&server.base).view(&game_id).await;
    assert_eq!(view["result"], "0-1");
    assert_eq!(view["outcome"]["termination"], "resignation");
    let ucis: Vec<&str> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(ucis, ["b2b3", "e7e5", "b1c3", "d7d5"]);
}
