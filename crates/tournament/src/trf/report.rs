//! The rating report: a finished event as FIDE's rating officers take it,
//! in TRF-16 or TRF-2026. Every record the TRF marks mandatory for rating
//! (column R of the TRF-2026 specification: 012, 022, 032, 042, 052, 102,
//! 132 and, in each `001` line, the FIDE number, the points and the rank)
//! is written, or the report is refused with the record it lacks.

use std::fmt::Write as _;

use arbiter_pgn::Date;
use thiserror::Error;

use crate::tiebreak::{self, Options, Tiebreak};
use crate::tournament::{Record, Tournament};

/// The edition of the TRF a report is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfEdition {
    /// TRF-16: no record 162; a point system other than FIDE's is told by
    /// bbpPairings' `BBW`…`BBU` lines.
    Trf16,
    /// TRF-2026 (applied from 1 September 2025): record 162 always states
    /// the point system.
    Trf2026,
}

/// Why a rating report cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReportError {
    /// A record the rating report requires is missing or empty.
    #[error("the rating report needs record {code} ({what})")]
    MissingRecord {
        /// The record code.
        code: &'static str,
        /// What it holds.
        what: &'static str,
    },
    /// A date record that reads as no date.
    #[error("record {code} is not a date: {found:?}")]
    BadDate {
        /// The record code.
        code: &'static str,
        /// Its text.
        found: String,
    },
    /// A round played without its date (record 132).
    #[error("the rating report needs the date of round {round} (record 132)")]
    MissingRoundDate {
        /// The round, from 1.
        round: u32,
    },
}

/// The records every rating report has, with what they hold.
const MANDATORY: [(&str, &str); 6] = [
    ("012", "tournament name"),
    ("022", "city"),
    ("032", "federation"),
    ("042", "date of start"),
    ("052", "date of end"),
    ("102", "chief arbiter"),
];

/// The records this module writes itself, in place of any the tournament
/// carries.
const COMPUTED: [&str; 5] = ["042", "052", "062", "072", "132"];

/// Writes the rating report of `tournament` after its last paired round.
///
/// `round_dates` are the rounds' dates in order; when empty they are read
/// from the tournament's record 132. The points (columns 81–84) and the
/// rank (86–89) of each player are computed: the rank by points, then by
/// the tie-breaks of record 202 when it names some, tied players sharing
/// it. Records 062 and 072 (players, rated players) are counted. Dates are
/// written `YYYY/MM/DD` (042, 052) and `YY/MM/DD` (132, from column 92,
/// ten columns a round), as the TRF says.
pub fn rating_report(
    tournament: &Tournament,
    edition: TrfEdition,
    round_dates: &[Date],
) -> Result<String, ReportError> {
    for (code, what) in MANDATORY {
        if tournament.record(code).is_none_or(str::is_empty) {
            return Err(ReportError::MissingRecord { code, what });
        }
    }
    let start = record_date(tournament, "042")?;
    let end = record_date(tournament, "052")?;
    let rounds = tournament.rounds_paired();
    let dates = if round_dates.is_empty() {
        dates_of_record_132(tournament)
    } else {
        round_dates.iter().copied().map(Some).collect()
    };
    let dates: Vec<Date> = (1..=rounds)
        .map(|round| {
            dates
                .get(round as usize - 1)
                .copied()
                .flatten()
                .ok_or(ReportError::MissingRoundDate { round })
        })
        .collect::<Result<_, _>>()?;

    let mut report = tournament.clone();
    report
        .records
        .retain(|r| !COMPUTED.contains(&r.code.as_str()) && r.code != "162");
    let rated = tournament
        .entrants
        .iter()
        .filter(|e| e.player.rating > 0)
        .count();
    report.records.extend([
        record("042", ymd(start)),
        record("052", ymd(end)),
        record("062", tournament.entrants.len().to_string()),
        record("072", rated.to_string()),
        record("132", round_dates_line(&dates)),
    ]);
    // Records in the order of their codes, as the TRF lists them.
    report.records.sort_by(|a, b| a.code.cmp(&b.code));
    fill_points_and_ranks(&mut report, rounds);
    let text = super::write::write_with(&report, edition == TrfEdition::Trf2026);
    Ok(text)
}

fn record(code: &str, text: String) -> Record {
    Record {
        code: code.to_string(),
        text,
    }
}

fn record_date(t: &Tournament, code: &'static str) -> Result<Date, ReportError> {
    let text = t.record(code).unwrap_or_default();
    Date::parse_lenient(text).ok_or_else(|| ReportError::BadDate {
        code,
        found: text.to_string(),
    })
}

/// `YYYY/MM/DD`, the TRF's full date.
fn ymd(d: Date) -> String {
    format!("{:04}/{:02}/{:02}", d.year, d.month, d.day)
}

/// The text of record 132 after its code and space: the first date at
/// column 92, the next ten columns on, each `YY/MM/DD`.
fn round_dates_line(dates: &[Date]) -> String {
    let mut text = " ".repeat(91 - 4);
    for (i, d) in dates.iter().enumerate() {
        if i > 0 {
            text.push_str("  ");
        }
        let _ = write!(
            text,
            "{:02}/{:02}/{:02}",
            d.year.rem_euclid(100),
            d.month,
            d.day
        );
    }
    text
}

/// The dates record 132 gives, by round (`None` where a round's columns do
/// not read as a date).
fn dates_of_record_132(t: &Tournament) -> Vec<Option<Date>> {
    let Some(record) = t.records.iter().find(|r| r.code == "132") else {
        return Vec::new();
    };
    // The record's text starts at column 5; round r's date at 92 + 10(r-1).
    let chars: Vec<char> = record.text.chars().collect();
    let mut dates = Vec::new();
    let mut at = 91 - 4;
    while at < chars.len() {
        let field: String = chars[at..(at + 8).min(chars.len())].iter().collect();
        dates.push(short_date(field.trim()));
        at += 10;
    }
    dates
}

/// A `YY/MM/DD` date (years 2000–2099), or a full one.
fn short_date(text: &str) -> Option<Date> {
    let parts: Vec<&str> = text.split(['/', '.', '-']).collect();
    if let [yy, mm, dd] = parts[..]
        && yy.len() == 2
    {
        let date = Date {
            year: 2000 + yy.parse::<i64>().ok()?,
            month: mm.parse().ok().filter(|m| (1..=12).contains(m))?,
            day: dd.parse().ok().filter(|d| (1..=31).contains(d))?,
        };
        return Some(date);
    }
    Date::parse_lenient(text)
}

/// Each player's points and rank after `rounds`: by points, then by the
/// tie-breaks record 202 names (those Arbiter knows), ties sharing a rank.
fn fill_points_and_ranks(t: &mut Tournament, rounds: u32) {
    let mut tiebreaks: Vec<Tiebreak> = vec!["PTS".parse().expect("PTS is a tie-break")];
    if let Some(list) = t.record("202") {
        tiebreaks.extend(
            list.split([',', ' '])
                .filter_map(|code| code.trim().parse::<Tiebreak>().ok()),
        );
    }
    let options = Options {
        after_round: Some(rounds),
        ..Options::default()
    };
    let standings = tiebreak::standings(t, &tiebreaks, &options);
    let system = t.points;
    for row in standings.rows {
        if let Some(e) = t.entrant_mut(row.start_no) {
            e.player.stated_points = Some(e.score_after(rounds, &system));
            e.player.stated_rank = Some(row.rank);
        }
    }
}
