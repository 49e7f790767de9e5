//! Events of many games, as FIDE's Handbook runs them: players, rounds,
//! pairings (the Dutch Swiss system of C.04.3, Berger round robins of C.05,
//! knockout matches), results with their byes and forfeits, tie-breaks
//! (C.07), FIDE rating changes (B.02) and the Tournament Report File (TRF).
//!
//! Like the referee, this crate is pure: no I/O, no clock, no threads. An
//! event's state is a fold over its own events (registrations, pairings,
//! results, corrections).
#![warn(missing_docs)]

pub mod berger;
mod decimal;
pub mod director;
pub mod dutch;
pub mod knockout;
pub mod norm;
mod pairing;
mod player;
mod points;
pub mod rating;
mod result;
pub mod tiebreak;
mod tournament;
pub mod trf;

pub use decimal::Decimal;
pub use pairing::{Pairing, write_pairings};
pub use player::{Player, StartNo};
pub use points::{PointSystem, Points};
pub use result::{Outcome, ResultCode, RoundEntry};
pub use tournament::{Entrant, Record, RequestedBye, Tournament};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
