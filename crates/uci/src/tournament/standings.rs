//! The tallies of a match: per engine, per colour, per encounter and per
//! pair of games.

use std::collections::BTreeMap;

use arbiter_rules::{Color, PlayerResult};

use super::record::{FailureKind, GameRecord};
use crate::stats::{EloEstimate, PairCounts, Wdl};

/// One engine's results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineTally {
    /// Its name.
    pub name: String,
    /// Results with White.
    pub as_white: Wdl,
    /// Results with Black.
    pub as_black: Wdl,
    /// Games lost (or drawn) on time without another failure.
    pub time_forfeits: u64,
    /// Failures by kind.
    pub failures: BTreeMap<&'static str, u64>,
    /// Games ended by engine-score adjudication.
    pub adjudicated: u64,
}

impl EngineTally {
    /// All its results.
    pub fn total(&self) -> Wdl {
        Wdl::new(
            self.as_white.wins + self.as_black.wins,
            self.as_white.draws + self.as_black.draws,
            self.as_white.losses + self.as_black.losses,
        )
    }
}

/// Two engines' games against each other, from the first's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Encounter {
    /// Game by game.
    pub games: Wdl,
    /// Completed pairs of games on one opening.
    pub pairs: PairCounts,
    /// First games of pairs whose second game is not finished.
    pending: BTreeMap<u64, PlayerResult>,
}

/// Everything counted so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standings {
    /// Per engine, in the order given.
    pub engines: Vec<EngineTally>,
    /// Per encounter `(a, b)` with `a < b`, from `a`'s side.
    pub encounters: BTreeMap<(usize, usize), Encounter>,
    /// Games counted.
    pub games: u64,
    /// Results by colour: White's wins, draws and Black's wins.
    pub by_colour: Wdl,
    /// How games ended, by termination.
    pub terminations: BTreeMap<String, u64>,
}

impl Standings {
    /// Empty standings for engines with these names.
    pub fn new(names: &[String]) -> Standings {
        Standings {
            engines: names
                .iter()
                .map(|n| EngineTally {
                    name: n.clone(),
                    ..EngineTally::default()
                })
                .collect(),
            ..Standings::default()
        }
    }

    /// Counts one finished game.
    pub fn record(&mut self, game: &GameRecord) {
        let (Some(white_score), Some(black_score)) = (
            game.result.for_side(Color::White),
            game.result.for_side(Color::Black),
        ) else {
            return;
        };
        let p = game.pairing;
        self.games += 1;
        self.by_colour.add(white_score);
        self.engines[p.white].as_white.add(white_score);
        self.engines[p.black].as_black.add(black_score);
        *self
            .terminations
            .entry(game.termination.clone())
            .or_default() += 1;
        if let Some(side) = game.time_forfeit {
            self.engines[side.fold(p.white, p.black)].time_forfeits += 1;
        }
        if let Some(f) = &game.failure {
            let who = f.side.fold(p.white, p.black);
            *self.engines[who]
                .failures
                .entry(kind_key(f.kind))
                .or_default() += 1;
        }
        if game.adjudication.is_some() {
            self.engines[p.white].adjudicated += 1;
            self.engines[p.black].adjudicated += 1;
        }
        let (a, b, a_score) = if p.white < p.black {
            (p.white, p.black, white_score)
        } else {
            (p.black, p.white, black_score)
        };
        let enc = self.encounters.entry((a, b)).or_default();
        enc.games.add(a_score);
        if let Some(pair) = p.pair {
            match enc.pending.remove(&pair) {
                Some(first) => enc.pairs.add(first, a_score),
                None => {
                    enc.pending.insert(pair, a_score);
                }
            }
        }
    }

    /// The first two engines' encounter, from the first's side (the
    /// figures of a two-engine match).
    pub fn head_to_head(&self) -> Encounter {
        self.encounters.get(&(0, 1)).cloned().unwrap_or_default()
    }

    /// Each engine's Elo against the field, with its interval.
    pub fn elo_of(&self, engine: usize) -> EloEstimate {
        EloEstimate::from_wdl(self.engines[engine].total())
    }

    /// Time forfeits in all games.
    pub fn time_forfeits(&self) -> u64 {
        self.engines.iter().map(|e| e.time_forfeits).sum()
    }
}

fn kind_key(kind: FailureKind) -> &'static str {
    kind.as_str()
}
