//! Accounts' event streams (`/api/stream/event`) and open challenges.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arbiter_rules::Color;
use serde_json::{Value, json};
use tokio::sync::broadcast;

use super::format;
use crate::game::{GameHandle, GameMeta, View};
pub(crate) use crate::store::Challenge;
use crate::store::{Account, Store, StoreError};

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

/// Event streams by account, and the open challenges (kept in the
/// store, so that they outlive a restart and every node sees them).
#[derive(Debug)]
pub struct Lobby {
    streams: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
    store: Store,
    /// On a node: where the lines go, to reach every node's streams (an
    /// account's stream may be open on any node).
    relay: std::sync::OnceLock<tokio::sync::mpsc::UnboundedSender<(String, Arc<str>)>>,
}

impl Lobby {
    /// A lobby whose challenges are kept in `store`.
    pub fn new(store: Store) -> Lobby {
        Lobby {
            streams: Mutex::default(),
            store,
            relay: std::sync::OnceLock::new(),
        }
    }

    /// Subscribes to `account`'s events.
    pub fn subscribe(&self, account: &str) -> broadcast::Receiver<Arc<str>> {
        let mut streams = self.streams.lock().expect("streams lock");
        streams
            .entry(account.to_string())
            .or_insert_with(|| broadcast::channel(64).0)
            .subscribe()
    }

    /// `true` while `account` has an event stream open.
    pub fn is_online(&self, account: &str) -> bool {
        self.streams
            .lock()
            .expect("streams lock")
            .get(account)
            .is_some_and(|s| s.receiver_count() > 0)
    }

    /// Sends `event` to `account`'s streams (on a node, through every
    /// node).
    pub fn notify(&self, account: &str, event: &Value) {
        let line: Arc<str> = Arc::from(event.to_string().as_str());
        match self.relay.get() {
            Some(relay) => {
                let _ = relay.send((account.to_string(), line));
            }
            None => self.deliver(account, line),
        }
    }

    /// Sends `line` to `account`'s streams open here.
    pub fn deliver(&self, account: &str, line: Arc<str>) {
        if let Some(s) = self.streams.lock().expect("streams lock").get(account) {
            let _ = s.send(line);
        }
    }

    /// From now on, [`Lobby::notify`] hands each line to `relay`, which
    /// brings it to every node.
    pub fn relay_through(&self, relay: tokio::sync::mpsc::UnboundedSender<(String, Arc<str>)>) {
        let _ = self.relay.set(relay);
    }

    /// Tells the accounts playing a new game that it has started.
    pub async fn game_started(&self, handle: &GameHandle) {
        if handle.meta.accounts.iter().all(Option::is_none) {
            return;
        }
        if let Ok(view) = handle.view().await {
            self.announce(&handle.meta, &view, "gameStart");
        }
    }

    /// Tells the accounts playing a game that it is over.
    pub fn game_finished(&self, meta: &GameMeta, view: &View) {
        self.announce(meta, view, "gameFinish");
    }

    fn announce(&self, meta: &GameMeta, view: &View, kind: &str) {
        for color in Color::ALL {
            if let Some(account) = &meta.accounts[color.fold(0, 1)] {
                let game = format::event_game(meta, view, color);
                self.notify(account, &json!({"type": kind, "game": game}));
            }
        }
    }

    /// Opens a challenge, once stored, and tells the challenged account.
    pub async fn open_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        self.store.open_challenge(challenge).await?;
        let event = json!({"type": "challenge", "challenge": challenge.to_json("created")});
        self.notify(&challenge.dest.id, &event);
        Ok(())
    }

    /// Closes challenge `id`: `false` if it was not open (of two requests
    /// taking it, on any node, one gets `true`).
    pub async fn take_challenge(&self, id: &str) -> Result<bool, StoreError> {
        self.store.take_challenge(id).await
    }

    /// A challenge still open.
    pub async fn challenge(&self, id: &str) -> Result<Option<Challenge>, StoreError> {
        self.store.challenge(id).await
    }

    /// The open challenges to and from `account`.
    pub async fn challenges_of(
        &self,
        account: &str,
    ) -> Result<(Vec<Challenge>, Vec<Challenge>), StoreError> {
        self.store.challenges_of(account).await
    }
}
