//! Checking recorded games, as an organiser or arbiter does with a pile of
//! PGN files: every game read, every move replayed under the rules, the
//! result compared with what the final position proves, the tags checked,
//! and each problem reported with its place, a stable kind, a severity and
//! the rule it breaks. What a finding says is a typed [`Reason`]; its
//! words, in English and Chinese, are in the catalogues of
//! `arbiter-messages`.
//!
//! [`check_input`] runs the whole pipeline on a reader, on several threads,
//! and hands back each game's findings in file order; [`Replay`] checks one
//! game. The `arbiter check` command is a thin layer over this crate; the
//! kinds of finding are listed in `docs/check.md`.

#![warn(missing_docs)]

mod finding;
mod fix;
mod mark;
mod pipeline;
mod reason;
mod replay;
mod tags;
#[cfg(test)]
mod tests;

pub use finding::{Finding, Kind, RawFinding, Severity};
pub use fix::fixed_game;
pub use pipeline::{GameOutcome, Options, check_input};
pub use reason::{Citation, Reason};
pub use replay::{Correction, GameReport, Replay};
pub use tags::{TagCheck, is_pgn_date};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
