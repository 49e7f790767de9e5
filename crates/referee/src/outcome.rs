//! How a game ended: the result, the reason, and the rule.

use serde::{Deserialize, Serialize};

use arbiter_rules::GameResult;

use crate::Ruling;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// Checkmate (FIDE 5.1.1).
    Checkmate,
    /// Resignation (FIDE 5.1.2).
    Resignation,
    /// Resignation when the opponent could not mate: a draw (FIDE 5.1.2).
    ResignationOpponentCannotMate,
    /// A flag fell (FIDE 6.9).
    FlagFall,
    /// A flag fell, but the opponent could not mate: a draw (FIDE 6.9).
    FlagFallOpponentCannotMate,
    /// Both flags down in the last period (Guidelines III.3.1).
    BothFlags,
    /// Lost by illegal moves (FIDE 7.5.5, `classic: 送王`).
    IllegalMoves,
    /// The illegal-move loss became a draw: the opponent could not mate.
    IllegalMovesOpponentCannotMate,
    /// Stalemate (FIDE 5.2.1).
    Stalemate,
    /// Dead position: no sequence of legal moves mates (FIDE 5.2.2).
    DeadPosition,
    /// Neither side has mating material (the easy dead position).
    InsufficientMaterial,
    /// Draw by agreement (FIDE 5.2.3, 9.1).
    Agreement,
    /// Threefold repetition claimed (FIDE 9.2).
    ThreefoldClaimed,
    /// Threefold repetition, automatic (`classic`).
    Threefold,
    /// Fivefold repetition (FIDE 9.6.1).
    Fivefold,
    /// Fifty moves claimed (FIDE 9.3).
    FiftyMovesClaimed,
    /// Fifty moves, automatic (`classic`).
    FiftyMoves,
    /// Seventy-five moves (FIDE 9.6.2).
    SeventyFiveMoves,
    /// Perpetual check (`classic: 长将和`).
    PerpetualCheck,
    /// Colours reversed early: a new game must be played (FIDE 7.3).
    ColoursReversedRestart,
    /// The arbiter's decision.
    ArbiterDecision,
    /// Lost by default: online, no first move within the default time
    /// (FIDE 6.7.1).
    Forfeit,
    /// Called off by a player before both had moved (online): no result.
    Aborted,
}

impl Termination {
    /// Every way a game ends, in the order they are declared.
    pub const ALL: [Termination; 23] = [
        Termination::Checkmate,
        Termination::Resignation,
        Termination::ResignationOpponentCannotMate,
        Termination::FlagFall,
        Termination::FlagFallOpponentCannotMate,
        Termination::BothFlags,
        Termination::IllegalMoves,
        Termination::IllegalMovesOpponentCannotMate,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::InsufficientMaterial,
        Termination::Agreement,
        Termination::ThreefoldClaimed,
        Termination::Threefold,
        Termination::Fivefold,
        Termination::FiftyMovesClaimed,
        Termination::FiftyMoves,
        Termination::SeventyFiveMoves,
        Termination::PerpetualCheck,
        Termination::ColoursReversedRestart,
        Termination::ArbiterDecision,
        Termination::Forfeit,
        Termination::Aborted,
    ];

    /// The catalogue key of its name (`termination-checkmate`: "checkmate",
    /// "将死"), which a message takes it by.
    pub const fn key(self) -> &'static str {
        match self {
            Termination::Checkmate => "termination-checkmate",
            Termination::Resignation => "termination-resignation",
            Termination::ResignationOpponentCannotMate => {
                "termination-resignation-opponent-cannot-mate"
            }
            Termination::FlagFall => "termination-flag-fall",
            Termination::FlagFallOpponentCannotMate => "termination-flag-fall-opponent-cannot-mate",
            Termination::BothFlags => "termination-both-flags",
            Termination::IllegalMoves => "termination-illegal-moves",
            Termination::IllegalMovesOpponentCannotMate => {
                "termination-illegal-moves-opponent-cannot-mate"
            }
            Termination::Stalemate => "termination-stalemate",
            Termination::DeadPosition => "termination-dead-position",
            Termination::InsufficientMaterial => "termination-insufficient-material",
            Termination::Agreement => "termination-agreement",
            Termination::ThreefoldClaimed => "termination-threefold-claimed",
            Termination::Threefold => "termination-threefold",
            Termination::Fivefold => "termination-fivefold",
            Termination::FiftyMovesClaimed => "termination-fifty-moves-claimed",
            Termination::FiftyMoves => "termination-fifty-moves",
            Termination::SeventyFiveMoves => "termination-seventy-five-moves",
            Termination::PerpetualCheck => "termination-perpetual-check",
            Termination::ColoursReversedRestart => "termination-colours-reversed-restart",
            Termination::ArbiterDecision => "termination-arbiter-decision",
            Termination::Forfeit => "termination-forfeit",
            Termination::Aborted => "termination-aborted",
        }
    }

    /// The PGN `Termination` tag value (PGN standard 9.8.1).
    pub const fn pgn_tag(self) -> &'static str {
        match self {
            Termination::FlagFall
            | Termination::FlagFallOpponentCannotMate
            | Termination::BothFlags => "time forfeit",
            Termination::IllegalMoves
            | Termination::IllegalMovesOpponentCannotMate
            | Termination::ArbiterDecision => "rules infraction",
            Termination::ColoursReversedRestart | Termination::Forfeit | Termination::Aborted => {
                "abandoned"
            }
            _ => "normal",
        }
    }
}

/// In a message, a way a game ends is its name in the reader's language.
impl arbiter_messages::ToArg for Termination {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Key(self.key())
    }
}

/// The end of a game: result, reason, and the ruling that decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `1-0`, `0-1`, `1/2-1/2` (or `*` for a restart).
    pub result: GameResult,
    /// Why.
    pub termination: Termination,
    /// The rule and its message.
    pub ruling: Ruling,
    /// When it ended, on the game's time line.
    pub at_ms: u64,
}
