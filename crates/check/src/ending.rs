//! How the position ends a game by itself: the referee's termination, with
//! the result and the article the Laws give, and what happened in words.

use arbiter_referee::Termination;
use arbiter_rules::{Color, GameResult, Rule};

use crate::reason::Reason;

/// A game the position ended: checkmate, stalemate, a dead position, the
/// fifth repetition or 75 moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ended {
    /// How, in the referee's terms.
    pub termination: Termination,
    /// The result the Laws give.
    pub result: GameResult,
    /// The article that says so.
    pub rule: Rule,
    /// What happened, for the findings' messages.
    pub what: Reason,
}

impl Ended {
    /// `winner` checkmated the other side (FIDE 5.1.1).
    pub fn checkmate(winner: Color) -> Ended {
        Ended {
            termination: Termination::Checkmate,
            result: GameResult::win_for(winner),
            rule: Rule::fide("5.1.1"),
            what: Reason::Checkmated {
                winner,
                loser: !winner,
            },
        }
    }

    /// The side to move has no legal move and is not in check (FIDE 5.2.1).
    pub fn stalemate() -> Ended {
        Ended::draw(Termination::Stalemate, "5.2.1", Reason::Stalemated)
    }

    /// Neither side can checkmate any more (FIDE 5.2.2).
    pub fn dead_position() -> Ended {
        Ended::draw(Termination::DeadPosition, "5.2.2", Reason::DeadPosition)
    }

    /// The same position for the fifth time (FIDE 9.6.1).
    pub fn fivefold() -> Ended {
        Ended::draw(Termination::Fivefold, "9.6.1", Reason::Fivefold)
    }

    /// 75 moves by each side without a capture or pawn move (FIDE 9.6.2).
    pub fn seventy_five_moves() -> Ended {
        Ended::draw(
            Termination::SeventyFiveMoves,
            "9.6.2",
            Reason::SeventyFiveMoves,
        )
    }

    fn draw(termination: Termination, article: &'static str, what: Reason) -> Ended {
        Ended {
            termination,
            result: GameResult::Draw,
            rule: Rule::fide(article),
            what,
        }
    }

    /// Whether the game ended with no move to make (checkmate or
    /// stalemate) rather than by a draw the position brought.
    pub fn no_move_left(&self) -> bool {
        matches!(
            self.termination,
            Termination::Checkmate | Termination::Stalemate
        )
    }
}
