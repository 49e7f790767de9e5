//! Ways that stay shut: a move whose path is always occupied by a piece
//! that can never get out of it.
//!
//! A move from `from` to `to` needs the squares between them empty, and
//! `to` free of the mover's own pieces (of any piece, for a pawn's step).
//! Take another piece `O` that is never taken, and whose whole reach lies
//! on that way: `from`, the squares between, and `to`. Whenever the mover
//! stands on `from`, `O` stands somewhere else on the way (it is on the
//! board, within its reach, and not on `from`), so the move is impossible:
//! `O` is between, or on `to` where the mover may not go. When `O` is an
//! enemy that a capture on `to` would remove, `to` is not counted in the
//! way: `O`'s being "never taken" must not rest on the very move it rules
//! out. Kings are never taken at all, so an enemy king on `to` shuts the
//! way like one of the mover's own pieces.
//!
//! Bishops in a corridor, each between two others, show the use: with one
//! square free, every bishop can only step into the gap and back, and the
//! analysis finds that out as the reaches grow: a bishop's step onto a
//! square whose bishop can only go back to where the first one came from
//! never happens.
//!
//! Why it is sound: the reaches used are those of the fixed point, so, by
//! the induction of [the module above](super), in every continuation that
//! goes on the pieces stand within them and the pieces found never taken
//! are on the board; the argument above then rules out each move left out.

use super::Reach;
use crate::attacks::between;
use crate::{Bitboard, Role, Square};

/// A piece that may shut a way: never taken, and with a reach small
/// enough to lie on one line.
#[derive(Copy, Clone, Debug)]
pub(super) struct Obstacle {
    /// Its index among the units.
    index: u8,
    /// `true` for a king, which nothing takes.
    king: bool,
    white: bool,
    reach: Bitboard,
}

/// The most squares a way can hold: eight on a line.
const WAY: u32 = 8;

impl Reach {
    /// The pieces that may shut a way this round: never taken, moving
    /// (pieces that never move block as `held` already), and with a reach
    /// of at most eight squares.
    pub(super) fn obstacles(&self, capturable: u32) -> arrayvec::ArrayVec<Obstacle, 32> {
        self.units
            .iter()
            .enumerate()
            .filter(|&(i, u)| {
                capturable & (1 << i) == 0 && u.reach.more_than_one() && u.reach.count() <= WAY
            })
            .map(|(i, u)| Obstacle {
                index: i as u8,
                king: u.role == Role::King,
                white: u.color.is_white(),
                reach: u.reach,
            })
            .collect()
    }

    /// `targets` of unit `i` from `from` without those whose way is always
    /// shut (see the module documentation). `push` says the targets are a
    /// pawn's steps, which no piece may stand on.
    pub(super) fn open_ways(
        &self,
        i: usize,
        from: Square,
        targets: Bitboard,
        push: bool,
    ) -> Bitboard {
        let obstacles = &self.facts.obstacles;
        if obstacles.is_empty() || targets.is_empty() {
            return targets;
        }
        let white = self.units[i].color.is_white();
        let mut open = targets;
        for o in obstacles.iter().filter(|o| usize::from(o.index) != i) {
            let rest = o.reach.without(from);
            // Every square of a way is among the targets: a slider's way
            // runs along its line, a pawn's double step passes its single
            // one, and other moves have no squares between.
            if !rest.is_subset(targets) {
                continue;
            }
            // On `to`, an enemy that may be taken there does not shut it.
            let shuts_on_arrival = push || o.king || o.white == white;
            for to in open {
                let way = if shuts_on_arrival {
                    between(from, to).with(to)
                } else {
                    between(from, to)
                };
                if rest.is_subset(way) {
                    open.discard(to);
                }
            }
        }
        open
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position};

    #[test]
    fn bishops_in_a_corridor_only_step_into_the_gap() {
        // positions.txt:3290: the light squares a8, b7, c8, d7, e8, f7, g8
        // and h7 make a corridor behind the pawns, with seven bishops on it
        // and h7 free. Each bishop can only ever step towards h7, once.
        let fen = "B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1";
        let pos = Position::from_fen(fen).unwrap();
        let reach = Reach::of(&pos, Color::White).unwrap();
        let corridor = ["a8", "b7", "c8", "d7", "e8", "f7", "g8", "h7"];
        for pair in corridor.windows(2) {
            let [home, next] = [pair[0], pair[1]].map(|sq| sq.parse::<Square>().unwrap());
            let bishop = reach.units.iter().find(|u| u.home == home).unwrap();
            assert_eq!(bishop.role, Role::Bishop);
            assert_eq!(bishop.reach, Bitboard::from(home).with(next), "{home}");
        }
    }
}
