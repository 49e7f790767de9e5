//! SAN against data written by others: every move and resulting FEN of the
//! chessmovegen suites, and every named opening of lichess-chess-openings.

use std::collections::BTreeSet;

use arbiter_rules::notation::Notation;
use arbiter_rules::san::{San, SanPlus};
use arbiter_rules::{Move, Position};

const CHESSMOVEGEN: [&str; 6] = [
    "castling",
    "famous",
    "pawns",
    "promotions",
    "standard",
    "taxing",
];

/// The FEN as this crate writes it (the en passant square only when a
/// capture is legal), after checking the fields that need no normalising.
fn normalised(fen: &str) -> String {
    Position::from_fen(fen)
        .unwrap_or_else(|e| panic!("expected FEN {fen} is invalid: {e}"))
        .fen()
}

fn fields_but_ep(fen: &str) -> Vec<&str> {
    fen.split_whitespace()
        .enumerate()
        .filter(|&(i, _)| i != 3)
        .map(|(_, f)| f)
        .collect()
}

#[test]
fn chessmovegen_every_san_and_fen() {
    let mut moves_checked = 0;
    for name in CHESSMOVEGEN {
        let file = format!("notation/chessmovegen/{name}.json");
        let json: serde_json::Value =
            serde_json::from_str(&arbiter_testdata::read_text(&file)).expect("valid JSON");
        for case in json["testCases"].as_array().expect("testCases") {
            let start = case["start"]["fen"].as_str().expect("start FEN");
            let pos = Position::from_fen(start).unwrap_or_else(|e| panic!("{file}: {start}: {e}"));
            let expected = case["expected"].as_array().expect("expected");

            let ours: BTreeSet<String> = pos.legal_moves().iter().map(|&m| pos.san(m)).collect();
            let theirs: BTreeSet<String> = expected
                .iter()
                .map(|e| e["move"].as_str().expect("move").to_string())
                .collect();
            assert_eq!(ours, theirs, "{file}: legal moves of {start}");

            for e in expected {
                let text = e["move"].as_str().expect("move");
                let fen = e["fen"].as_str().expect("fen");
                let m = San::from_ascii(text.as_bytes())
                    .unwrap_or_else(|err| panic!("{file}: {err}"))
                    .to_move(&pos)
                    .unwrap_or_else(|err| panic!("{file}: {start}: {err}"));
                assert_eq!(pos.parse_san(text), Ok(m), "{file}: lenient {text}");
                assert_eq!(pos.san(m), text, "{file}: {start}: written SAN");
                let after = pos.after(m);
                assert_eq!(after.fen(), normalised(fen), "{file}: {start} {text}");
                assert_eq!(
                    fields_but_ep(&after.fen()),
                    fields_but_ep(fen),
                    "{file}: {start} {text}"
                );
                moves_checked += 1;
            }
        }
    }
    // SOURCES.md: 587 + 92 + 29 + 147 + 47 + 477 answers.
    assert_eq!(moves_checked, 1379);
}

/// Writes `m` in every notation and reads it back.
fn assert_round_trips(pos: &Position, m: Move, context: &str) {
    for notation in Notation::ALL {
        if notation == Notation::Uci {
            continue;
        }
        let text = notation.write(pos, m);
        assert_eq!(
            pos.parse_san(&text),
            Ok(m),
            "{context}: {notation} {text:?} in {pos:?}"
        );
    }
}

#[test]
fn lichess_openings_play_and_round_trip() {
    let mut lines = 0;
    let mut plies = 0;
    for letter in ["a", "b", "c", "d", "e"] {
        let file = format!("notation/lichess-chess-openings/{letter}.tsv");
        let text = arbiter_testdata::read_text(&file);
        for (i, line) in text.lines().enumerate().skip(1) {
            let context = format!("{file}:{}", i + 1);
            let movetext = line.split('\t').nth(2).expect("three columns");
            let mut pos = Position::new();
            for token in movetext.split_whitespace() {
                if token.ends_with('.') {
                    continue; // a move number
                }
                let plus = SanPlus::from_ascii(token.as_bytes())
                    .unwrap_or_else(|e| panic!("{context}: {e}"));
                let m = plus
                    .san
                    .to_move(&pos)
                    .unwrap_or_else(|e| panic!("{context}: {e}"));
                // The file is canonical: writing gives back its token exactly.
                assert_eq!(SanPlus::from_move(&pos, m), plus, "{context}: {token}");
                assert_eq!(pos.san(m), token, "{context}");
                assert_round_trips(&pos, m, &context);
                pos.play_unchecked(m);
                plies += 1;
            }
            lines += 1;
        }
    }
    // SOURCES.md: 817 + 769 + 1250 + 614 + 357 opening lines.
    assert_eq!(lines, 3807);
    assert!(plies > 30_000, "only {plies} plies");
}
