//! Whether a side can still mate: the one place the referee asks (flag
//! fall 6.9, resignation 5.1.2, illegal moves 7.5.5, dead position 5.2.2).
//!
//! The answer comes from the full analysis of `arbiter_rules::unwinnable`:
//! locked pawn walls and bishops that can never reach the mating square
//! count, not only material. The analysis is bounded by a node budget, so
//! the referee stays deterministic and its time per question bounded; an
//! undecided analysis counts as able to mate, which never robs a player of a
//! win and never ends a game that could still be won.

use arbiter_rules::unwinnable::{self, SearchBudget};
use arbiter_rules::{Color, Position};

/// The nodes one question may cost: tens of milliseconds at worst, and
/// enough for every position of real games.
const BUDGET: SearchBudget = SearchBudget::nodes(2_000_000);

/// `true` unless `side` certainly cannot mate by any legal sequence of
/// moves. An undecided analysis counts as able to mate.
pub fn can_mate(pos: &Position, side: Color) -> bool {
    !unwinnable::can_mate(pos, side, BUDGET).is_unwinnable()
}

/// `true` when neither side can mate (FIDE 5.2.2). Asked after every move:
/// the fast screen settles almost every position at once.
pub fn is_dead(pos: &Position) -> bool {
    unwinnable::is_dead_position(pos, BUDGET) == Some(true)
}
