//! A tournament: its players, the rounds paired and played, and the rules
//! that score them.

use arbiter_pgn::Date;
use arbiter_rules::Color;

use crate::player::{Player, StartNo};
use crate::points::{PointSystem, Points};
use crate::result::{Outcome, ResultCode, RoundEntry};

/// A player in the event: who they are and what each round was for them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Entrant {
    /// The registration.
    pub player: Player,
    /// Round 1 first; rounds not yet paired are absent or
    /// [`RoundEntry::NOT_PAIRED`].
    pub rounds: Vec<RoundEntry>,
    /// Points added for pairing only, per round (Baku acceleration, bbpPairings'
    /// `XXA` line), round 1 first.
    pub accelerations: Vec<Points>,
}

impl Entrant {
    /// The cell of a round (1-based), or "not paired" beyond the file.
    pub fn round(&self, round: u32) -> RoundEntry {
        round
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i as usize))
            .copied()
            .unwrap_or(RoundEntry::NOT_PAIRED)
    }

    /// The player's score after `rounds` rounds under a point system.
    pub fn score_after(&self, rounds: u32, system: &PointSystem) -> Points {
        self.rounds
            .iter()
            .take(rounds as usize)
            .map(|entry| entry.points(system))
            .sum()
    }
}

/// A bye requested in advance for a round (TRF-2026 record 240).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RequestedBye {
    /// A full-point bye (`F`).
    FullPoint,
    /// A half-point bye (`H`).
    HalfPoint,
    /// A zero-point bye (`Z`, or blank).
    ZeroPoint,
}

/// A header record kept as written: its three-character code and its text
/// (`012` the name, `042` the start date, `102` the chief arbiter, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The record code, e.g. `012`.
    pub code: String,
    /// Everything after the code and its separating space.
    pub text: String,
}

/// A tournament of individual players.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    /// Header records in the order read (name, place, dates, arbiters,
    /// time control, …) and any record this crate does not interpret, so that
    /// writing keeps them.
    pub records: Vec<Record>,
    /// The players, by start number.
    pub entrants: Vec<Entrant>,
    /// The number of rounds the event will have (`XXR` or `142`).
    pub planned_rounds: Option<u32>,
    /// The colour the top player had, or is to have, in round 1 (`152`, or
    /// `XXC white1`/`black1`).
    pub initial_colour: Option<Color>,
    /// Pair by the players' places in [`Self::ranking`] rather than by their
    /// start numbers (`XXC rank`).
    pub pair_by_rank: bool,
    /// With `XXC rank`, the players in the order of their `001` lines: the
    /// ranking the event pairs by (bbpPairings' and JaVaFo's "positional
    /// IDs"; the rank column, which holds the standings, plays no part).
    pub ranking: Vec<StartNo>,
    /// What each result scores.
    pub points: PointSystem,
    /// Pairs of players who must not meet (`260`, bbpPairings' `XXP`).
    pub forbidden_pairs: Vec<Vec<StartNo>>,
    /// Players who will not be paired in the next round (`XXZ`).
    pub absent_next_round: Vec<StartNo>,
    /// Byes requested in advance: round, kind, players (`240`).
    pub requested_byes: Vec<(u32, RequestedBye, Vec<StartNo>)>,
}

impl Tournament {
    /// The value of a header record, trimmed, when present.
    pub fn record(&self, code: &str) -> Option<&str> {
        self.records
            .iter()
            .find(|r| r.code == code)
            .map(|r| r.text.trim())
    }

    /// The event's name (record `012`).
    pub fn name(&self) -> Option<&str> {
        self.record("012")
    }

    /// The first day of the event (record `042`), when it reads as a date.
    pub fn start_date(&self) -> Option<Date> {
        self.record("042").and_then(Date::parse_lenient)
    }

    /// The players in the order the event pairs them (C.04.3 A.2's ranking
    /// order): by start number, or with `XXC rank` in the order of
    /// [`Self::ranking`], any player missing from it after, by start number.
    pub fn in_pairing_order(&self) -> Vec<&Entrant> {
        if !self.pair_by_rank {
            return self.entrants.iter().collect();
        }
        let mut order: Vec<&Entrant> = Vec::with_capacity(self.entrants.len());
        let mut listed = std::collections::HashSet::new();
        for &no in &self.ranking {
            if let Some(e) = self.entrant(no).filter(|_| listed.insert(no)) {
                order.push(e);
            }
        }
        order.extend(
            self.entrants
                .iter()
                .filter(|e| !listed.contains(&e.player.start_no)),
        );
        order
    }

    /// The entrant with a start number.
    pub fn entrant(&self, start_no: StartNo) -> Option<&Entrant> {
        self.entrants
            .binary_search_by_key(&start_no, |e| e.player.start_no)
            .ok()
            .map(|i| &self.entrants[i])
    }

    /// The entrant with a start number, to change.
    pub fn entrant_mut(&mut self, start_no: StartNo) -> Option<&mut Entrant> {
        self.entrants
            .binary_search_by_key(&start_no, |e| e.player.start_no)
            .ok()
            .map(|i| &mut self.entrants[i])
    }

    /// Registers a player, keeping start-number order. An entrant already
    /// holding the number is replaced.
    pub fn register(&mut self, player: Player) {
        let entrant = Entrant {
            player,
            ..Entrant::default()
        };
        match self
            .entrants
            .binary_search_by_key(&entrant.player.start_no, |e| e.player.start_no)
        {
            Ok(i) => self.entrants[i] = entrant,
            Err(i) => self.entrants.insert(i, entrant),
        }
    }

    /// The number of rounds with at least one cell filled in.
    pub fn rounds_in_file(&self) -> u32 {
        self.entrants
            .iter()
            .map(|e| {
                e.rounds
                    .iter()
                    .rposition(|r| *r != RoundEntry::NOT_PAIRED)
                    .map_or(0, |i| i as u32 + 1)
            })
            .max()
            .unwrap_or(0)
    }

    /// The number of rounds whose pairing is in the file: someone had an
    /// opponent or the pairing-allocated bye.
    pub fn rounds_paired(&self) -> u32 {
        (1..=self.rounds_in_file())
            .rev()
            .find(|&r| {
                self.entrants.iter().any(|e| {
                    let cell = e.round(r);
                    cell.opponent.is_some()
                        || matches!(cell.outcome(), Outcome::PairingAllocatedBye)
                })
            })
            .unwrap_or(0)
    }

    /// Records a pairing in round `round`: `white` against `black`, result
    /// from White's side, both players' cells filled.
    pub fn record_game(
        &mut self,
        round: u32,
        white: StartNo,
        black: StartNo,
        white_result: arbiter_rules::PlayerResult,
    ) {
        self.set_cell(
            white,
            round,
            RoundEntry::game(black, Color::White, white_result),
        );
        self.set_cell(
            black,
            round,
            RoundEntry::game(white, Color::Black, white_result.reversed()),
        );
    }

    /// Records a pairing in round `round` decided by forfeit: `white`
    /// against `black`, each with his forfeit code.
    pub fn record_forfeit(
        &mut self,
        round: u32,
        white: StartNo,
        black: StartNo,
        codes: (ResultCode, ResultCode),
    ) {
        self.set_cell(
            white,
            round,
            RoundEntry::paired(black, Color::White, codes.0),
        );
        self.set_cell(
            black,
            round,
            RoundEntry::paired(white, Color::Black, codes.1),
        );
    }

    /// Sets one player's cell for a round, padding earlier rounds with "not
    /// paired". Does nothing for an unknown start number or round 0.
    pub fn set_cell(&mut self, start_no: StartNo, round: u32, entry: RoundEntry) {
        let Some(index) = round.checked_sub(1) else {
            return;
        };
        if let Some(e) = self.entrant_mut(start_no) {
            let index = index as usize;
            if e.rounds.len() <= index {
                e.rounds.resize(index + 1, RoundEntry::NOT_PAIRED);
            }
            e.rounds[index] = entry;
        }
    }

    /// A player's score after `rounds` rounds, under the event's point system.
    pub fn score_after(&self, start_no: StartNo, rounds: u32) -> Points {
        self.entrant(start_no)
            .map_or(Points::ZERO, |e| e.score_after(rounds, &self.points))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::PlayerResult;

    #[test]
    fn a_recorded_game_fills_both_cells_and_scores() {
        let mut t = Tournament::default();
        t.register(Player::new(2, "B"));
        t.register(Player::new(1, "A"));
        t.record_game(2, 1, 2, PlayerResult::Draw);
        assert_eq!(t.entrants[0].player.start_no, 1);
        assert_eq!(t.entrant(1).unwrap().round(1), RoundEntry::NOT_PAIRED);
        assert_eq!(t.score_after(1, 2), Points::HALF);
        assert_eq!(t.rounds_paired(), 2);
        t.points = PointSystem::three_one_zero();
        assert_eq!(t.score_after(2, 2), Points::whole(1));
    }
}
