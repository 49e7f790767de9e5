//! The server's wall clock. The referee never reads a clock: the server
//! reads this one and stamps every event with it.
//!
//! Tests that must see time pass (a broadcast delay of 15 minutes) move it
//! forward instead of waiting: the test clock. It exists only when the
//! server starts with `ARBITER_TEST_CLOCK=1` in its environment, which no
//! configuration file or flag can set; the server then warns at start and
//! serves `POST /api/test/clock` ([`crate::http`]). Without it the clock
//! is the system's, and the route does not exist.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use arbiter_pgn::Date;

/// The environment variable that turns the test clock on (value `1`).
pub const TEST_CLOCK_VAR: &str = "ARBITER_TEST_CLOCK";

/// How far the test clock is ahead of the system's, ms; `None` when the
/// test clock is off. Read once, at the first look.
fn test_offset() -> Option<&'static AtomicI64> {
    static OFFSET: OnceLock<Option<AtomicI64>> = OnceLock::new();
    OFFSET
        .get_or_init(|| {
            (std::env::var(TEST_CLOCK_VAR).as_deref() == Ok("1")).then(|| AtomicI64::new(0))
        })
        .as_ref()
}

/// Whether the test clock is on.
pub fn test_clock_on() -> bool {
    test_offset().is_some()
}

/// Moves the test clock `ms` forward; the new offset, or `None` when the
/// test clock is off (nothing moves).
pub fn advance_test_clock(ms: i64) -> Option<i64> {
    test_offset().map(|o| o.fetch_add(ms, Ordering::SeqCst) + ms)
}

/// Milliseconds since 1970: the system's, or the test clock's.
pub fn unix_ms() -> i64 {
    let system = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    system + test_offset().map_or(0, |o| o.load(Ordering::SeqCst))
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
