//! FEN: any text either fails with an error or reads as a position whose
//! FEN reads back the same, and whose every legal move writes as SAN that
//! reads back as the same move.
#![no_main]

use arbiter_rules::{Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = Setup::from_fen(&text);
    let Ok(pos) = Position::from_fen(&text) else {
        return;
    };
    let fen = pos.fen();
    let again = Position::from_fen(&fen).expect("a written FEN reads");
    assert_eq!(again.fen(), fen);
    for m in pos.legal_moves() {
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "{san} in {fen}");
    }
    let _ = pos.outcome();
});
