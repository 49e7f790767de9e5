//! Matches and tournaments between engines: the command line, openings,
//! the schedule, each game under the referee, adjudication, results,
//! PGN and resumable state.

mod adjudication;
mod game;
mod limits;
mod openings;
mod options;
mod pgn;
mod record;
pub mod report;
mod runner;
mod schedule;
mod standings;
mod state;

pub use adjudication::{Adjudication, Adjudicator, DrawAdjudication, ResignAdjudication};
pub use game::{GameContext, MoveNote, Overhead, PlayedGame, forfeited, play_game, ruleset_for};
pub use limits::{Limits, SideClock, go_command, parse_duration_ms, parse_time_control};
pub use openings::{BookFormat, BookOrder, Opening, OpeningsError, OpeningsSpec};
pub use options::{
    ArgsError, ArgsErrorKind, EngineSpec, MatchOptions, TournamentKind, parse_match_args,
};
pub use pgn::to_pgn;
pub use record::{Failure, FailureKind, GameRecord};
pub use runner::{MatchError, MatchReport, Observer, Silent, StopReason, run_match};
pub use schedule::{Pairing, schedule};
pub use standings::{Encounter, EngineTally, Standings};
pub use state::{MatchState, StateError};
