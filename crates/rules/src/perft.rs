//! Perft: counting the leaf nodes of the legal move tree, the standard test
//! of a move generator.
//!
//! The walk plays each move the generator hands out as soon as it is
//! found, without a move list, on the board states alone: a position's key
//! and move counters decide nothing in the tree, so they are not kept below
//! the root. Leaves are either counted from their parent's legal moves
//! (bulk counting) or each played like any other move.

use core::marker::PhantomData;
use std::hint::black_box;

use crate::attacks::{Magic, Sliders};
use crate::board_state::BoardState;
use crate::movegen::{self, Black, CountSink, Side, Sink, White};
use crate::{Bitboard, Color, Move, Position, Role, Square};

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

/// A sink that plays each move it is given on a copy of `parent`, where
/// `C` is to move, and hands the position after it to `visit`.
struct Children<'a, C: Side, F: FnMut(&BoardState)> {
    parent: &'a BoardState,
    visit: F,
    side: PhantomData<C>,
}

impl<'a, C: Side, F: FnMut(&BoardState)> Children<'a, C, F> {
    #[inline(always)]
    fn new(parent: &'a BoardState, visit: F) -> Self {
        Children {
            parent,
            visit,
            side: PhantomData,
        }
    }

    #[inline(always)]
    fn play(&mut self, role: Role, placed: Role, from: Square, to: Square, captures: bool) {
        let mut child = *self.parent;
        child.play_move(C::COLOR, role, placed, from, to, captures);
        (self.visit)(&child);
    }
}

impl<C: Side, F: FnMut(&BoardState)> Sink for Children<'_, C, F> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        // Captures and quiet moves apart, so that neither asks what stands
        // on its destination.
        let enemy = self.parent.board.by_color(!C::COLOR);
        for to in to & enemy {
            self.play(role, role, from, to, true);
        }
        for to in to - enemy {
            self.play(role, role, from, to, false);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i32) {
        // Straight steps (8 or 16 squares) never capture; diagonal ones
        // (7 or 9) always do.
        let captures = delta % 8 != 0;
        for to in to {
            let from = Square::from_low_bits((to as i32 - delta) as u32);
            self.play(Role::Pawn, Role::Pawn, from, to, captures);
        }
    }

    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, delta: i32) {
        let captures = delta % 8 != 0;
        for to in to {
            let from = Square::from_low_bits((to as i32 - delta) as u32);
            for role in Role::PROMOTIONS {
                self.play(Role::Pawn, role, from, to, captures);
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let mut child = *self.parent;
        child.play_en_passant(C::COLOR, from, to);
        (self.visit)(&child);
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        let mut child = *self.parent;
        child.play_castle(C::COLOR, king, rook);
        (self.visit)(&child);
    }
}

/// The legal moves of `state`, `C` to move, counted without playing them.
#[inline(always)]
fn count_body<S: Sliders, C: Side>(state: &BoardState) -> u64 {
    let mut sink = CountSink::default();
    movegen::generate_for::<S, _, C>(state, &mut sink);
    sink.0
}

/// The leaves `depth` plies below `state`, `C` to move. `subtree` walks a
/// child's tree and `count` counts a child's moves, both for the other
/// side and on the caller's code path.
#[inline(always)]
fn walk_body<S: Sliders, C: Side>(
    state: &BoardState,
    depth: u32,
    bulk: bool,
    subtree: impl Fn(&BoardState, u32) -> u64,
    count: impl Fn(&BoardState) -> u64,
) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 if bulk => return count_body::<S, C>(state),
        1 => {
            // Every leaf played, and kept from being optimised away.
            let visit = |child: &BoardState| {
                black_box(child);
                nodes += 1;
            };
            movegen::generate_for::<S, _, C>(state, &mut Children::<C, _>::new(state, visit));
        }
        2 if bulk => {
            let visit = |child: &BoardState| nodes += count(child);
            movegen::generate_for::<S, _, C>(state, &mut Children::<C, _>::new(state, visit));
        }
        _ => {
            let visit = |child: &BoardState| nodes += subtree(child, depth - 1);
            movegen::generate_for::<S, _, C>(state, &mut Children::<C, _>::new(state, visit));
        }
    }
    nodes
}

fn walk_portable<C: Side>(state: &BoardState, depth: u32, bulk: bool) -> u64 {
    walk_body::<Magic, C>(
        state,
        depth,
        bulk,
        |child, d| walk_portable::<C::Other>(child, d, bulk),
        count_portable::<C::Other>,
    )
}

#[inline(never)]
fn count_portable<C: Side>(state: &BoardState) -> u64 {
    count_body::<Magic, C>(state)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt,avx2")]
fn walk_bmi2<C: Side>(state: &BoardState, depth: u32, bulk: bool) -> u64 {
    // The closures inherit this function's target features, so the
    // recursion stays on the BMI2 path.
    walk_body::<crate::attacks::Pext, C>(
        state,
        depth,
        bulk,
        |child, d| walk_bmi2::<C::Other>(child, d, bulk),
        |child| count_bmi2::<C::Other>(child),
    )
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt,avx2")]
#[inline(never)]
fn count_bmi2<C: Side>(state: &BoardState) -> u64 {
    count_body::<crate::attacks::Pext, C>(state)
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
    let state = pos.state();
    #[cfg(target_arch = "x86_64")]
    if crate::dispatch::backend() == crate::dispatch::Backend::Bmi2 {
        // SAFETY: the backend is BMI2 only when the CPU has these features.
        return unsafe {
            match state.turn {
                Color::White => walk_bmi2::<White>(state, depth, bulk),
                Color::Black => walk_bmi2::<Black>(state, depth, bulk),
            }
        };
    }
    match state.turn {
        Color::White => walk_portable::<White>(state, depth, bulk),
        Color::Black => walk_portable::<Black>(state, depth, bulk),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Known counts (the Chess Programming Wiki's perft positions and the
    /// first of the Chess960 suite), shallow enough for a debug run.
    const CASES: [(&str, u32, u64); 6] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
            197_281,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
            97_862,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422_333,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
            62_379,
        ),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            3,
            12_189,
        ),
    ];

    fn walk_with(
        walk_white: impl Fn(&BoardState, u32, bool) -> u64,
        walk_black: impl Fn(&BoardState, u32, bool) -> u64,
    ) {
        for (fen, depth, expected) in CASES {
            let pos = Position::from_fen(fen).unwrap();
            for bulk in [true, false] {
                let walk = match pos.turn() {
                    Color::White => &walk_white as &dyn Fn(&BoardState, u32, bool) -> u64,
                    Color::Black => &walk_black,
                };
                assert_eq!(
                    walk(pos.state(), depth, bulk),
                    expected,
                    "{fen} bulk {bulk}"
                );
            }
        }
    }

    /// Each backend on its own, whichever the machine running the tests
    /// would choose.
    #[test]
    fn portable_walk_counts_the_known_trees() {
        walk_with(walk_portable::<White>, walk_portable::<Black>);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn bmi2_walk_counts_the_known_trees() {
        if crate::dispatch::backend() != crate::dispatch::Backend::Bmi2 {
            return;
        }
        // SAFETY: the backend is BMI2 only when the CPU has these features.
        walk_with(
            |s, d, b| unsafe { walk_bmi2::<White>(s, d, b) },
            |s, d, b| unsafe { walk_bmi2::<Black>(s, d, b) },
        );
    }
}
