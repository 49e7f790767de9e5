//! A game record replayed for the screen: each move with the position it
//! was played in, who played it, whether it repeats a position, and the
//! time it took.

use std::collections::HashSet;

use arbiter_pgn::Game;
use arbiter_rules::san::San;
use arbiter_rules::uci::Uci;
use arbiter_rules::{ByColor, Color, Move, Position};

use crate::clock::{TimeControl, time_spent};
use crate::{Book, GameError, Settings};

/// A player as the game's tags name and rate him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The `White` or `Black` tag.
    pub name: String,
    /// The `WhiteElo` or `BlackElo` tag, when it is a positive number.
    pub rating: Option<u32>,
}

/// One move of a game, with what the screen needs to judge it.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The position the move was played in.
    pub before: Position,
    /// The move.
    pub played: Move,
    /// The move in UCI notation, as engines write their lines.
    pub uci: String,
    /// Who played it.
    pub mover: Color,
    /// How many moves its player had made in this game, this one included
    /// (1 for each side's first move).
    pub side_move: u32,
    /// The move number as a scoresheet writes it (`12.` or `12...`).
    pub move_number: String,
    /// The position after it was already seen in this game (FIDE 9.2.3's
    /// sense of "the same position").
    pub repeats: bool,
    /// The time it took, in milliseconds, from `%emt` or from the clocks.
    pub spent_ms: Option<u64>,
}

/// A game replayed: its players, its start and its moves.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game's number in its file (1 is the first).
    pub number: u64,
    /// White and Black.
    pub players: ByColor<Player>,
    /// The `FEN` tag, when the game does not start from the usual position.
    pub start_fen: Option<String>,
    /// The moves of the main line.
    pub plies: Vec<Ply>,
    /// The position after the last move.
    pub end: Position,
    /// How many of the first plies an opening book holds
    /// ([`PlayedGame::mark_book`]); 0 until a book is given.
    pub book_plies: usize,
}

impl PlayedGame {
    /// Replays the main line of `game`, the `number`th of its file.
    pub fn from_pgn(game: &Game, number: u64) -> Result<PlayedGame, GameError> {
        let start_fen = game.tags.get("FEN").map(str::to_string);
        let mut position = start_position(game, number)?;
        let control = game.tags.get("TimeControl").and_then(TimeControl::parse);
        let mut seen = HashSet::from([position.repetition_key()]);
        let mut last_clock: ByColor<Option<u64>> = ByColor {
            white: None,
            black: None,
        };
        if let Some(control) = control {
            last_clock = ByColor {
                white: Some(control.base_ms),
                black: Some(control.base_ms),
            };
        }
        let mut side_moves = ByColor {
            white: 0u32,
            black: 0u32,
        };
        let mut plies = Vec::with_capacity(game.moves.len());
        for node in &game.moves {
            let mover = position.turn();
            let move_number = move_number(&position);
            let played =
                legal_move(&node.san, &position).map_err(|reason| GameError::IllegalMove {
                    game: number,
                    move_number: move_number.clone(),
                    san: node.san.clone(),
                    reason,
                })?;
            let clock = node
                .comments
                .iter()
                .find_map(|c| c.clock)
                .map(|t| t.as_millis());
            let elapsed = node
                .comments
                .iter()
                .find_map(|c| c.elapsed)
                .map(|t| t.as_millis());
            let spent_ms = time_spent(
                elapsed,
                *last_clock.get(mover),
                clock,
                control.map(|c| c.increment_ms),
            );
            if clock.is_some() {
                *last_clock.get_mut(mover) = clock;
            }
            *side_moves.get_mut(mover) += 1;
            let before = position.clone();
            let uci = Uci::from_move(&position, played).to_string();
            position.play_unchecked(played);
            let repeats = !seen.insert(position.repetition_key());
            plies.push(Ply {
                before,
                played,
                uci,
                mover,
                side_move: *side_moves.get(mover),
                move_number,
                repeats,
                spent_ms,
            });
        }
        Ok(PlayedGame {
            number,
            players: ByColor {
                white: player(game, "White"),
                black: player(game, "Black"),
            },
            start_fen,
            plies,
            end: position,
            book_plies: 0,
        })
    }

    /// Marks the first plies that `book` holds as book.
    pub fn mark_book(&mut self, book: &Book) {
        self.book_plies = book.plies_in(self);
    }

    /// Whether ply `index` is book: one of its side's first
    /// `settings.book_moves`, or in the opening book marked.
    pub fn is_book(&self, index: usize, settings: &Settings) -> bool {
        index < self.book_plies
            || self
                .plies
                .get(index)
                .is_some_and(|p| p.side_move <= settings.book_moves)
    }

    /// The position before ply `index`; `index == plies.len()` is the end.
    pub fn position(&self, index: usize) -> &Position {
        self.plies.get(index).map_or(&self.end, |p| &p.before)
    }
}

/// The position a game starts from: its `FEN` tag's, else the usual one.
pub(crate) fn start_position(game: &Game, number: u64) -> Result<Position, GameError> {
    match game.tags.get("FEN") {
        None => Ok(Position::new()),
        Some(fen) => Position::from_fen(fen).map_err(|e| GameError::BadFen {
            game: number,
            fen: fen.to_string(),
            reason: e.to_string(),
        }),
    }
}

/// The number of the move to be played in `position`, as a scoresheet
/// writes it (`12.` or `12...`).
pub(crate) fn move_number(position: &Position) -> String {
    match position.turn() {
        Color::White => format!("{}.", position.fullmoves()),
        Color::Black => format!("{}...", position.fullmoves()),
    }
}

pub(crate) fn legal_move(san: &str, position: &Position) -> Result<Move, String> {
    if let Some(m) = San::resolve_ascii(san.as_bytes(), position) {
        return Ok(m);
    }
    let parsed = San::parse(san).map_err(|e| e.to_string())?;
    parsed.to_move(position).map_err(|e| e.to_string())
}

fn player(game: &Game, color: &str) -> Player {
    Player {
        name: game.tags.get(color).unwrap_or("?").to_string(),
        rating: game
            .tags
            .get(&format!("{color}Elo"))
            .and_then(|r| r.trim().parse::<u32>().ok())
            .filter(|&r| r > 0),
    }
}
