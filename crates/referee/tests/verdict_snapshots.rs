//! Snapshots of the verdicts as serialized: the server stores them and the
//! API returns them, so their JSON must not change by accident. Every log
//! of the corpus in `tests/logs` (see its README) is folded through the
//! referee, and the verdicts and the outcome, as serde JSON, are compared
//! with the snapshot under `tests/snapshots/`.
//!
//! A changed snapshot is a changed format: review it with `cargo insta
//! review` and give the reason in the commit (CONTRIBUTING.md, "Snapshot
//! tests").

use arbiter_referee::{Event, Game, GameSetup};
use serde::Deserialize;

/// The optional first line of a log.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupLine {
    setup: GameSetup,
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
    let logs = arbiter_testdata::referee_logs();
    assert!(logs.len() >= 150, "the corpus shrank: {}", logs.len());
    let cases = logs.into_iter().map(|log| {
        let name = log.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&log).unwrap();
        let folded = fold(&text, &name);
        (name, folded)
    });
    arbiter_testdata::check_every(cases, |name, folded| {
        insta::assert_snapshot!(name, folded);
    });
}
