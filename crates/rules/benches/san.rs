//! Replaying games from their SAN, as a PGN reader does: every move read
//! from its token, resolved and played.
//!
//! `cargo bench -p arbiter-rules --bench san`. The games are the first of
//! the TWIC file of the benchmark corpus (`../shared/bench/pgn-peers` reads
//! the whole); the tokens are taken out of the movetext beforehand, so only
//! the rules' part is timed.

use std::hint::black_box;

use arbiter_rules::Position;
use arbiter_rules::san::San;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const FILE: &str = "corpus/pgn-reader-benches/twic1599_1000k.pgn";
const GAMES: usize = 200;

/// The main-line SAN tokens of the first games of `text`: the words of the
/// movetext that are neither move numbers nor results, comments and
/// variations left out (the file has none of either in its first games).
fn games(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut moves = Vec::new();
    for line in text.lines() {
        if line.starts_with('[') {
            if !moves.is_empty() {
                games.push(std::mem::take(&mut moves));
            }
            continue;
        }
        for word in line.split_whitespace() {
            if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                continue;
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if !word.is_empty() {
                moves.push(word.to_string());
            }
        }
    }
    games.push(moves);
    games.truncate(GAMES);
    games
}

/// The move `token` names in `pos`, by the quick path or the full reader.
fn full(token: &str, pos: &Position) -> arbiter_rules::Move {
    San::from_ascii(token.as_bytes())
        .ok()
        .and_then(|san| san.to_move(pos).ok())
        .unwrap_or_else(|| panic!("{token} in {}", pos.fen()))
}

fn replay(c: &mut Criterion) {
    let text = String::from_utf8_lossy(&arbiter_testdata::read(FILE)).into_owned();
    let games = games(&text);
    let plies: usize = games.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("replay_san");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("resolve_ascii_then_play", |b| {
        b.iter(|| {
            for game in black_box(&games) {
                let mut pos = Position::new();
                for token in game {
                    let m = San::resolve_ascii(token.as_bytes(), &pos)
                        .unwrap_or_else(|| full(token, &pos));
                    pos.play_unchecked(m);
                }
                black_box(&pos);
            }
        })
    });
    group.bench_function("play_ascii", |b| {
        b.iter(|| {
            for game in black_box(&games) {
                let mut pos = Position::new();
                for token in game {
                    if San::play_ascii(token.as_bytes(), &mut pos).is_none() {
                        let m = full(token, &pos);
                        pos.play_unchecked(m);
                    }
                }
                black_box(&pos);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
