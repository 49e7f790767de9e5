//! Presence: the accounts' event streams (`/api/stream/event`), which
//! carry lines to an account wherever its stream is open, and whether an
//! account is online (has one open). What the lines say is the adapters'.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;
use tokio::sync::{broadcast, mpsc};

/// Event streams by account.
#[derive(Debug, Default)]
pub struct Presence {
    streams: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
    /// On a node: where the lines go, to reach every node's streams (an
    /// account's stream may be open on any node).
    relay: OnceLock<mpsc::UnboundedSender<(String, Arc<str>)>>,
}

impl Presence {
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
    pub fn notify(&self, account: &str, event: &impl Serialize) {
        let line: Arc<str> = Arc::from(serde_json::to_string(event).expect("events serialise"));
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

    /// From now on, [`Presence::notify`] hands each line to `relay`, which
    /// brings it to every node.
    pub fn relay_through(&self, relay: mpsc::UnboundedSender<(String, Arc<str>)>) {
        let _ = self.relay.set(relay);
    }
}
