//! The glyphs a notation writes moves with.

use core::fmt::{self, Write};

use crate::san::San;
use crate::{CastlingSide, Color, Piece, Role, Square};

/// A set of glyphs for pieces, captures and castling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// PGN's letters: `N`, `x`, `-`, `O-O`, `=Q`.
    Ascii,
    /// Unicode figurines of the moving side's colour: `♘`, `x`, `-`, `O-O`, `=♕`.
    Figurine,
    /// The classic rules' Chinese names: `马`, `×`, `—`, `0-0`, `=后`.
    Chinese,
}

impl Style {
    /// The sign for `color`'s `role`; a pawn has none.
    pub fn piece(self, role: Role, color: Color) -> Option<char> {
        (role != Role::Pawn).then(|| self.sign(role, color))
    }

    /// The sign for `color`'s `role`, a pawn's included (`P`, `♙`, `兵`).
    pub fn sign(self, role: Role, color: Color) -> char {
        match self {
            Style::Ascii => role.upper_char(),
            Style::Figurine => Piece { color, role }.figurine(),
            Style::Chinese => role.chinese(),
        }
    }

    /// The sign between the squares of a capture (and before the
    /// destination of a short one).
    pub const fn capture(self) -> char {
        match self {
            Style::Ascii | Style::Figurine => 'x',
            Style::Chinese => '×',
        }
    }

    /// The sign between the squares of a long-form move that captures nothing.
    pub const fn dash(self) -> char {
        match self {
            Style::Ascii | Style::Figurine => '-',
            Style::Chinese => '—',
        }
    }

    /// Castling: `O-O` / `O-O-O`, or the classic rules' `0-0` / `0-0-0`.
    pub const fn castle(self, side: CastlingSide) -> &'static str {
        match (self, side) {
            (Style::Chinese, CastlingSide::KingSide) => "0-0",
            (Style::Chinese, CastlingSide::QueenSide) => "0-0-0",
            (_, side) => side.san(),
        }
    }

    /// Writes `=` and the promotion piece.
    pub(crate) fn write_promotion(
        self,
        f: &mut impl Write,
        role: Role,
        color: Color,
    ) -> fmt::Result {
        f.write_char('=')?;
        f.write_char(self.sign(role, color))
    }
}

/// Writes a short-form move (SAN's shape) in `style`, for `color` moving.
pub(crate) fn write_short(
    f: &mut impl Write,
    san: &San,
    style: Style,
    color: Color,
) -> fmt::Result {
    match *san {
        San::Normal(m) => {
            if let Some(sign) = style.piece(m.role, color) {
                f.write_char(sign)?;
            }
            if let Some(file) = m.file {
                f.write_char(file.char())?;
            }
            if let Some(rank) = m.rank {
                f.write_char(rank.char())?;
            }
            if m.capture {
                f.write_char(style.capture())?;
            }
            write_square(f, m.to)?;
            if let Some(p) = m.promotion {
                style.write_promotion(f, p, color)?;
            }
            Ok(())
        }
        San::Castle(side) => f.write_str(style.castle(side)),
        San::Null => f.write_str("--"),
    }
}

pub(crate) fn write_square(f: &mut impl Write, sq: Square) -> fmt::Result {
    f.write_char(sq.file().char())?;
    f.write_char(sq.rank().char())
}
