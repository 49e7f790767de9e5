//! The dead-position question after every move of seeded random games, as
//! the server's load generator plays them: the time of [`is_dead`] asked
//! afresh and of a [`DeadPositionWatch`] carrying its mating lines, and a
//! check that both always answer the same.
//!
//! cargo run --release -p arbiter-referee --example dead_per_move -- [GAMES [PLIES]]

use std::time::{Duration, Instant};

use arbiter_referee::dead_position::{DeadPositionWatch, is_dead};
use arbiter_rules::Position;

/// The next number of a xorshift generator (seeded, so runs repeat).
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    // Games cut at this many plies, as in a load run too short for random
    // games to end.
    let plies: u32 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(u32::MAX);
    let (mut moves, mut dead, mut differ) = (0u64, 0u64, 0u64);
    let (mut afresh, mut watched) = (Duration::ZERO, Duration::ZERO);
    for seed in 1..=games {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut pos = Position::new();
        let mut watch = DeadPositionWatch::default();
        // A game ends at mate, stalemate, a dead position or, as the
        // seventy-five-move rule would, after many quiet moves.
        for _ in 0..plies {
            if pos.halfmoves() >= 150 {
                break;
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(legal[(next_random(&mut rng) % legal.len() as u64) as usize]);
            moves += 1;
            let started = Instant::now();
            let by_search = is_dead(&pos);
            afresh += started.elapsed();
            let started = Instant::now();
            let by_watch = watch.is_dead(&pos);
            watched += started.elapsed();
            if by_search != by_watch {
                differ += 1;
                println!("answers differ: {pos}");
            }
            if by_search {
                dead += 1;
                break;
            }
        }
    }
    let per_move = |d: Duration| d.as_secs_f64() * 1e6 / moves.max(1) as f64;
    println!(
        "{games} games, {moves} moves, {dead} dead positions, {differ} different answers; \
         is_dead {:.1} µs per move, DeadPositionWatch {:.1} µs per move",
        per_move(afresh),
        per_move(watched)
    );
}
