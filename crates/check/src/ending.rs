//! How the position ends a game by itself, and the result that follows.

use arbiter_pgn::GameResult;
use arbiter_rules::{Color, Rule};

/// A way the position alone ends the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is checkmated (FIDE 5.1.1).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check (FIDE 5.2.1).
    Stalemate,
    /// Neither side can checkmate any more (FIDE 5.2.2).
    DeadPosition,
    /// The same position for the fifth time (FIDE 9.6.1).
    Fivefold,
    /// 75 moves by each side without a capture or pawn move (FIDE 9.6.2).
    SeventyFiveMoves,
}

impl Ending {
    /// The result the Laws give.
    pub fn result(self) -> GameResult {
        match self {
            Ending::Checkmate {
                winner: Color::White,
            } => GameResult::WhiteWins,
            Ending::Checkmate {
                winner: Color::Black,
            } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }

    /// A short name, for the summary.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::DeadPosition => "dead position",
            Ending::Fivefold => "fivefold repetition",
            Ending::SeventyFiveMoves => "75-move rule",
        }
    }

    /// The article that says so.
    pub fn rule(self) -> Rule {
        match self {
            Ending::Checkmate { .. } => Rule::fide("5.1.1"),
            Ending::Stalemate => Rule::fide("5.2.1"),
            Ending::DeadPosition => Rule::fide("5.2.2"),
            Ending::Fivefold => Rule::fide("9.6.1"),
            Ending::SeventyFiveMoves => Rule::fide("9.6.2"),
        }
    }

    /// What happened, in English.
    pub fn describe(self) -> &'static str {
        match self {
            Ending::Checkmate {
                winner: Color::White,
            } => "White checkmated Black",
            Ending::Checkmate {
                winner: Color::Black,
            } => "Black checkmated White",
            Ending::Stalemate => "stalemate",
            Ending::DeadPosition => "neither side can checkmate (dead position)",
            Ending::Fivefold => "the same position occurred for the fifth time",
            Ending::SeventyFiveMoves => "75 moves by each side without a capture or pawn move",
        }
    }

    /// What happened, in Chinese.
    pub fn describe_zh(self) -> &'static str {
        match self {
            Ending::Checkmate {
                winner: Color::White,
            } => "白方将死黑方",
            Ending::Checkmate {
                winner: Color::Black,
            } => "黑方将死白方",
            Ending::Stalemate => "逼和",
            Ending::DeadPosition => "双方都无法将死对方（死局）",
            Ending::Fivefold => "同一局面第五次出现",
            Ending::SeventyFiveMoves => "双方各走75步未吃子也未动兵",
        }
    }
}
