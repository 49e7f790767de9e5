//! Zobrist keys against shakmaty's table: the low 64 bits of its 128-bit
//! keys for standard chess are Polyglot keys.

use arbiter_rules::Position;
use arbiter_rules::uci::Uci;

#[test]
fn polyglot_keys_match_shakmaty() {
    let text = arbiter_testdata::read_text("positions/shakmaty/zobrist.csv");
    let mut rows = 0;
    for (i, line) in text.lines().enumerate().skip(1) {
        let mut fields = line.split(',');
        let (Some(variant), Some(moves), Some(key)) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("zobrist.csv:{}: expected three fields", i + 1);
        };
        if variant != "chess" {
            continue;
        }
        let mut pos = Position::new();
        for uci in moves.split_whitespace() {
            let m = uci
                .parse::<Uci>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
                .unwrap_or_else(|| panic!("zobrist.csv:{}: {uci} in {pos:?}", i + 1));
            pos.play_unchecked(m);
        }
        let hex = key.trim().trim_start_matches("0x");
        let low = &hex[hex.len().saturating_sub(16)..];
        let expected = u64::from_str_radix(low, 16).expect("hex key");
        assert_eq!(
            pos.zobrist_hash(),
            expected,
            "zobrist.csv:{}: {}",
            i + 1,
            pos.fen()
        );
        rows += 1;
    }
    assert!(rows >= 100, "only {rows} standard-chess rows");
}
