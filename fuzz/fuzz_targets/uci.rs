//! UCI: any bytes either fail to read or read as a move that is legal or
//! refused in each of a few positions.
#![no_main]

use std::sync::OnceLock;

use arbiter_rules::Position;
use arbiter_rules::uci::Uci;
use libfuzzer_sys::fuzz_target;

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Kkq - 0 1",
        ]
        .iter()
        .map(|f| Position::from_fen(f).expect("valid"))
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(uci) = Uci::from_ascii(data) else {
        return;
    };
    assert_eq!(uci.to_string().parse::<Uci>(), Ok(uci));
    for pos in positions() {
        if let Ok(m) = uci.to_move(pos) {
            assert!(pos.is_legal(m));
        }
    }
});
