//! The screen: each player's figures against his band, z-scores combined,
//! and a threshold corrected for the number of players screened.

use arbiter_uci::stats::{normal_cdf, normal_quantile};
use serde::{Deserialize, Serialize};

use crate::baseline::{Baseline, Measures, TimeZScores};
use crate::player::{PlayerFigures, PlayerMoves};

/// The default chance, over a whole screen, that an honest player is
/// marked for review.
pub const DEFAULT_FALSE_POSITIVE_RATE: f64 = 0.001;

/// A 95 % confidence interval.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// Its lower end.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
}

const Z95: f64 = 1.959_963_984_540_054;

impl Interval {
    /// Wilson's interval for `hits` out of `n`.
    pub fn wilson(hits: u64, n: u64) -> Interval {
        if n == 0 {
            return Interval {
                low: 0.0,
                high: 1.0,
            };
        }
        let n = n as f64;
        let p = hits as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Interval {
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// The normal interval of a mean of `n` values with this spread.
    pub fn of_mean(mean: f64, sd: f64, n: u64) -> Interval {
        let half = if n == 0 {
            f64::INFINITY
        } else {
            Z95 * sd / (n as f64).sqrt()
        };
        Interval {
            low: mean - half,
            high: mean + half,
        }
    }

    /// The interval cut to what the measure can be (an ACPL is never
    /// negative, an accuracy never above 100).
    pub fn within(self, low: f64, high: f64) -> Interval {
        Interval {
            low: self.low.clamp(low, high),
            high: self.high.clamp(low, high),
        }
    }
}

/// The threshold of a screen and what it implies.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Threshold {
    /// The chance, over the whole screen, that an honest player is marked.
    pub false_positive_rate: f64,
    /// Players with a z-score: the Bonferroni correction divides the rate
    /// among them.
    pub players: usize,
    /// The combined z-score from which a player is marked for review.
    pub z: f64,
}

impl Threshold {
    /// The threshold for `players` tests at `false_positive_rate` in all:
    /// each player's one-sided test at `false_positive_rate / players`.
    pub fn bonferroni(false_positive_rate: f64, players: usize) -> Threshold {
        let per_player = false_positive_rate / players.max(1) as f64;
        Threshold {
            false_positive_rate,
            players,
            z: normal_quantile(1.0 - per_player),
        }
    }
}

/// One player's line of the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerScreen {
    /// His figures.
    pub figures: PlayerFigures,
    /// The band he was measured against, `[from, to)`.
    pub band: Option<(u32, u32)>,
    /// 95 % intervals of his top-1 and top-3 rates, ACPL and accuracy.
    pub intervals: [Interval; 4],
    /// What his band would have done in his positions, per move: its
    /// expected top-1 and top-3 rates, ACPL and accuracy.
    pub expected: Option<Measures>,
    /// His z-scores against that expectation (positive: more like the
    /// engine).
    pub z_scores: Option<Measures>,
    /// The combined z-score: their mean, standardised by the spread of
    /// the baseline's own players' means (the four are correlated, so
    /// Stouffer's sum would count the same evidence several times, and
    /// their plain mean would spread narrower than a z-score).
    pub z: Option<f64>,
    /// His move-time z-scores, when the baseline measured his band's.
    pub time_z: Option<TimeZScores>,
    /// The one-sided p-value of `z` for one honest player.
    pub p_value: Option<f64>,
    /// The combined z-score reaches the screen's threshold.
    pub review: bool,
}

/// Screens players against a baseline (none: figures only, nobody marked).
pub fn screen(
    players: &[PlayerMoves],
    baseline: Option<&Baseline>,
    false_positive_rate: f64,
) -> (Threshold, Vec<PlayerScreen>) {
    let mut lines: Vec<PlayerScreen> = players
        .iter()
        .map(|player| {
            let figures = player.figures();
            let expected = baseline
                .and_then(|b| b.tally(player))
                .map(|t| t.expected_per_move());
            let z_scores = baseline.and_then(|b| b.z_scores(player));
            let time_z = baseline.and_then(|b| b.time_z_scores(&figures));
            let band = baseline
                .zip(figures.rating)
                .and_then(|(b, r)| b.band(r))
                .map(|b| (b.from, b.to));
            let z = baseline.zip(z_scores).map(|(b, m)| b.combined(&m));
            PlayerScreen {
                intervals: [
                    Interval::wilson(figures.top1_moves, figures.moves),
                    Interval::wilson(figures.top3_moves, figures.moves),
                    Interval::of_mean(figures.acpl, figures.loss_sd, figures.moves)
                        .within(0.0, f64::INFINITY),
                    Interval::of_mean(figures.accuracy, figures.accuracy_sd, figures.moves)
                        .within(0.0, 100.0),
                ],
                figures,
                band,
                expected,
                z_scores,
                z,
                time_z,
                p_value: z.map(|z| 1.0 - normal_cdf(z)),
                review: false,
            }
        })
        .collect();
    lines.sort_by(|a, b| a.figures.player.cmp(&b.figures.player));
    let tested = lines.iter().filter(|l| l.z.is_some()).count();
    let threshold = Threshold::bonferroni(false_positive_rate, tested);
    for line in &mut lines {
        line.review = line.z.is_some_and(|z| z >= threshold.z);
    }
    (threshold, lines)
}
