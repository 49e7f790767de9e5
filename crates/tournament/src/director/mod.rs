//! A tournament run as a log of events: the arbiter's acts (the event
//! created with its settings, players registered and withdrawn, byes
//! requested, rounds paired, pairings changed by hand, rounds published,
//! results recorded and corrected, forfeits, termination) and the results
//! that come from games, each with its time and who did it.
//!
//! The state is a fold over the log ([`Director::apply`]), as a game's is
//! over the referee's events: an event that would make the tournament
//! invalid (pairing round n + 1 before every result of round n is in,
//! pairing a withdrawn player, correcting a result that was never
//! recorded) is refused with a typed [`Refusal`] and changes nothing. The
//! same log always gives the same tournament, so a server stores the log
//! and replays it on start, and a checker replays it to audit the event.
//!
//! The state converts to the crate's TRF model ([`Director::tournament`])
//! at any moment: the pairing engines, the tie-breaks and the TRF writer
//! all read that, so a round paired here is the round `arbiter pair
//! --dutch -c` finds when it re-pairs the exported file.

mod broadcast_delay;
mod entry;
mod event;
mod export;
mod fair_play;
mod fide_mode;
mod game_end;
mod knockout;
mod lots;
mod manual;
mod pair_round;
mod pairing;
mod refusal;
mod settings;
mod state;

pub use broadcast_delay::{BroadcastDelay, INCREASED_PROTECTION_MINUTES, MAX_MINUTES};
pub use event::{
    Absent, Board, BoardResult, ByeKind, Event, EventKind, PlayerId, Registration, Sex,
};
pub use fair_play::{FairPlayBand, FairPlayLine, FairPlayReport, RecordedFairPlay};
pub use fide_mode::FideModeExit;
pub use game_end::REFEREE;
pub use knockout::{Clocks, Knockout, KnockoutRound, Match, MatchStanding, Slot};
pub use manual::ManualRound;
pub use pair_round::{GivenRound, MANUAL_PAIRINGS};
pub use refusal::Refusal;
pub use settings::{Acceleration, PairingNumbers, Settings, System};
pub use state::{
    BoardState, Correction, Director, ManualChange, PlayerState, ResultSource, RoundState,
};
