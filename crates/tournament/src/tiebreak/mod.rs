//! Tie-breaks as FIDE's Tie-Break Regulations (Handbook C.07) define them,
//! in the edition in force from 1 August 2024 and in the amendment in force
//! from 1 March 2026, and the ranking of participants by an ordered list of
//! them.
//!
//! ```
//! use arbiter_tournament::tiebreak::{standings, Options, Tiebreak};
//! use arbiter_rules::PlayerResult;
//! use arbiter_tournament::{Player, Tournament};
//!
//! let mut t = Tournament::default();
//! for (no, name) in [(1, "Ana"), (2, "Bo"), (3, "Cy")] {
//!     t.register(Player::new(no, name));
//! }
//! t.record_game(1, 1, 2, PlayerResult::Win);
//! t.record_game(2, 3, 1, PlayerResult::Draw);
//! t.record_game(3, 2, 3, PlayerResult::Loss);
//! let list: Vec<Tiebreak> = ["PTS", "SB"].iter().map(|s| s.parse().unwrap()).collect();
//! let table = standings(&t, &list, &Options::default());
//! assert_eq!(table.rows[0].start_no, 1); // 1.5 points, as Cy, but the better SB
//! ```

mod buchholz;
mod crosstable;
mod direct;
mod performance;
mod value;

use std::fmt;
use std::str::FromStr;

use arbiter_pgn::Date;
use arbiter_rules::Color;
use thiserror::Error;

use crate::player::StartNo;
use crate::points::Points;
use crate::tournament::Tournament;

use buchholz::Family;
use crosstable::Crosstable;
pub use value::Value;

/// The edition of C.07 that applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edition {
    /// The regulations approved in 2023, in force from 1 August 2024.
    Fide2024,
    /// The amendment in force from 1 March 2026: a virtual opponent's score
    /// is capped (C.07 16.4).
    Fide2026,
}

impl Edition {
    /// The edition in force on an event's first day; an event without a
    /// readable start date is taken to run under the newest.
    pub fn in_force_on(start: Option<Date>) -> Edition {
        let cutoff = Date {
            year: 2026,
            month: 3,
            day: 1,
        };
        match start {
            Some(date) if date < cutoff => Edition::Fide2024,
            _ => Edition::Fide2026,
        }
    }
}

impl FromStr for Edition {
    type Err = TiebreakError;
    /// `2024` or `2026`.
    fn from_str(s: &str) -> Result<Edition, TiebreakError> {
        match s.trim() {
            "2024" | "2023" => Ok(Edition::Fide2024),
            "2026" => Ok(Edition::Fide2026),
            other => Err(TiebreakError::UnknownEdition(other.to_string())),
        }
    }
}

/// How the event is paired, which changes how unplayed rounds count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// A Swiss event: pairings made round by round.
    Swiss,
    /// A round robin: pairings fixed in advance, so a forfeited game counts
    /// as the game it replaced.
    RoundRobin,
}

impl Format {
    /// The format a tournament declares in record `092` ("Swiss", "Round
    /// Robin", "Berger"), or else the one its size suggests: as many rounds
    /// as opponents (or twice as many) is a round robin.
    pub fn of(tournament: &Tournament, rounds: u32) -> Format {
        let declared = tournament
            .record("092")
            .or_else(|| tournament.record("192"))
            .unwrap_or("")
            .to_ascii_uppercase();
        if declared.contains("SWISS") {
            return Format::Swiss;
        }
        if declared.contains("ROBIN") || declared.contains("BERGER") || declared.contains("RR") {
            return Format::RoundRobin;
        }
        let n = tournament.entrants.len() as u32;
        let rounds = tournament.planned_rounds.unwrap_or(0).max(rounds);
        if n > 1 && (rounds == n - 1 || rounds == n || rounds == 2 * (n - 1) || rounds == 2 * n) {
            Format::RoundRobin
        } else {
            Format::Swiss
        }
    }
}

/// A tie-break of C.07.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `PTS`: points.
    Points,
    /// `WIN`: rounds scored as a win, played or not.
    Wins,
    /// `WON`: games won over the board.
    GamesWon,
    /// `BPG`: games played with Black.
    BlackGames,
    /// `BWG`: games won with Black.
    BlackWins,
    /// `GE`: games elected to play: games played, forfeits won and byes
    /// scored as a win.
    GamesElected,
    /// `REP`: rounds elected to play, the 2026 name of GE.
    RoundsElected,
    /// `DE`: direct encounter (C.07 6).
    DirectEncounter,
    /// `BH`: Buchholz.
    Buchholz,
    /// `FB`: Fore Buchholz.
    ForeBuchholz,
    /// `AOB`: average of opponents' Buchholz.
    AverageOfBuchholz,
    /// `SB`: Sonneborn-Berger.
    SonnebornBerger,
    /// `PS`: progressive scores.
    Progressive,
    /// `KS`: Koya.
    Koya,
    /// `ARO`: average rating of opponents.
    AverageRating,
    /// `TPR`: tournament performance rating.
    Performance,
    /// `PTP`: perfect tournament performance.
    PerfectPerformance,
    /// `APRO`: average performance rating of opponents.
    AveragePerformance,
    /// `APPO`: average perfect performance of opponents.
    AveragePerfectPerformance,
}

impl Kind {
    const NAMES: [(&'static str, Kind); 19] = [
        ("PTS", Kind::Points),
        ("WIN", Kind::Wins),
        ("WON", Kind::GamesWon),
        ("BPG", Kind::BlackGames),
        ("BWG", Kind::BlackWins),
        ("GE", Kind::GamesElected),
        ("REP", Kind::RoundsElected),
        ("DE", Kind::DirectEncounter),
        ("BH", Kind::Buchholz),
        ("FB", Kind::ForeBuchholz),
        ("AOB", Kind::AverageOfBuchholz),
        ("SB", Kind::SonnebornBerger),
        ("PS", Kind::Progressive),
        ("KS", Kind::Koya),
        ("ARO", Kind::AverageRating),
        ("TPR", Kind::Performance),
        ("PTP", Kind::PerfectPerformance),
        ("APRO", Kind::AveragePerformance),
        ("APPO", Kind::AveragePerfectPerformance),
    ];

    /// The acronym C.07 gives it.
    pub fn acronym(self) -> &'static str {
        Kind::NAMES
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("", |(n, _)| n)
    }

    /// Whether a lower value ranks first (only Direct Encounter, a place).
    fn lower_is_better(self) -> bool {
        self == Kind::DirectEncounter
    }

    /// Whether the cut (`/Cn`) and median (`/Mn`) modifiers apply.
    fn takes_cuts(self) -> bool {
        matches!(
            self,
            Kind::Buchholz
                | Kind::ForeBuchholz
                | Kind::SonnebornBerger
                | Kind::AverageRating
                | Kind::Progressive
        )
    }
}

/// A tie-break with its modifiers, as C.07 writes it: `BH`, `BH/C1`,
/// `BH/M1`, `SB/C1`, `ARO/C1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tiebreak {
    /// Which tie-break.
    pub kind: Kind,
    /// How many of the lowest contributions to leave out (`/C1`, `/C2`; `/M1`
    /// sets both counts).
    pub cut_lowest: u32,
    /// How many of the highest contributions to leave out (`/M1`).
    pub cut_highest: u32,
}

impl Tiebreak {
    /// A tie-break without modifiers.
    pub fn new(kind: Kind) -> Tiebreak {
        Tiebreak {
            kind,
            cut_lowest: 0,
            cut_highest: 0,
        }
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind.acronym())?;
        if self.cut_lowest == self.cut_highest && self.cut_lowest > 0 {
            write!(f, "/M{}", self.cut_lowest)
        } else if self.cut_lowest > 0 {
            write!(f, "/C{}", self.cut_lowest)
        } else {
            Ok(())
        }
    }
}

impl FromStr for Tiebreak {
    type Err = TiebreakError;
    fn from_str(text: &str) -> Result<Tiebreak, TiebreakError> {
        let unknown = || TiebreakError::UnknownTiebreak(text.to_string());
        let mut parts = text.trim().split('/');
        let name = parts.next().unwrap_or("").to_ascii_uppercase();
        let kind = Kind::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, k)| *k)
            .ok_or_else(unknown)?;
        let mut tiebreak = Tiebreak::new(kind);
        for modifier in parts {
            let modifier = modifier.to_ascii_uppercase();
            let (letter, count) = modifier.split_at(modifier.len().min(1));
            let count: u32 = count.parse().map_err(|_| unknown())?;
            if !kind.takes_cuts() || count == 0 {
                return Err(unknown());
            }
            match letter {
                "C" => tiebreak.cut_lowest = count,
                "M" => {
                    tiebreak.cut_lowest = count;
                    tiebreak.cut_highest = count;
                }
                _ => return Err(unknown()),
            }
        }
        Ok(tiebreak)
    }
}

/// A tie-break list or edition that does not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TiebreakError {
    /// A name C.07 does not define, or a modifier it does not take.
    #[error(
        "unknown tie-break {0:?}: expected one of PTS, WIN, WON, BPG, BWG, GE, REP, DE, BH, FB, AOB, SB, PS, KS, ARO, TPR, PTP, APRO, APPO, with /C1, /C2 or /M1 for BH, FB, SB, PS and ARO"
    )]
    UnknownTiebreak(String),
    /// An edition other than 2024 or 2026.
    #[error("unknown tie-break rules {0:?}: expected 2024 or 2026")]
    UnknownEdition(String),
}

/// Choices the event's regulations make.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// The edition of C.07; by default the one in force on the start date.
    pub edition: Option<Edition>,
    /// Swiss or round robin; by default as [`Format::of`] finds.
    pub format: Option<Format>,
    /// The rating given to unrated participants for the rating-based
    /// tie-breaks; without it, those tie-breaks are undefined when anyone is
    /// unrated.
    pub unrated_rating: Option<u32>,
    /// The round the standings are after; by default the last paired.
    pub after_round: Option<u32>,
}

/// One participant's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The rank (equal for participants tied on every tie-break).
    pub rank: u32,
    /// The participant's start number.
    pub start_no: StartNo,
    /// The participant's name.
    pub name: String,
    /// One value per tie-break, in the order asked; `None` when undefined
    /// (a rating-based tie-break without ratings or games).
    pub values: Vec<Option<Value>>,
}

/// The standings: every participant in rank order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<Tiebreak>,
    /// The edition applied.
    pub edition: Edition,
    /// The format applied.
    pub format: Format,
    /// The round the standings are after.
    pub after_round: u32,
    /// Participants by rank, then start number.
    pub rows: Vec<Row>,
}

/// The standings after the last paired round (or [`Options::after_round`]),
/// ranked by `tiebreaks` in order.
pub fn standings(tournament: &Tournament, tiebreaks: &[Tiebreak], options: &Options) -> Standings {
    let rounds = options
        .after_round
        .unwrap_or_else(|| tournament.rounds_paired());
    let edition = options
        .edition
        .unwrap_or_else(|| Edition::in_force_on(tournament.start_date()));
    let format = options
        .format
        .unwrap_or_else(|| Format::of(tournament, rounds));
    let table = Crosstable::new(tournament, rounds, format, edition);
    let n = table.len();
    let mut ranks = vec![1u32; n];
    let mut columns: Vec<Vec<Option<Value>>> = Vec::with_capacity(tiebreaks.len());
    for tiebreak in tiebreaks {
        let column = if tiebreak.kind == Kind::DirectEncounter {
            let groups: Vec<usize> = ranks.iter().map(|&r| r as usize).collect();
            direct::compute(&table, &groups)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            values(&table, tiebreak, options.unrated_rating)
        };
        ranks = rerank(&table, &ranks, &column, tiebreak.kind.lower_is_better());
        columns.push(column);
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| (ranks[p], table.start_numbers[p]));
    let rows = order
        .into_iter()
        .map(|p| Row {
            rank: ranks[p],
            start_no: table.start_numbers[p],
            name: tournament.entrants[p].player.name.clone(),
            values: columns.iter().map(|c| c[p]).collect(),
        })
        .collect();
    Standings {
        tiebreaks: tiebreaks.to_vec(),
        edition,
        format,
        after_round: rounds,
        rows,
    }
}

/// Ranks after one more tie-break: participants keep their order by the
/// earlier ones, and those tied are ordered by this one (undefined values
/// last); a rank is the position of the first of those still tied.
fn rerank(
    table: &Crosstable,
    ranks: &[u32],
    column: &[Option<Value>],
    ascending: bool,
) -> Vec<u32> {
    let key = |p: usize| {
        let value = column[p].map(|v| if ascending { v.raw() } else { -v.raw() });
        (ranks[p], value.is_none(), value.unwrap_or(0))
    };
    let mut order: Vec<usize> = (0..table.len()).collect();
    order.sort_by_key(|&p| (key(p), table.start_numbers[p]));
    let mut new = vec![0u32; table.len()];
    for (position, &p) in order.iter().enumerate() {
        new[p] = if position > 0 && key(order[position - 1]) == key(p) {
            new[order[position - 1]]
        } else {
            position as u32 + 1
        };
    }
    new
}

/// One column of values (every tie-break but Direct Encounter).
fn values(table: &Crosstable, tiebreak: &Tiebreak, unrated: Option<u32>) -> Vec<Option<Value>> {
    let count = |f: &dyn Fn(&crosstable::Round) -> bool| -> Vec<Option<Value>> {
        table
            .rounds
            .iter()
            .map(|rounds| Some(Value::whole(rounds.iter().filter(|r| f(r)).count() as i64)))
            .collect()
    };
    let win = table.system.win;
    let (low, high) = (tiebreak.cut_lowest, tiebreak.cut_highest);
    let some = |v: Vec<Value>| v.into_iter().map(Some).collect();
    match tiebreak.kind {
        Kind::Points => (0..table.len())
            .map(|p| Some(Value::points(table.score(p))))
            .collect(),
        Kind::Wins => count(&|r| r.points == win),
        Kind::GamesWon => count(&|r| r.over_the_board && r.points == win),
        Kind::BlackGames => count(&|r| r.over_the_board && r.colour == Some(Color::Black)),
        Kind::BlackWins => {
            count(&|r| r.over_the_board && r.colour == Some(Color::Black) && r.points == win)
        }
        Kind::GamesElected | Kind::RoundsElected => {
            count(&|r| r.over_the_board || r.pairing_bye || r.points == win)
        }
        Kind::Buchholz => some(buchholz::compute(table, Family::Buchholz, low, high)),
        Kind::ForeBuchholz => some(buchholz::compute(table, Family::Fore, low, high)),
        Kind::SonnebornBerger => some(buchholz::compute(table, Family::SonnebornBerger, low, high)),
        Kind::AverageOfBuchholz => average_of_buchholz(table),
        Kind::Progressive => (0..table.len())
            .map(|p| {
                let mut running = Points::ZERO;
                let mut total = Points::ZERO;
                for (i, round) in table.rounds[p].iter().enumerate() {
                    running += round.points;
                    if i as u32 >= low {
                        total += running;
                    }
                }
                Some(Value::points(total))
            })
            .collect(),
        Kind::Koya => koya(table),
        Kind::AverageRating => performance::average_rating(table, unrated, low),
        Kind::Performance => performance::performance(table, unrated)
            .into_iter()
            .map(|v| v.map(Value::whole))
            .collect(),
        Kind::PerfectPerformance => performance::perfect_performance(table, unrated)
            .into_iter()
            .map(|v| v.map(Value::whole))
            .collect(),
        Kind::AveragePerformance => {
            performance::average_of_opponents(table, &performance::performance(table, unrated))
        }
        Kind::AveragePerfectPerformance => performance::average_of_opponents(
            table,
            &performance::perfect_performance(table, unrated),
        ),
        Kind::DirectEncounter => vec![None; table.len()],
    }
}

/// Average of Opponents' Buchholz: over games played over the
/// board, rounded half up to two decimals (three beyond eight rounds, four
/// beyond 26, five beyond 72, so that no two different sums round alike).
fn average_of_buchholz(table: &Crosstable) -> Vec<Option<Value>> {
    let buchholz = buchholz::compute(table, Family::Buchholz, 0, 0);
    let decimals = match table.round_count {
        0..=8 => 2,
        9..=26 => 3,
        27..=72 => 4,
        _ => 5,
    };
    (0..table.len())
        .map(|p| {
            let opponents: Vec<Value> = table.rounds[p]
                .iter()
                .filter(|r| r.over_the_board)
                .filter_map(|r| r.opponent.map(|o| buchholz[o]))
                .collect();
            if opponents.is_empty() {
                return None;
            }
            let sum: Value = opponents.iter().copied().sum();
            Some(Value::mean(sum, opponents.len() as i64, decimals))
        })
        .collect()
}

/// Koya: points scored against opponents who made at least half
/// the maximum possible score.
fn koya(table: &Crosstable) -> Vec<Option<Value>> {
    let n = table.len() as u32;
    let mut games = table.round_count;
    if table.format == Format::RoundRobin {
        // An odd number of players rests once per cycle; a player never
        // paired lowers everyone's number of games.
        if n > 0 && table.round_count.is_multiple_of(n) {
            games = games.saturating_sub(table.round_count / n);
        }
        let never_paired = (0..table.len())
            .filter(|&p| table.last_round_paired(p) == 0)
            .count() as u32;
        games = games.saturating_sub(never_paired);
    }
    // Twice the score against twice the limit, to stay in whole tenths.
    let limit_doubled = table.system.win.tenths() as i64 * i64::from(games);
    (0..table.len())
        .map(|p| {
            let total: Points = table.rounds[p]
                .iter()
                .filter(|r| {
                    r.opponent
                        .is_some_and(|o| 2 * table.score(o).tenths() as i64 >= limit_doubled)
                })
                .map(|r| r.points)
                .sum();
            Some(Value::points(total))
        })
        .collect()
}
