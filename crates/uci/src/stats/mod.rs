//! What a match's results say.
//!
//! - [`Wdl`] and [`PairCounts`]: the counts, per game and per pair of games
//!   played from one opening with colours reversed (the pentanomial).
//! - [`EloEstimate`]: the Elo difference with its 95% interval, the
//!   likelihood of superiority and the draw ratio.
//! - [`Sprt`]: the generalised sequential probability ratio test as
//!   fishtest defines it (its log-likelihood ratio and bounds), in the
//!   logistic and the normalised Elo models.
//!
//! The formulas are fishtest's published ones (the maximum-likelihood
//! distributions of Michel Van den Bergh's notes on the GSPRT and on
//! normalised Elo); the tests check them against results fishtest,
//! fastchess and cutechess-cli published.

mod counts;
mod elo;
mod normal;
mod sprt;

pub use counts::{PairCounts, Wdl};
pub use elo::{EloEstimate, elo_from_score, score_from_elo};
pub use normal::{normal_cdf, normal_quantile};
pub use sprt::{EloModel, Sprt, SprtDecision, SprtError};

/// Normalised Elo per unit of t-value: 800 / ln 10.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;
