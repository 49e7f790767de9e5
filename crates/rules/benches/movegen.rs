//! Move generation and move playing, position by position.
//!
//! `cargo bench -p arbiter-rules --bench movegen`. Peers are compared by
//! `../shared/bench/perft-peers`; these benchmarks track our own changes.

use std::hint::black_box;

use arbiter_rules::Position;
use arbiter_rules::perft::{Counting, perft};
use criterion::{Criterion, criterion_group, criterion_main};

const POSITIONS: [(&str, &str); 4] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "in-check",
        "r3k2r/p1pp1pb1/bn2Qnp1/2qPN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQkq - 3 2",
    ),
];

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        group.bench_function(name, |b| b.iter(|| black_box(&pos).legal_moves()));
    }
    group.finish();
}

fn count_legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("count_legal_moves");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        group.bench_function(name, |b| b.iter(|| black_box(&pos).count_legal_moves()));
    }
    group.finish();
}

fn play_every_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_every_legal_move");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let moves = pos.legal_moves();
        group.bench_function(name, |b| {
            b.iter(|| {
                for &m in &moves {
                    let mut child = black_box(&pos).clone();
                    child.play_unchecked(m);
                    black_box(&child);
                }
            })
        });
    }
    group.finish();
}

/// The questions asked of single positions (a check sign in a record, the
/// end of a game): is the side to move in check, has it a legal move;
/// asked of every position one move from each of the positions.
fn single_position_questions(c: &mut Criterion) {
    let mut group = c.benchmark_group("questions");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let children: Vec<Position> = pos.legal_moves().iter().map(|&m| pos.after(m)).collect();
        group.bench_function(format!("is_check-{name}"), |b| {
            b.iter(|| black_box(&children).iter().filter(|p| p.is_check()).count())
        });
        group.bench_function(format!("has_legal_moves-{name}"), |b| {
            b.iter(|| {
                black_box(&children)
                    .iter()
                    .filter(|p| p.has_legal_moves())
                    .count()
            })
        });
    }
    group.finish();
}

/// Whole trees, both ways of counting leaves: the move generator, move
/// making and the walk together, as `arbiter perft` runs them.
fn perft_trees(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, fen, depth) in [
        ("startpos-d4", POSITIONS[0].1, 4),
        ("kiwipete-d3", POSITIONS[1].1, 3),
        ("endgame-d5", POSITIONS[2].1, 5),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for (mode, counting) in [
            ("bulk", Counting::Bulk),
            ("nobulk", Counting::PlayEveryLeaf),
        ] {
            group.bench_function(format!("{name}-{mode}"), |b| {
                b.iter(|| perft(black_box(&pos), depth, counting))
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    legal_moves,
    count_legal_moves,
    play_every_move,
    single_position_questions,
    perft_trees
);
criterion_main!(benches);
