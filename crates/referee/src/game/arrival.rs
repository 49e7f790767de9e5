//! Coming to the board (FIDE 6.7) online, where a player shows he is there
//! only by moving: one who has not made his first move within the event's
//! default time loses the game, and before both players have moved either
//! may call the game off.

use arbiter_rules::Color;

use super::{Decided, Game, reject};
use crate::verdict::Consequence;
use crate::{GameResult, Mode, Reason, Rule, Ruling, Termination};

impl Game {
    /// When the player having the move loses by default if he has still
    /// not made his first move (FIDE 6.7.1): his clock's start plus the
    /// default time. Online only: over the board the arbiter sees who is
    /// present, and declares a default himself.
    pub(super) fn default_deadline(&self) -> Option<u64> {
        let default_ms = self.setup.default_time_ms?;
        if self.setup.mode != Mode::Online
            || self.state.started_at.is_none()
            || self.state.outcome.is_some()
        {
            return None;
        }
        let side = self.state.position.turn();
        (*self.state.moves_made.get(side) == 0)
            .then(|| self.state.turn_started_at.saturating_add(default_ms))
    }

    /// The player having the move let the default time pass without a
    /// first move: he loses the game (FIDE 6.7.1), unplayed.
    pub(super) fn absent_player_loses(&mut self, at: u64) -> Vec<Consequence> {
        let side = self.state.position.turn();
        let seconds = self.setup.default_time_ms.unwrap_or(0) / 1000;
        vec![self.finish(
            GameResult::win_for(!side),
            Termination::Unplayed,
            Ruling::new(
                Rule::fide("6.7.1"),
                Reason::DefaultTimeForfeit { side, seconds },
            ),
            at,
        )]
    }

    /// `player` calls the game off: online, and only while one of the
    /// players has not moved yet; the game ends without a result.
    pub(super) fn abort(&mut self, player: Color, at: u64) -> Decided {
        if self.setup.mode != Mode::Online {
            return Err(reject(
                Rule::fide("12.2"),
                Reason::OnlyArbiterAbortsOverTheBoard,
            ));
        }
        let made = self.state.moves_made;
        if made.white > 0 && made.black > 0 {
            return Err(reject(Rule::fide("12.2"), Reason::BothMovedNoAbort));
        }
        Ok(vec![self.finish(
            GameResult::Unknown,
            Termination::Aborted,
            Ruling::new(Rule::fide("12.2"), Reason::Aborted { side: player }),
            at,
        )])
    }
}
