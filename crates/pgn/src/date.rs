//! Calendar dates, as the `Date` tag writes them (`2026.12.01`).

use core::fmt;

/// A day of the proleptic Gregorian calendar, as the PGN `Date` tag writes
/// it (PGN standard 8.1.1.3: `YYYY.MM.DD`).
///
/// The one place days since 1970 become a date: whatever stamps a record
/// with today's date (a match, the server) reads its clock and asks here.
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
}
