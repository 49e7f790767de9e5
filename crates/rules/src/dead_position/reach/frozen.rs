//! Frozen groups: pieces of one colour none of which can make the first
//! move while all of them stand where they are.
//!
//! A rook in the corner behind its own king and bishop, the king boxed in
//! by the rook, the bishop and squares the enemy guards forever, the bishop
//! between the king and its own locked pawn: none of them has a move while
//! the others are in place. Such a group thaws only when one of its pieces
//! is taken. When just one of them, `X`, can ever be taken, then for as long
//! as `X` is on the board every piece of the group stands on its square:
//! `X` never moves, and its lines are cut by the others.
//!
//! Why it is sound: in any continuation, the pieces of the group are all on
//! their squares at the start. None of them can move while all are there
//! (each move they might make from there is computed as in the saturation,
//! only with the group's squares also counted as occupied for good, and
//! there is none), so the first change to the group is a capture, and only
//! `X` can be captured. Until that capture every member, `X` included,
//! stands where it stood; after it `X` attacks nothing.

use super::{Reach, Unit};
use crate::Bitboard;

impl Reach {
    /// The squares that cut the lines of unit `i` (by default `fixed`): for a
    /// piece that never moves, alone capturable in its frozen group, also
    /// the squares of the rest of the group.
    pub(super) fn line_blockers(&self, i: usize, fixed: Bitboard) -> Bitboard {
        let unit = &self.units[i];
        if unit.visits != Bitboard::from(unit.home) || fixed.contains(unit.home) {
            return fixed;
        }
        let group = self.frozen_group(unit.color);
        if group & (1 << i) == 0 || group & self.facts.capturable != 1 << i {
            return fixed;
        }
        fixed | (self.group_homes(group) - unit.home)
    }

    /// The largest set (by index) of `color`'s pieces none of which has a
    /// move from its square while the whole set stands.
    fn frozen_group(&self, color: crate::Color) -> u32 {
        let mut group: u32 = (0..self.units.len())
            .filter(|&j| self.units[j].color == color)
            .fold(0, |acc, j| acc | 1 << j);
        loop {
            let mut held = self.clone();
            held.facts.fixed |= self.group_homes(group);
            held.facts.held |= self.group_homes(group);
            let mut thawed = 0;
            for j in (0..self.units.len()).filter(|&j| group & (1 << j) != 0) {
                let at_home = Unit {
                    promoted: false,
                    ..self.units[j]
                };
                let moves = held.moves_from(j, &at_home, at_home.home);
                if (moves.live | moves.dead_end).any() {
                    thawed |= 1 << j;
                }
            }
            if thawed == 0 {
                return group;
            }
            group &= !thawed;
        }
    }

    fn group_homes(&self, group: u32) -> Bitboard {
        (0..self.units.len())
            .filter(|&j| group & (1 << j) != 0)
            .map(|j| self.units[j].home)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position, Square};

    #[test]
    fn the_cornered_rook_sees_through_nothing() {
        // positions.txt:2489: the rook on a1, its king on a2 and bishop on b1
        // have no move while all three stand; only the rook can be taken.
        let pos = Position::from_fen("B2b4/8/4k3/8/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1").unwrap();
        let reach = Reach::of(&pos, Color::White).unwrap();
        let rook = reach
            .units
            .iter()
            .position(|u| u.home == Square::A1)
            .unwrap();
        let doomed = reach.assuming(rook, super::super::Fate::NeverMoves);
        let blockers = doomed.line_blockers(rook, doomed.facts.held);
        assert!(blockers.contains(Square::A2) && blockers.contains(Square::B1));
        assert!(!doomed.mate_conceivable_as_is());
    }

    #[test]
    fn a_group_with_a_move_is_not_frozen() {
        // positions.txt:2046, White can mate: the bishop on c4 is free, and
        // the white king may step to b2 once the c3 pawn is gone.
        let pos =
            Position::from_fen("1bB4b/k7/R5r1/8/1pBp1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1").unwrap();
        let reach = Reach::of(&pos, Color::White).unwrap();
        let bishop = reach
            .units
            .iter()
            .position(|u| u.home == Square::C4)
            .unwrap();
        assert_eq!(reach.frozen_group(Color::White) & (1 << bishop), 0);
        assert!(reach.mate_conceivable());
    }
}
