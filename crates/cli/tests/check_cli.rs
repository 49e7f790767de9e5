//! `arbiter check` end to end: output formats, exit status, inputs.

use std::io::Write;

mod cli;
use cli::{arbiter, json_lines};

fn data(relative: &str) -> String {
    arbiter_testdata::path(relative).display().to_string()
}

#[test]
fn a_clean_file_exits_0_and_counts_its_games() {
    let out = arbiter()
        .args([
            "check",
            "--no-progress",
            &data("corpus/pgn-reader-benches/twic1599_1000k.pgn"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("checked 1 file: 1110 games"), "{text}");
}

#[test]
fn an_illegal_move_exits_1_with_a_json_finding() {
    let file = data("pgn/rust-pgn-reader-examples/illegal.pgn");
    let out = arbiter().args(["check", "--json", &file]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let findings = json_lines(&out.stdout);
    let illegal: Vec<&serde_json::Value> = findings
        .iter()
        .filter(|f| f["kind"] == "illegal_move")
        .collect();
    assert_eq!(illegal.len(), 1);
    let f = illegal[0];
    assert_eq!(f["file"], file.as_str());
    assert_eq!(f["game"], 38, "python-chess flags game 38 too");
    assert_eq!(f["severity"], "error");
    assert_eq!(f["move"], "1... b4");
    assert!(f["line"].as_u64().unwrap() > 1);
    assert!(f["column"].as_u64().unwrap() >= 1);
    assert!(f["message"].as_str().unwrap().contains("b4"));
    assert!(!f["message_zh"].as_str().unwrap().is_empty());
    assert!(f["rule"].as_str().unwrap().starts_with("FIDE 3"));
    assert!(f["legal"].as_array().unwrap().iter().any(|m| m == "b5"));
    // The summary goes to standard error with --json.
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("100 games"), "{stderr}");
}

#[test]
fn the_human_report_shows_the_place() {
    let file = data("pgn/rust-pgn-reader-examples/illegal.pgn");
    let out = arbiter()
        .args(["check", "--color", "never", &file])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("error[illegal_move]"))
        .unwrap();
    assert!(line.contains("illegal.pgn:"), "{line}");
    assert!(line.contains("game 38: 1... b4"), "{line}");
    assert!(
        text.contains("= position: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1")
    );
    assert!(!text.contains('\x1b'));
    let coloured = arbiter()
        .args(["check", "--color", "always", &file])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(coloured.stdout)
            .unwrap()
            .contains("\x1b[1;31merror")
    );
}

#[test]
fn an_unreadable_input_exits_2() {
    let out = arbiter()
        .args(["check", "/nonexistent/games.pgn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("cannot read")
    );
}

#[test]
fn standard_input_and_gzip_are_read() {
    let plain = std::fs::read(data("pgn/rust-pgn-reader-examples/legal.pgn")).unwrap();
    let out = arbiter()
        .args(["check", "-"])
        .write_stdin(plain.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().contains("100 games"));

    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&plain).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("legal.pgn.gz");
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let out = arbiter().args(["check"]).arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().contains("100 games"));
}

#[test]
fn fix_writes_every_game_with_the_proven_results() {
    let dir = tempfile::tempdir().unwrap();
    let fixed = dir.path().join("fixed.pgn");
    let input = data("pgn/pgn-extract-tests/in/test-fixresulttags-in.pgn");
    let out = arbiter()
        .args(["check", "--fix", "--output"])
        .arg(&fixed)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "the input's results are wrong");
    let again = arbiter().args(["check"]).arg(&fixed).output().unwrap();
    let text = String::from_utf8(again.stdout).unwrap();
    assert_eq!(again.status.code(), Some(0), "{text}");
    assert!(text.contains("5 games"), "{text}");
    let written = std::fs::read_to_string(&fixed).unwrap();
    assert_eq!(written.matches("arbiter: result").count(), 5);
    assert!(
        written
            .lines()
            .all(|l| l.chars().count() <= 80 || l.starts_with('['))
    );
}

#[test]
fn text_findings_of_one_kind_are_counted_together_whatever_their_details() {
    // Two unexpected characters, `}` and `]`: one kind in the summary.
    let pgn = "[Result \"*\"]\n\n1. e4 } e5 *\n\n[Result \"*\"]\n\n1. d4 ] d5 *\n";
    let out = arbiter()
        .args(["check", "--no-progress", "--color", "never", "-"])
        .write_stdin(pgn)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let tally: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_end().ends_with(" unexpected_character"))
        .collect();
    assert_eq!(tally.len(), 1, "{text}");
    assert_eq!(
        tally[0].split_whitespace().collect::<Vec<_>>(),
        ["2", "error", "unexpected_character"],
        "{text}"
    );
}

#[test]
fn the_ruleset_decides_which_repetition_ends_the_game() {
    // The start position stands for the third time after 4... Ng8.
    let pgn = "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1/2-1/2\n";
    let check = |ruleset: &str| {
        let out = arbiter()
            .args(["check", "--json", "--ruleset", ruleset, "-"])
            .write_stdin(pgn)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{ruleset}");
        json_lines(&out.stdout)
            .iter()
            .map(|finding| finding["kind"].to_string())
            .collect::<Vec<String>>()
    };
    assert_eq!(
        check("fide-standard"),
        ["\"missing_tag\"", "\"threefold_available\""]
    );
    assert_eq!(
        check("classic"),
        ["\"missing_tag\"", "\"moves_after_draw\""]
    );
    let out = arbiter()
        .args(["check", "--ruleset", "chess-boxing", "-"])
        .write_stdin(pgn)
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("unknown ruleset")
    );
}
