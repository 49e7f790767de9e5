//! Writing a move in a chosen notation.

use core::fmt;
use core::str::FromStr;

use super::lan::Lan;
use super::style::{Style, write_short};
use crate::san::{San, Suffix};
use crate::uci::Uci;
use crate::{Color, Move, Position};

/// A notation to write moves in (see the [module documentation](super)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation, as PGN writes it: `Nf3`.
    San,
    /// Long algebraic notation: `Ng1-f3`.
    Lan,
    /// SAN with figurines: `♘f3`.
    Figurine,
    /// The classic rules' long form: `马g1—f3`.
    ChineseLong,
    /// The classic rules' short form: `马f3`.
    ChineseShort,
    /// UCI: `g1f3` (Chess960 castling as king takes rook).
    Uci,
}

/// A name that is no notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a notation (expected san, lan, figurine, zh-long, zh-short or uci)")]
pub struct ParseNotationError(pub String);

impl Notation {
    /// Every notation.
    pub const ALL: [Notation; 6] = [
        Notation::San,
        Notation::Lan,
        Notation::Figurine,
        Notation::ChineseLong,
        Notation::ChineseShort,
        Notation::Uci,
    ];

    /// The stable name: `san`, `lan`, `figurine`, `zh-long`, `zh-short`, `uci`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Figurine => "figurine",
            Notation::ChineseLong => "zh-long",
            Notation::ChineseShort => "zh-short",
            Notation::Uci => "uci",
        }
    }

    /// `m` (legal in `pos`) in this notation, ready to display.
    pub fn display(self, pos: &Position, m: Move) -> Written {
        let color = pos.turn();
        let (body, style) = match self {
            Notation::San => (Body::Short(San::from_move(pos, m)), Style::Ascii),
            Notation::Figurine => (Body::Short(San::from_move(pos, m)), Style::Figurine),
            Notation::ChineseShort => (Body::Short(San::from_move(pos, m)), Style::Chinese),
            Notation::Lan => (Body::Long(Lan::from_move(pos, m)), Style::Ascii),
            Notation::ChineseLong => (Body::Long(Lan::from_move(pos, m)), Style::Chinese),
            Notation::Uci => {
                return Written {
                    body: Body::Uci(Uci::from_move(pos, m)),
                    suffix: None,
                    style: Style::Ascii,
                    color,
                };
            }
        };
        Written {
            body,
            suffix: Suffix::after(pos, m),
            style,
            color,
        }
    }

    /// `m` (legal in `pos`) written in this notation.
    pub fn write(self, pos: &Position, m: Move) -> String {
        self.display(pos, m).to_string()
    }
}

impl FromStr for Notation {
    type Err = ParseNotationError;
    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name() == s)
            .ok_or_else(|| ParseNotationError(s.to_string()))
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move written in some notation; see [`Notation::display`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Written {
    body: Body,
    suffix: Option<Suffix>,
    style: Style,
    color: Color,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Body {
    Short(San),
    Long(Lan),
    Uci(Uci),
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.body {
            Body::Short(san) => write_short(f, san, self.style, self.color)?,
            Body::Long(lan) => lan.write(f, self.style, self.color)?,
            Body::Uci(uci) => return fmt::Display::fmt(uci, f),
        }
        match self.suffix {
            Some(s) => fmt::Display::fmt(&s, f),
            None => Ok(()),
        }
    }
}
