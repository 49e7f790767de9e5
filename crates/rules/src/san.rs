//! Standard Algebraic Notation (SAN), as PGN writes it and as scoresheets
//! read.
//!
//! # Writing
//!
//! [`San::from_move`] and [`SanPlus::from_move`] write canonical PGN SAN:
//! the piece letter (none for pawns), the least disambiguation that names the
//! piece (the file if that suffices, else the rank, else both), `x` for
//! captures, the destination, `=Q` for promotions, `O-O` / `O-O-O` for
//! castling (in Chess960 too), and `+` or `#` after a check or mate.
//!
//! # Reading
//!
//! [`San::from_ascii`] is the fast path for PGN tokens. It accepts exactly
//! PGN's SAN (`Nf3`, `exd5`, `Nbd7`, `R1e2`, `Qh4xe1`, `e8=Q`, `O-O-O`, `--`
//! for a null move) plus what PGN files in the wild contain: `0-0` and
//! `0-0-0`, a promotion without `=` (`e8Q`), and any trailing run of `+ # ! ?`
//! (ignored). It never allocates unless it fails.
//!
//! [`San::parse`] and [`SanPlus::parse`] read what people write on a
//! scoresheet. On top of everything `from_ascii` takes, they accept:
//!
//! | what | accepted forms |
//! | --- | --- |
//! | spaces | anywhere (ignored), including the ideographic space |
//! | full-width characters | `Ｎｆ３`, `＋`, `＝`… read as their ASCII forms |
//! | piece letters | `K Q R B N P`; lower-case `k q r n p`; lower-case `b` only where it cannot be a pawn's file (below) |
//! | figurines | `♔ ♕ ♖ ♗ ♘ ♙` and `♚ ♛ ♜ ♝ ♞ ♟`, either colour for either side |
//! | Chinese piece names | 王 king, 后 or 皇后 queen, 车 or 車 rook, 象 bishop, 马 or 馬 knight, 兵 pawn |
//! | captures | `x`, `X`, `×`, `:`; missing or superfluous (the move decides) |
//! | long form | the from-square, then `-`, `–` (en dash), `—` (em dash), `―`, `−`, or nothing: `Ng1-f3`, `马g1—f3`, `车a1×a7`, `e2-e4`, `e2e4` |
//! | promotion | `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`, `e8=q`, `e8=♕`, `e8=后` |
//! | castling | `O-O`, `0-0`, `o-o`, `OO`, `00` and the same with three, any dash |
//! | en passant | `e.p.`, `e.p`, `ep.` or `ep` after the destination (ignored: the move decides) |
//! | check and mate | `+`, `†`; `#`, `‡`, `++` (read as mate); missing or superfluous |
//! | annotations | any trailing run of `!` and `?` |
//! | null move | `--` |
//!
//! A pawn move with no file (`d5`) is a push; with a capture mark and no file
//! (`xd5`) it is a capture by either neighbouring pawn.
//!
//! A leading lower-case `b` is read as the b-file when the text is a pawn
//! capture from the b-file (`bxc3`, `ba4`) or a long-form pawn move (`b2-b4`),
//! and as a bishop otherwise (`bb5`, `bxe5`, `bf1-c4`). [`Position::parse_san`]
//! goes further: when the pawn reading of a `b…` move is not legal but the
//! bishop reading is, it takes the bishop.
//!
//! A king's two-square step written as a king move (`Kg1`) is not castling.
//!
//! # Resolving
//!
//! [`San::to_move`] finds the one legal move a SAN names, or says why there is
//! none ([`SanError`]): ambiguous (naming every candidate), no such piece can
//! reach the square, the move would leave the king in check, castling refused
//! (and why), or a missing or wrong promotion. The capture mark is not
//! checked: scoresheets omit and add it freely, and the destination decides.
//!
//! ```
//! use arbiter_rules::{Position, san::{San, SanPlus}};
//! let pos = Position::new();
//! let m = San::parse("马g1—f3")?.to_move(&pos)?;
//! assert_eq!(SanPlus::from_move(&pos, m).to_string(), "Nf3");
//! assert_eq!(pos.parse_san("Ng1-f3")?, m);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::{CastlingSide, File, Move, Position, Rank, Role, Square};

mod ascii;
mod diagnose;
mod error;
mod lenient;
mod resolve;
mod write;

pub use error::{CastlingRefusal, ParseSanError, ParseSanErrorKind, SanError, SanErrorKind};

/// A move in SAN, not yet tied to a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece (or pawn) moving to a square.
    Normal(PieceMove),
    /// Castling towards a side (`O-O`, `O-O-O`).
    Castle(CastlingSide),
    /// A null move (`--`), as PGN analysis records it; never legal.
    Null,
}

/// A piece's or pawn's move as SAN writes it: what moves and where to,
/// with as much of where from as the text gives.
///
/// ```
/// use arbiter_rules::{Role, Square, san::{PieceMove, San}};
/// let San::Normal(m) = San::from_ascii(b"Nbd7")? else { unreachable!() };
/// assert_eq!((m.role, m.to, m.file.map(|f| f.char())), (Role::Knight, Square::D7, Some('b')));
/// # Ok::<(), arbiter_rules::san::ParseSanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceMove {
    /// What moves.
    pub role: Role,
    /// The file it comes from, when written.
    pub file: Option<File>,
    /// The rank it comes from, when written.
    pub rank: Option<Rank>,
    /// Whether a capture mark was written (not checked when resolving).
    pub capture: bool,
    /// The destination.
    pub to: Square,
    /// The promotion piece, when written.
    pub promotion: Option<Role>,
}

/// A check or mate mark after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

impl Suffix {
    /// The PGN mark: `+` or `#`.
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }

    /// The mark `m` deserves when played in `pos` (`None` if no check).
    pub fn after(pos: &Position, m: Move) -> Option<Suffix> {
        let after = pos.after(m);
        if !after.is_check() {
            None
        } else if after.has_legal_moves() {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        }
    }
}

impl fmt::Display for Suffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.char())
    }
}

/// A SAN with its check or mate mark, as PGN writes moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate mark, if any.
    pub suffix: Option<Suffix>,
}

impl SanPlus {
    /// The canonical SAN of `m` in `pos`, with `+` or `#`.
    ///
    /// `m` should be legal in `pos`; for any other move the text is
    /// meaningless (but nothing panics).
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        SanPlus {
            san: San::from_move(pos, m),
            suffix: Suffix::after(pos, m),
        }
    }

    /// Appends the canonical text to `out`; the same as [`fmt::Display`]
    /// without the formatting machinery, for writers of many moves.
    pub fn append_to(&self, out: &mut String) {
        self.san.append_to(out);
        if let Some(suffix) = self.suffix {
            out.push(suffix.char());
        }
    }

    /// Reads a PGN token, keeping its check or mate mark (see [`San::from_ascii`]).
    pub fn from_ascii(s: &[u8]) -> Result<SanPlus, ParseSanError> {
        ascii::parse_plus(s)
    }

    /// Reads a move as a scoresheet may write it, keeping its check or mate
    /// mark (see the [module documentation](self) for what is accepted).
    pub fn parse(text: &str) -> Result<SanPlus, ParseSanError> {
        lenient::parse(text)
    }
}

impl San {
    /// Reads a PGN SAN token fast, without allocating (see the
    /// [module documentation](self)). A trailing `+ # ! ?` run is ignored.
    ///
    /// ```
    /// use arbiter_rules::{Role, Square, san::San};
    /// let san = San::from_ascii(b"Nbd7+")?;
    /// assert!(matches!(san, San::Normal(m) if m.role == Role::Knight && m.to == Square::D7));
    /// # Ok::<(), arbiter_rules::san::ParseSanError>(())
    /// ```
    pub fn from_ascii(s: &[u8]) -> Result<San, ParseSanError> {
        ascii::parse(s)
    }

    /// Reads a move as a scoresheet may write it (see the
    /// [module documentation](self) for what is accepted).
    ///
    /// ```
    /// use arbiter_rules::san::San;
    /// assert_eq!(San::parse("车a1×a7")?, San::parse("Ra1xa7")?);
    /// assert_eq!(San::parse("0-0")?, San::parse("O-O")?);
    /// # Ok::<(), arbiter_rules::san::ParseSanError>(())
    /// ```
    pub fn parse(text: &str) -> Result<San, ParseSanError> {
        lenient::parse(text).map(|plus| plus.san)
    }

    /// The canonical SAN of `m` in `pos`, without a check mark. `m` should be
    /// legal in `pos`; for any other move the text is meaningless (but
    /// nothing panics).
    pub fn from_move(pos: &Position, m: Move) -> San {
        write::san_of(pos, m)
    }

    /// Appends the canonical text to `out`; the same as [`fmt::Display`]
    /// without the formatting machinery, for writers of many moves.
    pub fn append_to(&self, out: &mut String) {
        // Writing to a `String` cannot fail.
        let _ = crate::notation::write_short(
            out,
            self,
            crate::notation::Style::Ascii,
            crate::Color::White,
        );
    }

    /// The legal move the PGN SAN token `s` names in `pos`, when the token
    /// is written in one of the usual forms (`e4`, `Nf3`, `exd5`, `Nbd7`,
    /// `R1e2`, `Qh4xe1`, `O-O`, with or without one `+` or `#`) and plainly
    /// names one legal move; `None` otherwise.
    ///
    /// A first try for readers of many games, cheaper than
    /// [`San::from_ascii`] then [`San::to_move`] because it builds neither
    /// their results nor their errors: whenever it gives a move, those two
    /// give the same; when it gives `None`, ask them (they decide, and say
    /// why a move is refused).
    ///
    /// ```
    /// use arbiter_rules::{Move, Position, Square, san::San};
    /// let pos = Position::new();
    /// assert_eq!(San::resolve_ascii(b"Nf3", &pos), Some(Move::normal(Square::G1, Square::F3)));
    /// assert_eq!(San::resolve_ascii(b"Nf4", &pos), None);
    /// ```
    #[inline]
    pub fn resolve_ascii(s: &[u8], pos: &Position) -> Option<Move> {
        resolve::quick(s, pos)
    }

    /// Plays in `pos` the legal move the PGN SAN token `s` names, and
    /// returns it, when [`San::resolve_ascii`] finds it; otherwise leaves
    /// `pos` as it was and returns `None`.
    ///
    /// For readers that replay many games: the token names the piece that
    /// moves and the kind of move, so playing the move need not look them
    /// up, as [`Position::play_unchecked`] must.
    ///
    /// ```
    /// use arbiter_rules::{Move, Position, Square, san::San};
    /// let mut pos = Position::new();
    /// assert_eq!(San::play_ascii(b"e4", &mut pos), Some(Move::normal(Square::E2, Square::E4)));
    /// assert_eq!(San::play_ascii(b"e4", &mut pos), None);
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    #[inline]
    pub fn play_ascii(s: &[u8], pos: &mut Position) -> Option<Move> {
        resolve::quick_play(s, pos)
    }

    /// The legal move this SAN names in `pos`, or why there is none.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        resolve::to_move(self, pos)
    }
}

impl FromStr for San {
    type Err = ParseSanError;
    /// Same as [`San::parse`].
    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::parse(s)
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;
    /// Same as [`SanPlus::parse`].
    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::parse(s)
    }
}

impl fmt::Display for San {
    /// Canonical PGN SAN: `Nbd7`, `exd5`, `e8=Q`, `O-O-O`, `--`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write::fmt_san(self, f)
    }
}

impl fmt::Display for SanPlus {
    /// Canonical PGN SAN with its mark: `Qh4#`, `Nf3+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write::fmt_san(&self.san, f)?;
        match self.suffix {
            Some(s) => fmt::Display::fmt(&s, f),
            None => Ok(()),
        }
    }
}

impl Position {
    /// The canonical SAN of the legal move `m`, with `+` or `#`.
    ///
    /// ```
    /// use arbiter_rules::{Move, Position, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.san(Move::normal(Square::G1, Square::F3)), "Nf3");
    /// ```
    pub fn san(&self, m: Move) -> String {
        SanPlus::from_move(self, m).to_string()
    }

    /// Reads a move as a scoresheet may write it (see [`San::parse`]) and
    /// finds it among the legal moves.
    ///
    /// A lower-case `b` that reads as a pawn on the b-file but names no legal
    /// pawn move is tried as a bishop.
    ///
    /// ```
    /// use arbiter_rules::Position;
    /// let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")?;
    /// assert_eq!(pos.san(pos.parse_san("象f1—c4")?), "Bc4");
    /// assert_eq!(pos.san(pos.parse_san("bc4")?), "Bc4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let san = San::parse(text).map_err(|e| SanError {
            san: text.trim().to_string(),
            kind: SanErrorKind::Syntax(e),
        })?;
        let resolved = match san.to_move(self) {
            Ok(m) => Ok(m),
            Err(err) => match lenient::bishop_reading(text, san) {
                Some(bishop) => bishop.to_move(self).map_err(|_| err),
                None => Err(err),
            },
        };
        // Errors quote the move as the player wrote it.
        resolved.map_err(|err| SanError {
            san: text.trim().to_string(),
            ..err
        })
    }
}
