//! Results counted per game and per pair of games.

use serde::{Deserialize, Serialize};

/// The result of one game for one player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameScore {
    /// A win: 1 point.
    Win,
    /// A draw: ½ point.
    Draw,
    /// A loss: 0 points.
    Loss,
}

impl GameScore {
    /// Points in halves: 2, 1 or 0.
    pub const fn half_points(self) -> u8 {
        match self {
            GameScore::Win => 2,
            GameScore::Draw => 1,
            GameScore::Loss => 0,
        }
    }

    /// The same game from the opponent's side.
    pub const fn reversed(self) -> GameScore {
        match self {
            GameScore::Win => GameScore::Loss,
            GameScore::Draw => GameScore::Draw,
            GameScore::Loss => GameScore::Win,
        }
    }
}

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
    pub fn add(&mut self, score: GameScore) {
        match score {
            GameScore::Win => self.wins += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::Loss => self.losses += 1,
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
    pub fn add(&mut self, first: GameScore, second: GameScore) {
        use GameScore::*;
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
