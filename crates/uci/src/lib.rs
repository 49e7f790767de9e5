//! Engines as players: UCI processes driven under the referee's clock.
//!
//! - [`protocol`]: the text of the Universal Chess Interface, both ways
//!   (`go` with its limits, `info`, `bestmove`, option declarations).
//! - [`engine`]: one engine process, driven over UCI with tokio, robust to
//!   engines that crash, hang, flood or answer nonsense.
//! - [`stats`]: what a match's results say: Elo with its interval, LOS,
//!   pentanomial counts and the sequential probability ratio test.
//! - [`tournament`]: `arbiter match`: openings, schedules, games refereed
//!   by `arbiter-referee`, adjudication, results, PGN and resumable state.
#![warn(missing_docs)]

pub mod engine;
pub mod protocol;
pub mod stats;
pub mod tournament;

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
