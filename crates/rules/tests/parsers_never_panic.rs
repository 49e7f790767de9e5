//! No input may panic the FEN, EPD, SAN or UCI readers: the shakmaty fuzz
//! seeds, and arbitrary strings and bytes from proptest (the same readers
//! the `fuzz/` targets drive, for machines without cargo-fuzz).

mod common;

use std::path::Path;

use arbiter_rules::fen::Epd;
use arbiter_rules::san::{San, SanPlus};
use arbiter_rules::uci::Uci;
use arbiter_rules::{Position, Setup};
use proptest::prelude::*;

/// Positions to resolve parsed moves in: one of each kind of trouble.
fn positions() -> Vec<Position> {
    common::START_FENS
        .iter()
        .map(|fen| Position::from_fen(fen).expect("valid"))
        .chain([Position::from_fen(&common::chess960_fen(0)).expect("valid")])
        .collect()
}

/// Feeds `bytes` to every reader, and resolves whatever reads as a move.
fn read_everything(bytes: &[u8], positions: &[Position]) {
    let text = String::from_utf8_lossy(bytes);
    let _ = Setup::from_fen(&text);
    if let Ok(pos) = Position::from_fen(&text) {
        // A position that reads must write and read back.
        let again = Position::from_fen(&pos.fen()).expect("written FEN reads");
        assert_eq!(again.fen(), pos.fen());
    }
    let _ = Epd::from_line(&text);
    let ascii = San::from_ascii(bytes);
    let plus = SanPlus::parse(&text);
    let uci = Uci::from_ascii(bytes);
    for pos in positions {
        if let Ok(san) = ascii {
            let _ = san.to_move(pos).map(|m| pos.san(m));
        }
        if let Ok(plus) = plus {
            let _ = plus.san.to_move(pos).map(|m| pos.san(m));
        }
        if let Ok(uci) = uci {
            let _ = uci.to_move(pos);
        }
        if let Err(e) = pos.parse_san(&text) {
            let _ = (e.to_string(), arbiter_messages::Message::of(&e), e.rule());
        }
    }
}

#[test]
fn shakmaty_fuzz_seeds() {
    let dir = arbiter_testdata::path("notation/shakmaty-fuzz");
    let positions = positions();
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).expect("seed folder") {
        let path = entry.expect("entry").path();
        read_everything(&std::fs::read(&path).expect("seed"), &positions);
        seeds += 1;
    }
    assert_eq!(seeds, 21, "SOURCES.md lists 21 seeds");

    let seed = |name: &str| {
        let bytes = std::fs::read(Path::new(&dir).join(name)).expect("seed");
        String::from_utf8(bytes)
            .expect("ASCII")
            .trim_end()
            .to_string()
    };
    // What each seed should give, not just "no panic".
    assert!(Position::from_fen(&seed("fen_from_ascii__initial")).is_ok());
    assert!(Position::from_fen(&seed("fen_from_ascii__endgame")).is_ok());
    for bad in [
        "fen_from_ascii__empty",
        "fen_from_ascii__horde",
        "fen_from_ascii__chessops-roundtrip-fail",
        "fen_from_ascii__too-many-empty-ranks",
        "fen_from_ascii__scid-zh",
        "fen_from_ascii__winboard-zh",
        "fen_from_ascii__winboard-3check",
        "fen_from_ascii__scid-3check",
    ] {
        assert!(Position::from_fen(&seed(bad)).is_err(), "{bad}");
    }
    let start = Position::new();
    assert_eq!(
        start
            .parse_san(&seed("san_from_ascii__move"))
            .map(|m| start.san(m)),
        Ok("Nf3".to_string())
    );
    assert!(San::from_ascii(seed("san_from_ascii__capture").as_bytes()).is_ok());
    assert!(San::from_ascii(seed("san_from_ascii__drop").as_bytes()).is_err());
    let longest = San::from_ascii(seed("san_from_ascii__longest").as_bytes()).expect("reads");
    assert!(longest.to_move(&start).is_err(), "Qa1h8=K# is no move");
    assert!(Uci::from_ascii(seed("uci_from_ascii__drop").as_bytes()).is_err());
    assert_eq!(
        Uci::from_ascii(seed("uci_from_ascii__null").as_bytes()),
        Ok(Uci::Null)
    );
}

/// Characters that move texts are made of, so that random strings reach
/// deep into the readers.
const MOVE_ALPHABET: &str =
    "[KQRBNPkqrbnpa-hO0-9x×:=()/+#!?.@ \\-—–马车象后王兵皇♔♕♖♗♘♙♚♛♜♝♞♟ｅ４]{0,14}";
const FEN_ALPHABET: &str = "[KQRBNPkqrbnp1-9/ wb\\-a-h0-9]{0,80}";

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        read_everything(text.as_bytes(), &positions());
    }

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
        read_everything(&bytes, &positions());
    }

    #[test]
    fn move_like_strings(text in MOVE_ALPHABET) {
        read_everything(text.as_bytes(), &positions());
        // The fast reader accepts a subset of what the lenient one does
        // (a leading `b` aside, which the lenient reader may take for a bishop).
        if let Ok(san) = San::from_ascii(text.as_bytes())
            && !text.starts_with('b')
        {
            prop_assert_eq!(San::parse(&text), Ok(san), "{:?}", text);
        }
    }

    #[test]
    fn fen_like_strings(text in FEN_ALPHABET) {
        read_everything(text.as_bytes(), &positions());
    }
}
