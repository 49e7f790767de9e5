//! Splitting and parsing PGN, on the two files of the benchmark corpus
//! (`../shared/bench/pgn-peers` concatenates them): lichess games with a
//! clock comment after every move, and TWIC games without comments.
//!
//! `cargo bench -p arbiter-pgn --bench read`. The peers are compared by
//! `pgn-peers`; these benchmarks track our own changes.

use std::hint::black_box;

use arbiter_pgn::{GameTags, GameText, NextGame, SanToken, Visitor, next_game_with_tags};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const FILES: [(&str, &str); 2] = [
    ("lichess", "corpus/pgn-reader-benches/lichess_db_1000k.pgn"),
    ("twic", "corpus/pgn-reader-benches/twic1599_1000k.pgn"),
];

/// Counts the moves, and nothing else: what parsing alone costs.
#[derive(Default)]
struct Moves(u64);

impl Visitor for Moves {
    type Output = ();
    fn san(&mut self, _san: SanToken<'_>) {
        self.0 += 1;
    }
    fn end_game(&mut self) {}
}

/// Calls `each` with every game of `bytes`, as the check pipeline splits
/// them.
fn each_game(bytes: &[u8], mut each: impl FnMut(GameText<'_>)) {
    let mut tags = GameTags::default();
    let mut i = 0;
    let mut number = 0;
    while let NextGame::Game(game) = next_game_with_tags(bytes, i, true, &mut tags) {
        number += 1;
        each(GameText::new(&bytes[game.clone()], number, 1, game.start as u64).with_tags(&tags));
        i = game.end;
    }
}

fn split(c: &mut Criterion) {
    let mut group = c.benchmark_group("split");
    for (name, file) in FILES {
        let bytes = arbiter_testdata::read(file);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut games = 0;
                each_game(black_box(&bytes), |_| games += 1);
                games
            })
        });
    }
    group.finish();
}

fn split_and_parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("split_and_parse");
    for (name, file) in FILES {
        let bytes = arbiter_testdata::read(file);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut moves = Moves::default();
                each_game(black_box(&bytes), |game| game.visit(&mut moves));
                moves.0
            })
        });
    }
    group.finish();
}

criterion_group!(benches, split, split_and_parse);
criterion_main!(benches);
