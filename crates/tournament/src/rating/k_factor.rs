//! The development coefficient K of a rated player (B.02 8.3.3).

use std::collections::HashMap;

use arbiter_pgn::Date;
use serde::Serialize;
use thiserror::Error;

use crate::player::{Player, StartNo};
use crate::tournament::Tournament;

/// Why a player's K is what it is: the sentence of 8.3.3 that gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KRule {
    /// Given for the player (`--k-factors`): the rating list's K, which
    /// knows what the event cannot (a new player's first 30 games, a
    /// rating that once reached 2400).
    Given,
    /// 40 "for all players until the end of the year of their 18th
    /// birthday, as long as their rating remains under 2300".
    Junior,
    /// 10 "once a player's published rating has reached 2400".
    Reached2400,
    /// 20 "as long as a player's rating remains under 2400".
    Under2400,
}

/// A player's K for the event, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KFactor {
    /// The K used, after the 700 cap.
    pub k: u32,
    /// The sentence of 8.3.3 that gave K before the cap.
    pub rule: KRule,
    /// Whether "K × n ≤ 700" lowered it.
    pub capped: bool,
}

/// The most K × games may be in a rating period (8.3.3).
const MOST_K_TIMES_GAMES: u32 = 700;

/// K for a player rated `rating` (not 0) who plays `games` rated games in
/// an event starting on `start`, born in `birth_year` (8.3.3), unless the
/// rating list's K is `given`.
///
/// The junior's 40 holds "until the end of the year of their 18th
/// birthday": through the whole calendar year in which he turns 18, so only
/// the year of birth matters. An event with no start date, or a player with
/// no birth year, gives no junior K: the list's K is then the way to give
/// it.
///
/// "If the number of games (n) … multiplied by K exceeds 700, then K shall
/// be the largest whole number such that K x n does not exceed 700."
///
/// ```
/// use arbiter_pgn::Date;
/// use arbiter_tournament::rating::{k_factor, KRule};
/// let start = Date::parse_lenient("2026/03/01");
/// let junior = k_factor(1850, Some(2008), start, None, 9);
/// assert_eq!((junior.k, junior.rule), (40, KRule::Junior)); // 18 in 2026
/// let adult = k_factor(1850, Some(2007), start, None, 9);
/// assert_eq!((adult.k, adult.rule), (20, KRule::Under2400)); // 18 in 2025
/// assert_eq!(k_factor(2450, None, start, None, 9).k, 10);
/// assert_eq!(k_factor(1850, Some(2010), start, None, 18).k, 38); // 38 × 18 = 684
/// ```
pub fn k_factor(
    rating: u32,
    birth_year: Option<i64>,
    start: Option<Date>,
    given: Option<u32>,
    games: u32,
) -> KFactor {
    let junior = match (birth_year, start) {
        (Some(born), Some(start)) => start.year <= born + 18 && rating < 2300,
        _ => false,
    };
    let (k, rule) = match given {
        Some(k) => (k, KRule::Given),
        None if junior => (40, KRule::Junior),
        None if rating >= 2400 => (10, KRule::Reached2400),
        None => (20, KRule::Under2400),
    };
    let most = MOST_K_TIMES_GAMES.checked_div(games).unwrap_or(k);
    KFactor {
        k: k.min(most),
        rule,
        capped: k > most,
    }
}

/// The year a player was born, from the TRF's birth field (`1978`,
/// `1978/05/21`, `21.05.1978`), when it reads as one.
pub fn birth_year(player: &Player) -> Option<i64> {
    Date::parse_lenient(&player.birth).map(|d| d.year)
}

/// The K of some players as the rating list gives it, by start number.
///
/// Read from a file of one player a line: an identifier, then K, separated
/// by spaces, a tab or a comma. The identifier is a FIDE id when some
/// player has it, else a start number. Blank lines and lines starting with
/// `#` are skipped.
///
/// ```
/// use arbiter_tournament::rating::KFactors;
/// use arbiter_tournament::{Player, Tournament};
/// let mut t = Tournament::default();
/// let mut ana = Player::new(1, "Ana");
/// ana.fide_id = Some(4_100_018);
/// t.register(ana);
/// t.register(Player::new(2, "Bo"));
/// let k = KFactors::parse("# from the March list\n4100018 40\n2,10\n", &t)?;
/// assert_eq!((k.get(1), k.get(2)), (Some(40), Some(10)));
/// # Ok::<(), arbiter_tournament::rating::KFactorsError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KFactors {
    by_start_no: HashMap<StartNo, u32>,
}

/// A line of a K-factors file that does not read, with its line number.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct KFactorsError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub kind: KFactorsErrorKind,
}

/// What is wrong with a line of a K-factors file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KFactorsErrorKind {
    /// Not two fields.
    #[error("expected a FIDE id or start number, then K, found {0:?}")]
    Shape(String),
    /// The identifier is no player's FIDE id or start number.
    #[error("{0} is no player's FIDE id or start number")]
    UnknownPlayer(String),
    /// K is not a whole number from 1 to 40.
    #[error("K {0:?} is not a whole number from 1 to 40 (B.02 8.3.3)")]
    BadK(String),
    /// The same player twice.
    #[error("start number {start_no} already has K {k}")]
    Twice {
        /// The player.
        start_no: StartNo,
        /// The K given first.
        k: u32,
    },
}

impl KFactors {
    /// Reads the file's text for the players of `tournament`.
    pub fn parse(text: &str, tournament: &Tournament) -> Result<KFactors, KFactorsError> {
        let mut by_start_no = HashMap::new();
        for (index, line) in text.lines().enumerate() {
            let error = |kind| KFactorsError {
                line: index + 1,
                kind,
            };
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = trimmed
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|f| !f.is_empty())
                .collect();
            let [id, k] = fields.as_slice() else {
                return Err(error(KFactorsErrorKind::Shape(trimmed.to_string())));
            };
            let start_no = player_of(id, tournament)
                .ok_or_else(|| error(KFactorsErrorKind::UnknownPlayer(id.to_string())))?;
            let k: u32 = k
                .parse()
                .ok()
                .filter(|k| (1..=40).contains(k))
                .ok_or_else(|| error(KFactorsErrorKind::BadK(k.to_string())))?;
            if let Some(&first) = by_start_no.get(&start_no) {
                return Err(error(KFactorsErrorKind::Twice { start_no, k: first }));
            }
            by_start_no.insert(start_no, k);
        }
        Ok(KFactors { by_start_no })
    }

    /// The K given for a start number.
    pub fn get(&self, start_no: StartNo) -> Option<u32> {
        self.by_start_no.get(&start_no).copied()
    }

    /// Gives a player's K.
    pub fn insert(&mut self, start_no: StartNo, k: u32) {
        self.by_start_no.insert(start_no, k);
    }
}

/// The start number an identifier names: the player with that FIDE id,
/// else the player with that start number.
fn player_of(id: &str, tournament: &Tournament) -> Option<StartNo> {
    let number: u64 = id.parse().ok()?;
    tournament
        .entrants
        .iter()
        .find(|e| e.player.fide_id == Some(number))
        .or_else(|| {
            StartNo::try_from(number)
                .ok()
                .and_then(|n| tournament.entrant(n))
        })
        .map(|e| e.player.start_no)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(date: &str) -> Option<Date> {
        Date::parse_lenient(date)
    }

    #[test]
    fn a_junior_keeps_40_to_the_end_of_the_year_he_turns_18() {
        // Born on 31 December 2008: 18 on 31 December 2026, K 40 all 2026.
        let k = |start| k_factor(2000, Some(2008), on(start), None, 9);
        assert_eq!(k("2026/01/02").k, 40);
        assert_eq!(k("2026/12/31").k, 40);
        assert_eq!(k("2027/01/01").k, 20);
    }

    #[test]
    fn a_junior_at_2300_or_more_has_no_junior_k() {
        let start = on("2026/06/01");
        assert_eq!(k_factor(2299, Some(2012), start, None, 9).k, 40);
        assert_eq!(k_factor(2300, Some(2012), start, None, 9).k, 20);
        assert_eq!(k_factor(2400, Some(2012), start, None, 9).k, 10);
    }

    #[test]
    fn without_a_start_date_or_a_birth_year_no_junior_k() {
        assert_eq!(
            k_factor(1900, Some(2012), None, None, 9).rule,
            KRule::Under2400
        );
        assert_eq!(
            k_factor(1900, None, on("2026/06/01"), None, 9).rule,
            KRule::Under2400
        );
    }

    #[test]
    fn k_times_games_never_exceeds_700() {
        for games in 1..=80 {
            for rating in [1500, 2350, 2500] {
                let k = k_factor(rating, Some(2015), on("2026/01/01"), None, games);
                assert!(k.k * games <= 700, "{rating}, {games} games: K {}", k.k);
                // "the largest whole number such that K x n does not exceed 700"
                assert!(!k.capped || (k.k + 1) * games > 700);
            }
        }
        let k = k_factor(2000, None, None, Some(40), 20);
        assert_eq!((k.k, k.capped), (35, true));
        assert_eq!(k_factor(2000, None, None, None, 35).k, 20);
        assert_eq!(k_factor(2000, None, None, None, 36).k, 19);
    }

    #[test]
    fn the_lists_k_wins() {
        let k = k_factor(2450, None, None, Some(20), 9);
        assert_eq!((k.k, k.rule), (20, KRule::Given));
    }

    fn two_players() -> Tournament {
        let mut t = Tournament::default();
        let mut a = Player::new(1, "A");
        a.fide_id = Some(12_345_678);
        t.register(a);
        t.register(Player::new(2, "B"));
        t
    }

    #[test]
    fn a_k_factors_file_names_players_by_fide_id_or_start_number() {
        let k = KFactors::parse("12345678\t40\n\n  2 , 20 \n", &two_players()).unwrap();
        assert_eq!(k.get(1), Some(40));
        assert_eq!(k.get(2), Some(20));
    }

    #[test]
    fn a_k_factors_file_with_a_bad_line_is_refused_with_the_line() {
        let t = two_players();
        let kind = |text| KFactors::parse(text, &t).unwrap_err();
        assert_eq!(
            kind("1 40\n3 40\n"),
            KFactorsError {
                line: 2,
                kind: KFactorsErrorKind::UnknownPlayer("3".into())
            }
        );
        assert_eq!(kind("1 45").kind, KFactorsErrorKind::BadK("45".into()));
        assert_eq!(
            kind("1 forty").kind,
            KFactorsErrorKind::BadK("forty".into())
        );
        assert_eq!(kind("1").kind, KFactorsErrorKind::Shape("1".into()));
        assert_eq!(
            kind("1 40\n12345678 20").kind,
            KFactorsErrorKind::Twice { start_no: 1, k: 40 }
        );
    }
}
