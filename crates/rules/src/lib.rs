//! The Basic Rules of Play (FIDE Laws of Chess, Articles 1–5): squares,
//! pieces, positions, legal moves, FEN, and what a position decides by itself.
//!
//! ```
//! use arbiter_rules::{Position, PositionOutcome};
//! let pos = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")?;
//! assert_eq!(pos.outcome(), Some(PositionOutcome::Checkmate { winner: arbiter_rules::Color::White }));
//! # Ok::<(), arbiter_rules::ParseFenError>(())
//! ```
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod board_state;
mod castling;
mod color;
pub mod dead_position;
mod dispatch;
pub mod fen;
mod history;
mod magics;
mod movegen;
mod moves;
pub mod notation;
pub mod perft;
mod polyglot_keys;
mod position;
mod result;
mod role;
mod rule;
pub mod san;
mod setup;
mod square;
pub mod uci;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use castling::{CastlingMode, CastlingRights, CastlingSide};
pub use color::{ByColor, Color};
pub use dispatch::{Backend, backend};
pub use fen::{CastlingNotation, FenError, FenErrorKind, FenField};
pub use history::{Checkpoint, History};
pub use moves::{Move, MoveKind, MoveList};
pub use position::{
    IllegalMoveError, ParseFenError, Position, PositionError, PositionOutcome, Validation,
};
pub use result::{GameResult, ParseResultError, PlayerResult};
pub use role::{Piece, Role};
pub use rule::{ParseRuleError, Rule, Source};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
