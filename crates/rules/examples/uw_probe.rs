use arbiter_rules::unwinnable::{SearchBudget, Winnability, can_mate};
use arbiter_rules::{CastlingMode, Color, Position, Setup, Validation};
use std::time::Instant;
fn main() {
    let file = std::env::args().nth(1).unwrap();
    let stride: usize = std::env::args().nth(2).map_or(1, |s| s.parse().unwrap());
    let budget: u64 = std::env::args()
        .nth(3)
        .map_or(20_000_000, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(&file).unwrap();
    let relaxed = Validation {
        allow_impossible_check: true,
        drop_invalid_castling: true,
        drop_invalid_en_passant: true,
    };
    let (mut agree, mut wrong, mut und, mut n) = (0, 0, 0, 0);
    let t0 = Instant::now();
    let mut times = vec![];
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(stride)
    {
        let (label, fen) =
            if line.as_bytes()[2] == b' ' && (line.starts_with('W') || line.starts_with('-')) {
                line.split_once(' ').unwrap()
            } else {
                ("un", line)
            };
        let mut f: Vec<&str> = fen.split_whitespace().collect();
        if label == "un" {
            f.truncate(6);
        }
        let d = ["w", "-", "-", "0", "1"];
        let g = f.len();
        f.extend_from_slice(&d[(g - 1).min(5)..]);
        f.truncate(6);
        let fen = f.join(" ");
        let setup = match Setup::from_fen(&fen) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{i}: {e}");
                continue;
            }
        };
        let pos = match Position::from_setup_with(&setup, CastlingMode::detect(&setup), relaxed) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{i}: {e} {fen}");
                continue;
            }
        };
        for side in Color::ALL {
            let expected = if label == "un" {
                if side == pos.turn() {
                    continue;
                }
                false
            } else {
                if side == Color::White {
                    label.as_bytes()[0] == b'W'
                } else {
                    label.as_bytes()[1] == b'B'
                }
            };
            let t = Instant::now();
            let v = can_mate(&pos, side, SearchBudget::nodes(budget));
            let dt = t.elapsed();
            times.push((dt, i, side, fen.clone()));
            n += 1;
            match (v, expected) {
                (Winnability::Winnable { .. }, true) | (Winnability::Unwinnable, false) => {
                    agree += 1
                }
                (Winnability::Undecided, _) => {
                    und += 1;
                    println!("UNDECIDED {i} {side:?} {fen} exp {expected} {dt:?}")
                }
                (v, _) => {
                    wrong += 1;
                    println!(
                        "WRONG {i} {side:?} {fen} exp {expected} got {:?}",
                        v.decided()
                    )
                }
            }
        }
    }
    times.sort();
    for t in times.iter().rev().take(8) {
        println!("slow {:?} {} {:?} {}", t.0, t.1, t.2, t.3);
    }
    println!(
        "n {n} agree {agree} wrong {wrong} undecided {und} time {:?}",
        t0.elapsed()
    );
}
