//! What the screen leaves out and how it reads the engine's lines: the
//! settings every report and baseline records, so that a report can be
//! reproduced.

use serde::{Deserialize, Serialize};

/// The screen's settings. The defaults are the issue's: the first 8 moves
/// of each side are book, a position beyond ±3.00 is decided, and a move
/// is forced when every other one loses 2.00 or more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Moves of each side left out at the start of a game (book); 0 when
    /// an opening book says instead.
    pub book_moves: u32,
    /// The opening book's SHA-256, when one decides what is book
    /// ([`crate::Book`]): a baseline and a screen must use the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book: Option<String>,
    /// A position whose best line is beyond this, either way, in
    /// centipawns, is decided: no move in it tells anything.
    pub decided_cp: i32,
    /// A move that leaves the mover at or below minus this (centipawns)
    /// loses; a position where only one move does not lose is forced.
    pub losing_cp: i32,
    /// A position is complex when the second-best line is within this of
    /// the best (centipawns): the choice takes thought.
    pub complex_gap_cp: i32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            book_moves: 8,
            book: None,
            decided_cp: 300,
            losing_cp: 200,
            complex_gap_cp: 50,
        }
    }
}
