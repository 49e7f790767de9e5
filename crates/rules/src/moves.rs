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
/// ```
/// use arbiter_rules::{Move, MoveKind, Role, Square};
/// let m = Move::promotion(Square::E7, Square::E8, Role::Queen);
/// assert_eq!(m.promotion_role(), Some(Role::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// let castle = Move::castle(Square::E1, Square::H1);
/// assert_eq!(castle.king_destination(), Square::G1);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    kind: MoveKind,
}

impl Move {
    /// A normal move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    /// A pawn move to the last rank, promoting to `role`.
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Promotion(role),
        }
    }

    /// An en passant capture; `to` is the square the capturing pawn lands on.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::EnPassant,
        }
    }

    /// Castling with the king on `king` and the rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move {
            from: king,
            to: rook,
            kind: MoveKind::Castle,
        }
    }

    /// The square the moving piece (the king, when castling) leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination; when castling, the rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        self.to
    }

    /// What kind of move this is.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The promotion piece, if this is a promotion.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// `true` for castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    /// `true` for an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }

    /// The side castled towards, if this is castling.
    pub fn castling_side(self) -> Option<CastlingSide> {
        self.is_castle()
            .then(|| CastlingSide::from_king_side(self.to > self.from))
    }

    /// Where the king lands: for castling the g- or c-file square, otherwise
    /// the destination.
    pub fn king_destination(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), self.from.rank()),
            None => self.to,
        }
    }

    /// Where the rook lands when castling: the f- or d-file square.
    pub fn rook_destination(self) -> Option<Square> {
        self.castling_side()
            .map(|side| Square::from_coords(side.rook_to_file(), self.from.rank()))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Normal => write!(f, "{}{}", self.from, self.to),
            MoveKind::Promotion(r) => write!(f, "{}{}{}", self.from, self.to, r.char()),
            MoveKind::EnPassant => write!(f, "{}{}ep", self.from, self.to),
            MoveKind::Castle => write!(f, "{}{}castle", self.from, self.to),
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
            && self.from.file() == File::E
            && matches!(self.to.file(), File::A | File::H)
        {
            self.king_destination()
        } else {
            self.to
        };
        write!(f, "{}{}", self.from, to)?;
        if let Some(r) = self.promotion_role() {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

/// Legal moves of a position. No position has more than 218.
pub type MoveList = ArrayVec<Move, 256>;
