//! The one seam between the game service and whoever cares about a
//! game's start and end: a [`GameListener`] is told, and hands the news
//! on.

use std::sync::{Arc, RwLock};

use super::{GameMeta, View};

/// Told when a game starts and when it ends: how the services that care
/// (a tournament records the result, an account's event stream says
/// `gameFinish`) hear of it without the game service knowing them. Called
/// on the game's actor: an implementation hands the news on and returns.
pub trait GameListener: Send + Sync {
    /// A game made for accounts has been made (and started, if it starts
    /// at once).
    fn game_started(&self, _meta: &GameMeta, _view: &View) {}

    /// A game has ended; `view` is its final state.
    fn game_finished(&self, meta: &GameMeta, view: &View);
}

/// Everybody listening, in the order they were added.
#[derive(Default)]
pub struct Listeners(RwLock<Vec<Arc<dyn GameListener>>>);

impl Listeners {
    pub fn add(&self, listener: Arc<dyn GameListener>) {
        self.0.write().expect("listeners lock").push(listener);
    }

    pub fn started(&self, meta: &GameMeta, view: &View) {
        for l in self.0.read().expect("listeners lock").iter() {
            l.game_started(meta, view);
        }
    }

    pub fn finished(&self, meta: &GameMeta, view: &View) {
        for l in self.0.read().expect("listeners lock").iter() {
            l.game_finished(meta, view);
        }
    }
}

impl std::fmt::Debug for Listeners {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0.read().map_or(0, |l| l.len());
        write!(f, "Listeners({n})")
    }
}
