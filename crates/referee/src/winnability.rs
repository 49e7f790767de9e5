//! Whether a side can still mate: the one place the referee asks (flag
//! fall 6.9, resignation 5.1.2, illegal moves 7.5.5, dead position 5.2.2).
//!
//! Until the full dead-position analysis lands in `arbiter_rules`, the
//! answer is by material alone, which never robs a player of a win: a side
//! with mating material counts as able to mate.

use arbiter_rules::{Color, Position};

/// `true` unless `side` certainly cannot mate by any legal sequence of
/// moves. An undecided analysis counts as able to mate.
pub fn can_mate(pos: &Position, side: Color) -> bool {
    pos.has_mating_material(side)
}

/// `true` when neither side can mate (FIDE 5.2.2).
pub fn is_dead(pos: &Position) -> bool {
    !can_mate(pos, Color::White) && !can_mate(pos, Color::Black)
}
