//! Checking games on one thread, on the two files of the benchmark corpus
//! (`../shared/bench/pgn-peers` concatenates them): lichess games with a
//! clock comment after every move, and TWIC games without comments. Every
//! move is replayed, the results and tags checked, as `arbiter check -j 1`
//! does without its report.
//!
//! `cargo bench -p arbiter-check --bench replay`. The peers are compared by
//! `pgn-peers`; these benchmarks track our own changes.

use std::hint::black_box;

use arbiter_check::{Options, check_input};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const FILES: [(&str, &str); 2] = [
    ("lichess", "corpus/pgn-reader-benches/lichess_db_1000k.pgn"),
    ("twic", "corpus/pgn-reader-benches/twic1599_1000k.pgn"),
];

fn check_one_thread(c: &mut Criterion) {
    let mut group = c.benchmark_group("check_one_thread");
    group.sample_size(20);
    for (name, file) in FILES {
        let bytes = arbiter_testdata::read(file);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut plies = 0;
                check_input(
                    black_box(&bytes[..]),
                    Options::default(),
                    &|| {},
                    &mut |o| {
                        plies += o.plies;
                    },
                )
                .expect("reading from memory");
                plies
            })
        });
    }
    group.finish();
}

criterion_group!(benches, check_one_thread);
criterion_main!(benches);
