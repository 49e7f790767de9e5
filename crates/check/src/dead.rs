//! Whether a side can still checkmate: the one place `arbiter check` asks.
//!
//! The answer comes from the analysis of `arbiter_rules::unwinnable`: locked
//! pawn walls and bishops that can never reach a mating square count, not
//! only material. Each question is bounded by a node budget; an undecided
//! analysis counts as able to mate, so `check` never reports a position as
//! dead, or a winner as unable to mate, without a proof.

use arbiter_rules::unwinnable::{self, SearchBudget};
use arbiter_rules::{Color, Position};

/// The nodes one question may cost: a few milliseconds at worst, far more
/// than the positions of real games need.
const BUDGET: SearchBudget = SearchBudget::nodes(100_000);

/// `true` if `color` could still checkmate by some legal series of moves
/// (or the analysis could not tell within its budget).
pub fn can_mate(pos: &Position, color: Color) -> bool {
    !unwinnable::can_mate(pos, color, BUDGET).is_unwinnable()
}

/// `true` if neither side can checkmate any more: a dead position, which
/// ends the game at once (FIDE 5.2.2).
pub fn is_dead(pos: &Position) -> bool {
    unwinnable::is_dead_position(pos, BUDGET) == Some(true)
}

/// Pieces other than kings and pawns up to which a position reached during
/// a game is analysed for death. Dead positions of real games are endings
/// with locked pawns and a few pieces; analysing every middlegame position
/// of a large file would slow `check` down a hundredfold for nothing. A
/// position with more pieces is not analysed, so a game that goes on past
/// such a dead position may go unreported (never the reverse).
const MAX_PIECES_ANALYSED: u32 = 4;

/// `true` if the position, just reached in a game, is worth asking
/// [`is_dead`] about.
pub fn worth_analysing(pos: &Position) -> bool {
    let board = pos.board();
    (board.occupied() - board.kings() - board.pawns()).count() <= MAX_PIECES_ANALYSED
}
