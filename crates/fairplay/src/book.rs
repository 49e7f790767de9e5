//! An opening book: the positions of a PGN of opening lines, main lines
//! and variations alike. A game's moves are book while every position
//! they reach is one of the book's: preparation, not play at the board.
//!
//! The book is a set of positions, not of move orders, so a game that
//! reaches a book position by another order (a transposition) is still in
//! book; once a move leaves it, the rest of the game is play, even if a
//! later position happens to be one of the book's.

use std::collections::HashSet;

use arbiter_pgn::{MoveNode, ReadError};
use arbiter_rules::Position;

use crate::baseline::baseline_hash;
use crate::game::{legal_move, start_position};
use crate::{GameError, PlayedGame};

/// The positions of an opening book, and the file's name for reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// The repetition keys (FIDE 9.2.3's "same position") of every
    /// position of every line, the lines' starts included.
    positions: HashSet<u64>,
    /// The SHA-256 of the book file's bytes, in hex.
    pub hash: String,
}

/// A book that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// Not readable as PGN.
    #[error("{0}")]
    Read(#[from] ReadError),
    /// A line with an illegal move or start.
    #[error("{0}")]
    Line(#[from] GameError),
}

impl Book {
    /// Reads a book from a PGN file's bytes: each game is a line, each of
    /// its variations another from the position it starts in.
    pub fn read(bytes: &[u8]) -> Result<Book, BookError> {
        let mut reader = arbiter_pgn::Reader::new(bytes);
        let mut positions = HashSet::new();
        let mut number = 0;
        while let Some(line) = reader.read_game()? {
            number += 1;
            let start = start_position(&line, number)?;
            positions.insert(start.repetition_key());
            add_line(&line.moves, start, number, &mut positions)?;
        }
        Ok(Book {
            positions,
            hash: baseline_hash(bytes),
        })
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// The book holds no position (an empty file).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Whether `position` is one of the book's.
    pub fn contains(&self, position: &Position) -> bool {
        self.positions.contains(&position.repetition_key())
    }

    /// How many of `game`'s first plies are book: the game starts in the
    /// book and each of these moves reaches a book position.
    pub fn plies_in(&self, game: &PlayedGame) -> usize {
        if !self.contains(game.position(0)) {
            return 0;
        }
        (0..game.plies.len())
            .take_while(|&i| self.contains(game.position(i + 1)))
            .count()
    }
}

/// Adds the positions of `moves`, played from `position`, and of their
/// variations.
fn add_line(
    moves: &[MoveNode],
    mut position: Position,
    number: u64,
    positions: &mut HashSet<u64>,
) -> Result<(), GameError> {
    for node in moves {
        for variation in &node.variations {
            add_line(&variation.moves, position.clone(), number, positions)?;
        }
        let played = legal_move(&node.san, &position).map_err(|reason| GameError::IllegalMove {
            game: number,
            move_number: crate::game::move_number(&position),
            san: node.san.clone(),
            reason,
        })?;
        position.play_unchecked(played);
        positions.insert(position.repetition_key());
    }
    Ok(())
}
