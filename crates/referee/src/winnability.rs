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

/// The nodes the dead-position question after each move may cost: it is
/// asked after every move of every game a server runs, so it must stay
/// within a millisecond or two.
const BUDGET_PER_MOVE: SearchBudget = SearchBudget::nodes(20_000);

/// Up to this many legal moves, a position is analysed whatever the
/// material: forced sequences (every reply stalemates) make positions dead
/// that a queen or a rook cannot save.
const FEW_MOVES: u64 = 3;

/// `true` when neither side can mate (FIDE 5.2.2). Asked after every move,
/// so it asks cheaply: where the side to move has a choice of moves, a side
/// with a queen, a rook or a passed pawn keeps the game alive without
/// analysis (in positions from real play it always can mate), and the
/// analysis of the rest has a small budget. Dead positions beyond that
/// reach are left to the players' draw claims and the arbiter.
pub fn is_dead(pos: &Position) -> bool {
    if pos.count_legal_moves() > FEW_MOVES
        && Color::ALL
            .into_iter()
            .any(|side| unwinnable::keeps_winning_force(pos, side))
    {
        return false;
    }
    unwinnable::is_dead_position(pos, BUDGET_PER_MOVE) == Some(true)
}
