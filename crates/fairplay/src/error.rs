//! Why a game cannot be screened, with its place.

/// A game that cannot be replayed for the screen.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GameError {
    /// The `FEN` tag does not give a legal position.
    #[error("game {game}: FEN tag {fen:?}: {reason}")]
    BadFen {
        /// The game's number in its file (1 is the first).
        game: u64,
        /// The tag's value.
        fen: String,
        /// Why it was refused.
        reason: String,
    },
    /// A move of the main line is not a legal move.
    #[error("game {game}, move {move_number}: {san:?} is not legal here ({reason})")]
    IllegalMove {
        /// The game's number in its file.
        game: u64,
        /// The move number as a scoresheet writes it (`12.` or `12...`).
        move_number: String,
        /// The move as written.
        san: String,
        /// Why it was refused.
        reason: String,
    },
}
