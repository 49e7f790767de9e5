//! A rated player's rating change over an event (B.02 8.3).

use super::games::{RatedGame, half_points};
use super::tables::score_probability;

/// The rating from which a difference of more than 400 points is no longer
/// counted as 400 (8.3.1, amended from 1 October 2025).
const UNCAPPED_FROM: u32 = 2650;

/// The largest difference counted for a player rated under 2650 (8.3.1).
const DIFFERENCE_CAP: u32 = 400;

/// The score probability `PD`, in hundredths, of a player rated `rating`
/// against one rated `opponent` (8.3.1, 8.3.2 a).
///
/// "A difference in rating of more than 400 points shall be counted for
/// rating purposes as though it were a difference of 400 points for
/// players rated below 2650. For players rated 2650 and above, the
/// difference between ratings shall be used in all cases": the cap is the
/// player's own, so a 2700 meeting a 2200 expects .96 while the 2200
/// expects .08.
///
/// ```
/// use arbiter_tournament::rating::expected_score;
/// assert_eq!(expected_score(2200, 2700), 8);   // D capped at 400
/// assert_eq!(expected_score(2700, 2200), 96);  // D of 500 counted in full
/// assert_eq!(expected_score(2600, 2100), 92);  // under 2650: capped
/// ```
pub fn expected_score(rating: u32, opponent: u32) -> u32 {
    let mut difference = rating.abs_diff(opponent);
    if rating < UNCAPPED_FROM {
        difference = difference.min(DIFFERENCE_CAP);
    }
    score_probability(difference, rating >= opponent)
}

/// What an event changes in a rated player's rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Change {
    /// The games rated (8.3.1: against rated players).
    pub games: u32,
    /// The points scored in them, in half points.
    pub half_points: u32,
    /// ΣPD, the sum of the games' score probabilities, in hundredths.
    pub expected: u32,
    /// K × (score − ΣPD), in hundredths of a rating point, not rounded
    /// (8.3.2 d).
    pub change: i64,
    /// The rating plus the change rounded to a whole number, 0.5 away from
    /// zero (8.3.4).
    pub new_rating: u32,
}

/// The change of a player rated `rating`, with development coefficient
/// `k`, over his rated games (8.3.2–8.3.4).
///
/// ```
/// use arbiter_rules::PlayerResult::{Loss, Win};
/// use arbiter_tournament::rating::{rating_change, RatedGame};
/// let game = |round, opponent_rating, result| RatedGame { round, opponent: round, opponent_rating, result };
/// let games = [game(1, 1798, Win), game(2, 1801, Loss), game(3, 1897, Win)];
/// let change = rating_change(1922, 40, &games);
/// assert_eq!(change.expected, 186); // .67 + .66 + .53
/// assert_eq!(change.change, 560);   // 40 × (2 − 1.86) = 5.60
/// assert_eq!(change.new_rating, 1928);
/// ```
pub fn rating_change(rating: u32, k: u32, games: &[RatedGame]) -> Change {
    let expected: u32 = games
        .iter()
        .map(|g| expected_score(rating, g.opponent_rating))
        .sum();
    let half_points = half_points(games);
    // The score in hundredths: 50 a half point.
    let delta = i64::from(half_points) * 50 - i64::from(expected);
    let change = i64::from(k) * delta;
    let new_rating = i64::from(rating) + round_half_away_from_zero(change, 100);
    Change {
        games: games.len() as u32,
        half_points,
        expected,
        change,
        new_rating: new_rating.max(0) as u32,
    }
}

/// `numerator / denominator` rounded to the nearest whole number, halves
/// away from zero (8.3.4: "0.5 is rounded away from zero").
fn round_half_away_from_zero(numerator: i64, denominator: i64) -> i64 {
    let magnitude = (2 * numerator.abs() + denominator) / (2 * denominator);
    magnitude * numerator.signum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::PlayerResult;

    fn game(opponent_rating: u32, result: PlayerResult) -> RatedGame {
        RatedGame {
            round: 1,
            opponent: 2,
            opponent_rating,
            result,
        }
    }

    #[test]
    fn halves_round_away_from_zero() {
        assert_eq!(round_half_away_from_zero(250, 100), 3);
        assert_eq!(round_half_away_from_zero(-250, 100), -3);
        assert_eq!(round_half_away_from_zero(249, 100), 2);
        assert_eq!(round_half_away_from_zero(-249, 100), -2);
        assert_eq!(round_half_away_from_zero(-251, 100), -3);
        assert_eq!(round_half_away_from_zero(0, 100), 0);
    }

    #[test]
    fn the_400_point_rule_stops_at_2650() {
        // 8.3.1: a 2649 meeting a 2000 counts the difference as 400 (.92),
        // a 2650 counts all 650 (.99).
        assert_eq!(expected_score(2649, 2000), 92);
        assert_eq!(expected_score(2650, 2000), 99);
        assert_eq!(expected_score(2650, 1900), 100);
        // The lower-rated player's own cap, whatever the opponent's rating.
        assert_eq!(expected_score(2000, 2650), 8);
    }

    #[test]
    fn a_loss_at_half_a_point_of_change_rounds_away_from_zero() {
        // K 10 and PD .55 for a loss: 10 × (0 − .55) = −5.5, rounded to −6.
        let change = rating_change(2435, 10, &[game(2400, PlayerResult::Loss)]);
        assert_eq!(change.expected, 55);
        assert_eq!(change.change, -550);
        assert_eq!(change.new_rating, 2429);
    }
}
