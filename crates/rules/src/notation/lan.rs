//! Long algebraic notation: the piece, the square it leaves and the square
//! it reaches (`Ng1-f3`, `e7xd8=Q+`).

use core::fmt::{self, Write};

use super::style::{Style, write_square};
use crate::san::{PieceMove, San, Suffix};
use crate::{CastlingSide, Color, Move, Position, Role, Square};

/// A move in long algebraic notation, not tied to a position.
///
/// ```
/// use arbiter_rules::{Move, Position, Square, notation::Lan};
/// let pos = Position::new();
/// let lan = Lan::from_move(&pos, Move::normal(Square::G1, Square::F3));
/// assert_eq!(lan.to_string(), "Ng1-f3");
/// assert_eq!(lan.to_san().to_move(&pos)?, Move::normal(Square::G1, Square::F3));
/// # Ok::<(), arbiter_rules::san::SanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lan {
    /// A piece (or pawn) moving from one square to another.
    Normal {
        /// What moves.
        role: Role,
        /// Where from.
        from: Square,
        /// Whether it captures.
        capture: bool,
        /// Where to.
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling towards a side.
    Castle(CastlingSide),
    /// A null move (`--`).
    Null,
}

impl Lan {
    /// The LAN of `m` in `pos` (`m` should be legal there).
    pub fn from_move(pos: &Position, m: Move) -> Lan {
        match m.castling_side() {
            Some(side) => Lan::Castle(side),
            None => Lan::Normal {
                role: pos.board().role_at(m.from()).unwrap_or(Role::Pawn),
                from: m.from(),
                capture: pos.is_capture(m),
                to: m.to(),
                promotion: m.promotion_role(),
            },
        }
    }

    /// The same move as a fully disambiguated SAN, ready to resolve.
    pub fn to_san(self) -> San {
        match self {
            Lan::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => San::Normal(PieceMove {
                role,
                file: Some(from.file()),
                rank: Some(from.rank()),
                capture,
                to,
                promotion,
            }),
            Lan::Castle(side) => San::Castle(side),
            Lan::Null => San::Null,
        }
    }

    pub(crate) fn write(&self, f: &mut impl Write, style: Style, color: Color) -> fmt::Result {
        match *self {
            Lan::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if let Some(sign) = style.piece(role, color) {
                    f.write_char(sign)?;
                }
                write_square(f, from)?;
                f.write_char(if capture {
                    style.capture()
                } else {
                    style.dash()
                })?;
                write_square(f, to)?;
                if let Some(p) = promotion {
                    style.write_promotion(f, p, color)?;
                }
                Ok(())
            }
            Lan::Castle(side) => f.write_str(style.castle(side)),
            Lan::Null => f.write_str("--"),
        }
    }
}

impl From<Lan> for San {
    fn from(lan: Lan) -> San {
        lan.to_san()
    }
}

impl fmt::Display for Lan {
    /// `Ng1-f3`, `Ra1xa7`, `e7xd8=Q`, `O-O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Style::Ascii, Color::White)
    }
}

/// A LAN with its check or mate mark.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LanPlus {
    /// The move.
    pub lan: Lan,
    /// `+` or `#`, if any.
    pub suffix: Option<Suffix>,
}

impl LanPlus {
    /// The LAN of `m` in `pos`, with `+` or `#`.
    pub fn from_move(pos: &Position, m: Move) -> LanPlus {
        LanPlus {
            lan: Lan::from_move(pos, m),
            suffix: Suffix::after(pos, m),
        }
    }
}

impl fmt::Display for LanPlus {
    /// `Ng1-f3`, `e7xd8=Q+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.lan, f)?;
        match self.suffix {
            Some(s) => fmt::Display::fmt(&s, f),
            None => Ok(()),
        }
    }
}
