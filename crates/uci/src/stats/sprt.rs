//! The generalised sequential probability ratio test, as fishtest runs it.
//!
//! For an observed distribution of scores `p` (three bins for single
//! games, five for pairs), the log-likelihood ratio of hypothesis H1 over
//! H0 is `N Σ pᵢ ln(q1ᵢ / q0ᵢ)`, where `qₖ` is the distribution closest
//! to `p` (maximum likelihood) among those that satisfy Hₖ. In the
//! logistic model Hₖ fixes the expected score; in the normalised model it
//! fixes the t-value `(μ − ½) / σ`. Empty bins get a small prior (10⁻³),
//! as fishtest does, so the likelihoods exist.

use super::{NELO_PER_T, PairCounts, Wdl, score_from_elo};

/// How the Elo bounds of a test are to be read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EloModel {
    /// Normalised Elo (fishtest's and fastchess's default).
    #[default]
    Normalized,
    /// Logistic Elo.
    Logistic,
}

/// The test's verdict so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// The LLR crossed the lower bound: H0 (elo = elo0) is accepted.
    AcceptH0,
    /// The LLR crossed the upper bound: H1 (elo = elo1) is accepted.
    AcceptH1,
    /// Neither bound crossed: play on.
    Continue,
}

/// Parameters that make no test.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// `elo0` must be below `elo1`.
    #[error("SPRT: elo0 ({elo0}) must be less than elo1 ({elo1})")]
    Bounds {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// An error probability outside (0, 1), or alpha + beta ≥ 1.
    #[error(
        "SPRT: alpha ({alpha}) and beta ({beta}) must lie between 0 and 1 and add up to less than 1"
    )]
    Errors {
        /// False positive rate.
        alpha: f64,
        /// False negative rate.
        beta: f64,
    },
}

/// A sequential probability ratio test of H0 `elo = elo0` against H1
/// `elo = elo1`.
///
/// ```
/// use arbiter_uci::stats::{EloModel, PairCounts, Sprt};
/// let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05, EloModel::Normalized)?;
/// assert!((sprt.upper_bound() - 2.944).abs() < 1e-3);
/// // A published fishtest result (Stockfish PR 4493): LLR 3.22.
/// let llr = sprt.llr_pairs(PairCounts::from_bins([2002, 72968, 180891, 74129, 2034]));
/// assert!((llr - 3.22).abs() < 0.005);
/// # Ok::<(), arbiter_uci::stats::SprtError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1.
    pub elo1: f64,
    /// The false positive rate (accepting H1 when elo = elo0).
    pub alpha: f64,
    /// The false negative rate (accepting H0 when elo = elo1).
    pub beta: f64,
    /// How the bounds are read.
    pub model: EloModel,
}

impl Sprt {
    /// A test, checked.
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: EloModel,
    ) -> Result<Sprt, SprtError> {
        if elo0.partial_cmp(&elo1) != Some(core::cmp::Ordering::Less) {
            return Err(SprtError::Bounds { elo0, elo1 });
        }
        let in_range = |x: f64| x > 0.0 && x < 1.0;
        if !in_range(alpha) || !in_range(beta) || alpha + beta >= 1.0 {
            return Err(SprtError::Errors { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// `ln(β / (1 − α))`: below it, H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// `ln((1 − β) / α)`: above it, H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// What an LLR decides.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        if llr >= self.upper_bound() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The LLR of single games (trinomial model).
    pub fn llr_games(&self, wdl: Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        self.llr(&wdl.ldw(), 1.0)
    }

    /// The LLR of game pairs (pentanomial model).
    pub fn llr_pairs(&self, pairs: PairCounts) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let bins = pairs.bins().map(|c| c as f64);
        // A pair's mean score has half a game's variance: the t-value of
        // a pair is √2 times that of a game.
        self.llr(&bins, std::f64::consts::SQRT_2)
    }

    fn llr(&self, counts: &[f64], t_scale: f64) -> f64 {
        let counts: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0.0 { 1e-3 } else { c })
            .collect();
        let n: f64 = counts.iter().sum();
        let last = (counts.len() - 1) as f64;
        let values: Vec<f64> = (0..counts.len()).map(|i| i as f64 / last).collect();
        let p: Vec<f64> = counts.iter().map(|c| c / n).collect();
        let (q0, q1) = match self.model {
            EloModel::Logistic => (
                mle_with_mean(&values, &p, score_from_elo(self.elo0)),
                mle_with_mean(&values, &p, score_from_elo(self.elo1)),
            ),
            EloModel::Normalized => (
                mle_with_t_value(&values, &p, t_scale * self.elo0 / NELO_PER_T),
                mle_with_t_value(&values, &p, t_scale * self.elo1 / NELO_PER_T),
            ),
        };
        n * p
            .iter()
            .zip(q0.iter().zip(&q1))
            .map(|(pi, (a, b))| pi * (b.ln() - a.ln()))
            .sum::<f64>()
    }
}

fn moments(values: &[f64], p: &[f64]) -> (f64, f64) {
    let mean: f64 = values.iter().zip(p).map(|(v, q)| v * q).sum();
    let variance = values
        .iter()
        .zip(p)
        .map(|(v, q)| q * (v - mean).powi(2))
        .sum();
    (mean, variance)
}

/// The distribution nearest `p` (maximum likelihood) with expected score
/// `s`: `qᵢ = pᵢ / (1 + x (vᵢ − s))` for the `x` that makes the mean `s`.
fn mle_with_mean(values: &[f64], p: &[f64], s: f64) -> Vec<f64> {
    let a: Vec<f64> = values.iter().map(|v| v - s).collect();
    let x = solve_secular(&a, p);
    a.iter()
        .zip(p)
        .map(|(ai, pi)| pi / (1.0 + x * ai))
        .collect()
}

/// The distribution nearest `p` with t-value `(μ − ½)/σ = t`, found by
/// fixed-point iteration on the same form with a shift that depends on
/// the current mean and deviation.
fn mle_with_t_value(values: &[f64], p: &[f64], t: f64) -> Vec<f64> {
    let mut q = vec![1.0 / values.len() as f64; values.len()];
    for _ in 0..10 {
        let (mu, var) = moments(values, &q);
        let sigma = var.sqrt();
        let a: Vec<f64> = values
            .iter()
            .map(|v| v - 0.5 - t * sigma * (1.0 + ((mu - v) / sigma).powi(2)) / 2.0)
            .collect();
        let x = solve_secular(&a, p);
        let next: Vec<f64> = a
            .iter()
            .zip(p)
            .map(|(ai, pi)| pi / (1.0 + x * ai))
            .collect();
        let change = q
            .iter()
            .zip(&next)
            .map(|(u, w)| (u - w).abs())
            .fold(0.0, f64::max);
        q = next;
        if change < 1e-9 {
            break;
        }
    }
    q
}

/// The root of `Σ pᵢ aᵢ / (1 + x aᵢ) = 0` between the poles `−1/max a`
/// and `−1/min a` (the function falls from +∞ to −∞ there), by bisection.
fn solve_secular(a: &[f64], p: &[f64]) -> f64 {
    let max = a.iter().copied().fold(f64::MIN, f64::max);
    let min = a.iter().copied().fold(f64::MAX, f64::min);
    if max <= 0.0 || min >= 0.0 {
        // The target lies outside the observed range: no interior root.
        return 0.0;
    }
    let f = |x: f64| -> f64 {
        a.iter()
            .zip(p)
            .map(|(ai, pi)| pi * ai / (1.0 + x * ai))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / max + 1e-12, -1.0 / min - 1e-12);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}
