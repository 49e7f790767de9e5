//! Snapshots of `arbiter replay` and `arbiter check`: their output is a
//! contract (docs/replay.md, docs/check.md), so it must not change by
//! accident. Every log of the corpus (`crates/referee/tests/logs`) and every
//! recorded TCEC game file the tests read is replayed in every output form,
//! and the exact standard output and exit status are compared with the
//! snapshot under `tests/snapshots/`.
//!
//! A changed snapshot is a changed output: review it with `cargo insta
//! review` and give the reason in the commit (CONTRIBUTING.md, "Snapshot
//! tests").

use std::process::Command;

use sha2::{Digest, Sha256};

/// The output forms of `arbiter replay`, by snapshot suffix.
const FORMS: [(&str, &[&str]); 4] = [
    ("verdicts", &[]),
    ("pgn", &["--output", "pgn"]),
    (
        "scoresheet_zh",
        &["--output", "scoresheet", "--language", "zh"],
    ),
    (
        "scoresheet_en",
        &["--output", "scoresheet", "--language", "en"],
    ),
];

/// Recorded games replayed with `--from-pgn` whose outputs are small
/// enough to keep whole; the others are kept as a digest and an excerpt.
const SMALL_PGN: [&str; 3] = ["illegal-move.pgn", "infinite-loop.pgn", "no-result.pgn"];

/// Lines of a large output kept in its snapshot besides the digest.
const EXCERPT_LINES: usize = 80;

/// What one run of the binary printed, with the data folder's path
/// replaced by `$DATA` so that snapshots do not depend on the machine.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let data = arbiter_testdata::data_dir().display().to_string();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout)
            .unwrap()
            .replace(&data, "$DATA"),
        stderr: String::from_utf8(out.stderr)
            .unwrap()
            .replace(&data, "$DATA"),
    }
}

impl Run {
    /// The snapshot text: the exit status and the exact length of standard
    /// output, then standard output itself, whole or as its SHA-256 and
    /// first lines, and standard error when there is any.
    fn snapshot(&self, whole: bool) -> String {
        let mut text = format!(
            "exit: {:?}\nstdout bytes: {}\n",
            self.code,
            self.stdout.len()
        );
        if whole {
            text.push_str("--- stdout\n");
            text.push_str(&self.stdout);
        } else {
            let digest = Sha256::digest(self.stdout.as_bytes());
            let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
            text.push_str(&format!("stdout sha256: {hex}\n"));
            text.push_str(&format!("--- stdout, first {EXCERPT_LINES} lines\n"));
            for line in self.stdout.lines().take(EXCERPT_LINES) {
                text.push_str(line);
                text.push('\n');
            }
        }
        if !self.stderr.is_empty() {
            text.push_str("--- stderr\n");
            text.push_str(&self.stderr);
        }
        text
    }
}

/// Compares every snapshot, then fails once naming all that differ.
fn check_all(cases: Vec<(String, String)>) {
    arbiter_testdata::check_every(cases, |name, text| insta::assert_snapshot!(name, text));
}

#[test]
fn replay_of_every_log_in_every_form() {
    let mut cases = Vec::new();
    for log in arbiter_testdata::referee_logs() {
        let stem = log.file_stem().unwrap().to_str().unwrap().to_string();
        let path = log.display().to_string();
        for (form, options) in FORMS {
            let mut args = vec!["replay", path.as_str()];
            args.extend_from_slice(options);
            cases.push((format!("{stem}__{form}"), run(&args).snapshot(true)));
        }
    }
    assert!(cases.len() >= 4 * 150, "the corpus shrank: {}", cases.len());
    check_all(cases);
}

#[test]
fn replay_from_pgn_of_every_recorded_termination() {
    let dir = arbiter_testdata::path("pgn/tcec-terminations");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".pgn"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 11, "{files:?}");
    let mut cases = Vec::new();
    for file in files {
        let path = dir.join(&file).display().to_string();
        let whole = SMALL_PGN.contains(&file.as_str());
        let stem = file.trim_end_matches(".pgn");
        for (form, options) in FORMS {
            let mut args = vec!["replay", "--from-pgn", path.as_str()];
            args.extend_from_slice(options);
            let run = run(&args);
            let mut text = run.snapshot(whole);
            if !whole && form == "verdicts" {
                // Each game's final state, whatever the excerpt shows.
                text.push_str("--- state lines\n");
                for line in run.stdout.lines() {
                    let value: serde_json::Value = serde_json::from_str(line).unwrap();
                    if value.get("state").is_some() {
                        text.push_str(line);
                        text.push('\n');
                    }
                }
            }
            cases.push((format!("tcec_{stem}__{form}"), text));
        }
    }
    check_all(cases);
}

#[test]
fn check_of_pgn_files_with_findings() {
    let files = [
        "pgn/rust-pgn-reader-examples/illegal.pgn",
        "pgn/chess-library/corrupted.pgn",
        "pgn/chess-library/no_result.pgn",
        "pgn/chessops/pathological-headers.pgn",
        "pgn/pgn-extract-tests/expected/test-fixresulttags-out.pgn",
        "pgn/mliebelt-pgn-parser/sampleGameThrow.pgn",
    ];
    let mut cases = Vec::new();
    for file in files {
        let path = arbiter_testdata::path(file).display().to_string();
        let stem: String = file
            .trim_start_matches("pgn/")
            .trim_end_matches(".pgn")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let text = run(&["check", "--no-progress", "--color", "never", &path]).snapshot(true);
        cases.push((format!("check_{stem}__text"), text));
        let json = run(&["check", "--no-progress", "--json", &path]).snapshot(true);
        cases.push((format!("check_{stem}__json"), json));
    }
    check_all(cases);
}
