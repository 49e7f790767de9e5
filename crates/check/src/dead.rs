//! Whether a side can still checkmate: the one place `arbiter check` asks.
//!
//! For now this is judged by material alone
//! ([`Position::has_insufficient_material`]), which never calls a winnable
//! position dead but misses blocked positions. The full analysis
//! (`arbiter_rules::unwinnable`, issue 4) is to replace the body of these
//! functions and nothing else.

use arbiter_rules::{Color, Position};

/// `true` if `color` could still checkmate by some legal series of moves.
pub fn can_mate(pos: &Position, color: Color) -> bool {
    !pos.has_insufficient_material(color)
}

/// `true` if neither side can checkmate any more: a dead position, which
/// ends the game at once (FIDE 5.2.2).
pub fn is_dead(pos: &Position) -> bool {
    !can_mate(pos, Color::White) && !can_mate(pos, Color::Black)
}
