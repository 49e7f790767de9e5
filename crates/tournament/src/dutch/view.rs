//! From a tournament to the engine's view of one round: who is paired, with
//! what score, colours, floats and bye history (C.04.3 articles 1 and 3).

use arbiter_rules::Color;

use crate::result::{Outcome, ResultCode, RoundEntry};
use crate::{Points, StartNo, Tournament};

use super::{Float, PairingCard, Round};

/// How a round's scores are made for pairing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Acceleration {
    /// Baku acceleration (C.04.5.1): group A, the first half of the field
    /// rounded up to an even number, gets virtual points in the first half
    /// of the rounds. Ignored when the file gives its own accelerations
    /// (`XXA`, record 250).
    pub baku: bool,
}

/// Whether the cell takes part in the round's pairing: a game, a forfeit,
/// or the pairing-allocated bye.
fn paired(cell: &RoundEntry) -> bool {
    cell.opponent.is_some()
        || matches!(
            cell.code,
            ResultCode::PairingAllocatedBye | ResultCode::ForfeitWin
        )
}

/// The number of rounds the file has paired, as the pairing engines count
/// them: the last round anyone was paired in, or the last before a round
/// anyone has an entry for.
pub fn rounds_paired(t: &Tournament) -> u32 {
    let mut played = 0;
    for e in &t.entrants {
        for (i, cell) in e.rounds.iter().enumerate() {
            if *cell == RoundEntry::NOT_PAIRED {
                continue;
            }
            let round = i as u32 + 1;
            played = played.max(if paired(cell) { round } else { round - 1 });
        }
    }
    played
}

fn tenths(p: Points) -> i64 {
    p.tenths() as i64
}

/// The players' view for pairing round `round` (1-based) from the rounds
/// before it. A player with a cell already in round `round` that is not a
/// pairing (a requested bye, an absence), one listed absent (`XXZ`) or with
/// a bye requested for the round (record 240) is left out.
pub fn round_to_pair(t: &Tournament, round: u32, acceleration: Acceleration) -> Round {
    let played = round.saturating_sub(1) as usize;
    let cells = |e: &crate::Entrant| -> Vec<RoundEntry> {
        (1..=played as u32).map(|r| e.round(r)).collect()
    };
    // Players who take part in the event by now, in pairing-number order.
    let mut valid: Vec<&crate::Entrant> = t
        .entrants
        .iter()
        .filter(|e| {
            let last = e
                .rounds
                .iter()
                .take(played + 1)
                .rposition(|c| *c != RoundEntry::NOT_PAIRED)
                .map_or(0, |i| i + 1);
            last <= played || e.rounds.iter().take(played + 1).any(paired)
        })
        .collect();
    if t.pair_by_rank {
        let places = pairing_places(t);
        valid.sort_by_key(|e| places[&e.player.start_no]);
    }
    let system = &t.points;
    let baku = if acceleration.baku && t.entrants.iter().all(|e| e.accelerations.is_empty()) {
        Some(Baku::new(t, t.planned_rounds.unwrap_or(round)))
    } else {
        None
    };
    let accel = |e: &crate::Entrant, index: usize| -> i64 {
        match &baku {
            Some(baku) => baku.virtual_points(e, index, system),
            None => e.accelerations.get(index).map_or(0, |&p| tenths(p)),
        }
    };
    // Scores `back` rounds ago, with that round's acceleration.
    let score_back = |e: &crate::Entrant, back: usize| -> i64 {
        let cells = cells(e);
        let real: i64 = cells[..played - back]
            .iter()
            .map(|c| tenths(c.points(system)))
            .sum();
        real + accel(e, played - back)
    };
    let absent: Vec<StartNo> = if round as usize == played + 1 {
        let mut list = Vec::new();
        if rounds_paired(t) < round {
            list.extend(t.absent_next_round.iter().copied());
        }
        for (r, _, players) in &t.requested_byes {
            if *r == round {
                list.extend(players.iter().copied());
            }
        }
        list
    } else {
        Vec::new()
    };
    let top_threshold = played as i64 * tenths(system.win.max(system.draw)) / 2;
    let planned = t.planned_rounds.unwrap_or(round) as usize;
    let final_round = played + 1 >= planned;
    let mut entrants = Vec::new();
    for (rank, e) in valid.iter().enumerate() {
        let now = e.round(round);
        if (now != RoundEntry::NOT_PAIRED && !paired(&now)) || absent.contains(&e.player.start_no) {
            continue;
        }
        let history = cells(e);
        let real: i64 = history.iter().map(|c| tenths(c.points(system))).sum();
        let score = real + accel(e, played);
        let mut colours = Vec::new();
        let mut forbidden = Vec::new();
        let mut bye_eligible = true;
        for cell in &history {
            match cell.outcome() {
                Outcome::Played {
                    opponent,
                    colour: c,
                    ..
                } => {
                    colours.push(c);
                    forbidden.push(opponent as usize - 1);
                }
                Outcome::PairingAllocatedBye => bye_eligible = false,
                _ => {
                    if cell.points(system) >= system.win {
                        bye_eligible = false;
                    }
                }
            }
        }
        for group in &t.forbidden_pairs {
            if group.contains(&e.player.start_no) {
                forbidden.extend(group.iter().map(|&n| n as usize - 1));
            }
        }
        let mut floats = [Float::None; 2];
        for (back, float) in floats.iter_mut().enumerate().take(played.min(2)) {
            let cell = &history[played - 1 - back];
            *float = match cell.outcome() {
                Outcome::Played { opponent, .. } => {
                    let mine = score_back(e, back + 1);
                    let theirs = t.entrant(opponent).map_or(0, |o| score_back(o, back + 1));
                    match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    }
                }
                _ if cell.points(system) > system.loss => Float::Down,
                _ => Float::None,
            };
        }
        entrants.push(PairingCard {
            id: e.player.start_no as usize - 1,
            rank,
            score: score.max(0) as u32,
            real_score: real.max(0) as u32,
            colours,
            floats,
            bye_eligible,
            topscorer: final_round && score > top_threshold,
            forbidden,
        });
    }
    Round {
        entrants,
        rounds_played: played,
        initial_colour: t
            .initial_colour
            .unwrap_or_else(|| inferred_initial_colour(&valid)),
    }
}

/// When the file does not say it, the colour the top player had in the
/// first round with colours: read off the highest player with a colour
/// there, reversed once for each player above them.
fn inferred_initial_colour(valid: &[&crate::Entrant]) -> Color {
    let first = valid
        .iter()
        .filter_map(|e| e.rounds.iter().position(|c| c.colour.is_some()))
        .min();
    let Some(first) = first else {
        return Color::White;
    };
    let mut flips = 0;
    for e in valid {
        let took_part = e.rounds.iter().take(first + 1).any(paired);
        if !took_part {
            continue;
        }
        if let Some(c) = e.rounds[first].colour {
            return if flips % 2 == 0 { c } else { !c };
        }
        flips += 1;
    }
    Color::White
}

/// Baku acceleration (C.04.5.1): who is in group A, and in which rounds its
/// players get virtual points.
struct Baku {
    /// The players of group A: the first of the pairing order. The groups
    /// are split once, over the whole field (C.04.5.1, late entries).
    group_a: std::collections::HashSet<StartNo>,
    /// The number of accelerated rounds: the first half of the event,
    /// rounded up.
    accelerated: usize,
}

impl Baku {
    fn new(t: &Tournament, rounds: u32) -> Self {
        let places = pairing_places(t);
        Baku {
            group_a: places
                .into_iter()
                .filter(|&(_, place)| place < group_a_size(t.entrants.len()))
                .map(|(no, _)| no)
                .collect(),
            accelerated: (rounds as usize).div_ceil(2),
        }
    }

    /// The virtual points of `e` for pairing the round of 0-based index
    /// `index`: a win's worth in the first half of the accelerated rounds
    /// (rounded up), a draw's in the rest, none outside group A.
    fn virtual_points(&self, e: &crate::Entrant, index: usize, system: &crate::PointSystem) -> i64 {
        if !self.group_a.contains(&e.player.start_no) || index >= self.accelerated {
            0
        } else if index < self.accelerated.div_ceil(2) {
            tenths(system.win)
        } else {
            tenths(system.draw)
        }
    }
}

/// Group A of Baku acceleration for a field of `players`: the first half,
/// rounded up to an even number (2 × Q, Q the players divided by 4 and
/// rounded up; C.04.5.1).
fn group_a_size(players: usize) -> usize {
    2 * players.div_ceil(4)
}

/// Each player's place (from 0) in the order the event pairs by
/// ([`Tournament::in_pairing_order`]).
fn pairing_places(t: &Tournament) -> std::collections::HashMap<StartNo, usize> {
    t.in_pairing_order()
        .into_iter()
        .enumerate()
        .map(|(place, e)| (e.player.start_no, place))
        .collect()
}
