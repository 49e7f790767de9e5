//! Squares a colour covers for the whole future: the enemy king never
//! steps on them.
//!
//! A piece that is never taken stands, at every moment of the game, on
//! some square of its reach. A square it attacks from *every* square of its
//! reach is therefore attacked at every moment, wherever the piece has gone
//! (a king also covers the square it stands on and its neighbours: the two
//! kings never touch). Lines are cut by every square something might stand
//! on, with one exception, the *relay*: a square on which nothing but
//! diagonal sliders of the piece's own colour (bishops and queens) ever
//! stands does not cut its diagonals, since whichever of them stands there
//! attacks on along the same diagonal, up to the same square (and likewise
//! rooks and queens on files and ranks). Composed walls of bishops lined up
//! in a corridor guard their pawns that way: each bishop only shuffles
//! between two squares, and from either it, or the bishop that took its
//! place, still sees the pawn.
//!
//! Why it is sound: by the induction of [the module above](super), in every
//! continuation that goes on every piece stands within its reach, and a
//! piece that is not capturable is on the board. A relay square, when
//! occupied, holds a slider of the right kind that continues the line, so
//! the square beyond is attacked either way.

use super::Reach;
use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::{Bitboard, ByColor, Role};

impl Reach {
    /// The squares each colour covers for good (see the module
    /// documentation), given which pieces, by index, may be taken.
    pub(super) fn covered(&self, capturable: u32, clear: Bitboard) -> ByColor<Bitboard> {
        let units = &self.units;
        // Where each kind of slider of each colour may stand, and where
        // anything else may.
        let mut diagonal = ByColor::<Bitboard>::default();
        let mut straight = ByColor::<Bitboard>::default();
        let mut not_diagonal = ByColor::<Bitboard>::default();
        let mut not_straight = ByColor::<Bitboard>::default();
        for u in units {
            let (is_diagonal, is_straight) = match u.role {
                _ if u.promoted => (false, false),
                Role::Bishop => (true, false),
                Role::Rook => (false, true),
                Role::Queen => (true, true),
                _ => (false, false),
            };
            for color in crate::Color::ALL {
                let own = u.color == color;
                if own && is_diagonal {
                    *diagonal.get_mut(color) |= u.reach;
                } else {
                    *not_diagonal.get_mut(color) |= u.reach;
                }
                if own && is_straight {
                    *straight.get_mut(color) |= u.reach;
                } else {
                    *not_straight.get_mut(color) |= u.reach;
                }
            }
        }
        let mut covered = ByColor::<Bitboard>::default();
        for (i, u) in units.iter().enumerate() {
            if capturable & (1 << i) != 0 || u.promoted {
                continue;
            }
            let blockers = !clear;
            let diagonal_blockers =
                blockers - (*diagonal.get(u.color) - *not_diagonal.get(u.color));
            let straight_blockers =
                blockers - (*straight.get(u.color) - *not_straight.get(u.color));
            let mut always = Bitboard::FULL;
            for from in u.reach {
                always &= match u.role {
                    Role::King => king_attacks(from).with(from),
                    Role::Pawn => pawn_attacks(u.color, from),
                    Role::Knight => knight_attacks(from),
                    Role::Bishop => bishop_attacks(from, diagonal_blockers),
                    Role::Rook => rook_attacks(from, straight_blockers),
                    Role::Queen => {
                        bishop_attacks(from, diagonal_blockers)
                            | rook_attacks(from, straight_blockers)
                    }
                };
                if always.is_empty() {
                    break;
                }
            }
            *covered.get_mut(u.color) |= always;
        }
        covered
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position, Square};

    fn reach(fen: &str, winner: Color) -> Reach {
        Reach::of(&Position::from_fen(fen).unwrap(), winner).unwrap()
    }

    #[test]
    fn bishops_in_a_corridor_cover_their_pawns() {
        // positions.txt:3290, labelled unwinnable for both sides: seven
        // white bishops on the eight light squares behind the pawns. Each
        // pawn is seen by a bishop, or by the one that took its place, so
        // the black king never takes one and never gets in.
        let fen = "B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1";
        for side in Color::ALL {
            let reach = reach(fen, side);
            let covered = reach.facts.covered.white;
            for pawn in [Square::A6, Square::C6, Square::E6, Square::G6] {
                assert!(covered.contains(pawn), "{side:?} {pawn}");
            }
            assert!(!reach.mate_conceivable_as_is(), "{side:?}");
        }
    }

    #[test]
    fn kings_keep_each_other_out() {
        // positions.txt:2131, labelled: White can mate, Black cannot. The
        // black king, on c8, d8 or e8, always covers d7 and d8, so the white
        // king stays on the light squares a8, b7, a6 and c8, where Black's
        // dark-squared bishops never give check.
        let fen = "BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - - 0 1";
        let reach = reach(fen, Color::Black);
        let white_king = reach.king(Color::White).reach;
        assert!(!white_king.contains(Square::D7) && !white_king.contains(Square::D8));
        assert!(reach.facts.covered.black.contains(Square::D8));
        assert!(!reach.mate_conceivable_as_is());
    }
}
