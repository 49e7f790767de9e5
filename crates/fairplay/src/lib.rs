//! Fair-play screening an arbiter can defend: every move of the games
//! analysed by a UCI engine at a fixed node count, the moves that mean
//! something scored, and each player measured against a baseline of real
//! human games of his rating band.
//!
//! - [`PlayedGame`]: a PGN game replayed (the project's own reader and
//!   rules), each move with its position, repetitions and time spent.
//! - [`score_ply`]: one move scored, or left out as [`Exclusion::Book`],
//!   [`Exclusion::Decided`], [`Exclusion::Forced`] or
//!   [`Exclusion::Repetition`].
//! - [`Book`]: an opening book, a PGN of lines; a game's moves are book
//!   while they stay in its positions.
//! - [`PlayerMoves::figures`]: top-1 and top-3 match rates, average
//!   centipawn loss, lichess's accuracy, move-time statistics.
//! - [`Baseline`]: the bands' figures and their [`expectation`] by how
//!   hard the position is, a versioned file with its engine
//!   and settings; [`screen`](screen::screen): z-scores, combined, against
//!   a Bonferroni-corrected threshold.
//! - [`Report`]: "no signal" or "review", never a verdict, with the
//!   false-positive rate its threshold implies and everything needed to
//!   reproduce it.
//! - [`engine`]: the analysis itself, engines in parallel;
//!   [`AnalysedMoves`]: its scored moves, kept as a file to refit from.
//!
//! Everything but [`engine`] is pure: the tests score made-up analyses.
#![warn(missing_docs)]

pub mod accuracy;
mod analysed;
mod analysis;
pub mod baseline;
mod book;
mod clock;
pub mod engine;
mod error;
pub mod expectation;
mod game;
mod message;
mod player;
mod report;
mod score;
pub mod screen;
mod settings;

pub use analysed::{ANALYSIS_FORMAT, AnalysedMoves, AnalysisFileError, AnalysisWriter, SideMoves};
pub use analysis::{EngineId, GameAnalysis, Line, PositionAnalysis};
pub use baseline::{Baseline, BaselineError, baseline_hash};
pub use book::{Book, BookError};
pub use clock::{TimeControl, time_spent};
pub use error::GameError;
pub use game::{PlayedGame, Player, Ply};
pub use message::ReportText;
pub use player::{PlayerFigures, PlayerMoves};
pub use report::{Report, baseline_text};
pub use score::{Exclusion, MoveScore, score_ply, score_side};
pub use settings::Settings;

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
