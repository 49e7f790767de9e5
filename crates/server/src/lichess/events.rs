//! What the accounts' event streams (`/api/stream/event`) say: games
//! starting and finishing, and challenges, in lichess's words
//! (`arbiter_protocol::lichess`'s types).

use std::sync::Arc;

use arbiter_protocol::lichess::{
    AccountEvent, Challenge as LichessChallenge, ChallengeClock, ChallengeUser, EventGame, Perf,
    Variant,
};
use arbiter_rules::Color;

use super::format;
use crate::game::{GameListener, GameMeta, View};
use crate::presence::Presence;
use crate::store::{Account, Challenge};

impl Challenge {
    /// The challenge as lichess shows it, its status `status`.
    pub fn lichess(&self, status: &str) -> LichessChallenge {
        let user = |a: &Account| ChallengeUser {
            id: a.id.clone(),
            name: a.name.clone(),
            title: a.bot.then(|| "BOT".to_string()),
            rating: 1500,
            provisional: true,
            online: true,
        };
        let (time_control, speed) = match self.clock {
            Some((limit, increment)) => (
                ChallengeClock::Clock {
                    limit,
                    increment,
                    show: format!("{}+{}", limit / 60, increment),
                },
                format::speed(&arbiter_referee::TimeControl::sudden_death(
                    limit * 1000,
                    arbiter_referee::Bonus::Increment(increment * 1000),
                )),
            ),
            None => (ChallengeClock::Unlimited, "correspondence"),
        };
        LichessChallenge {
            id: self.id.clone(),
            url: format!("/{}", self.id),
            status: status.to_string(),
            challenger: user(&self.challenger),
            dest_user: user(&self.dest),
            variant: Variant::of(self.fen.is_some()),
            rated: false,
            speed: speed.to_string(),
            time_control,
            color: self.color.clone(),
            final_color: self.final_color.fold("white", "black").to_string(),
            perf: Perf {
                icon: Some(String::new()),
                name: speed.to_string(),
            },
            created_at: self.created_unix_ms,
            // lichess leaves the key out for the usual start.
            initial_fen: self.fen.clone(),
        }
    }
}

/// Tells the accounts playing a game, on their event streams, that it
/// has started (`gameStart`) or is over (`gameFinish`).
#[derive(Debug)]
pub struct AccountEvents(pub Arc<Presence>);

impl AccountEvents {
    /// Tells each account playing the game, the game as its side sees it.
    fn announce(&self, meta: &GameMeta, view: &View, event: fn(EventGame) -> AccountEvent) {
        for color in Color::ALL {
            if let Some(account) = &meta.accounts[color.fold(0, 1)] {
                let game = format::event_game(meta, view, color);
                self.0.notify(account, &event(game));
            }
        }
    }
}

impl GameListener for AccountEvents {
    fn game_started(&self, meta: &GameMeta, view: &View) {
        self.announce(meta, view, |game| AccountEvent::GameStart { game });
    }

    fn game_finished(&self, meta: &GameMeta, view: &View) {
        self.announce(meta, view, |game| AccountEvent::GameFinish { game });
    }
}
