//! What is kept of a finished game: enough to rebuild the standings when
//! an interrupted match resumes.

use arbiter_referee::{ForfeitCause, GameResult};
use arbiter_rules::Color;
use serde::{Deserialize, Serialize};

use super::schedule::Pairing;

/// How an engine failed in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// The process exited, closed its output or its pipe broke.
    Crash,
    /// It stopped answering.
    Hang,
    /// It answered with an illegal move, `(none)`/`0000` in a live
    /// position, or something that is not a move.
    IllegalMove,
    /// It could not be started or made ready for the game.
    Start,
}

impl FailureKind {
    /// A short word for tables.
    pub const fn as_str(self) -> &'static str {
        match self {
            FailureKind::Crash => "crash",
            FailureKind::Hang => "hang",
            FailureKind::IllegalMove => "illegal move",
            FailureKind::Start => "start failure",
        }
    }

    /// Whether the match stops after it without `-recover`: a crash, an
    /// engine that stops answering or cannot start, as with cutechess-cli.
    /// An illegal move is scored as the loss it is and the match goes on:
    /// the engine still runs.
    pub const fn stops_match(self) -> bool {
        !matches!(self, FailureKind::IllegalMove)
    }

    /// Why, for the referee, the engine can take no further part in the
    /// game.
    pub const fn cause(self) -> ForfeitCause {
        match self {
            FailureKind::Crash => ForfeitCause::Crashed,
            FailureKind::Hang => ForfeitCause::StoppedAnswering,
            FailureKind::IllegalMove => ForfeitCause::IllegalMove,
            FailureKind::Start => ForfeitCause::NotStarted,
        }
    }
}

/// An engine's failure in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// Which side failed.
    pub side: Color,
    /// How.
    pub kind: FailureKind,
    /// The details, for the record.
    pub detail: String,
}

/// A finished game, as the match keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its place in the schedule.
    pub pairing: Pairing,
    /// The result the referee reached.
    pub result: GameResult,
    /// The referee's termination (`checkmate`, `flag_fall`, …) or
    /// `adjudication`.
    pub termination: String,
    /// The rule that decided it (`FIDE 6.9`).
    pub rule: String,
    /// The referee's explanation.
    pub reason: String,
    /// Set when engine-score adjudication ended the game.
    pub adjudication: Option<String>,
    /// Set when an engine failed.
    pub failure: Option<Failure>,
    /// Set when a side lost on time (or drew because its flag fell while
    /// the opponent could not mate) without having failed otherwise.
    pub time_forfeit: Option<Color>,
    /// Plies played by the engines (book moves not counted).
    pub plies: u32,
}
