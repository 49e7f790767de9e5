//! Syntax errors, with the place they occur.

use core::fmt;

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

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxErrorKind::UnterminatedComment => {
                f.write_str("comment opened with { is never closed")
            }
            SyntaxErrorKind::UnterminatedVariation => {
                f.write_str("variation opened with ( is never closed")
            }
            SyntaxErrorKind::UnmatchedParenthesis => f.write_str(") closes no variation"),
            SyntaxErrorKind::MalformedTag => {
                f.write_str("malformed tag pair (expected [Name \"value\"])")
            }
            SyntaxErrorKind::UnescapedQuote => {
                f.write_str("tag value holds quotes that are not escaped as \\\"")
            }
            SyntaxErrorKind::TagInMovetext => f.write_str("tag pair among the moves"),
            SyntaxErrorKind::InvalidNag => {
                f.write_str("$ must be followed by a number from 0 to 255")
            }
            SyntaxErrorKind::UnexpectedCharacter(c) => write!(f, "unexpected character {c:?}"),
            SyntaxErrorKind::ResultInVariation => f.write_str("result marker inside a variation"),
            SyntaxErrorKind::MissingResult => {
                f.write_str("game ends without a result marker (1-0, 0-1, 1/2-1/2 or *)")
            }
            SyntaxErrorKind::GameTooLarge(limit) => {
                write!(f, "game is larger than {limit} bytes and was skipped")
            }
        }
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {}, column {}: {kind}", .location.line, .location.column)]
pub struct GameError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// Where the problem is.
    pub location: Location,
    /// What it is.
    pub kind: SyntaxErrorKind,
}

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
