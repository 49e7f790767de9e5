//! The Competition Rules (FIDE Laws of Chess, Articles 6–12 and the
//! appendices, and the classic rules as ruleset `classic`): a game is a
//! pure fold over timestamped [`Event`]s, each decided by a [`Verdict`]
//! that cites its [`Rule`] in English and Chinese.
//!
//! The crate does no I/O, reads no clock and starts no thread: time is the
//! `at_ms` of each event, and [`Game::next_deadline_ms`] says when something
//! will happen on its own (a flag), so that a server can wake up then and
//! send a [`EventKind::Tick`].
//!
//! ```
//! use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup, Ruleset, Termination};
//! let setup = GameSetup { ruleset: Ruleset::fide_blitz(), time_control: "180+0".parse()?, ..GameSetup::default() };
//! let mut game = Game::new(setup)?;
//! game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
//! assert_eq!(game.next_deadline_ms(), Some(180_000));
//! let verdict = game.tick(180_000);
//! assert!(verdict.is_accepted());
//! // White's flag fell before his first move: he loses a game never played.
//! assert_eq!(game.outcome().unwrap().termination, Termination::Unplayed);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod clock;
pub mod dead_position;
mod event;
mod game;
pub mod notation;
mod outcome;
pub mod pgn_export;
mod position_endings;
mod reason;
pub mod recorded;
mod rule;
mod ruleset;
pub mod scoresheet;
mod setup;
mod time_control;
mod verdict;

pub use arbiter_messages::Message;
pub use arbiter_rules::GameResult;
pub use clock::ClockReading;
pub use event::{Actor, DrawClaim, Event, EventKind, ForfeitCause};
pub use game::{Game, PlyRecord};
pub use outcome::{Outcome, Termination, is_unplayed};
pub use position_endings::{Ending, PositionEndings};
pub use reason::{Infraction, Reason, Seconds};
pub use rule::{ParseRuleError, Rule, Ruling, Source};
pub use ruleset::{
    ColoursReversed, DrawMode, DrawRule, EmptyPress, FlagCall, IllegalMovePenalty, IllegalMoveRule,
    IllegalMovesCounted, OfferRule, RecordingRule, Ruleset, SavedByNoMate, TouchRule,
    UnknownRuleset,
};
pub use setup::{GameSetup, Mode, Player, SetupError};
pub use time_control::{Bonus, Pace, ParseTimeControlError, Period, TimeControl};
pub use verdict::{Consequence, Decision, Effect, Obligation, Rejection, Verdict};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
