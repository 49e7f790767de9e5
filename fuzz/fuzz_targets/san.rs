//! SAN: any bytes, through the fast and the lenient reader, resolved in a
//! few positions; errors must explain themselves, the fast reader's
//! answers must agree with the lenient one's, and the quick path's
//! (`San::resolve_ascii`, `San::play_ascii`) with the full reader's.
#![no_main]

use std::sync::OnceLock;

use arbiter_rules::Position;
use arbiter_rules::san::{San, SanPlus};
use libfuzzer_sys::fuzz_target;

const FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Kkq - 0 1",
];

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| FENS.iter().map(|f| Position::from_fen(f).expect("valid")).collect())
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let fast = San::from_ascii(data);
    let lenient = SanPlus::parse(&text);
    if let (Ok(fast), Ok(lenient)) = (&fast, &lenient) {
        if !text.starts_with('b') {
            assert_eq!(*fast, lenient.san, "{text:?}");
        }
    }
    for pos in positions() {
        let full = fast.as_ref().ok().and_then(|san| san.to_move(pos).ok());
        if let Some(m) = full {
            assert_eq!(pos.parse_san(&pos.san(m)), Ok(m));
        }
        // The quick path finds nothing the full reader would not, and
        // playing from the token leaves what playing the move leaves.
        let quick = San::resolve_ascii(data, pos);
        assert!(quick.is_none() || quick == full, "{text:?}");
        let mut played = pos.clone();
        assert_eq!(San::play_ascii(data, &mut played), quick, "{text:?}");
        let want = quick.map_or_else(|| pos.clone(), |m| pos.after(m));
        assert_eq!(played, want, "{text:?}");
        match pos.parse_san(&text) {
            Ok(m) => assert!(pos.is_legal(m)),
            Err(e) => {
                // Every catalogue renders it (English and Chinese).
                let _ = (e.to_string(), arbiter_messages::Message::of(&e), e.rule());
            }
        }
    }
});
