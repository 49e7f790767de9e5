//! Game records: a streaming PGN reader and writer.
//!
//! The reader cuts its input into games and parses one at a time, so a file
//! of any size reads in memory proportional to its largest game. It accepts
//! the PGN standard and what real files do beside it: move numbers in every
//! form (`1.`, `1...`, `1…`), `{}` and `;` comments with their commands
//! (`[%clk]`, `[%emt]`, `[%eval]`), NAGs and `!?` suffixes, variations to
//! any depth, null moves, `%` escape lines, a byte-order mark, CRLF and CR
//! line ends, Latin-1 text, and gzip or Zstandard compression.
//!
//! This crate reads the *syntax* of a game record. Moves are handed over as
//! written (see [`SanToken`]); what they mean on the board is for
//! `arbiter-rules` to say.
//!
//! Two ways to read:
//!
//! - [`Reader::read_game`] builds a [`Game`] (tags, moves, comments,
//!   variations, result): simple, and what most programs want.
//! - [`Reader::visit_game`] drives a [`Visitor`] through the game's parts
//!   without building anything: the fast path.
//!
//! ```
//! use arbiter_pgn::{ClockTime, Reader};
//! let pgn = r#"[Event "Casual"]
//! [White "A"]
//! [Black "B"]
//! [Result "0-1"]
//!
//! 1. f3 { [%clk 0:05:00] } e5 2. g4?? Qh4# 0-1
//! "#;
//! let game = Reader::new(pgn.as_bytes()).read_game()?.expect("one game");
//! assert_eq!(game.tags.get("Black"), Some("B"));
//! assert_eq!(game.moves[0].comments[0].clock, Some(ClockTime::from_millis(300_000)));
//! assert_eq!(game.moves[2].nags, [arbiter_pgn::Nag::BLUNDER]);
//! // Writing gives the export format; reading it back gives the same game.
//! let again = Reader::new(game.to_string().as_bytes()).read_game()?.unwrap();
//! assert_eq!(again.moves, game.moves);
//! # Ok::<(), arbiter_pgn::ReadError>(())
//! ```
#![warn(missing_docs)]

mod comment;
mod date;
mod error;
mod game;
mod lex;
mod nag;
mod open;
mod parse;
mod reader;
mod result;
mod split;
mod text;
mod visitor;
mod writer;

pub use arbiter_rules::{GameResult, ParseResultError};
pub use comment::{ClockTime, Comment, Eval, Score};
pub use date::Date;
pub use error::{GameError, Location, ReadError, SyntaxError, SyntaxErrorKind};
pub use game::{Game, GameBuilder, MoveNode, Tags, Variation};
pub use lex::count_line_breaks;
pub use nag::Nag;
pub use open::{Compression, Input, Progress, decompress, open_input};
pub use parse::GameText;
pub use reader::{Games, MAX_GAME_BYTES, Reader};
pub use split::{
    GameHead, GameTags, NextGame, OpenGame, next_game, next_game_head, next_game_with_tags,
};
pub use text::{decode_text, is_latin1};
pub use visitor::{CheckMark, RawComment, RawTag, SanToken, Skip, Visitor};
pub use writer::{LINE_WIDTH, SEVEN_TAG_ROSTER, Writer, export};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
