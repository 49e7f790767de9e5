//! The streaming interface: a [`Visitor`] is told about each part of a game
//! as the parser meets it, without anything being allocated on the way.

use std::borrow::Cow;

use crate::text::{decode_text, unescape};
use crate::{Comment, GameResult, Nag, SyntaxError};

/// Receives the parts of one game, in the order they appear.
///
/// Every method but [`Visitor::end_game`] has a default that ignores its
/// input, so a visitor implements only what it needs. Byte offsets are from
/// the start of the game's text; [`crate::GameText::location`] turns them
/// into lines and columns.
///
/// ```
/// use arbiter_pgn::{GameText, SanToken, Visitor};
///
/// /// Counts the moves of the main line.
/// struct Plies(usize);
///
/// impl Visitor for Plies {
///     type Output = usize;
///     fn san(&mut self, _san: SanToken<'_>) {
///         self.0 += 1;
///     }
///     fn begin_variation(&mut self) -> arbiter_pgn::Skip {
///         arbiter_pgn::Skip(true)
///     }
///     fn end_game(&mut self) -> usize {
///         std::mem::replace(&mut self.0, 0)
///     }
/// }
///
/// let text = GameText::new(b"1. e4 e5 (1... c5) 2. Nf3 *", 1, 1, 0);
/// assert_eq!(text.visit(&mut Plies(0)), 3);
/// ```
pub trait Visitor {
    /// What the visitor makes of a game.
    type Output;

    /// A game begins.
    fn begin_game(&mut self) {}

    /// A tag pair of the tag section.
    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) {}

    /// The tag section is over and the movetext begins (called once per
    /// game, also for a game without moves).
    fn begin_movetext(&mut self) {}

    /// A move number indication (`12.` or `12...`).
    fn move_number(&mut self, _number: u32, _offset: usize) {}

    /// A move, as written (Standard Algebraic Notation or one of its
    /// lenient forms).
    fn san(&mut self, _san: SanToken<'_>) {}

    /// An annotation glyph (`$n` or a `!`/`?` suffix) for the move before it.
    fn nag(&mut self, _nag: Nag, _offset: usize) {}

    /// A comment (`{…}`, or `;` to the end of the line).
    fn comment(&mut self, _comment: RawComment<'_>) {}

    /// A variation opens: an alternative to the move just read. Return
    /// `Skip(true)` to skip it whole.
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }

    /// The variation opened last closes.
    fn end_variation(&mut self) {}

    /// The termination marker.
    fn result(&mut self, _result: GameResult, _offset: usize) {}

    /// A syntax error. The parser goes on after it where it can.
    fn syntax_error(&mut self, _error: SyntaxError) {}

    /// The game is over: what the visitor makes of it.
    fn end_game(&mut self) -> Self::Output;
}

/// Whether to skip a variation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Skip(pub bool);

/// A tag value as written, still escaped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawTag<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> RawTag<'a> {
    pub(crate) fn new(bytes: &'a [u8], offset: usize) -> RawTag<'a> {
        RawTag { bytes, offset }
    }

    /// The bytes between the quotes, escapes included.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The value with `\"` and `\\` undone.
    pub fn unescaped(&self) -> Cow<'a, [u8]> {
        unescape(self.bytes)
    }

    /// The value as text: unescaped, and read as UTF-8, or as Latin-1 when
    /// it is not valid UTF-8.
    pub fn decode(&self) -> Cow<'a, str> {
        match unescape(self.bytes) {
            Cow::Borrowed(b) => decode_text(b),
            Cow::Owned(v) => Cow::Owned(decode_text(&v).into_owned()),
        }
    }

    /// Where the value starts, as a byte offset in the game's text.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

/// The text of a comment, between its braces (or after its `;`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawComment<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> RawComment<'a> {
    pub(crate) fn new(bytes: &'a [u8], offset: usize) -> RawComment<'a> {
        RawComment { bytes, offset }
    }

    /// The bytes as written.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The text, read as UTF-8 or, failing that, Latin-1.
    pub fn decode(&self) -> Cow<'a, str> {
        decode_text(self.bytes)
    }

    /// The comment with its commands (`%clk`, `%emt`, `%eval`, …) read.
    pub fn parse(&self) -> Comment {
        Comment::parse(&self.decode())
    }

    /// Where the comment's text starts, as a byte offset in the game's text.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

/// A check or mate sign after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// `+`
    Check,
    /// `#` (or `++`)
    Mate,
}

/// A move as written in the movetext, with its check or mate sign split off
/// (annotation suffixes such as `!?` arrive separately as [`Nag`]s).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SanToken<'a> {
    bytes: &'a [u8],
    mark: Option<CheckMark>,
    offset: usize,
}

impl<'a> SanToken<'a> {
    pub(crate) fn new(bytes: &'a [u8], mark: Option<CheckMark>, offset: usize) -> SanToken<'a> {
        SanToken {
            bytes,
            mark,
            offset,
        }
    }

    /// The move without its check sign: `Nf3`, `exd6`, `O-O`, `♘f3`, `--`.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The move as text (UTF-8, or Latin-1 when it is not valid UTF-8).
    pub fn decode(&self) -> Cow<'a, str> {
        decode_text(self.bytes)
    }

    /// The check or mate sign written after the move.
    pub fn check_mark(&self) -> Option<CheckMark> {
        self.mark
    }

    /// `true` for the null move (`--` or `Z0`), which passes the turn: it
    /// appears in analysis, never in a game that was played.
    pub fn is_null(&self) -> bool {
        matches!(self.bytes, b"--" | b"Z0")
    }

    /// Where the move starts, as a byte offset in the game's text.
    pub fn offset(&self) -> usize {
        self.offset
    }
}
