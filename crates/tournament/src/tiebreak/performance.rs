//! The rating-based tie-breaks (C.07): average rating of
//! opponents, tournament performance rating, perfect tournament performance,
//! and the averages of the opponents' performances.

use super::crosstable::Crosstable;
use super::value::Value;
use crate::rating::tables::{dp_for_percent, expected_percent};

/// The games a rating-based tie-break reads: each opponent's rating and the
/// score, in half points, of the game (1, ½, 0 whatever the point system).
struct RatedGames {
    ratings: Vec<i32>,
    half_points: Vec<i32>,
}

/// The participant's games played over the board, with `cut_lowest` of the
/// lowest-rated opponents removed, or `None` when some rating is missing.
fn rated_games(
    table: &Crosstable,
    player: usize,
    unrated: Option<u32>,
    cut_lowest: u32,
) -> RatedGames {
    let mut games: Vec<(i32, i32)> = table.rounds[player]
        .iter()
        .filter(|r| r.over_the_board)
        .filter_map(|r| {
            let opponent = r.opponent?;
            let rating = table.ratings[opponent].or(unrated)? as i32;
            Some((rating, i32::from(r.result?.half_points())))
        })
        .collect();
    for _ in 0..cut_lowest.min(table.round_count) {
        if games.is_empty() {
            break;
        }
        let lowest = (0..games.len()).min_by_key(|&i| games[i].0).unwrap_or(0);
        games.remove(lowest);
    }
    RatedGames {
        ratings: games.iter().map(|g| g.0).collect(),
        half_points: games.iter().map(|g| g.1).collect(),
    }
}

/// Whether the rating-based tie-breaks are defined: every participant rated,
/// or a rating for unrated participants set by the event's rules.
pub(crate) fn defined(table: &Crosstable, unrated: Option<u32>) -> bool {
    unrated.is_some() || table.ratings.iter().all(Option::is_some)
}

/// A rating-based tie-break for every participant: `value` of their rated
/// games (with `cut_lowest` of the lowest-rated opponents removed), or
/// `None` when the tie-breaks are undefined or they played no rated game.
fn each_player<T>(
    table: &Crosstable,
    unrated: Option<u32>,
    cut_lowest: u32,
    value: impl Fn(&RatedGames) -> Option<T>,
) -> Vec<Option<T>> {
    let defined = defined(table, unrated);
    (0..table.len())
        .map(|p| {
            let games = rated_games(table, p, unrated, cut_lowest);
            if !defined || games.ratings.is_empty() {
                return None;
            }
            value(&games)
        })
        .collect()
}

/// The mean of integers, rounded half up.
fn rounded_mean(sum: i64, count: i64) -> i64 {
    (2 * sum + count).div_euclid(2 * count)
}

/// Average Rating of Opponents, with `cut_lowest` of the
/// lowest-rated opponents left out.
pub(crate) fn average_rating(
    table: &Crosstable,
    unrated: Option<u32>,
    cut_lowest: u32,
) -> Vec<Option<Value>> {
    each_player(table, unrated, cut_lowest, |games| {
        let sum: i64 = games.ratings.iter().map(|&r| i64::from(r)).sum();
        Some(Value::whole(rounded_mean(sum, games.ratings.len() as i64)))
    })
}

/// Tournament Performance Rating: the average rating of the
/// opponents plus the rating difference `dp` for the percentage scored.
pub(crate) fn performance(table: &Crosstable, unrated: Option<u32>) -> Vec<Option<i64>> {
    each_player(table, unrated, 0, |games| {
        let count = games.ratings.len() as i64;
        let sum: i64 = games.ratings.iter().map(|&r| i64::from(r)).sum();
        let half_points: i64 = games.half_points.iter().map(|&h| i64::from(h)).sum();
        // Percentage scored, rounded half up: 100 × (half_points / 2) / count.
        let percent = rounded_mean(50 * half_points, count);
        Some(rounded_mean(sum, count) + i64::from(dp_for_percent(percent as u32)))
    })
}

/// Perfect Tournament Performance: the lowest rating whose
/// expected score against the opponents is at least the score made; for a
/// zero score, the lowest-rated opponent's rating less 800.
pub(crate) fn perfect_performance(table: &Crosstable, unrated: Option<u32>) -> Vec<Option<i64>> {
    each_player(table, unrated, 0, |games| {
        let lowest = *games.ratings.iter().min()?;
        let highest = *games.ratings.iter().max()?;
        // The score in percent of one game, to compare with expected
        // scores that the table gives in whole percent.
        let target: i64 = games.half_points.iter().map(|&h| i64::from(h) * 50).sum();
        if target == 0 {
            return Some(i64::from(lowest) - 800);
        }
        let expected = |rating: i32| -> i64 {
            games
                .ratings
                .iter()
                .map(|&o| i64::from(expected_percent(rating, o)))
                .sum()
        };
        // Expected scores grow with the rating: find the first that reaches
        // the target between 800 below the weakest and 800 above the
        // strongest opponent (where every expected score is 100 %).
        let (mut low, mut high) = (lowest - 800, highest + 800);
        while high - low > 1 {
            let middle = low + (high - low) / 2;
            if expected(middle) >= target {
                high = middle;
            } else {
                low = middle;
            }
        }
        Some(i64::from(high))
    })
}

/// The mean, rounded half up to a whole number, of the opponents' values
/// over games played over the board (APRO and APPO).
pub(crate) fn average_of_opponents(
    table: &Crosstable,
    values: &[Option<i64>],
) -> Vec<Option<Value>> {
    (0..table.len())
        .map(|p| {
            let known: Vec<i64> = table.rounds[p]
                .iter()
                .filter(|r| r.over_the_board)
                .filter_map(|r| values[r.opponent?])
                .collect();
            if known.is_empty() {
                return None;
            }
            let sum: i64 = known.iter().sum();
            Some(Value::whole(rounded_mean(sum, known.len() as i64)))
        })
        .collect()
}
