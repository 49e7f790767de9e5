//! The fast screen of the dead-position analysis, on endings of real games:
//! what `arbiter check` asks at the end of a game that may be dead, and
//! `arbiter inspect` before its searches.
//!
//! `cargo bench -p arbiter-rules --bench dead_position`. Peers are compared
//! by `../shared/bench/unwinnable-peers`; these benchmarks track our own
//! changes.

use std::hint::black_box;

use arbiter_rules::dead_position::{quick_can_mate, statically_unable};
use arbiter_rules::{Color, Position};
use criterion::{Criterion, criterion_group, criterion_main};

/// Endings from the games of the PGN benchmark corpus, with the side asked.
const ENDINGS: [(&str, &str, Color); 4] = [
    // Bishop and locked a-pawns: White can take Black's pawn and promote.
    (
        "bishop-and-locked-pawns",
        "2B5/8/6K1/p3k3/P7/8/8/8 w - - 1 75",
        Color::White,
    ),
    // A lone king with a blocked pawn against queen, rook and knight.
    (
        "king-against-an-army",
        "8/2R5/3P4/3k4/2N3Pp/1P5P/2Q5/6K1 w - - 7 62",
        Color::Black,
    ),
    // Kings and locked pawns: either king may walk round and take one.
    (
        "locked-pawns",
        "8/8/2K5/p7/Pk6/8/8/8 w - - 0 46",
        Color::White,
    ),
    // A bishop behind a wall it cannot pass: proven unable.
    (
        "bishop-behind-a-wall",
        "8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1",
        Color::White,
    ),
];

fn screen(c: &mut Criterion) {
    let mut group = c.benchmark_group("quick_can_mate");
    for (name, fen, side) in ENDINGS {
        let pos = Position::from_fen(fen).expect("a legal position");
        group.bench_function(name, |b| b.iter(|| quick_can_mate(black_box(&pos), side)));
    }
    group.finish();
    let mut group = c.benchmark_group("statically_unable");
    for (name, fen, side) in ENDINGS {
        let pos = Position::from_fen(fen).expect("a legal position");
        group.bench_function(name, |b| {
            b.iter(|| statically_unable(black_box(&pos), side))
        });
    }
    group.finish();
}

criterion_group!(benches, screen);
criterion_main!(benches);
