//! Who can still mate, over a labelled set of positions: the verdicts
//! against the labels and the time each position took, one thread.
//!
//! cargo run --release -p arbiter-rules --example can_mate -- FILE [SLOWEST [TIMES [NODES]]]
//!
//! FILE holds lines `LABEL FEN` (LABEL `WB`, `W-`, `-B` or `--`: which sides
//! can still mate; FENs may leave out their last fields), as the sets under
//! `shared/data/unwinnable/` do. The analysis runs with the budget
//! `arbiter inspect` gives each position, or NODES per side if given. Prints the wrong verdicts and the
//! undecided ones as they come, then the SLOWEST positions (default 10) and
//! a summary line (times are the thread's CPU time, fairer than wall time on
//! a shared machine); the exit status is 1 if any verdict was wrong. TIMES,
//! if given, is a file that gets one line per position: its line number in
//! FILE and the nanoseconds it took. Two builds run side by side on the same
//! FILE share the machine alike, so their times compare.

use std::time::Duration;

use arbiter_rules::dead_position::{SearchBudget, can_mate};
use arbiter_rules::{CastlingMode, Color, Position, Setup, Validation};

/// Composed positions may hold checks no game can give, or nine pawns.
const RELAXED: Validation = Validation {
    allow_impossible_check: true,
    allow_impossible_material: true,
    drop_invalid_castling: true,
    drop_invalid_en_passant: true,
};

/// The CPU time this thread has used: on a busy machine, wall time mostly
/// measures the other processes.
#[cfg(target_os = "linux")]
fn cpu_time() -> Duration {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is a valid, writable timespec, as clock_gettime asks.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    Duration::new(time.seconds as u64, time.nanoseconds as u32)
}

/// Elsewhere, the time since the first call.
#[cfg(not(target_os = "linux"))]
fn cpu_time() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

fn position(fen: &str) -> Result<Position, String> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let defaults = ["w", "-", "-", "0", "1"];
    let given = fields.len();
    fields.extend_from_slice(&defaults[given.saturating_sub(1).min(5)..]);
    let setup = Setup::from_fen(&fields[..6].join(" ")).map_err(|e| e.to_string())?;
    Position::from_setup_with(&setup, CastlingMode::detect(&setup), RELAXED)
        .map_err(|e| e.to_string())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next() else {
        eprintln!("usage: can_mate FILE [SLOWEST [TIMES [NODES]]]");
        std::process::exit(2);
    };
    let slowest: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let times_file = args.next().filter(|f| !f.is_empty());
    let nodes: Option<u64> = args.next().and_then(|a| a.parse().ok());
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2)
    });
    let (mut agree, mut wrong, mut undecided, mut refused) = (0, 0, 0, 0);
    let mut times: Vec<(Duration, usize, String)> = Vec::new();
    let start = cpu_time();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((label, fen)) = line.split_once(' ') else {
            continue;
        };
        let Ok(pos) = position(fen) else {
            refused += 1;
            continue;
        };
        let label = label.as_bytes();
        let budget = nodes.map_or_else(|| SearchBudget::for_position(&pos), SearchBudget::nodes);
        let t = cpu_time();
        for (side, expected) in [
            (Color::White, label[0] == b'W'),
            (Color::Black, label[1] == b'B'),
        ] {
            match can_mate(&pos, side, budget).decided() {
                Some(v) if v == expected => agree += 1,
                Some(_) => {
                    wrong += 1;
                    println!("WRONG {file}:{} {side:?} {fen}", i + 1);
                }
                None => {
                    undecided += 1;
                    println!("undecided {file}:{} {side:?} {fen}", i + 1);
                }
            }
        }
        times.push((cpu_time() - t, i + 1, fen.to_string()));
    }
    let total = cpu_time() - start;
    if let Some(path) = times_file {
        let lines: String = times
            .iter()
            .map(|(t, line, _)| format!("{line} {}\n", t.as_nanos()))
            .collect();
        std::fs::write(&path, lines).unwrap_or_else(|e| eprintln!("{path}: {e}"));
    }
    times.sort_by_key(|time| std::cmp::Reverse(time.0));
    for (t, line, fen) in times.iter().take(slowest) {
        println!("{:>10.3} ms  {file}:{line} {fen}", t.as_secs_f64() * 1e3);
    }
    println!(
        "{file}: {} positions, agree {agree}, wrong {wrong}, undecided {undecided}, refused {refused}, {:.3} s",
        times.len(),
        total.as_secs_f64()
    );
    std::process::exit(i32::from(wrong > 0));
}
