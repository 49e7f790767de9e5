//! An unrated player's first rating (B.02 8.2, with 7.1.4).

use super::games::{RatedGame, half_points};
use super::note::RatingNote;
use super::tables::dp_for_percent;

/// The hypothetical opponents' rating (8.2.2).
const HYPOTHETICAL_RATING: i64 = 1800;
/// How many: two, each drawn (8.2.2).
const HYPOTHETICAL_GAMES: i64 = 2;
/// The highest initial rating (8.2.3).
const MOST: i64 = 2200;
/// The games against rated opponents a first published rating needs
/// (7.1.4).
const GAMES_TO_PUBLISH: u32 = 5;
/// The lowest rating published (7.1.4).
const FLOOR: u32 = 1400;

/// An initial rating `Ru = Ra + dp` as 8.2 computes it from one event's
/// games against rated opponents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InitialRating {
    /// The games against rated opponents.
    pub games: u32,
    /// The points scored in them, in half points.
    pub half_points: u32,
    /// Ra, the average rating of the rated opponents and the two
    /// hypothetical 1800s, in hundredths, rounded half up (8.2.2).
    pub average_hundredths: i64,
    /// p, the fractional score with the two hypothetical draws, in whole
    /// percent (rounded half up, as the Title Regulations round the
    /// percentages read in the same table).
    pub percent: u32,
    /// dp for p, table 8.1.1.
    pub dp: i32,
    /// Ru rounded to the nearest whole number, at most 2200 (8.2.3).
    pub rating: u32,
}

/// Ru from an unrated player's games against rated opponents, or why the
/// event gives him none yet: no such game; no point in them (8.2.1: "If
/// an unrated player scores zero in their first event this score is
/// disregarded"); fewer than five of them (7.1.4: "A rating for a player
/// new to the list shall be published when it is based on at least 5
/// games against rated opponents", the results of later events being
/// pooled with these); or a rating under 1400 (7.1.4: "The rating must be
/// at least 1400").
///
/// ```
/// use arbiter_rules::PlayerResult::{Draw, Loss, Win};
/// use arbiter_tournament::rating::{initial_rating, RatedGame};
/// let game = |round, opponent_rating, result| RatedGame { round, opponent: round, opponent_rating, result };
/// let games = [
///     game(1, 1700, Win), game(2, 1900, Draw), game(3, 2000, Loss),
///     game(4, 1600, Win), game(5, 1800, Draw),
/// ];
/// // Ra = (9000 + 3600) / 7 = 1800; p = (3 + 1) / 7 = 57 %; dp = 50.
/// assert_eq!(initial_rating(&games).map(|r| r.rating), Ok(1850));
/// ```
pub fn initial_rating(games: &[RatedGame]) -> Result<InitialRating, RatingNote> {
    if games.is_empty() {
        return Err(RatingNote::NoRatedGames);
    }
    let half = half_points(games);
    if half == 0 {
        return Err(RatingNote::ScoredZero {
            games: games.len() as u32,
        });
    }
    let count = games.len() as i64 + HYPOTHETICAL_GAMES;
    let ratings: i64 = games
        .iter()
        .map(|g| i64::from(g.opponent_rating))
        .sum::<i64>()
        + HYPOTHETICAL_RATING * HYPOTHETICAL_GAMES;
    // p = (score + 1) / (n + 2), in percent: 50 × (half points + 2) / (n + 2).
    let percent = rounded_half_up(50 * (i64::from(half) + HYPOTHETICAL_GAMES), count) as u32;
    let dp = dp_for_percent(percent);
    let rating = rounded_half_up(ratings + i64::from(dp) * count, count).min(MOST) as u32;
    let initial = InitialRating {
        games: games.len() as u32,
        half_points: half,
        average_hundredths: rounded_half_up(100 * ratings, count),
        percent,
        dp,
        rating,
    };
    if initial.games < GAMES_TO_PUBLISH {
        return Err(RatingNote::TooFewGames {
            games: initial.games,
            rating,
        });
    }
    if rating < FLOOR {
        return Err(RatingNote::BelowFloor { rating });
    }
    Ok(initial)
}

/// `numerator / denominator` (denominator positive) rounded to the nearest
/// whole number, halves up.
fn rounded_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator).div_euclid(2 * denominator)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::PlayerResult::{self, Draw, Loss, Win};

    fn games(list: &[(u32, PlayerResult)]) -> Vec<RatedGame> {
        list.iter()
            .zip(1..)
            .map(|(&(opponent_rating, result), round)| RatedGame {
                round,
                opponent: round,
                opponent_rating,
                result,
            })
            .collect()
    }

    #[test]
    fn five_wins_against_2000s_give_2200_at_most() {
        // Ra = (5 × 2000 + 3600) / 7 = 1942.86; p = 6 / 7 = 86 %, dp 309:
        // 2251.86, above the 2200 maximum of 8.2.3.
        let five = games(&[(2000, Win); 5]);
        let initial = initial_rating(&five).unwrap();
        assert_eq!(initial.average_hundredths, 194_286);
        assert_eq!((initial.percent, initial.dp), (86, 309));
        assert_eq!(initial.rating, 2200);
    }

    #[test]
    fn a_zero_score_is_disregarded() {
        assert_eq!(
            initial_rating(&games(&[(1900, Loss); 6])),
            Err(RatingNote::ScoredZero { games: 6 })
        );
    }

    #[test]
    fn fewer_than_five_games_publish_nothing_yet() {
        // Ra = (3 × 1700 + 3600) / 5 = 1740; p = 2.5 / 5 = 50 %: Ru 1740.
        assert_eq!(
            initial_rating(&games(&[(1700, Win), (1700, Draw), (1700, Loss)])),
            Err(RatingNote::TooFewGames {
                games: 3,
                rating: 1740
            })
        );
    }

    #[test]
    fn a_first_rating_under_1400_is_not_published() {
        // Ra = (5 × 1400 + 3600) / 7 = 1514.29; p = 1.5 / 7 = 21 %, dp
        // −230: 1284.
        let weak = games(&[
            (1400, Draw),
            (1400, Loss),
            (1400, Loss),
            (1400, Loss),
            (1400, Loss),
        ]);
        assert_eq!(
            initial_rating(&weak),
            Err(RatingNote::BelowFloor { rating: 1284 })
        );
    }

    #[test]
    fn no_game_against_a_rated_opponent_gives_nothing_to_compute() {
        assert_eq!(initial_rating(&[]), Err(RatingNote::NoRatedGames));
    }
}
