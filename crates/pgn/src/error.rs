//! Syntax errors, with the place they occur.

use core::fmt;

use arbiter_messages::{Arg, Localized, ToArg, english};

/// What is wrong with the text of a game.
///
/// Also the kind of `arbiter check`'s text findings: its order is the order
/// they are listed in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SyntaxErrorKind {
    /// A `{` comment that is never closed.
    UnterminatedComment,
    /// A `(` variation that is never closed.
    UnterminatedVariation,
    /// A `)` with no `(` open.
    UnmatchedParenthesis,
    /// A tag pair without a quoted value or a closing bracket.
    MalformedTag,
    /// A tag pair whose value holds quotes that are not escaped; it was read
    /// up to the last quote before the closing bracket.
    UnescapedQuote,
    /// A tag pair among the moves.
    TagInMovetext,
    /// A `$` not followed by a number from 0 to 255.
    InvalidNag,
    /// A byte that cannot start any token here.
    UnexpectedCharacter(char),
    /// A result marker inside a variation.
    ResultInVariation,
    /// The game ends without a termination marker (`1-0`, `0-1`,
    /// `1/2-1/2` or `*`): truncated, or glued to the next game.
    MissingResult,
    /// The game is larger than the reader accepts.
    GameTooLarge(usize),
}

impl SyntaxErrorKind {
    /// A stable identifier, for tools.
    pub fn id(&self) -> &'static str {
        match self {
            SyntaxErrorKind::UnterminatedComment => "unterminated_comment",
            SyntaxErrorKind::UnterminatedVariation => "unterminated_variation",
            SyntaxErrorKind::UnmatchedParenthesis => "unmatched_parenthesis",
            SyntaxErrorKind::MalformedTag => "malformed_tag",
            SyntaxErrorKind::UnescapedQuote => "unescaped_quote",
            SyntaxErrorKind::TagInMovetext => "tag_in_movetext",
            SyntaxErrorKind::InvalidNag => "invalid_nag",
            SyntaxErrorKind::UnexpectedCharacter(_) => "unexpected_character",
            SyntaxErrorKind::ResultInVariation => "result_in_variation",
            SyntaxErrorKind::MissingResult => "missing_result",
            SyntaxErrorKind::GameTooLarge(_) => "game_too_large",
        }
    }

    /// `true` if the reader recovered and the game still reads as its author
    /// meant it (an unescaped quote in a tag, a missing result marker).
    pub fn is_recoverable(&self) -> bool {
        matches!(
            self,
            SyntaxErrorKind::UnescapedQuote | SyntaxErrorKind::MissingResult
        )
    }
}

impl Localized for SyntaxErrorKind {
    fn key(&self) -> &str {
        match self {
            SyntaxErrorKind::UnterminatedComment => "pgn-unterminated-comment",
            SyntaxErrorKind::UnterminatedVariation => "pgn-unterminated-variation",
            SyntaxErrorKind::UnmatchedParenthesis => "pgn-unmatched-parenthesis",
            SyntaxErrorKind::MalformedTag => "pgn-malformed-tag",
            SyntaxErrorKind::UnescapedQuote => "pgn-unescaped-quote",
            SyntaxErrorKind::TagInMovetext => "pgn-tag-in-movetext",
            SyntaxErrorKind::InvalidNag => "pgn-invalid-nag",
            SyntaxErrorKind::UnexpectedCharacter(_) => "pgn-unexpected-character",
            SyntaxErrorKind::ResultInVariation => "pgn-result-in-variation",
            SyntaxErrorKind::MissingResult => "pgn-missing-result",
            SyntaxErrorKind::GameTooLarge(_) => "pgn-game-too-large",
        }
    }

    fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        match self {
            // As Rust's `{:?}` writes it: quoted, the same in every language.
            SyntaxErrorKind::UnexpectedCharacter(c) => {
                vec![("character", Arg::Text(format!("{c:?}").into()))]
            }
            SyntaxErrorKind::GameTooLarge(limit) => vec![("limit", limit.to_arg())],
            _ => Vec::new(),
        }
    }
}

impl SyntaxErrorKind {
    /// The arguments of each key, by the names the templates use.
    pub const ARGUMENTS: &'static [(&'static str, &'static [&'static str])] = &[
        ("pgn-unterminated-comment", &[]),
        ("pgn-unterminated-variation", &[]),
        ("pgn-unmatched-parenthesis", &[]),
        ("pgn-malformed-tag", &[]),
        ("pgn-unescaped-quote", &[]),
        ("pgn-tag-in-movetext", &[]),
        ("pgn-invalid-nag", &[]),
        ("pgn-unexpected-character", &["character"]),
        ("pgn-result-in-variation", &[]),
        ("pgn-missing-result", &[]),
        ("pgn-game-too-large", &["limit"]),
    ];
}

/// In English, as the catalogue words it.
impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english().render(self))
    }
}

/// A syntax error at a byte offset within a game's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// Where, as a byte offset from the start of the game's text.
    pub offset: usize,
}

/// A place in a file: 1-based line and column (columns count characters).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A game that could not be read, with where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// Where the problem is.
    pub location: Location,
    /// What it is.
    pub kind: SyntaxErrorKind,
}

impl Localized for GameError {
    fn key(&self) -> &str {
        "pgn-game-error"
    }

    fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        vec![
            ("game", self.game.to_arg()),
            ("line", self.location.line.to_arg()),
            ("column", self.location.column.to_arg()),
            ("kind", Arg::Nested(&self.kind)),
        ]
    }
}

impl GameError {
    /// The arguments of its key, by the names the template uses.
    pub const ARGUMENTS: &'static [(&'static str, &'static [&'static str])] =
        &[("pgn-game-error", &["game", "line", "column", "kind"])];
}

/// In English, as the catalogue words it.
impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english().render(self))
    }
}

impl std::error::Error for GameError {}

/// Why reading a game failed: the input, or the game.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The input could not be read; nothing more can be.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// This game is broken; the reader has skipped it and can go on.
    #[error(transparent)]
    Game(#[from] GameError),
}
