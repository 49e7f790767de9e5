//! The server's wall clock. The referee never reads a clock: the server
//! reads this one and stamps every event with it.

use std::time::{SystemTime, UNIX_EPOCH};

use arbiter_pgn::Date;

/// Milliseconds since 1970.
pub fn unix_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Today's date (`YYYY.MM.DD`, as PGN writes it) and the time of day
/// (`HH:MM:SS`), in UTC.
pub fn today_and_now() -> (String, String) {
    let ms = unix_ms();
    let rest = ms.div_euclid(1000).rem_euclid(86_400);
    (
        Date::from_unix_ms(ms).to_string(),
        format!("{:02}:{:02}:{:02}", rest / 3600, rest / 60 % 60, rest % 60),
    )
}

/// The date (`YYYY-MM-DD`, UTC) of a moment in ms since 1970.
pub fn date_of(unix_ms: i64) -> String {
    let Date { year, month, day } = Date::from_unix_ms(unix_ms);
    format!("{year:04}-{month:02}-{day:02}")
}
