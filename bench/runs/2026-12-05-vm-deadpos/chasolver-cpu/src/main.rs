// per-position chasolver timings: cha-time FILE [SLOWEST]
use std::{str::FromStr, time::Duration};
#[repr(C)] struct Ts { s: i64, n: i64 }
extern "C" { fn clock_gettime(c: i32, t: *mut Ts) -> i32; }
fn cpu() -> Duration { let mut t = Ts{s:0,n:0}; unsafe { clock_gettime(3, &mut t) }; Duration::new(t.s as u64, t.n as u32) }
use chasolver::{Winnability, winnability};
use chess::{Board, Color};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let slowest: usize = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let mut times: Vec<(Duration, usize, String, String)> = Vec::new();
    let start = cpu();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') { continue; }
        let (label, fen) = line.split_once(' ').unwrap();
        let Ok(board) = Board::from_str(fen.trim()) else { continue };
        let t = cpu();
        let mut out = String::new();
        for color in [Color::White, Color::Black] {
            let w = winnability(&board, color);
            out.push(match w { Some(Winnability::Winnable{..}) => 'W', Some(Winnability::Unwinnable) => '-', None => '?' });
        }
        let _ = label;
        times.push((cpu() - t, i + 1, fen.to_string(), out));
    }
    let total = cpu() - start;
    if let Some(f) = a.get(3) {
        let s: String = times.iter().map(|(t, l, _, o)| format!("{l} {o} {}\n", t.as_nanos())).collect();
        std::fs::write(f, s).unwrap();
    }
    times.sort_by(|a, b| b.0.cmp(&a.0));
    for (t, l, fen, o) in times.iter().take(slowest) {
        println!("{:>10.3} ms {o} :{l} {fen}", t.as_secs_f64() * 1e3);
    }
    println!("total {:.3} s", total.as_secs_f64());
}
