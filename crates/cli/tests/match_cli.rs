//! `arbiter match` from the command line.

mod cli;
use assert_cmd::assert::Assert;
use cli::arbiter;
use predicates::prelude::*;

fn engine(stem: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../uci/tests/engines")
        .join(format!("{stem}.py"));
    format!("cmd=python3 arg={} name={stem}", path.display())
}

/// Plays `arbiter match` with these options, its games written to a PGN
/// file: how it ended, and the PGN.
fn play(options: &str) -> (Assert, String) {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("out.pgn");
    let line = format!("match {options} -quiet -pgnout {}", pgn.display());
    let ended = arbiter().args(line.split_whitespace()).assert();
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    (ended, text)
}

#[test]
fn a_short_match_prints_the_summary_and_writes_pgn() {
    let (ended, text) = play(&format!(
        "-engine {} -engine {} -each tc=5+0.05 -maxmoves 3 -games 2 -repeat",
        engine("random_mover"),
        engine("pessimist"),
    ));
    ended
        .success()
        .stdout(predicate::str::contains(
            "Results of random_mover vs pessimist:",
        ))
        .stdout(predicate::str::contains(
            "Games: 2, Wins: 0, Losses: 0, Draws: 2",
        ))
        .stdout(predicate::str::contains("Ptnml(0-2): [0, 0, 1, 0, 0]"))
        .stdout(predicate::str::contains("Time forfeits: 0"));
    assert_eq!(text.matches("[Termination \"adjudication\"]").count(), 2);
}

#[test]
fn bad_options_name_their_place() {
    arbiter()
        .args([
            "match", "-engine", "cmd=a", "tc=1", "-engine", "cmd=b", "tc=1", "-games", "x",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("argument 8 (-games)"));
}

#[test]
fn an_engine_without_the_options_given_plays_its_games_with_a_warning() {
    let (ended, text) = play(&format!(
        "-engine {} -engine {} -each tc=5+0.05 option.Hash=16 option.Threads=1 -maxmoves 3 -games 2",
        engine("no_options"),
        engine("random_mover"),
    ));
    ended
        .success()
        .stderr(predicate::str::contains(
            "warning: engine \"no_options\" has no option \"Hash\"",
        ))
        .stdout(predicate::str::contains(
            "Games: 2, Wins: 0, Losses: 0, Draws: 2",
        ));
    assert_eq!(text.matches("[Termination \"adjudication\"]").count(), 2);
    assert_eq!(
        text.matches("has no option \"Threads\"").count(),
        2,
        "{text}"
    );
}
