//! FIDE rating changes of an event, as the FIDE Rating Regulations
//! (Handbook B.02, in force from 1 March 2024, with the amendment of 8.3.1
//! in force from 1 October 2025) compute them: for a rated player, K ×
//! (score − ΣPD) over his games against rated opponents (8.3); for an
//! unrated one, the first rating Ru = Ra + dp (8.2), or why the event
//! gives none.
//!
//! ```
//! use arbiter_rules::PlayerResult;
//! use arbiter_tournament::rating::{rating_changes, KFactors};
//! use arbiter_tournament::{Player, Tournament};
//!
//! let mut t = Tournament::default();
//! for (no, rating) in [(1, 2100), (2, 2000)] {
//!     let mut p = Player::new(no, format!("P{no}"));
//!     p.rating = rating;
//!     t.register(p);
//! }
//! t.record_game(1, 2, 1, PlayerResult::Win);
//! let lines = rating_changes(&t, &KFactors::default());
//! // D = 100: PD .64 for the 2100, .36 for the 2000; K 20 each.
//! assert_eq!(lines[0].change, Some(-1280)); // 20 × (0 − .64), in hundredths
//! assert_eq!(lines[0].new_rating, Some(2087));
//! assert_eq!(lines[1].new_rating, Some(2013));
//! ```

mod change;
mod games;
mod initial;
mod k_factor;
mod note;
mod serialize;
pub mod tables;

pub use change::{Change, expected_score, rating_change};
pub use games::{RatedGame, half_points, rated_games};
pub use initial::{InitialRating, initial_rating};
pub use k_factor::{
    KFactor, KFactors, KFactorsError, KFactorsErrorKind, KRule, birth_year, k_factor,
};
pub use note::RatingNote;

use crate::decimal::Decimal;
use crate::player::StartNo;
use crate::tournament::{Entrant, Tournament};

/// One player's line: his rating, K, rated games and what they change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingLine {
    /// Start number.
    pub start_no: StartNo,
    /// Name.
    pub name: String,
    /// The rating the event started with; `None` when unrated.
    pub rating: Option<u32>,
    /// K and why (8.3.3); `None` for an unrated player.
    pub k: Option<KFactor>,
    /// The games rated: played, `1`/`=`/`0`, against a rated opponent.
    pub games: u32,
    /// The points in them, in half points.
    pub half_points: u32,
    /// ΣPD in hundredths (8.3.2); `None` for an unrated player.
    pub expected: Option<u32>,
    /// K × (score − ΣPD) in hundredths of a point, before rounding;
    /// `None` for an unrated player.
    pub change: Option<i64>,
    /// The new rating: the rating plus the change rounded (8.3.4), or an
    /// unrated player's first rating (8.2.3) when the event gives one.
    pub new_rating: Option<u32>,
    /// For an unrated player, his first rating or why there is none.
    pub note: Option<RatingNote>,
}

impl RatingLine {
    /// The points in the rated games.
    pub fn score(&self) -> Decimal {
        Decimal::half_points(self.half_points)
    }
}

/// Every player's line, in start-number order. K comes from 8.3.3 (with
/// the birth dates of the `001` lines and the start date of record `042`)
/// unless `given` has the rating list's.
pub fn rating_changes(tournament: &Tournament, given: &KFactors) -> Vec<RatingLine> {
    tournament
        .entrants
        .iter()
        .map(|entrant| rating_line(tournament, entrant, given))
        .collect()
}

/// One player's line.
fn rating_line(tournament: &Tournament, entrant: &Entrant, given: &KFactors) -> RatingLine {
    let player = &entrant.player;
    let games = rated_games(tournament, entrant);
    let mut line = RatingLine {
        start_no: player.start_no,
        name: player.name.clone(),
        rating: None,
        k: None,
        games: games.len() as u32,
        half_points: half_points(&games),
        expected: None,
        change: None,
        new_rating: None,
        note: None,
    };
    if player.rating == 0 {
        match initial_rating(&games) {
            Ok(initial) => {
                line.new_rating = Some(initial.rating);
                line.note = Some(RatingNote::Initial {
                    average: hundredths(initial.average_hundredths),
                    percent: initial.percent,
                    dp: initial.dp,
                    rating: initial.rating,
                });
            }
            Err(why) => line.note = Some(why),
        }
        return line;
    }
    let k = k_factor(
        player.rating,
        birth_year(player),
        tournament.start_date(),
        given.get(player.start_no),
        line.games,
    );
    let change = rating_change(player.rating, k.k, &games);
    line.rating = Some(player.rating);
    line.k = Some(k);
    line.expected = Some(change.expected);
    line.change = Some(change.change);
    line.new_rating = Some(change.new_rating);
    line
}

/// A number of hundredths as a decimal (`194286` → `1942.86`).
fn hundredths(value: i64) -> String {
    let sign = if value < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", value.abs() / 100, value.abs() % 100)
}
