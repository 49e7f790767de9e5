//! The time a move took, from what a PGN records: `%emt` when it is there,
//! else the difference of the mover's `%clk` readings and the increment of
//! the `TimeControl` tag.

/// A time control of one period, `base+increment` in seconds (`5400+30`),
/// as the `TimeControl` tag writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time each player starts with, in milliseconds.
    pub base_ms: u64,
    /// The time added after each move, in milliseconds.
    pub increment_ms: u64,
}

impl TimeControl {
    /// Reads `base` or `base+increment` (seconds, possibly with decimals);
    /// `None` for anything else (several periods, `?`, `-`): the clocks
    /// cannot then be read alone, and the screen does not guess.
    pub fn parse(tag: &str) -> Option<TimeControl> {
        let (base, increment) = tag.trim().split_once('+').unwrap_or((tag.trim(), "0"));
        Some(TimeControl {
            base_ms: seconds_to_ms(base)?,
            increment_ms: seconds_to_ms(increment)?,
        })
    }
}

fn seconds_to_ms(text: &str) -> Option<u64> {
    let seconds: f64 = text.parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * 1000.0).round() as u64)
}

/// The time a move took: `elapsed` (`%emt`) if known, else the mover's
/// clock before it plus the increment minus his clock after it. `None`
/// when neither can be told, or when the clocks disagree with the time
/// control (a clock that gained more than the increment was set by hand).
pub fn time_spent(
    elapsed: Option<u64>,
    clock_before: Option<u64>,
    clock_after: Option<u64>,
    increment: Option<u64>,
) -> Option<u64> {
    if elapsed.is_some() {
        return elapsed;
    }
    let available = clock_before? + increment?;
    available.checked_sub(clock_after?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_of_one_period_are_read() {
        assert_eq!(
            TimeControl::parse("5400+30"),
            Some(TimeControl {
                base_ms: 5_400_000,
                increment_ms: 30_000
            })
        );
        assert_eq!(
            TimeControl::parse("180"),
            Some(TimeControl {
                base_ms: 180_000,
                increment_ms: 0
            })
        );
        assert_eq!(TimeControl::parse("40/7200:3600"), None);
        assert_eq!(TimeControl::parse("-"), None);
    }

    #[test]
    fn emt_wins_and_clocks_give_the_rest() {
        assert_eq!(time_spent(Some(7), Some(100), Some(50), Some(0)), Some(7));
        // 60 s left, 2 s added, 55 s after: the move took 7 s.
        assert_eq!(
            time_spent(None, Some(60_000), Some(55_000), Some(2_000)),
            Some(7_000)
        );
        assert_eq!(time_spent(None, None, Some(55_000), Some(2_000)), None);
        assert_eq!(time_spent(None, Some(60_000), Some(55_000), None), None);
        // A clock that gained more than the increment: no time told.
        assert_eq!(
            time_spent(None, Some(60_000), Some(65_000), Some(2_000)),
            None
        );
    }
}
