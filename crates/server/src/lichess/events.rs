//! What the accounts' event streams (`/api/stream/event`) say: games
//! starting and finishing, and challenges, in lichess's words.

use std::sync::Arc;

use arbiter_rules::Color;
use serde_json::{Value, json};

use super::format;
use crate::game::{GameListener, GameMeta, View};
use crate::presence::Presence;
use crate::store::{Account, Challenge};

impl Challenge {
    /// The lichess JSON form.
    pub fn to_json(&self, status: &str) -> Value {
        let user = |a: &Account| {
            json!({"id": a.id, "name": a.name, "title": if a.bot { json!("BOT") } else { Value::Null },
                   "rating": 1500, "provisional": true, "online": true})
        };
        let (time_control, speed) = match self.clock {
            Some((limit, increment)) => (
                json!({"type": "clock", "limit": limit, "increment": increment,
                       "show": format!("{}+{}", limit / 60, increment)}),
                format::speed(&arbiter_referee::TimeControl::sudden_death(
                    limit * 1000,
                    arbiter_referee::Bonus::Increment(increment * 1000),
                )),
            ),
            None => (json!({"type": "unlimited"}), "correspondence"),
        };
        let mut json = json!({
            "id": self.id,
            "url": format!("/{}", self.id),
            "status": status,
            "challenger": user(&self.challenger),
            "destUser": user(&self.dest),
            "variant": if self.fen.is_some() {
                json!({"key": "fromPosition", "name": "From Position", "short": "FEN"})
            } else {
                json!({"key": "standard", "name": "Standard", "short": "Std"})
            },
            "rated": false,
            "speed": speed,
            "timeControl": time_control,
            "color": self.color,
            "finalColor": self.final_color.fold("white", "black"),
            "perf": {"icon": "", "name": speed},
            "createdAt": self.created_unix_ms,
        });
        // lichess leaves the key out for the usual start.
        if let Some(fen) = &self.fen {
            json["initialFen"] = json!(fen);
        }
        json
    }
}

/// Tells the accounts playing a game, on their event streams, that it
/// has started (`gameStart`) or is over (`gameFinish`).
pub struct AccountEvents(pub Arc<Presence>);

impl AccountEvents {
    fn announce(&self, meta: &GameMeta, view: &View, kind: &str) {
        for color in Color::ALL {
            if let Some(account) = &meta.accounts[color.fold(0, 1)] {
                let game = format::event_game(meta, view, color);
                self.0.notify(account, &json!({"type": kind, "game": game}));
            }
        }
    }
}

impl GameListener for AccountEvents {
    fn game_started(&self, meta: &GameMeta, view: &View) {
        self.announce(meta, view, "gameStart");
    }

    fn game_finished(&self, meta: &GameMeta, view: &View) {
        self.announce(meta, view, "gameFinish");
    }
}
