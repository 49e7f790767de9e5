//! Moves and move lists.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{CastlingSide, File, Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves, capturing whatever stands on the destination.
    Normal,
    /// A pawn reaches the last rank and becomes `Role` (FIDE 3.7.3.3).
    Promotion(Role),
    /// A pawn captures a pawn that has just made a double step (FIDE 3.7.3.1).
    EnPassant,
    /// King and rook castle (FIDE 3.8.2). The move's destination is the rook's
    /// square, so that Chess960 castling is never ambiguous.
    Castle,
}

/// A move: a source, a destination and a kind.
///
/// Castling is encoded as the king moving onto its own rook (`from` is the
/// king's square, `to` the rook's), which is what distinguishes castling from
/// a king step in Chess960. [`Move::king_destination`] gives the square the
/// king lands on.
///
/// A `Move` on its own is only a description; [`crate::Position::legal_moves`]
/// is where legal ones come from, and [`crate::Position::play`] checks any
/// other.
///
/// A move is two bytes, packed: the move generator writes it to its list,
/// and a reader hands it back, in one store rather than three (three
/// byte-sized stores read back as one value stall the processor).
///
/// ```
/// use arbiter_rules::{Move, MoveKind, Role, Square};
/// let m = Move::promotion(Square::E7, Square::E8, Role::Queen);
/// assert_eq!(m.promotion_role(), Some(Role::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// let castle = Move::castle(Square::E1, Square::H1);
/// assert_eq!(castle.king_destination(), Square::G1);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u16);

/// Where the destination starts in a [`Move`]'s bits (the source takes the
/// six lowest).
const TO_SHIFT: u32 = 6;
/// Where the kind starts in a [`Move`]'s bits.
const KIND_SHIFT: u32 = 12;
/// The kinds, as stored: a promotion is `PROMOTION` plus the role's index.
const NORMAL: u16 = 0;
const EN_PASSANT: u16 = 1;
const CASTLE: u16 = 2;
const PROMOTION: u16 = 8;

impl Move {
    #[inline(always)]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move(from as u16 | (to as u16) << TO_SHIFT | kind << KIND_SHIFT)
    }

    /// The kind as stored.
    #[inline(always)]
    const fn kind_code(self) -> u16 {
        self.0 >> KIND_SHIFT
    }

    /// A normal move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, NORMAL)
    }

    /// A pawn move to the last rank, promoting to `role`.
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move::pack(from, to, PROMOTION + role as u16)
    }

    /// An en passant capture; `to` is the square the capturing pawn lands on.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, EN_PASSANT)
    }

    /// Castling with the king on `king` and the rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, CASTLE)
    }

    /// The square the moving piece (the king, when castling) leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_low_bits(self.0 as u32)
    }

    /// The destination; when castling, the rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_low_bits((self.0 >> TO_SHIFT) as u32)
    }

    /// What kind of move this is.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.kind_code() {
            NORMAL => MoveKind::Normal,
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            _ => match self.promotion_role() {
                Some(role) => MoveKind::Promotion(role),
                None => MoveKind::Normal,
            },
        }
    }

    /// The promotion piece, if this is a promotion.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind_code().wrapping_sub(PROMOTION) {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }

    /// `true` for castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.kind_code() == CASTLE
    }

    /// `true` for an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.kind_code() == EN_PASSANT
    }

    /// The side castled towards, if this is castling.
    pub fn castling_side(self) -> Option<CastlingSide> {
        self.is_castle()
            .then(|| CastlingSide::from_king_side(self.to() > self.from()))
    }

    /// Where the king lands: for castling the g- or c-file square, otherwise
    /// the destination.
    pub fn king_destination(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), self.from().rank()),
            None => self.to(),
        }
    }

    /// Where the rook lands when castling: the f- or d-file square.
    pub fn rook_destination(self) -> Option<Square> {
        self.castling_side()
            .map(|side| Square::from_coords(side.rook_to_file(), self.from().rank()))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, to) = (self.from(), self.to());
        match self.kind() {
            MoveKind::Normal => write!(f, "{from}{to}"),
            MoveKind::Promotion(r) => write!(f, "{from}{to}{}", r.char()),
            MoveKind::EnPassant => write!(f, "{from}{to}ep"),
            MoveKind::Castle => write!(f, "{from}{to}castle"),
        }
    }
}

impl fmt::Display for Move {
    /// The standard UCI form (castling as the king's two-square step, e.g. `e1g1`).
    ///
    /// In Chess960 use [`crate::uci::Uci::from_move`] with the position's
    /// castling mode instead: there castling is written king-takes-rook.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to = if self.is_castle()
            && self.from().file() == File::E
            && matches!(self.to().file(), File::A | File::H)
        {
            self.king_destination()
        } else {
            self.to()
        };
        write!(f, "{}{}", self.from(), to)?;
        if let Some(r) = self.promotion_role() {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

/// Legal moves of a position. No position has more than 218.
pub type MoveList = ArrayVec<Move, 256>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_reads_back_as_it_was_made() {
        let kinds = [MoveKind::Normal, MoveKind::EnPassant, MoveKind::Castle]
            .into_iter()
            .chain(Role::ALL.map(MoveKind::Promotion));
        let mut seen = std::collections::HashSet::new();
        for kind in kinds {
            for from in Square::ALL {
                for to in Square::ALL {
                    let m = match kind {
                        MoveKind::Normal => Move::normal(from, to),
                        MoveKind::EnPassant => Move::en_passant(from, to),
                        MoveKind::Castle => Move::castle(from, to),
                        MoveKind::Promotion(role) => Move::promotion(from, to, role),
                    };
                    assert_eq!((m.from(), m.to(), m.kind()), (from, to, kind));
                    assert_eq!(m.is_castle(), kind == MoveKind::Castle);
                    assert_eq!(m.is_en_passant(), kind == MoveKind::EnPassant);
                    let promotion = match kind {
                        MoveKind::Promotion(role) => Some(role),
                        _ => None,
                    };
                    assert_eq!(m.promotion_role(), promotion);
                    assert!(seen.insert(m), "{m:?} made twice");
                }
            }
        }
        assert_eq!(core::mem::size_of::<Move>(), 2);
    }
}
