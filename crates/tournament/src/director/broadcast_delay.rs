//! The broadcast delay, a fair-play measure: the public sees a game in
//! progress some minutes behind the board, so that nobody watching can
//! relay an engine's advice to a player in time for it to matter. The
//! ECU's anti-cheating rules (European Tournament Rules, Q.2.4) ask for a
//! 15-minute delay of the internet transmission in its championships, on
//! top of FIDE's Anti-Cheating Guidelines and their levels of protection:
//! the "increased protection" preset here. By default there is none. The
//! players and the arbiter see everything live: only what the public sees
//! is cut.
//!
//! The delay is a setting of the event ([`super::Settings::broadcast_delay_minutes`])
//! and each change of it an event of the log
//! ([`super::EventKind::BroadcastDelaySet`]), made by the arbiter alone.
//! What of a game is public at a moment is decided here, by one pure
//! function ([`BroadcastDelay::public_plies`]); the services cut every
//! public feed with it.

use serde::{Deserialize, Serialize};

use super::{Director, Event, Refusal};

/// The delay of events run under increased protection, in minutes (ECU
/// anti-cheating rules, Q.2.4).
pub const INCREASED_PROTECTION_MINUTES: u32 = 15;

/// The longest delay the arbiter may set, in minutes: a day. Anything
/// longer is a typing slip, not a fair-play measure.
pub const MAX_MINUTES: u32 = 24 * 60;

/// How far behind the board the public sees a game in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BroadcastDelay {
    /// The delay, in minutes: 0, none.
    pub minutes: u32,
}

impl BroadcastDelay {
    /// No delay: every move public as soon as it is made.
    pub const NONE: BroadcastDelay = BroadcastDelay { minutes: 0 };

    /// The delay of increased protection: 15 minutes.
    pub const INCREASED_PROTECTION: BroadcastDelay = BroadcastDelay {
        minutes: INCREASED_PROTECTION_MINUTES,
    };

    /// The delay in milliseconds.
    pub fn ms(self) -> i64 {
        i64::from(self.minutes) * 60_000
    }

    /// Whether there is one.
    pub fn is_none(self) -> bool {
        self.minutes == 0
    }

    /// How many of a game's plies are public at `now_ms`: every one once
    /// the game has ended, otherwise those made at least the delay before
    /// `now_ms`. `played_at_ms` holds when each ply was made (ms since
    /// 1970), in the order played; a ply is public only if every ply before
    /// it is, so that the public sees a game's beginning, never a gap.
    ///
    /// ```
    /// use arbiter_tournament::director::BroadcastDelay;
    /// let minute = 60_000;
    /// let played = [0, 5 * minute, 12 * minute];
    /// let delay = BroadcastDelay::INCREASED_PROTECTION;
    /// assert_eq!(delay.public_plies(&played, false, 14 * minute), 0);
    /// assert_eq!(delay.public_plies(&played, false, 20 * minute), 2);
    /// // A finished game is public at once.
    /// assert_eq!(delay.public_plies(&played, true, 14 * minute), 3);
    /// ```
    pub fn public_plies(self, played_at_ms: &[i64], ended: bool, now_ms: i64) -> usize {
        if ended || self.is_none() {
            return played_at_ms.len();
        }
        let public_until = now_ms.saturating_sub(self.ms());
        played_at_ms
            .iter()
            .take_while(|&&at| at <= public_until)
            .count()
    }
}

impl Director {
    /// The broadcast delay now: as set at creation, or as the arbiter last
    /// changed it.
    pub fn broadcast_delay(&self) -> BroadcastDelay {
        self.broadcast_delay.unwrap_or_else(|| BroadcastDelay {
            minutes: self.settings().map_or(0, |s| s.broadcast_delay_minutes),
        })
    }

    /// Sets the broadcast delay: by the event's arbiter alone, and at most
    /// a day.
    pub(super) fn set_broadcast_delay(
        &mut self,
        event: &Event,
        minutes: u32,
    ) -> Result<(), Refusal> {
        if event.by != self.created_by() {
            return Err(Refusal::BroadcastDelayNotArbiter {
                by: event.by.clone(),
            });
        }
        check_minutes(minutes)?;
        self.broadcast_delay = Some(BroadcastDelay { minutes });
        Ok(())
    }
}

/// A delay the arbiter may set: at most [`MAX_MINUTES`].
pub(super) fn check_minutes(minutes: u32) -> Result<(), Refusal> {
    if minutes > MAX_MINUTES {
        return Err(Refusal::BroadcastDelayTooLong {
            minutes,
            max: MAX_MINUTES,
        });
    }
    Ok(())
}
