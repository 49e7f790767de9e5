use arbiter_rules::{
    Position,
    perft::{Counting, perft},
};

#[test]
fn standard_suite_shallow() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/perft/standard.epd"
    ))
    .unwrap();
    let mut bad = 0;
    let mut checked = 0;
    for line in text.lines() {
        let epd: arbiter_rules::fen::Epd = line.parse().unwrap();
        let pos =
            match Position::from_setup(&epd.setup, arbiter_rules::CastlingMode::detect(&epd.setup))
            {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{line}: {e}");
                    continue;
                }
            };
        for d in 1..=4 {
            if let Some(n) = epd.operation(&format!("D{d}")) {
                let n: u64 = n.parse().unwrap();
                let got = perft(&pos, d, Counting::Bulk);
                checked += 1;
                if got != n {
                    eprintln!("{line} D{d}: got {got}");
                    bad += 1;
                    break;
                }
            }
        }
    }
    assert_eq!(bad, 0);
    eprintln!("checked {checked}");
    assert!(checked > 400);
}
