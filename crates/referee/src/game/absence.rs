//! A player who leaves an online game. The Laws forbid leaving the playing
//! venue without the arbiter's permission (FIDE 11.2.3), and let the
//! arbiter declare the game lost for it (12.9). Online, the arbiter (the
//! server, which sees the connections) notes on the record when a player
//! leaves and when he comes back, with the time he is given to return; once
//! that time has passed, his opponent may claim the win. The claim is thus
//! decided from the record alone, and a replay decides it again the same
//! way.
//!
//! Over the board the arbiter sees who sits at the board and declares a
//! result himself (`declare_result`): these events are online only.

use arbiter_rules::Color;

use super::{Decided, Game, effect, reject};
use crate::verdict::{Consequence, Effect, Rejection};
use crate::{GameResult, Mode, Reason, Rule, Ruling, Seconds, Termination};

/// The rule behind every ruling on leaving the game.
fn leaving() -> Rule {
    Rule::fide("11.2.3")
}

impl Game {
    /// The arbiter notes that `side` left: his opponent may claim the win
    /// from `claim_after_ms` on, unless he comes back.
    pub(super) fn player_left(&mut self, side: Color, claim_after_ms: u64, at: u64) -> Decided {
        self.require_online()?;
        self.require_started()?;
        if self.state.left.get(side).is_some() {
            return Err(reject(leaving(), Reason::AlreadyLeft { side }));
        }
        let claim_from_ms = at.saturating_add(claim_after_ms);
        *self.state.left.get_mut(side) = Some(claim_from_ms);
        Ok(vec![effect(
            Effect::PlayerLeft {
                side,
                claim_from_ms,
            },
            leaving(),
            Reason::PlayerLeft {
                side,
                seconds: Seconds { ms: claim_after_ms },
            },
        )])
    }

    /// The arbiter notes that `side`, who had left, is back.
    pub(super) fn player_returned(&mut self, side: Color) -> Decided {
        self.require_online()?;
        match self.came_back(side) {
            Some(back) => Ok(vec![back]),
            None => Err(reject(leaving(), Reason::NotLeft { side })),
        }
    }

    /// A player who was noted gone and is back (he returned, or acted):
    /// what the record says of it.
    pub(super) fn came_back(&mut self, side: Color) -> Option<Consequence> {
        self.state.left.get_mut(side).take()?;
        Some(effect(
            Effect::PlayerReturned { side },
            leaving(),
            Reason::PlayerReturned { side },
        ))
    }

    /// `player` claims the win: his opponent left and has not come back
    /// within the time the arbiter gave him.
    pub(super) fn claim_victory(&mut self, player: Color, at: u64) -> Decided {
        self.require_online()?;
        let absent = !player;
        match *self.state.left.get(absent) {
            None => Err(reject(leaving(), Reason::NotLeft { side: absent })),
            Some(from) if at < from => Err(reject(
                leaving(),
                Reason::NotGoneLongEnough { side: absent },
            )),
            Some(_) => Ok(vec![self.finish(
                GameResult::win_for(player),
                Termination::ArbiterDecision,
                Ruling::new(leaving(), Reason::LeftTheGame { side: absent }),
                at,
            )]),
        }
    }

    fn require_online(&self) -> Result<(), Rejection> {
        if self.setup.mode != Mode::Online {
            return Err(reject(leaving(), Reason::AbsenceRuledByArbiter));
        }
        Ok(())
    }

    /// `true` while the record has `color` gone from the game and not yet
    /// back ([`crate::EventKind::PlayerLeft`]).
    pub fn has_left(&self, color: Color) -> bool {
        self.state.left.get(color).is_some()
    }
}
