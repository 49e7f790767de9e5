//! The Elo difference a score stands for, with its 95% interval and the
//! likelihood of superiority.

use super::{NELO_PER_T, PairCounts, Wdl, normal_cdf, normal_quantile};

/// The logistic Elo difference for an expected score: `-400 log10(1/s - 1)`.
/// Infinite at a score of 0 or 1.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score for a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The LOS when there is no spread: 1 above an even score, 0 below, ½
/// at it.
fn certainty(score: f64) -> f64 {
    if score > 0.5 {
        1.0
    } else if score < 0.5 {
        0.0
    } else {
        0.5
    }
}

/// What a set of results says about the difference in strength.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// The mean score per game.
    pub score: f64,
    /// The logistic Elo difference.
    pub elo: f64,
    /// Half the width of the 95% confidence interval of `elo`.
    pub elo_error: f64,
    /// The normalised Elo difference (the score's distance from ½ in
    /// standard deviations of one game, scaled by 800/ln 10).
    pub nelo: f64,
    /// Half the width of the 95% confidence interval of `nelo`.
    pub nelo_error: f64,
    /// The likelihood of superiority: the probability that the first
    /// player is the stronger.
    pub los: f64,
}

impl EloEstimate {
    /// From wins, draws and losses, each game counted as independent.
    ///
    /// LOS is the classic `Φ((W − L) / √(W + L))` that cutechess-cli
    /// prints; the interval uses the per-game variance of the score.
    ///
    /// ```
    /// use arbiter_uci::stats::{EloEstimate, Wdl};
    /// let e = EloEstimate::from_wdl(Wdl::new(10, 0, 10));
    /// assert!(e.elo.abs() < 1e-9 && (e.los - 0.5).abs() < 1e-12);
    /// ```
    pub fn from_wdl(wdl: Wdl) -> EloEstimate {
        let n = wdl.games() as f64;
        let [l, d, w] = wdl.ldw();
        let score = wdl.points() / n;
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let los = if w + l == 0.0 {
            0.5
        } else {
            normal_cdf((w - l) / (w + l).sqrt())
        };
        EloEstimate::from_moments(score, variance, n, variance, los)
    }

    /// From pairs of games with colours reversed (the pentanomial model,
    /// as fishtest and fastchess compute it): the pair is the independent
    /// unit, so the variance is that of a pair's mean score.
    pub fn from_pairs(pairs: PairCounts) -> EloEstimate {
        let n = pairs.pairs() as f64;
        let bins = pairs.bins();
        let mean = |f: &dyn Fn(f64) -> f64| {
            bins.iter()
                .enumerate()
                .map(|(i, &c)| c as f64 * f(i as f64 / 4.0))
                .sum::<f64>()
                / n
        };
        let score = mean(&|v| v);
        let variance = mean(&|v| (v - score).powi(2));
        let standard_error = (variance / n).sqrt();
        let los = if standard_error > 0.0 {
            normal_cdf((score - 0.5) / standard_error)
        } else {
            // Every pair scored alike: certain, or even.
            certainty(score)
        };
        // One game's variance is twice that of a pair's mean.
        EloEstimate::from_moments(score, variance, n, 2.0 * variance, los)
    }

    /// `variance` is that of the counted unit's score (`n` units); the
    /// normalised Elo divides by one game's standard deviation.
    fn from_moments(
        score: f64,
        variance: f64,
        n: f64,
        game_variance: f64,
        los: f64,
    ) -> EloEstimate {
        let z = normal_quantile(0.975);
        let standard_error = (variance / n).sqrt();
        let (lo, hi) = (score - z * standard_error, score + z * standard_error);
        let elo_error = (elo_from_score(hi) - elo_from_score(lo)) / 2.0;
        let game_sd = game_variance.sqrt();
        let (nelo, nelo_error) = if game_sd > 0.0 {
            (
                (score - 0.5) / game_sd * NELO_PER_T,
                z * standard_error / game_sd * NELO_PER_T,
            )
        } else {
            // No spread at all: even, or infinitely apart.
            ((certainty(score) - 0.5) * f64::INFINITY, 0.0)
        };
        EloEstimate {
            score,
            elo: elo_from_score(score),
            elo_error,
            nelo: if nelo.is_nan() { 0.0 } else { nelo },
            nelo_error,
            los,
        }
    }
}
