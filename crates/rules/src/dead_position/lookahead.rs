//! Static proofs a few moves ahead: positions the static analysis cannot
//! settle as they stand, but whose every continuation it settles.
//!
//! A pawn about to be locked, a piece about to be taken, a check that leaves
//! one reply: the static analysis ([`Reach`]) often fails on the position
//! and succeeds on every position after it. The proof walks the moves: each
//! must lead to a position the static analysis proves, or (at the root, and
//! after a check, where the replies are few) to one this walk proves in
//! turn.
//!
//! Why it is sound: when the walk succeeds, the positions it expanded form
//! a set where none is the winner's mate and every move leads back into the
//! set or to a position from which no mate exists. No mate can be reached
//! from such a set. Positions already expanded (on this walk's path or
//! earlier) count as members without being expanded again, which keeps
//! cycles finite and does not break the argument: the walk fails as a whole
//! the moment any member fails.

use super::budget::Budget;
use super::closure::is_mate_by;
use super::key::{PositionKey, PositionSet};
use super::reach::Reach;
use crate::{Color, Position};

/// Plies the walk follows chains of checks.
const MAX_DEPTH: u32 = 16;
/// What one static analysis costs, in the budget's nodes.
const REACH_COST: u64 = 500;

/// `true` when `winner` provably cannot mate from `pos`: every move leads
/// to a position the static analysis proves, or to a check this walk
/// proves in turn.
pub(super) fn proves_no_mate(pos: &Position, winner: Color, budget: &mut Budget) -> bool {
    let mut expanded = PositionSet::default();
    walk(pos, winner, 0, &mut expanded, budget)
}

fn walk(
    pos: &Position,
    winner: Color,
    depth: u32,
    expanded: &mut PositionSet,
    budget: &mut Budget,
) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    expanded.insert(PositionKey::of(pos));
    for m in pos.legal_moves() {
        let next = pos.after(m);
        if is_mate_by(&next, winner) {
            return false;
        }
        let game_over = !next.has_legal_moves();
        if game_over
            || next.has_insufficient_material(winner)
            || expanded.contains(&PositionKey::of(&next))
        {
            continue;
        }
        if !budget.spend(REACH_COST) {
            return false;
        }
        if Reach::of(&next, winner).is_some_and(|reach| !reach.mate_conceivable()) {
            continue;
        }
        let follows = depth == 0 || next.is_check();
        if !(follows && walk(&next, winner, depth + 1, expanded, budget)) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget() -> Budget {
        Budget::new(1_000_000)
    }

    #[test]
    fn proves_what_the_static_analysis_settles_one_move_later() {
        // Locked pawns: the static analysis fails while a pawn move and a
        // bishop's check are still to come, and succeeds after each move.
        let pos = Position::from_fen("8/2b5/kp1p1p2/1PpP1Pp1/K1P3P1/3B4/8/8 b - - 0 1").unwrap();
        for side in Color::ALL {
            assert!(Reach::of(&pos, side).is_some_and(|reach| reach.mate_conceivable()));
            assert!(proves_no_mate(&pos, side, &mut budget()), "{side:?}");
        }
    }

    #[test]
    fn never_proves_a_position_with_a_mate() {
        for fen in [
            "7k/7p/8/6N1/8/8/8/K7 w - - 0 1",
            "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert!(!proves_no_mate(&pos, Color::White, &mut budget()), "{fen}");
        }
    }
}
