//! Calendar dates, as the `Date` tag writes them (`2026.12.01`), and as
//! people write them elsewhere (`01/03/2026`, `Mar 1, 2026`).

use core::fmt;

/// A day of the proleptic Gregorian calendar, as the PGN `Date` tag writes
/// it (PGN standard 8.1.1.3: `YYYY.MM.DD`).
///
/// The one date type of the workspace. Days since 1970 become a date only
/// here: whatever stamps a record with today's date (a match, the server)
/// reads its clock and asks here. Tournament files' dates, written as
/// their authors please, are read here too ([`Date::parse_lenient`]).
/// Dates order by day.
///
/// ```
/// use arbiter_pgn::Date;
/// let date = Date::from_unix_days(20_423);
/// assert_eq!(date.to_string(), "2025.12.01");
/// assert_eq!((date.year, date.month, date.day), (2025, 12, 1));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// The year (1970 and later for any clock reading; earlier years are
    /// counted the same way).
    pub year: i64,
    /// The month, from 1 (January) to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

impl Date {
    /// The date `days` days after 1970-01-01 (before it when negative), by
    /// Howard Hinnant's `civil_from_days`: days are counted in eras of 400
    /// years, which repeat exactly, and each year starts on 1 March so that
    /// the leap day falls at its end.
    pub const fn from_unix_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
        Date { year, month, day }
    }

    /// The date (UTC) of a moment given in milliseconds since 1970.
    pub const fn from_unix_ms(ms: i64) -> Date {
        Date::from_unix_days(ms.div_euclid(86_400_000))
    }

    /// Reads a date in the forms tournament files (TRF record `042`) use in
    /// practice: year first (`2026.03.01`, `2026/03/01`, `2026-03-01`), day
    /// first (`01.03.2026`, `01/03/2026`, `01-03-2026`: never month first),
    /// or with the month's English name (`Mar 1, 2026`, `1 March 2026`).
    /// A year alone is 1 January of that year, and a two-digit year is in
    /// this century. `None` for any other text, or a month or day out of
    /// range.
    ///
    /// ```
    /// use arbiter_pgn::Date;
    /// let ymd = |text| Date::parse_lenient(text).map(|d| (d.year, d.month, d.day));
    /// assert_eq!(ymd("2026/03/01"), Some((2026, 3, 1)));
    /// assert_eq!(ymd("01.03.2026"), Some((2026, 3, 1)));
    /// assert_eq!(ymd("Mar 1, 2026"), Some((2026, 3, 1)));
    /// assert_eq!(ymd("2010"), Some((2010, 1, 1)));
    /// assert_eq!(ymd("13/13/2026"), None);
    /// assert_eq!(ymd("tomorrow"), None);
    /// ```
    pub fn parse_lenient(text: &str) -> Option<Date> {
        let fields: Vec<&str> = text
            .trim()
            .split(['/', '-', '.', ',', ' '])
            .filter(|f| !f.is_empty())
            .collect();
        let (year, month, day) = match fields.as_slice() {
            [y] if y.len() == 4 => (number(y)?, 1, 1),
            [a, b, c] => match (number(a), number(b), number(c)) {
                (Some(a), Some(b), Some(c)) if a > 31 => (a, b, c),
                (Some(a), Some(b), Some(c)) => (c, b, a),
                _ => match month_name(a) {
                    Some(m) => (number(c)?, m, number(b)?),
                    None => (number(c)?, month_name(b)?, number(a)?),
                },
            },
            _ => return None,
        };
        let year = if year < 100 { year + 2000 } else { year };
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return None;
        }
        Some(Date {
            year: i64::from(year),
            month,
            day,
        })
    }
}

/// A field of one to four digits.
fn number(field: &str) -> Option<u32> {
    let digits = !field.is_empty() && field.len() <= 4 && field.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| field.parse().ok()).flatten()
}

/// A month's English name, or a word that begins with its first three
/// letters (`Mar`, `March`, `mar.`), as its number.
fn month_name(field: &str) -> Option<u32> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let field = field.to_ascii_lowercase();
    MONTHS
        .iter()
        .position(|m| field.starts_with(m))
        .map(|i| i as u32 + 1)
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::Date;

    #[test]
    fn days_become_dates() {
        let ymd = |days| {
            let d = Date::from_unix_days(days);
            (d.year, d.month, d.day)
        };
        assert_eq!(ymd(0), (1970, 1, 1));
        assert_eq!(ymd(20_454), (2026, 1, 1));
        assert_eq!(ymd(11_016), (2000, 2, 29));
        assert_eq!(ymd(11_017), (2000, 3, 1));
        assert_eq!(ymd(-1), (1969, 12, 31));
        assert_eq!(Date::from_unix_ms(86_400_000 - 1), Date::from_unix_days(0));
    }

    #[test]
    fn dates_read_in_the_forms_tournament_files_use() {
        let first_of_march = Date {
            year: 2026,
            month: 3,
            day: 1,
        };
        for text in [
            "2026/03/01",
            "2026-03-01",
            "2026.03.01",
            "01/03/2026",
            "01.03.2026",
            "01-03-2026",
            " 1/3/26 ",
            "Mar 1, 2026",
            "1 March 2026",
        ] {
            assert_eq!(Date::parse_lenient(text), Some(first_of_march), "{text}");
        }
        assert_eq!(
            Date::parse_lenient("2010").map(|d| (d.year, d.month, d.day)),
            Some((2010, 1, 1))
        );
        for text in [
            "tomorrow",
            "",
            "10",
            "2026/13/01",
            "32.01.2026",
            "2026.03",
            "1 Smarch 2026",
        ] {
            assert_eq!(Date::parse_lenient(text), None, "{text}");
        }
    }

    #[test]
    fn dates_order_by_day() {
        let d = |text| Date::parse_lenient(text).unwrap();
        assert!(d("2026-02-28") < d("2026-03-01"));
        assert!(d("31.12.2025") < d("2026"));
    }
}
