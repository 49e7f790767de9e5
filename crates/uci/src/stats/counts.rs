//! Results counted per game and per pair of games.

use arbiter_rules::PlayerResult;
use serde::{Deserialize, Serialize};

/// Wins, draws and losses: the trinomial counts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Counts from numbers.
    pub const fn new(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, score: PlayerResult) {
        match score {
            PlayerResult::Win => self.wins += 1,
            PlayerResult::Draw => self.draws += 1,
            PlayerResult::Loss => self.losses += 1,
        }
    }

    /// Games played.
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points scored.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The same counts from the opponent's side.
    pub const fn reversed(&self) -> Wdl {
        Wdl::new(self.losses, self.draws, self.wins)
    }

    /// Losses, draws, wins: the order fishtest's formulas use.
    pub fn ldw(&self) -> [f64; 3] {
        [self.losses as f64, self.draws as f64, self.wins as f64]
    }
}

/// Pairs of games from one opening with colours reversed, by the pair's
/// score: the pentanomial counts `LL, LD, WL+DD, WD, WW`, with `WL` and
/// `DD` kept apart for reports.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCounts {
    /// Both lost.
    pub ll: u64,
    /// A loss and a draw.
    pub ld: u64,
    /// A win and a loss.
    pub wl: u64,
    /// Two draws.
    pub dd: u64,
    /// A win and a draw.
    pub wd: u64,
    /// Both won.
    pub ww: u64,
}

impl PairCounts {
    /// Counts from the five pentanomial bins (`WL` and `DD` together in
    /// the middle one, counted as `DD`).
    pub const fn from_bins(bins: [u64; 5]) -> PairCounts {
        PairCounts {
            ll: bins[0],
            ld: bins[1],
            wl: 0,
            dd: bins[2],
            wd: bins[3],
            ww: bins[4],
        }
    }

    /// Counts one pair.
    pub fn add(&mut self, first: PlayerResult, second: PlayerResult) {
        use PlayerResult::*;
        match (first, second) {
            (Loss, Loss) => self.ll += 1,
            (Loss, Draw) | (Draw, Loss) => self.ld += 1,
            (Win, Loss) | (Loss, Win) => self.wl += 1,
            (Draw, Draw) => self.dd += 1,
            (Win, Draw) | (Draw, Win) => self.wd += 1,
            (Win, Win) => self.ww += 1,
        }
    }

    /// The pentanomial bins by pair score in half points, 0 to 4.
    pub const fn bins(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }

    /// Pairs counted.
    pub const fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// The same counts from the opponent's side.
    pub const fn reversed(&self) -> PairCounts {
        PairCounts {
            ll: self.ww,
            ld: self.wd,
            wl: self.wl,
            dd: self.dd,
            wd: self.ld,
            ww: self.ll,
        }
    }
}
