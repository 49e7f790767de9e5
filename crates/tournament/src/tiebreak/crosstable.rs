//! The facts of each round that C.07's tie-breaks read: points, whether a
//! game was played over the board, whether an unplayed round was the
//! participant's choice (a "voluntary unplayed round", C.07 16), and the
//! scores C.07 16 substitutes for unplayed rounds.

use arbiter_rules::{Color, PlayerResult};

use crate::player::StartNo;
use crate::points::{PointSystem, Points};
use crate::result::Outcome;
use crate::tournament::Tournament;

use super::{Edition, Format};

/// One participant's round, as the tie-breaks see it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Round {
    /// Points scored in the round, under the event's point system.
    pub points: Points,
    /// The opponent's index, for a game played or forfeited.
    pub opponent: Option<usize>,
    /// A game played over the board.
    pub over_the_board: bool,
    /// The colour of a game played over the board.
    pub colour: Option<Color>,
    /// The result of a game played over the board, for rating-based
    /// tie-breaks (which count 1, ½, 0 whatever the point system).
    pub result: Option<PlayerResult>,
    /// The pairing-allocated bye.
    pub pairing_bye: bool,
    /// A voluntary unplayed round (C.07 16): unplayed and not scored as a win
    /// (half- and zero-point byes, forfeit losses, absences).
    pub voluntary: bool,
}

/// Every participant's rounds up to the round the standings are after.
#[derive(Debug)]
pub(crate) struct Crosstable {
    /// Start numbers, by index.
    pub start_numbers: Vec<StartNo>,
    /// Ratings, by index; `None` for unrated.
    pub ratings: Vec<Option<u32>>,
    /// Rounds, by index then round (round 1 first).
    pub rounds: Vec<Vec<Round>>,
    /// The number of rounds the standings are after.
    pub round_count: u32,
    /// Points for a win and a draw.
    pub system: PointSystem,
    /// Swiss or round robin.
    pub format: Format,
    /// The rules in force.
    pub edition: Edition,
}

impl Crosstable {
    /// The crosstable of a tournament after `round_count` rounds.
    pub fn new(
        tournament: &Tournament,
        round_count: u32,
        format: Format,
        edition: Edition,
    ) -> Crosstable {
        let start_numbers: Vec<StartNo> = tournament
            .entrants
            .iter()
            .map(|e| e.player.start_no)
            .collect();
        let index_of = |no: StartNo| start_numbers.binary_search(&no).ok();
        let system = tournament.points;
        let rounds = tournament
            .entrants
            .iter()
            .map(|entrant| {
                (1..=round_count)
                    .map(|r| {
                        let cell = entrant.round(r);
                        let points = cell.points(&system);
                        let mut round = Round {
                            points,
                            opponent: None,
                            over_the_board: false,
                            colour: None,
                            result: None,
                            pairing_bye: false,
                            voluntary: false,
                        };
                        match cell.outcome() {
                            Outcome::Played {
                                opponent,
                                colour,
                                result,
                            } => {
                                round.opponent = index_of(opponent);
                                round.over_the_board = round.opponent.is_some();
                                round.colour = Some(colour);
                                round.result = Some(result);
                            }
                            Outcome::Forfeit { opponent, won, .. } => {
                                round.opponent = index_of(opponent);
                                round.voluntary = !won;
                            }
                            Outcome::PairingAllocatedBye => round.pairing_bye = true,
                            Outcome::FullPointBye => {}
                            Outcome::HalfPointBye | Outcome::ZeroPointBye | Outcome::NotPaired => {
                                round.voluntary = true;
                            }
                        }
                        round
                    })
                    .collect()
            })
            .collect();
        Crosstable {
            ratings: tournament
                .entrants
                .iter()
                .map(|e| Some(e.player.rating).filter(|&r| r > 0))
                .collect(),
            start_numbers,
            rounds,
            round_count,
            system,
            format,
            edition,
        }
    }

    /// The number of participants.
    pub fn len(&self) -> usize {
        self.start_numbers.len()
    }

    /// A participant's score.
    pub fn score(&self, player: usize) -> Points {
        self.rounds[player].iter().map(|r| r.points).sum()
    }

    /// The last round (from 1) that was not a voluntary unplayed round; 0 if
    /// none.
    pub fn last_round_not_voluntary(&self, player: usize) -> u32 {
        self.rounds[player]
            .iter()
            .rposition(|r| !r.voluntary)
            .map_or(0, |i| i as u32 + 1)
    }

    /// The last round (from 1) in which the participant was paired: with an
    /// opponent or the pairing-allocated bye; 0 if never.
    pub fn last_round_paired(&self, player: usize) -> u32 {
        self.rounds[player]
            .iter()
            .rposition(|r| r.opponent.is_some() || r.pairing_bye)
            .map_or(0, |i| i as u32 + 1)
    }

    /// The participant's score as others' Buchholz counts it (C.07 16.3):
    /// rounds up to the last one that was not voluntarily unplayed, and
    /// rounds with an opponent, count as scored; voluntary unplayed rounds
    /// after that (the participant withdrew) count as draws in a Swiss event
    /// and as nothing in a round robin.
    ///
    /// With `fore` (Fore Buchholz), a participant paired in the last
    /// round counts every round as scored, and a last-round game or forfeit as
    /// a draw.
    pub fn adjusted_score(&self, player: usize, fore: bool) -> Points {
        let last = self.round_count;
        let paired_last = fore && last > 0 && self.last_round_paired(player) == last;
        let scored_until = if paired_last {
            last
        } else {
            self.last_round_not_voluntary(player)
        };
        let mut total = Points::ZERO;
        for (i, round) in self.rounds[player].iter().enumerate() {
            let number = i as u32 + 1;
            total += if number <= scored_until || round.opponent.is_some() {
                round.points
            } else if self.format == Format::RoundRobin {
                Points::ZERO
            } else {
                self.system.draw
            };
        }
        if paired_last && self.rounds[player][last as usize - 1].opponent.is_some() {
            total = total - self.rounds[player][last as usize - 1].points + self.system.draw;
        }
        total
    }

    /// The participant's own score with Fore Buchholz's last-round draw, the
    /// value C.07 16.4 gives the virtual opponent of an unplayed round.
    pub fn own_score(&self, player: usize, fore: bool) -> Points {
        let last = self.round_count;
        let mut score = self.score(player);
        if fore && last > 0 && self.last_round_paired(player) == last {
            let round = &self.rounds[player][last as usize - 1];
            if round.opponent.is_some() {
                score = score - round.points + self.system.draw;
            }
        }
        score
    }
}
