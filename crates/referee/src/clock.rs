//! The chess clock (FIDE 6): two times, one running, periods and bonuses.
//! It never reads a clock: every change is told the time.

use arbiter_rules::{ByColor, Color};
use serde::{Deserialize, Serialize};

use crate::time_control::{Bonus, TimeControl};

/// What a clock shows at a given moment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    /// Milliseconds left for White (0 at the most once a flag has fallen).
    pub white_ms: i64,
    /// Milliseconds left for Black.
    pub black_ms: i64,
    /// Whose clock runs, if any.
    pub running: Option<Color>,
    /// `false` when no clock is kept (time control `-` or `?`).
    pub timed: bool,
}

impl ClockReading {
    /// The time left for `color`.
    pub fn remaining(&self, color: Color) -> i64 {
        color.fold(self.white_ms, self.black_ms)
    }
}

/// What a press did to the presser's clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Press {
    /// Time left after the bonus.
    pub remaining_ms: i64,
    /// Time of a new period, if the press completed a period's moves.
    pub period_added_ms: Option<u64>,
}

/// No clock holds more than this (about 73 million years): times from
/// outside are clamped to it, so that no arithmetic can overflow.
const MAX_MS: u64 = (i64::MAX / 4) as u64;

fn ms(value: u64) -> i64 {
    value.min(MAX_MS) as i64
}

/// Both players' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Clock {
    controls: ByColor<TimeControl>,
    /// Time left, as of `since_ms` for the running side.
    remaining: ByColor<i64>,
    /// Periods completed.
    periods_done: ByColor<usize>,
    /// Moves made in the current period.
    moves_in_period: ByColor<u32>,
    running: Option<Color>,
    since_ms: u64,
    /// An increment granted for both under Guidelines III.4.
    granted_increment_ms: u64,
}

impl Clock {
    pub fn new(controls: ByColor<TimeControl>) -> Clock {
        let remaining = ByColor::new_with(|c| ms(controls.get(c).initial_ms()));
        Clock {
            controls,
            remaining,
            periods_done: ByColor::default(),
            moves_in_period: ByColor::default(),
            running: None,
            since_ms: 0,
            granted_increment_ms: 0,
        }
    }

    pub fn control(&self, color: Color) -> &TimeControl {
        self.controls.get(color)
    }

    pub fn is_timed(&self) -> bool {
        self.controls.white.is_timed() || self.controls.black.is_timed()
    }

    pub fn running(&self) -> Option<Color> {
        self.running
    }

    fn bonus(&self, color: Color) -> Bonus {
        self.controls
            .get(color)
            .period(*self.periods_done.get(color))
            .map_or(Bonus::None, |p| p.bonus)
    }

    fn us_delay(&self, color: Color) -> u64 {
        match self.bonus(color) {
            Bonus::Delay(d) => d,
            _ => 0,
        }
    }

    fn is_hourglass(&self, color: Color) -> bool {
        matches!(self.controls.get(color), TimeControl::Hourglass { .. })
    }

    /// Time the running side has consumed by `now`, after any US delay.
    fn consumed(&self, color: Color, now: u64) -> i64 {
        let elapsed = now.saturating_sub(self.since_ms);
        ms(elapsed.saturating_sub(self.us_delay(color)))
    }

    /// Starts `side`'s clock at `now`.
    pub fn start(&mut self, side: Color, now: u64) {
        self.running = Some(side);
        self.since_ms = now;
    }

    /// The time left for `color` at `now`.
    pub fn remaining_at(&self, color: Color, now: u64) -> i64 {
        if !self.controls.get(color).is_timed() {
            return 0;
        }
        let base = *self.remaining.get(color);
        match self.running {
            Some(r) if r == color => base.saturating_sub(self.consumed(color, now)),
            Some(r) if self.is_hourglass(r) => {
                base.saturating_add(ms(now.saturating_sub(self.since_ms)))
            }
            _ => base,
        }
    }

    /// What the clock's face shows at `now`. A face stops at zero: time
    /// overdrawn by a player whose fallen flag nobody claimed (where the
    /// ruleset leaves the claim to the players) is not shown as negative.
    pub fn reading(&self, now: u64) -> ClockReading {
        ClockReading {
            white_ms: self.remaining_at(Color::White, now).max(0),
            black_ms: self.remaining_at(Color::Black, now).max(0),
            running: self.running,
            timed: self.is_timed(),
        }
    }

    /// The moment the running side's flag falls, if a clock runs.
    pub fn flag_deadline(&self) -> Option<u64> {
        let side = self.running?;
        if !self.controls.get(side).is_timed() {
            return None;
        }
        let left = (*self.remaining.get(side)).max(0) as u64;
        Some(
            self.since_ms
                .saturating_add(left)
                .saturating_add(self.us_delay(side)),
        )
    }

    /// Freezes the clocks at `now` (the game is over, or paused).
    pub fn stop(&mut self, now: u64) {
        for color in Color::ALL {
            *self.remaining.get_mut(color) = self.remaining_at(color, now);
        }
        self.running = None;
        self.since_ms = now;
    }

    /// `side` completes a move and presses at `now`: bonus, move count,
    /// next period; the opponent's clock starts.
    pub fn press(&mut self, side: Color, now: u64) -> Press {
        let elapsed = now.saturating_sub(self.since_ms);
        let consumed = self.consumed(side, now);
        let opponent_gain = if self.is_hourglass(side) {
            ms(elapsed)
        } else {
            0
        };
        let bonus = match self.bonus(side) {
            Bonus::Increment(inc) => ms(inc),
            Bonus::Bronstein(d) => ms(elapsed.min(d)),
            Bonus::None | Bonus::Delay(_) => 0,
        }
        .saturating_add(ms(self.granted_increment_ms));
        let mut remaining = self.remaining.get(side).saturating_sub(consumed);
        if self.controls.get(side).is_timed() {
            remaining = remaining.saturating_add(bonus);
        }
        let opponent = self.remaining.get_mut(!side);
        *opponent = opponent.saturating_add(opponent_gain);
        let mut period_added_ms = None;
        *self.moves_in_period.get_mut(side) += 1;
        let period = self.controls.get(side).period(*self.periods_done.get(side));
        if let Some(moves) = period.and_then(|p| p.moves)
            && *self.moves_in_period.get(side) >= moves
        {
            *self.periods_done.get_mut(side) += 1;
            *self.moves_in_period.get_mut(side) = 0;
            if let Some(next) = self.controls.get(side).period(*self.periods_done.get(side)) {
                remaining = remaining.saturating_add(ms(next.base_ms));
                period_added_ms = Some(next.base_ms);
            }
        }
        *self.remaining.get_mut(side) = remaining;
        self.start(!side, now);
        Press {
            remaining_ms: remaining,
            period_added_ms,
        }
    }

    /// Adds time to `side`'s clock.
    pub fn add(&mut self, side: Color, extra_ms: u64) {
        let r = self.remaining.get_mut(side);
        *r = r.saturating_add(ms(extra_ms));
    }

    /// Sets `side`'s clock to `ms` exactly, as of `now` (a flag: zero).
    pub fn set(&mut self, side: Color, ms: i64, now: u64) {
        let running = self.running;
        self.stop(now);
        *self.remaining.get_mut(side) = ms;
        if let Some(r) = running {
            self.start(r, now);
        }
    }

    /// Grants an increment for both from now on (Guidelines III.4).
    pub fn grant_increment(&mut self, ms: u64) {
        self.granted_increment_ms = ms;
    }

    /// `true` when `color` plays the period in which all remaining moves
    /// must be made.
    pub fn in_last_period(&self, color: Color) -> bool {
        self.controls
            .get(color)
            .is_last_period(*self.periods_done.get(color))
    }

    /// Moves `color` still owes in the current period, if it has a count.
    pub fn moves_owed(&self, color: Color) -> Option<u32> {
        let period = self
            .controls
            .get(color)
            .period(*self.periods_done.get(color))?;
        period
            .moves
            .map(|m| m.saturating_sub(*self.moves_in_period.get(color)))
    }

    /// The increment in force for `color` (Fischer or granted).
    pub fn increment_ms(&self, color: Color) -> u64 {
        match self.bonus(color) {
            Bonus::Increment(inc) => inc.saturating_add(self.granted_increment_ms),
            _ => self.granted_increment_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(tc: &str) -> Clock {
        let tc: TimeControl = tc.parse().unwrap();
        Clock::new(ByColor {
            white: tc.clone(),
            black: tc,
        })
    }

    #[test]
    fn fischer_increment_is_added_after_the_move() {
        let mut c = clock("300+2");
        c.start(Color::White, 0);
        assert_eq!(c.remaining_at(Color::White, 10_000), 290_000);
        let p = c.press(Color::White, 10_000);
        assert_eq!(p.remaining_ms, 292_000);
        assert_eq!(c.flag_deadline(), Some(10_000 + 300_000));
    }

    #[test]
    fn a_face_never_shows_negative_time() {
        let mut c = clock("60+0");
        c.start(Color::White, 0);
        // White overstepped by 5 s and nobody claimed: the move stands.
        c.press(Color::White, 65_000);
        assert_eq!(c.remaining_at(Color::White, 70_000), -5_000);
        let face = c.reading(70_000);
        assert_eq!((face.white_ms, face.black_ms), (0, 55_000));
    }

    #[test]
    fn us_delay_waits_before_counting() {
        let mut c = clock("300d5");
        c.start(Color::White, 0);
        assert_eq!(c.remaining_at(Color::White, 4_000), 300_000);
        assert_eq!(c.remaining_at(Color::White, 7_000), 298_000);
        assert_eq!(c.flag_deadline(), Some(305_000));
        assert_eq!(c.press(Color::White, 7_000).remaining_ms, 298_000);
    }

    #[test]
    fn bronstein_gives_back_at_most_the_delay() {
        let mut c = clock("300b5");
        c.start(Color::White, 0);
        assert_eq!(c.press(Color::White, 3_000).remaining_ms, 300_000);
        assert_eq!(c.press(Color::Black, 11_000).remaining_ms, 297_000);
    }

    #[test]
    fn hourglass_moves_time_to_the_opponent() {
        let mut c = clock("*60");
        c.start(Color::White, 0);
        assert_eq!(c.remaining_at(Color::Black, 10_000), 70_000);
        c.press(Color::White, 10_000);
        assert_eq!(c.remaining_at(Color::White, 10_000), 50_000);
        assert_eq!(c.remaining_at(Color::Black, 10_000), 70_000);
    }

    #[test]
    fn the_next_period_arrives_with_the_last_move_of_the_period() {
        let mut c = clock("2/60:30");
        c.start(Color::White, 0);
        c.press(Color::White, 1_000);
        c.press(Color::Black, 2_000);
        assert_eq!(c.moves_owed(Color::White), Some(1));
        let p = c.press(Color::White, 3_000);
        assert_eq!(p.period_added_ms, Some(30_000));
        assert_eq!(p.remaining_ms, 60_000 - 2_000 + 30_000);
        assert!(c.in_last_period(Color::White));
        assert!(!c.in_last_period(Color::Black));
    }
}
