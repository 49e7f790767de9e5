//! A knockout as the log makes it: the bracket by seed, each match's
//! games read from the rounds' boards, and the next round the director
//! pairs.
//!
//! Each round of the log is one game of the matches still being played:
//! the main games first, then, for the matches level after them, the
//! games of the next tie-break stage, all at that stage's time control.
//! A knockout round is over when each of its matches has a winner; the
//! next pairs the winners in bracket order. Nothing is stored but the
//! rounds and their results: the bracket, the stages and the winners
//! follow from them, the same on every replay.

use arbiter_referee::TimeControl;
use arbiter_rules::{Color, PlayerResult};

use crate::knockout::{KnockoutMatch, MatchFormat, MatchState, Tempo};

use super::settings::fide_ruleset_for;
use super::{Board, BoardResult, Director, PlayerId, Refusal, RoundState, System};

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStanding {
    /// Its next game is due, in stage `stage` (0: the main games).
    Playing {
        /// The stage of the next game.
        stage: usize,
        /// The colour of the match's first player in it.
        first_colour: Color,
    },
    /// Won.
    Won {
        /// The winner.
        winner: PlayerId,
        /// The stage that decided it (0: the main games).
        stage: usize,
    },
    /// Level after every stage: the regulations settle it.
    Undecided,
    /// Level after every stage, and decided by lot.
    WonByLot {
        /// The winner the lot gave.
        winner: PlayerId,
    },
}

/// One match of a knockout round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The higher seed: White in the match's first game.
    pub first: PlayerId,
    /// His opponent; `None` when the bracket gives him a bye (fewer
    /// players than places), which puts him through.
    pub second: Option<PlayerId>,
    /// Its games with a result, in order: the log's round and board.
    pub games: Vec<(u32, u32)>,
    /// The points of the first and the second, in half points, every
    /// game counted as played (an Armageddon draw is a half each, though
    /// it puts Black through).
    pub halves: (u32, u32),
    /// Where it stands.
    pub standing: MatchStanding,
}

impl Match {
    /// The winner, once there is one.
    pub fn winner(&self) -> Option<PlayerId> {
        match self.standing {
            MatchStanding::Won { winner, .. } | MatchStanding::WonByLot { winner } => Some(winner),
            _ => None,
        }
    }
}

/// One round of the bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnockoutRound {
    /// Its number, from 1.
    pub number: u32,
    /// Its matches in bracket order: the winners of matches 1 and 2 meet
    /// in the next round, then those of 3 and 4, and so on.
    pub matches: Vec<Match>,
}

/// What one round of the log plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// The knockout round it belongs to, from 1.
    pub knockout_round: u32,
    /// The stage of its games (0: the main games).
    pub stage: usize,
    /// That stage's tempo.
    pub tempo: Tempo,
}

/// The knockout as it stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Knockout {
    /// The bracket's rounds so far.
    pub rounds: Vec<KnockoutRound>,
    /// What each round of the log played, round 1 first.
    pub slots: Vec<Slot>,
    /// The winner of the event, once the final is won.
    pub winner: Option<PlayerId>,
}

/// The clocks and rules of a round's games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    /// The time control (White's, when Black has his own).
    pub time_control: TimeControl,
    /// Black's own time control (an Armageddon game).
    pub black_time_control: Option<TimeControl>,
    /// The referee's ruleset by name.
    pub ruleset: String,
}

/// The places of a bracket of `size` (a power of two) in order, by seed:
/// 1 meets `size`, and the first two seeds can meet only in the final
/// (for 8: 1, 8, 4, 5, 2, 7, 3, 6), as the FIDE World Cup's bracket.
fn bracket(size: usize) -> Vec<usize> {
    let mut places = vec![1];
    while places.len() < size {
        let m = 2 * places.len();
        places = places.iter().flat_map(|&s| [s, m + 1 - s]).collect();
    }
    places
}

/// The next round's matches: the winners of matches 1 and 2, of 3 and 4,
/// …, the higher seed of each pair first.
fn pair_winners(round: &KnockoutRound, rank: &impl Fn(PlayerId) -> Option<usize>) -> Vec<Walking> {
    let winners: Vec<PlayerId> = round.matches.iter().filter_map(Match::winner).collect();
    winners
        .chunks(2)
        .map(|c| match c {
            [a, b] if rank(*a) <= rank(*b) => Walking::new(*a, Some(*b)),
            [a, b] => Walking::new(*b, Some(*a)),
            [a] => Walking::new(*a, None),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// The result for the player with White.
fn white_result(result: BoardResult) -> PlayerResult {
    match result {
        BoardResult::WhiteWins | BoardResult::WhiteWinsByForfeit => PlayerResult::Win,
        BoardResult::Draw | BoardResult::DoubleForfeit => PlayerResult::Draw,
        BoardResult::BlackWins | BoardResult::BlackWinsByForfeit => PlayerResult::Loss,
        // The fold refuses these in a knockout (a game there decides a
        // match); were one in a log, half a point each is the nearest.
        BoardResult::WhiteHalfBlackZero
        | BoardResult::WhiteZeroBlackHalf
        | BoardResult::DoubleLoss => PlayerResult::Draw,
    }
}

/// A match being walked: its games so far.
struct Walking {
    first: PlayerId,
    second: Option<PlayerId>,
    played: KnockoutMatch,
    games: Vec<(u32, u32)>,
    halves: (u32, u32),
    /// The winner a lot gave, once the match was level after every stage.
    by_lot: Option<PlayerId>,
}

impl Walking {
    fn new(first: PlayerId, second: Option<PlayerId>) -> Walking {
        Walking {
            first,
            second,
            played: KnockoutMatch::new(first, second.unwrap_or(0)),
            games: Vec::new(),
            halves: (0, 0),
            by_lot: None,
        }
    }

    fn standing(&self, format: &MatchFormat) -> MatchStanding {
        if self.second.is_none() {
            return MatchStanding::Won {
                winner: self.first,
                stage: 0,
            };
        }
        match self.played.state(format) {
            MatchState::NextGame {
                stage,
                first_colour,
                ..
            } => MatchStanding::Playing {
                stage,
                first_colour,
            },
            MatchState::Won { winner, stage } => MatchStanding::Won { winner, stage },
            // The fold pairs only the games a match still needs, so it is
            // never overplayed; a level match waits for the regulations.
            MatchState::Undecided | MatchState::Overplayed => match self.by_lot {
                Some(winner) => MatchStanding::WonByLot { winner },
                None => MatchStanding::Undecided,
            },
        }
    }

    fn record(&mut self, round: u32, board: u32, b: &Board, result: BoardResult) {
        let white = white_result(result);
        let (colour, first_result) = if b.white == self.first {
            (Color::White, white)
        } else {
            (Color::Black, white.reversed())
        };
        self.played.record(colour, first_result);
        self.games.push((round, board));
        self.halves.0 += u32::from(first_result.half_points());
        self.halves.1 += u32::from(first_result.reversed().half_points());
    }

    fn settled(&self, format: &MatchFormat) -> Match {
        Match {
            first: self.first,
            second: self.second,
            games: self.games.clone(),
            halves: self.halves,
            standing: self.standing(format),
        }
    }
}

impl Director {
    /// The knockout as the log makes it, `None` unless the event is one.
    pub fn knockout(&self) -> Option<Knockout> {
        self.knockout_after(self.rounds().len())
    }

    /// The knockout after the first `rounds` rounds of the log.
    pub(super) fn knockout_after(&self, rounds: usize) -> Option<Knockout> {
        let settings = self.settings()?;
        if settings.system != System::Knockout {
            return None;
        }
        let format = settings.match_rules().format();
        let seeds = self.start_order();
        if seeds.len() < 2 {
            return Some(Knockout::default());
        }
        let seed = |place: usize| seeds.get(place - 1).copied();
        let mut current: Vec<Walking> = bracket(seeds.len().next_power_of_two())
            .chunks(2)
            .map(|c| Walking::new(seeds[c[0] - 1], seed(c[1])))
            .collect();
        self.mark_lots(&mut current);
        let rank = |p: PlayerId| seeds.iter().position(|&s| s == p);
        let mut out = Knockout::default();
        let mut done: Vec<KnockoutRound> = Vec::new();
        let settle = |current: &[Walking], number: usize| KnockoutRound {
            number: number as u32,
            matches: current.iter().map(|w| w.settled(&format)).collect(),
        };
        for r in self.rounds().iter().take(rounds) {
            // A round whose matches all have winners gives the next.
            let settled = settle(&current, done.len() + 1);
            if settled.matches.iter().all(|m| m.winner().is_some()) && settled.matches.len() > 1 {
                current = pair_winners(&settled, &rank);
                self.mark_lots(&mut current);
                done.push(settled);
            }
            let stage = current
                .iter()
                .filter_map(|w| match w.standing(&format) {
                    MatchStanding::Playing { stage, .. } => Some(stage),
                    _ => None,
                })
                .min()
                .unwrap_or(0);
            out.slots.push(Slot {
                knockout_round: done.len() as u32 + 1,
                stage,
                tempo: format
                    .stages
                    .get(stage)
                    .map_or(Tempo::Standard, |s| s.tempo),
            });
            self.read_round(r, &mut current);
        }
        let last = settle(&current, done.len() + 1);
        if last.matches.len() == 1 {
            out.winner = last.matches[0].winner();
        }
        done.push(last);
        if out.winner.is_none()
            && done
                .last()
                .is_some_and(|r| r.matches.iter().all(|m| m.winner().is_some()))
        {
            // The round just won gives the next, still to be played.
            let mut next = done
                .last()
                .map(|r| pair_winners(r, &rank))
                .unwrap_or_default();
            self.mark_lots(&mut next);
            done.push(settle(&next, done.len() + 1));
        }
        out.rounds = done;
        Some(out)
    }

    /// Gives each match the winner a lot gave it, if one did. A pair
    /// meets once in a knockout, so a lot is found by the pair alone.
    fn mark_lots(&self, matches: &mut [Walking]) {
        for w in matches {
            w.by_lot = self
                .decided_by_lot
                .iter()
                .find_map(|&(first, second, winner)| {
                    (w.first == first && w.second == Some(second)).then_some(winner)
                });
        }
    }

    /// Records a knockout match decided by lot: one of the current
    /// round's, level after every stage, for one of its players.
    pub(super) fn decide_by_lot(
        &mut self,
        first: PlayerId,
        second: PlayerId,
        winner: PlayerId,
    ) -> Result<(), Refusal> {
        let ko = self.knockout().ok_or(Refusal::LotNotDue)?;
        let due = ko.rounds.last().is_some_and(|r| {
            r.matches.iter().any(|m| {
                m.first == first
                    && m.second == Some(second)
                    && m.standing == MatchStanding::Undecided
            })
        });
        if !due || (winner != first && winner != second) {
            return Err(Refusal::LotNotDue);
        }
        self.decided_by_lot.push((first, second, winner));
        Ok(())
    }

    /// The matches of the current knockout round level after every stage
    /// of their rules, which only a lot can decide: first and second.
    pub fn matches_due_a_lot(&self) -> Vec<(PlayerId, PlayerId)> {
        let Some(ko) = self.knockout() else {
            return Vec::new();
        };
        ko.rounds
            .last()
            .map(|r| {
                r.matches
                    .iter()
                    .filter(|m| m.standing == MatchStanding::Undecided)
                    .filter_map(|m| Some((m.first, m.second?)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Each board's result of a round, into its match.
    fn read_round(&self, r: &RoundState, current: &mut [Walking]) {
        for (i, b) in r.boards.iter().enumerate() {
            let Some(result) = b.result else { continue };
            let pair = |w: &Walking| {
                w.second.is_some_and(|s| {
                    (w.first, s) == (b.board.white, b.board.black)
                        || (s, w.first) == (b.board.white, b.board.black)
                })
            };
            if let Some(w) = current.iter_mut().find(|w| pair(w)) {
                w.record(r.number, i as u32 + 1, &b.board, result);
            }
        }
    }

    /// The boards the round after the first `rounds` of the log pairs: one
    /// game of each match of the current knockout round still being
    /// played at the earliest stage any of them has reached, with the
    /// colours the match's alternation gives.
    pub(super) fn knockout_boards(&self, rounds: usize) -> Result<Vec<Board>, Refusal> {
        let ko = self.knockout_after(rounds).ok_or(Refusal::NotCreated)?;
        if let Some(winner) = ko.winner {
            return Err(Refusal::KnockoutWon { winner });
        }
        let round = ko.rounds.last().ok_or(Refusal::TooFewPlayers)?;
        let mut due = Vec::new();
        for m in &round.matches {
            match m.standing {
                MatchStanding::Playing {
                    stage,
                    first_colour,
                } => due.push((stage, m.first, m.second.unwrap_or(m.first), first_colour)),
                MatchStanding::Undecided => {
                    return Err(Refusal::MatchUndecided {
                        first: m.first,
                        second: m.second.unwrap_or(m.first),
                    });
                }
                MatchStanding::Won { .. } | MatchStanding::WonByLot { .. } => {}
            }
        }
        let stage = due.iter().map(|d| d.0).min().unwrap_or(0);
        Ok(due
            .into_iter()
            .filter(|d| d.0 == stage)
            .map(|(_, first, second, colour)| match colour {
                Color::White => Board {
                    white: first,
                    black: second,
                },
                Color::Black => Board {
                    white: second,
                    black: first,
                },
            })
            .collect())
    }

    /// The clocks and rules of round `round`'s games: the event's, or in a
    /// knockout the stage's (a tie-break stage under the FIDE rules for
    /// its pace when the event plays under FIDE's).
    pub fn round_clocks(&self, round: u32) -> Option<Clocks> {
        let settings = self.settings()?;
        let main = Clocks {
            time_control: settings.time_control.clone(),
            black_time_control: None,
            ruleset: settings.ruleset.clone(),
        };
        if settings.system != System::Knockout {
            return Some(main);
        }
        let ko = self.knockout_after(round as usize)?;
        let slot = ko.slots.get(round.checked_sub(1)? as usize)?;
        let Some(stage) = slot.stage.checked_sub(1) else {
            return Some(main);
        };
        let rules = settings.match_rules();
        let tb = rules.tiebreaks.get(stage)?;
        let ruleset = if settings.ruleset.starts_with("fide-") {
            fide_ruleset_for(&tb.time_control).to_string()
        } else {
            settings.ruleset.clone()
        };
        Some(Clocks {
            time_control: tb.time_control.clone(),
            black_time_control: tb.black_time_control.clone(),
            ruleset,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::bracket;

    #[test]
    fn the_first_two_seeds_meet_only_in_the_final() {
        assert_eq!(bracket(2), [1, 2]);
        assert_eq!(bracket(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        let sixteen = bracket(16);
        let half = |s: usize| sixteen.iter().position(|&x| x == s).unwrap() / 8;
        assert_ne!(half(1), half(2));
        // Each pair of places sums to the size plus one: 1 v 16, 8 v 9, …
        assert!(sixteen.chunks(2).all(|c| c[0] + c[1] == 17));
    }
}
