//! The Buchholz family (C.07): Buchholz, Fore Buchholz, Average of
//! Opponents' Buchholz, Sonneborn-Berger, with their cut and median
//! modifiers, and C.07 16's treatment of unplayed rounds.

use crate::points::Points;

use super::crosstable::Crosstable;
use super::value::Value;
use super::{Edition, Format};

/// What one round contributes before the cuts.
#[derive(Debug, Clone, Copy)]
struct Contribution {
    /// The (real or virtual) opponent's score.
    opponent_score: Points,
    /// What the round adds: the opponent's score for Buchholz, times the
    /// points scored for Sonneborn-Berger.
    value: Value,
    /// A voluntary unplayed round, which the cuts remove first.
    voluntary: bool,
}

/// Which member of the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    /// Sum of opponents' scores.
    Buchholz,
    /// Buchholz with every last-round game counted as a draw.
    Fore,
    /// Sum of opponents' scores times the points scored against them.
    SonnebornBerger,
}

/// The value for every participant, with `cut_lowest` and `cut_highest`
/// contributions removed.
pub(crate) fn compute(
    table: &Crosstable,
    family: Family,
    cut_lowest: u32,
    cut_highest: u32,
) -> Vec<Value> {
    let fore = family == Family::Fore;
    let adjusted: Vec<Points> = (0..table.len())
        .map(|p| table.adjusted_score(p, fore))
        .collect();
    (0..table.len())
        .map(|player| {
            let contributions = contributions(table, family, player, &adjusted);
            cut(contributions, cut_lowest, cut_highest, table.round_count)
        })
        .collect()
}

/// Each round's contribution for one participant (C.07 16.4 for unplayed
/// rounds: a virtual opponent with the participant's own score; from the
/// 2026 amendment, never more than the absent opponent's score, or than a
/// draw in every round when there was no opponent).
fn contributions(
    table: &Crosstable,
    family: Family,
    player: usize,
    adjusted: &[Points],
) -> Vec<Contribution> {
    let round_robin = table.format == Format::RoundRobin;
    let fore = family == Family::Fore;
    let own = table.own_score(player, fore);
    let last = table.round_count as usize;
    let mut out = Vec::with_capacity(last);
    for (i, round) in table.rounds[player].iter().enumerate() {
        // In a round robin the pairing is fixed in advance, so a forfeited
        // game counts as if played; Fore Buchholz counts the last round so too.
        let counts_as_played = round_robin || (fore && i + 1 == last) || round.over_the_board;
        let (opponent_score, voluntary) = match round.opponent {
            Some(opponent) if counts_as_played => (adjusted[opponent], false),
            // A round robin's round without an opponent (the odd player's
            // rest) is no round for the tie-breaks.
            _ if round_robin => continue,
            opponent => {
                let virtual_score = match (table.edition, opponent) {
                    (Edition::Fide2024, _) => own,
                    (Edition::Fide2026, Some(opponent)) => own.min(adjusted[opponent]),
                    (Edition::Fide2026, None) => own.min(Points::from_tenths(
                        table.system.draw.tenths() * last as i32,
                    )),
                };
                (virtual_score, round.voluntary)
            }
        };
        let value = match family {
            Family::SonnebornBerger => Value::product(opponent_score, round.points),
            Family::Buchholz | Family::Fore => Value::points(opponent_score),
        };
        out.push(Contribution {
            opponent_score,
            value,
            voluntary,
        });
    }
    out
}

/// Removes the lowest and highest contributions (C.07: Cut-n and
/// Median-n), voluntary unplayed rounds first among the lowest.
fn cut(mut contributions: Vec<Contribution>, lowest: u32, highest: u32, rounds: u32) -> Value {
    let lowest = lowest.min(rounds);
    let highest = highest.min(rounds - lowest);
    for _ in 0..lowest {
        if contributions.is_empty() {
            break;
        }
        let weakest = index_of_min(&contributions, |c| (c.opponent_score, c.value));
        let weakest_voluntary = contributions
            .iter()
            .enumerate()
            .filter(|(_, c)| c.voluntary)
            .min_by_key(|(_, c)| (c.value, c.opponent_score))
            .map(|(i, _)| i);
        let remove = match weakest_voluntary {
            Some(v) if contributions[weakest].value <= contributions[v].value => v,
            _ => weakest,
        };
        contributions.remove(remove);
    }
    for _ in 0..highest {
        if contributions.is_empty() {
            break;
        }
        let strongest = index_of_min(&contributions, |c| {
            (
                std::cmp::Reverse(c.opponent_score),
                std::cmp::Reverse(c.value),
            )
        });
        contributions.remove(strongest);
    }
    contributions.iter().map(|c| c.value).sum()
}

/// The index of the first smallest element by a key.
fn index_of_min<K: Ord>(items: &[Contribution], key: impl Fn(&Contribution) -> K) -> usize {
    let mut best = 0;
    for i in 1..items.len() {
        if key(&items[i]) < key(&items[best]) {
            best = i;
        }
    }
    best
}
