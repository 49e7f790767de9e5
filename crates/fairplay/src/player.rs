//! A player's figures over the games screened: how often he found the
//! engine's moves, what he lost, and how he spent his time.

use serde::{Deserialize, Serialize};

use crate::MoveScore;

/// A player's scored moves, gathered over his games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerMoves {
    /// The name the games give him.
    pub name: String,
    /// The rating of each of his games that gives one.
    pub ratings: Vec<u32>,
    /// His games.
    pub games: u32,
    /// His scored moves, in the order played.
    pub moves: Vec<MoveScore>,
}

/// A player's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerFigures {
    /// His name.
    pub player: String,
    /// His rating: the mean of his games' ratings, when they give one.
    pub rating: Option<u32>,
    /// His games.
    pub games: u32,
    /// His scored moves.
    pub moves: u64,
    /// Scored moves that were the engine's first choice.
    pub top1_moves: u64,
    /// Scored moves among the engine's first three.
    pub top3_moves: u64,
    /// Average centipawn loss per scored move.
    pub acpl: f64,
    /// The standard deviation of the loss per move.
    pub loss_sd: f64,
    /// Mean lichess accuracy per scored move.
    pub accuracy: f64,
    /// The standard deviation of the accuracy per move.
    pub accuracy_sd: f64,
    /// Scored moves whose time is known.
    pub timed_moves: u64,
    /// The move times' coefficient of variation (standard deviation over
    /// mean) over the scored moves whose time is known; a steady clock
    /// (under 0.25) is one of lichess's flags.
    pub time_cv: Option<f64>,
    /// Complex positions whose time is known.
    pub complex_moves: u64,
    /// Of those, moves played in under a quarter of his mean time.
    pub fast_complex_moves: u64,
}

/// A fast move takes less than this share of the player's mean move time.
pub const FAST_SHARE: f64 = 0.25;

impl PlayerMoves {
    /// His figures.
    pub fn figures(&self) -> PlayerFigures {
        let n = self.moves.len();
        let losses: Vec<f64> = self.moves.iter().map(|m| f64::from(m.loss_cp)).collect();
        let accuracies: Vec<f64> = self.moves.iter().map(|m| m.accuracy).collect();
        let times: Vec<f64> = self
            .moves
            .iter()
            .filter_map(|m| m.spent_ms)
            .map(|t| t as f64)
            .collect();
        let mean_time = mean(&times);
        let time_cv = (times.len() >= 2 && mean_time > 0.0).then(|| sd(&times) / mean_time);
        let complex: Vec<u64> = self
            .moves
            .iter()
            .filter(|m| m.complex)
            .filter_map(|m| m.spent_ms)
            .collect();
        let fast = complex
            .iter()
            .filter(|&&t| (t as f64) < FAST_SHARE * mean_time)
            .count();
        let rating = (!self.ratings.is_empty()).then(|| {
            let sum: u64 = self.ratings.iter().map(|&r| u64::from(r)).sum();
            ((sum as f64) / self.ratings.len() as f64).round() as u32
        });
        PlayerFigures {
            player: self.name.clone(),
            rating,
            games: self.games,
            moves: n as u64,
            top1_moves: self.moves.iter().filter(|m| m.rank == Some(0)).count() as u64,
            top3_moves: self
                .moves
                .iter()
                .filter(|m| m.rank.is_some_and(|r| r < 3))
                .count() as u64,
            acpl: mean(&losses),
            loss_sd: sd(&losses),
            accuracy: mean(&accuracies),
            accuracy_sd: sd(&accuracies),
            timed_moves: times.len() as u64,
            time_cv,
            complex_moves: complex.len() as u64,
            fast_complex_moves: fast as u64,
        }
    }
}

impl PlayerFigures {
    /// The share of scored moves that were the engine's first choice.
    pub fn top1(&self) -> f64 {
        ratio(self.top1_moves, self.moves)
    }

    /// The share of scored moves among the engine's first three.
    pub fn top3(&self) -> f64 {
        ratio(self.top3_moves, self.moves)
    }

    /// The share of complex positions (with a known time) played fast.
    pub fn fast_share(&self) -> f64 {
        ratio(self.fast_complex_moves, self.complex_moves)
    }
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The mean, 0 for no values.
pub(crate) fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

/// The population standard deviation, 0 for fewer than two values.
pub(crate) fn sd(values: &[f64]) -> f64 {
    if values.len() < 2 {
        return 0.0;
    }
    let m = mean(values);
    (values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / values.len() as f64).sqrt()
}
