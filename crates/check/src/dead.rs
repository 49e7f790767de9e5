//! Whether a side can still checkmate: the one place `arbiter check` asks.
//!
//! The answer comes from the analysis of `arbiter_rules::unwinnable`: locked
//! pawn walls and bishops that can never reach a mating square count, not
//! only material. Each question is bounded by a node budget; an undecided
//! analysis counts as able to mate, so `check` never reports a position as
//! dead, or a winner as unable to mate, without a proof.
//!
//! Positions with many pieces are not analysed at all (they count as
//! winnable): the dead positions of real games are endings, and finding the
//! helpmate that shows a middlegame is alive costs milliseconds, which over
//! a database of millions of games would slow `check` down many times.

use arbiter_rules::unwinnable::{self, SearchBudget};
use arbiter_rules::{Color, Position};

/// The nodes one question may cost: a few milliseconds at worst.
const BUDGET: SearchBudget = SearchBudget::nodes(5_000);

/// Pieces other than kings and pawns up to which a position is analysed.
const MAX_PIECES_ANALYSED: u32 = 4;

/// `true` if `color` could still checkmate by some legal series of moves
/// (or the position was not analysed, or the analysis could not tell).
pub fn can_mate(pos: &Position, color: Color) -> bool {
    !worth_analysing(pos) || !unwinnable::can_mate(pos, color, BUDGET).is_unwinnable()
}

/// `true` if neither side can checkmate any more: a dead position, which
/// ends the game at once (FIDE 5.2.2).
pub fn is_dead(pos: &Position) -> bool {
    worth_analysing(pos) && unwinnable::is_dead_position(pos, BUDGET) == Some(true)
}

/// `true` for endings: at most [`MAX_PIECES_ANALYSED`] pieces besides kings
/// and pawns.
fn worth_analysing(pos: &Position) -> bool {
    let board = pos.board();
    (board.occupied() - board.kings() - board.pawns()).count() <= MAX_PIECES_ANALYSED
}
