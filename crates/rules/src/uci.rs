//! UCI move notation (`e2e4`, `e7e8q`, `0000`).
//!
//! Castling is written as the king's two-square step in standard chess
//! (`e1g1`) and as the king taking its own rook in Chess960 (`e1h1`), as the
//! UCI protocol's `UCI_Chess960` option specifies. Reading accepts both forms
//! in standard chess.

use core::fmt;
use core::str::FromStr;

use crate::{CastlingMode, Move, MoveKind, Position, Role, Square};

/// A move in UCI notation, not yet tied to a position.
///
/// ```
/// use arbiter_rules::{Position, uci::Uci};
/// let pos = Position::new();
/// let uci: Uci = "g1f3".parse()?;
/// let m = uci.to_move(&pos)?;
/// assert_eq!(Uci::from_move(&pos, m).to_string(), "g1f3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Uci {
    /// A move from one square to another, maybe promoting.
    Normal {
        /// Source square.
        from: Square,
        /// Destination square.
        to: Square,
        /// Promotion piece.
        promotion: Option<Role>,
    },
    /// `0000`: the null move.
    Null,
}

/// Text that is not a UCI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a UCI move (expected from and to squares and an optional promotion letter, like e2e4 or e7e8q)"
)]
pub struct ParseUciError {
    /// The text given.
    pub text: String,
}

/// A UCI move that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{uci} is not a legal move in {fen}")]
pub struct IllegalUciError {
    /// The move.
    pub uci: String,
    /// The position, as FEN.
    pub fen: String,
}

impl Uci {
    /// Reads ASCII like `b"e2e4"`.
    pub fn from_ascii(s: &[u8]) -> Result<Uci, ParseUciError> {
        let err = || ParseUciError {
            text: String::from_utf8_lossy(s).into_owned(),
        };
        if s == b"0000" {
            return Ok(Uci::Null);
        }
        if s.len() != 4 && s.len() != 5 {
            return Err(err());
        }
        let from = Square::from_ascii(&s[0..2]).map_err(|_| err())?;
        let to = Square::from_ascii(&s[2..4]).map_err(|_| err())?;
        let promotion = match s.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                    if c.is_ascii_lowercase() =>
                {
                    Some(r)
                }
                _ => return Err(err()),
            },
        };
        Ok(Uci::Normal {
            from,
            to,
            promotion,
        })
    }

    /// The UCI form of `m` in `pos`, honouring its castling mode.
    pub fn from_move(pos: &Position, m: Move) -> Uci {
        Uci::from_move_with(m, pos.castling_mode())
    }

    /// The UCI form of `m` with the given castling mode.
    pub fn from_move_with(m: Move, mode: CastlingMode) -> Uci {
        let to = match (m.kind(), mode) {
            (MoveKind::Castle, CastlingMode::Standard) => m.king_destination(),
            _ => m.to(),
        };
        Uci::Normal {
            from: m.from(),
            to,
            promotion: m.promotion_role(),
        }
    }

    /// The legal move this names in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalUciError> {
        let illegal = || IllegalUciError {
            uci: self.to_string(),
            fen: pos.fen(),
        };
        let Uci::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return Err(illegal());
        };
        pos.legal_moves()
            .into_iter()
            .find(|&m| {
                m.from() == from
                    && m.promotion_role() == promotion
                    && (m.to() == to
                        || (m.is_castle()
                            && pos.castling_mode() == CastlingMode::Standard
                            && m.king_destination() == to))
            })
            .ok_or_else(illegal)
    }
}

impl FromStr for Uci {
    type Err = ParseUciError;
    fn from_str(s: &str) -> Result<Uci, ParseUciError> {
        Uci::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Uci::Null => f.write_str("0000"),
            Uci::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(r) = promotion {
                    write!(f, "{}", r.char())?;
                }
                Ok(())
            }
        }
    }
}
