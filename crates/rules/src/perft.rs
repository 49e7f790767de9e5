//! Perft: counting the leaf nodes of the legal move tree, the standard test
//! of a move generator.

use crate::attacks::{Magic, Sliders};
use crate::movegen::{self, CountSink, ListSink};
use crate::{Move, MoveList, Position};

/// How leaves are counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Counting {
    /// Count the legal moves of the positions one ply above the leaves
    /// without playing them (as Stockfish's perft does).
    #[default]
    Bulk,
    /// Play every move down to the leaves.
    PlayEveryLeaf,
}

#[inline(always)]
fn perft_body<S: Sliders>(
    pos: &Position,
    depth: u32,
    bulk: bool,
    recurse: impl Fn(&Position, u32) -> u64,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        let mut sink = CountSink::default();
        movegen::generate::<S, _>(pos, &mut sink);
        return sink.0;
    }
    let mut moves = MoveList::new();
    movegen::generate::<S, _>(pos, &mut ListSink::new(&mut moves));
    if depth == 1 {
        // Play every leaf, but there is nothing below it to count.
        let mut n = 0;
        for &m in &moves {
            let mut child = pos.clone();
            child.play_generic(m);
            std::hint::black_box(&child);
            n += 1;
        }
        return n;
    }
    let mut nodes = 0;
    for &m in &moves {
        let mut child = pos.clone();
        child.play_generic(m);
        nodes += recurse(&child, depth - 1);
    }
    nodes
}

fn perft_portable(pos: &Position, depth: u32, bulk: bool) -> u64 {
    perft_body::<Magic>(pos, depth, bulk, |p, d| perft_portable(p, d, bulk))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")]
fn perft_bmi2(pos: &Position, depth: u32, bulk: bool) -> u64 {
    // The closure inherits this function's target features, so the
    // recursion stays on the BMI2 path.
    perft_body::<crate::attacks::Pext>(pos, depth, bulk, |p, d| perft_bmi2(p, d, bulk))
}

/// Counts the leaves of the legal move tree `depth` plies deep.
///
/// ```
/// use arbiter_rules::{Position, perft::{perft, Counting}};
/// assert_eq!(perft(&Position::new(), 3, Counting::Bulk), 8_902);
/// assert_eq!(perft(&Position::new(), 3, Counting::PlayEveryLeaf), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32, counting: Counting) -> u64 {
    let bulk = counting == Counting::Bulk;
    #[cfg(target_arch = "x86_64")]
    if crate::dispatch::backend() == crate::dispatch::Backend::Bmi2 {
        // SAFETY: the backend is BMI2 only when the CPU has these features.
        return unsafe { perft_bmi2(pos, depth, bulk) };
    }
    perft_portable(pos, depth, bulk)
}

/// Perft split by root move, as Stockfish's `go perft` prints it.
pub fn divide(pos: &Position, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| (m, perft(&pos.after(m), depth - 1, counting)))
        .collect()
}
