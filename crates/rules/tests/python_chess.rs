//! Differential test against python-chess (installed by
//! `scripts/install-test-deps`): on thousands of random positions, the same
//! legal moves (UCI), the same SAN, the same check, outcome and material
//! verdicts, the same FEN and the same Polyglot key.
//!
//! The positions come from random playouts (biased towards castling, en
//! passant and promotions) from classic positions and from Chess960 starting
//! positions. The oracle is `python_chess_oracle.py` beside this file.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use arbiter_rules::uci::Uci;
use arbiter_rules::{CastlingMode, Color, Position};
use common::{Rng, chess960_fen, playout};
use serde_json::{Value, json};

/// How many positions to compare: python-chess needs about a millisecond
/// each, so the default run takes a few seconds; `ARBITER_FULL_TESTS=1`
/// compares twenty times as many.
fn how_many() -> usize {
    if arbiter_testdata::full_runs() {
        50_000
    } else {
        2_500
    }
}

fn positions(count: usize) -> Vec<Position> {
    let mut rng = Rng::new(0x00c0_ffee_d00d);
    let mut out = Vec::new();
    // A third of the Chess960 starts as they are, an eighth played out.
    for n in 0..960 {
        let start = Position::from_fen(&chess960_fen(n)).expect("Chess960 start");
        if n % 8 == 0 {
            out.extend(playout(&start, 60, &mut rng).into_iter().step_by(7));
        } else if n % 3 == 0 {
            out.push(start);
        }
    }
    // Games played to their end, for mates, stalemates and dead material.
    let mut endings = 0;
    while endings < count / 20 {
        let fen = common::START_FENS[rng.below(common::START_FENS.len())];
        let start = Position::from_fen(fen).expect("start");
        let last = playout(&start, 400, &mut rng).pop().expect("a position");
        if last.is_game_over() {
            out.push(last);
            endings += 1;
        }
    }
    while out.len() < count {
        let fen = common::START_FENS[rng.below(common::START_FENS.len())];
        let start = Position::from_fen(fen).expect("start");
        out.extend(playout(&start, 150, &mut rng).into_iter().step_by(5));
    }
    out.truncate(count);
    out
}

fn mode(pos: &Position) -> &'static str {
    match pos.castling_mode() {
        CastlingMode::Standard => "std",
        CastlingMode::Chess960 => "960",
    }
}

/// The FEN with the en passant square whenever a pawn attacks it, legal
/// capture or not: Polyglot keys count it, so the oracle must know it (it
/// writes FENs, like ours, with the square only when the capture is legal).
fn fen_for_oracle(pos: &Position) -> String {
    let fen = pos.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let ep = pos.ep_square().map(|sq| sq.to_string());
    if let Some(ep) = &ep {
        fields[3] = ep;
    }
    fields.join(" ")
}

fn ours(pos: &Position) -> Value {
    let mut moves: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (Uci::from_move(pos, m).to_string(), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    json!({
        "fen": pos.fen(),
        "legal": moves.iter().map(|(uci, _)| uci.clone()).collect::<Vec<_>>(),
        "san": moves.iter().map(|&(_, m)| pos.san(m)).collect::<Vec<_>>(),
        "check": pos.is_check(),
        "outcome": pos.outcome().map(|o| o.as_str()),
        "insufficient": [
            pos.has_insufficient_material(Color::White),
            pos.has_insufficient_material(Color::Black),
        ],
        "zobrist": format!("{:016x}", pos.zobrist_hash()),
    })
}

#[test]
fn agrees_with_python_chess() {
    let positions = positions(how_many());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python_chess_oracle.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 must be installed (scripts/install-test-deps)");
    let mut stdin = child.stdin.take().expect("stdin");
    let input: String = positions
        .iter()
        .map(|p| format!("{} {}\n", mode(p), fen_for_oracle(p)))
        .collect();
    // Write from another thread so that neither pipe can fill up and block.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let answers: Vec<Value> = BufReader::new(child.stdout.take().expect("stdout"))
        .lines()
        .map(|line| serde_json::from_str(&line.expect("oracle output")).expect("JSON"))
        .collect();
    writer.join().expect("writer").expect("writing FENs");
    let status = child.wait().expect("python3 runs");
    assert!(
        status.success(),
        "the oracle failed ({status}); is python-chess installed? (scripts/install-test-deps)"
    );
    assert_eq!(answers.len(), positions.len(), "one answer per position");

    let mut special = [0usize; 4]; // castling, en passant, promotion, mate/stalemate
    for (pos, theirs) in positions.iter().zip(&answers) {
        assert!(theirs.get("error").is_none(), "{pos:?}: {theirs}");
        let ours = ours(pos);
        for field in [
            "fen",
            "legal",
            "san",
            "check",
            "outcome",
            "insufficient",
            "zobrist",
        ] {
            assert_eq!(
                ours[field],
                theirs[field],
                "{field} differs for {} ({})",
                pos.fen(),
                mode(pos)
            );
        }
        let moves = pos.legal_moves();
        special[0] += usize::from(moves.iter().any(|m| m.is_castle()));
        special[1] += usize::from(moves.iter().any(|m| m.is_en_passant()));
        special[2] += usize::from(moves.iter().any(|m| m.promotion_role().is_some()));
        special[3] += usize::from(moves.is_empty());
    }
    // The comparison must have covered the rare rules, not just quiet moves.
    assert!(
        special.iter().all(|&n| n >= 20),
        "too few positions with castling / en passant / promotion / no move: {special:?}"
    );
}
