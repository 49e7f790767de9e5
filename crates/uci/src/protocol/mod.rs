//! The text of the Universal Chess Interface, both ways.
//!
//! Reading is lenient where real engines differ (any run of whitespace
//! separates tokens, a trailing `\r` is dropped, unknown tokens are
//! skipped) and strict where a wrong reading would change a game (a move
//! that is not exactly UCI notation is reported as malformed, not guessed).

mod go;
mod info;
mod message;
mod option;

pub use go::{Go, PositionCommand};
pub use info::{Bound, Info, Score};
pub use message::{BestMove, EngineMessage};
pub use option::{OptionDecl, OptionError, OptionKind};

/// Splits a line into tokens the way UCI does: on any run of whitespace.
pub(crate) fn tokens(line: &str) -> std::str::SplitWhitespace<'_> {
    line.split_whitespace()
}
