//! Castling: sides, modes and rights (FIDE 3.8.2; Chess960, FIDE Guidelines II).

use core::fmt;

use crate::{Bitboard, Color, File, Rank, Square};

/// The side of the board a king castles towards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`, the king lands on g1 or g8.
    KingSide,
    /// Towards the a-file: `O-O-O`, the king lands on c1 or c8.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// King side if `king_side`, otherwise queen side.
    pub const fn from_king_side(king_side: bool) -> CastlingSide {
        if king_side {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The file the king lands on: g or c.
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on: f or d.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The square the king lands on when `color` castles to this side.
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), Rank::First.relative_to(color))
    }

    /// The square the rook lands on when `color` castles to this side.
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), Rank::First.relative_to(color))
    }

    /// The notation: `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }

    /// Index: king side 0, queen side 1.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Whether castling follows the standard set-up or Chess960's.
///
/// The rules of castling are the same (FIDE Guidelines II.3); the difference
/// is in notation: standard castling is written as the king's two-square step
/// in UCI, Chess960 castling as the king taking its own rook, and FEN
/// castling rights in Chess960 may need file letters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CastlingMode {
    /// Kings start on the e-file and rooks in the corners.
    #[default]
    Standard,
    /// Chess960 (Fischer Random): kings and rooks may start elsewhere on the back rank.
    Chess960,
}

impl CastlingMode {
    /// `true` for Chess960.
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}

/// The castling rights: the squares of the rooks with which each side may
/// still castle (a rook or king that has moved loses them, FIDE 3.8.2.1).
///
/// ```
/// use arbiter_rules::{CastlingRights, Color, Square};
/// let rights = CastlingRights::STANDARD;
/// assert!(rights.contains(Square::H1));
/// assert_eq!(rights.of(Color::Black).count(), 2);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(Bitboard);

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights(Bitboard::EMPTY);
    /// The four rights of the starting position.
    pub const STANDARD: CastlingRights = CastlingRights(Bitboard::CORNERS);

    /// Rights for the rooks on `rooks`.
    pub const fn from_rooks(rooks: Bitboard) -> CastlingRights {
        CastlingRights(rooks)
    }

    /// The squares of the rooks that keep their castling right.
    #[inline(always)]
    pub const fn rooks(self) -> Bitboard {
        self.0
    }

    /// The rooks of `color` (on its back rank) that keep their right.
    #[inline(always)]
    pub fn of(self, color: Color) -> Bitboard {
        self.0 & Bitboard::rank(Rank::First.relative_to(color))
    }

    /// `true` if the rook on `sq` keeps its right.
    pub const fn contains(self, sq: Square) -> bool {
        self.0.contains(sq)
    }

    /// `true` if no right remains.
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// The rook with which `color` may castle towards `side`, given its king's square.
    pub fn rook(self, color: Color, side: CastlingSide, king: Square) -> Option<Square> {
        let rooks = self.of(color);
        match side {
            CastlingSide::KingSide => rooks.into_iter().rev().find(|r| r.file() > king.file()),
            CastlingSide::QueenSide => rooks.into_iter().find(|r| r.file() < king.file()),
        }
    }

    /// The rights without the rook on `sq`.
    #[inline(always)]
    pub(crate) fn discard(&mut self, squares: Bitboard) {
        self.0 -= squares;
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0).finish()
    }
}
