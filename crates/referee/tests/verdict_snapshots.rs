//! Snapshots of the verdicts as serialized: the server stores them and the
//! API returns them, so their JSON must not change by accident. Every log
//! of the corpus in `tests/logs` (see its README) is folded through the
//! referee, and the verdicts and the outcome, as serde JSON, are compared
//! with the snapshot under `tests/snapshots/`.
//!
//! A changed snapshot is a changed format: review it with `cargo insta
//! review` and give the reason in the commit (CONTRIBUTING.md, "Snapshot
//! tests").

use std::path::{Path, PathBuf};

use arbiter_referee::{Event, Game, GameSetup};
use serde::Deserialize;

/// The optional first line of a log.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupLine {
    setup: GameSetup,
}

/// The logs of the corpus, sorted by name.
fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/logs");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    logs.sort();
    logs
}

/// Folds a log through the referee: each event's verdict, then the
/// outcome, serialized straight from the referee's types (so in their
/// fields' order, as the server stores them).
fn fold(text: &str, name: &str) -> String {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).peekable();
    let setup = match lines
        .peek()
        .and_then(|l| serde_json::from_str::<SetupLine>(l).ok())
    {
        Some(line) => {
            lines.next();
            line.setup
        }
        None => GameSetup::default(),
    };
    let mut game = Game::new(setup).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = String::new();
    for line in lines {
        let event: Event =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}: {line}: {e}"));
        out.push_str(&format!("--- {line}\n"));
        out.push_str(&serde_json::to_string_pretty(&game.apply(event)).unwrap());
        out.push('\n');
    }
    out.push_str("--- outcome\n");
    out.push_str(&serde_json::to_string_pretty(&game.outcome()).unwrap());
    out.push('\n');
    out
}

#[test]
fn the_verdicts_of_every_log_serialize_as_before() {
    let logs = corpus();
    assert!(logs.len() >= 150, "the corpus shrank: {}", logs.len());
    let mut differ = Vec::new();
    for log in logs {
        let name = log.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&log).unwrap();
        let folded = fold(&text, &name);
        let outcome = std::panic::catch_unwind(|| {
            insta::assert_snapshot!(name.as_str(), folded);
        });
        if outcome.is_err() {
            differ.push(name);
        }
    }
    assert!(
        differ.is_empty(),
        "{} snapshots differ: {differ:#?}",
        differ.len()
    );
}
