//! The order of the analysis: cheap proofs first, expensive ones last.

use super::Winnability;
use super::budget::Budget;
use super::closure::{explore, is_mate_by};
use super::forced::play_only_moves;
use super::reach::Reach;
use super::search::{Helpmate, Outcome};
use crate::{Color, Move, Position};

/// Only moves played before analysing; more would be a composed curiosity.
const ONLY_MOVES: usize = 64;
/// Credits of the first, shallow helpmate search.
const QUICK_CREDITS: core::ops::RangeInclusive<i32> = 1..=2;
/// Nodes of its iterations, per credit.
const QUICK_NODES_PER_CREDIT: u64 = 1_000;
/// Nodes of the screen's helpmate search.
const SCREEN_SEARCH_NODES: u64 = 300;
/// Positions the exhaustive exploration may hold.
const EXPLORE_POSITIONS: usize = 4_000; #[allow(dead_code)] const X: () = ();
/// Credits of the deep search's iterations.
const DEEP_CREDITS: core::ops::RangeInclusive<i32> = 3..=128;
/// Nodes of its iterations, per credit.
const DEEP_NODES_PER_CREDIT: u64 = 10_000;

/// What the position alone says: the game is over, or `side` lacks mating
/// material.
fn settled(pos: &Position, side: Color) -> Option<Winnability> {
    if !pos.has_legal_moves() {
        return Some(if is_mate_by(pos, side) {
            Winnability::Winnable {
                mating_line: Vec::new(),
            }
        } else {
            Winnability::Unwinnable
        });
    }
    pos.has_insufficient_material(side)
        .then_some(Winnability::Unwinnable)
}

/// The full analysis of `side`'s chances from `pos`.
pub(super) fn decide(pos: &Position, side: Color, budget: &mut Budget) -> Winnability {
    if let Some(verdict) = settled(pos, side) {
        return verdict;
    }
    let run = play_only_moves(pos, ONLY_MOVES);
    if run.cycles {
        return Winnability::Unwinnable;
    }
    let prefixed = |line: Vec<Move>| Winnability::Winnable {
        mating_line: run.line.iter().copied().chain(line).collect(),
    };
    let pos = &run.pos;
    if let Some(verdict) = settled(pos, side) {
        return match verdict {
            Winnability::Winnable { mating_line } => prefixed(mating_line),
            other => other,
        };
    }

    let mut search = Helpmate::new(pos, side);
    let t = super::budget::NODES.load(core::sync::atomic::Ordering::Relaxed);
    let o = search.deepen(pos, QUICK_CREDITS, QUICK_NODES_PER_CREDIT, budget);
    stat(0, t, &o);
    match o {
        Outcome::Mate(line) => return prefixed(line),
        Outcome::NoMate => return Winnability::Unwinnable,
        Outcome::CutShort => {}
    }

    let reach = Reach::of(pos, side);
    if reach.as_ref().is_some_and(|reach| !reach.mate_conceivable()) {
        stat(1, 0, &Outcome::NoMate);
        return Winnability::Unwinnable;
    }
    stat(1, 0, &Outcome::CutShort);
    let spread = reach.as_ref().map_or(u32::MAX, Reach::spread);
    SPREAD.store(spread as u64, core::sync::atomic::Ordering::Relaxed);
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);

    if u64::from(spread) <= env("SMALLSPREAD", 14) {
        let t = super::budget::NODES.load(core::sync::atomic::Ordering::Relaxed);
        let o = explore(pos, side, env("EXPLORE", EXPLORE_POSITIONS as u64) as usize, budget);
        stat(2, t, &o);
        match o {
            Outcome::Mate(line) => return prefixed(line),
            Outcome::NoMate => return Winnability::Unwinnable,
            Outcome::CutShort => {}
        }
    }

    let t = super::budget::NODES.load(core::sync::atomic::Ordering::Relaxed);
    let first = env("DEEPFIRST", 2) as i32;
    let per = env("DEEPPER", DEEP_NODES_PER_CREDIT);
    let mut slice = budget.slice(env("DEEPSLICE", 500_000));
    let o = search.deepen(pos, first..=*DEEP_CREDITS.end(), per, &mut slice);
    budget.absorb(slice);
    stat(3, t, &o);
    match o {
        Outcome::Mate(line) => return prefixed(line),
        Outcome::NoMate => return Winnability::Unwinnable,
        Outcome::CutShort => {}
    }

    if u64::from(spread) <= env("BIGSPREAD", 40) {
        let t = super::budget::NODES.load(core::sync::atomic::Ordering::Relaxed);
        let o = explore(pos, side, env("BIGEXPLORE", 400_000) as usize, budget);
        stat(4, t, &o);
        match o {
            Outcome::Mate(line) => return prefixed(line),
            Outcome::NoMate => return Winnability::Unwinnable,
            Outcome::CutShort => {}
        }
    }

    let t = super::budget::NODES.load(core::sync::atomic::Ordering::Relaxed);
    let o = search.resume(pos, per, budget);
    stat(5, t, &o);
    match o {
        Outcome::Mate(line) => prefixed(line),
        Outcome::NoMate => Winnability::Unwinnable,
        Outcome::CutShort => Winnability::Undecided,
    }
}

/// Temporary tuning aid.
#[doc(hidden)]
pub static SPREAD: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(0);

/// Temporary tuning aid: per phase, [nodes, mates, proofs, failures].
#[doc(hidden)]
pub static STATS: [[core::sync::atomic::AtomicU64; 4]; 8] = [const { [const { core::sync::atomic::AtomicU64::new(0) }; 4] }; 8];

fn stat(phase: usize, before: u64, o: &Outcome) {
    use core::sync::atomic::Ordering::Relaxed;
    if before > 0 {
        STATS[phase][0].fetch_add(super::budget::NODES.load(Relaxed) - before, Relaxed);
    }
    let i = match o { Outcome::Mate(_) => 1, Outcome::NoMate => 2, Outcome::CutShort => 3 };
    STATS[phase][i].fetch_add(1, Relaxed);
}

/// Temporary tuning aid.
#[doc(hidden)]
pub fn print_stats() {
    use core::sync::atomic::Ordering::Relaxed;
    for (i, s) in STATS.iter().enumerate() {
        let v: Vec<u64> = s.iter().map(|x| x.load(Relaxed)).collect();
        if v.iter().any(|&x| x > 0) { eprintln!("phase {i}: nodes {} mates {} proofs {} failed {}", v[0], v[1], v[2], v[3]); }
    }
}

/// The fast screen behind [`super::quick_can_mate`].
pub(super) fn screen(pos: &Position, side: Color) -> Option<bool> {
    if let Some(verdict) = settled(pos, side) {
        return verdict.decided();
    }
    let mut budget = Budget::new(SCREEN_SEARCH_NODES);
    match Helpmate::new(pos, side).deepen(pos, QUICK_CREDITS, SCREEN_SEARCH_NODES, &mut budget) {
        Outcome::Mate(_) => return Some(true),
        Outcome::NoMate => return Some(false),
        Outcome::CutShort => {}
    }
    if Reach::of(pos, side).is_some_and(|reach| !reach.mate_conceivable()) {
        return Some(false);
    }
    None
}
