//! Tournaments in the service: each is the log of its events
//! (`arbiter_tournament::director`), stored hash-chained like a game's
//! and replayed on start; publishing a round makes each board's game an
//! ordinary refereed game of the server; when a game ends its result
//! enters the tournament at once.
//!
//! One [`LiveTournament`] per event holds its state behind a lock: every
//! act is checked by the fold, then stored, then kept, one at a time, so
//! two arbiters (or an arbiter and a game's result) never interleave. The
//! results of games come through a channel from the games' actors
//! ([`Tournaments::game_finished`]), so no game ever waits for a
//! tournament.

mod broadcast;
pub mod import;
mod live;
mod schedule;
pub mod verify;

pub(crate) use live::engine_pairing;
pub use live::{LiveTournament, TournamentError};

use std::collections::HashMap;
use std::sync::{Arc, RwLock, Weak};

use arbiter_referee::Outcome;
use arbiter_tournament::director::{Event, EventKind, Settings};
use tokio::sync::mpsc;

use crate::hub::Hub;
use crate::store::{StoreError, TournamentRow};
use crate::time::unix_ms;
use crate::token::new_id;

/// A game that ended, on its way to its tournament.
#[derive(Debug)]
pub struct FinishedGame {
    /// The game's id.
    pub game: String,
    /// How it ended.
    pub outcome: Option<Outcome>,
}

/// Every tournament of the server, by id, and which game belongs to which.
#[derive(Debug)]
pub struct Tournaments {
    live: RwLock<HashMap<String, Arc<LiveTournament>>>,
    by_game: RwLock<HashMap<String, String>>,
    finished: mpsc::UnboundedSender<FinishedGame>,
}

impl Tournaments {
    /// An empty registry, and the receiving end of the games' results,
    /// which [`Tournaments::start`] takes.
    pub fn new() -> (Tournaments, mpsc::UnboundedReceiver<FinishedGame>) {
        let (finished, rx) = mpsc::unbounded_channel();
        let t = Tournaments {
            live: RwLock::new(HashMap::new()),
            by_game: RwLock::new(HashMap::new()),
            finished,
        };
        (t, rx)
    }

    /// Called by a game's actor when it ends: the result goes to its
    /// tournament, if it has one, without waiting.
    pub fn game_finished(&self, game: &str, outcome: Option<Outcome>) {
        if self
            .by_game
            .read()
            .expect("by_game lock")
            .contains_key(game)
        {
            let _ = self.finished.send(FinishedGame {
                game: game.to_string(),
                outcome,
            });
        }
    }

    /// Brings every stored tournament back from its log (a tournament whose
    /// chain is broken is left out, and said so), catches up the results
    /// of games that ended while the server was down, and starts the task
    /// that records results and the rounds' schedules.
    pub async fn start(
        hub: &Arc<Hub>,
        finished: mpsc::UnboundedReceiver<FinishedGame>,
    ) -> Result<(), StoreError> {
        let mut loaded = 0;
        for row in hub.store.tournaments().await? {
            match LiveTournament::load(&hub.store, row).await {
                Ok(live) => {
                    let live = Arc::new(live);
                    hub.tournaments.insert(live.clone()).await;
                    if let Err(e) = live.resume_publication(hub).await {
                        tracing::error!("tournament {}: {e}", live.id);
                    }
                    live.catch_up_results(hub).await;
                    schedule::spawn(Arc::downgrade(hub), live);
                    loaded += 1;
                }
                Err(e) => tracing::error!("{e}"),
            }
        }
        if loaded > 0 {
            tracing::info!("{loaded} tournaments restored");
        }
        tokio::spawn(record_results(Arc::downgrade(hub), finished));
        Ok(())
    }

    /// Creates a tournament of `team`, by `by`, with its settings.
    pub async fn create(
        hub: &Arc<Hub>,
        team: &str,
        by: &str,
        settings: Settings,
    ) -> Result<Arc<LiveTournament>, TournamentError> {
        // Nodes load no tournament (each would fold the log on its own and
        // their acts would race): none is made on one either.
        if hub.node_name().is_some() {
            return Err(TournamentError::OnNodes);
        }
        let row = TournamentRow {
            id: new_id(8),
            team: team.to_string(),
            created_unix_ms: unix_ms(),
        };
        let created = Event {
            at_ms: row.created_unix_ms,
            by: by.to_string(),
            kind: EventKind::Created { settings },
        };
        // Checked before anything is stored.
        arbiter_tournament::director::Director::default()
            .apply(&created)
            .map_err(TournamentError::Refused)?;
        hub.store.add_tournament(&row).await?;
        let live = Arc::new(LiveTournament::new(row));
        live.act(hub, created).await?;
        hub.tournaments.insert(live.clone()).await;
        schedule::spawn(Arc::downgrade(hub), live.clone());
        Ok(live)
    }

    async fn insert(&self, live: Arc<LiveTournament>) {
        let games = live.games().await;
        let mut by_game = self.by_game.write().expect("by_game lock");
        for game in games {
            by_game.insert(game, live.id.clone());
        }
        drop(by_game);
        self.live
            .write()
            .expect("tournaments lock")
            .insert(live.id.clone(), live);
    }

    /// Notes that `game` is played in tournament `id`.
    pub(crate) fn note_game(&self, game: &str, id: &str) {
        self.by_game
            .write()
            .expect("by_game lock")
            .insert(game.to_string(), id.to_string());
    }

    /// A tournament by id.
    pub fn get(&self, id: &str) -> Option<Arc<LiveTournament>> {
        self.live.read().expect("tournaments lock").get(id).cloned()
    }

    /// The tournaments of a team, the most recent first.
    pub fn of_team(&self, team: &str) -> Vec<Arc<LiveTournament>> {
        let mut list: Vec<Arc<LiveTournament>> = self
            .live
            .read()
            .expect("tournaments lock")
            .values()
            .filter(|t| t.team.eq_ignore_ascii_case(team))
            .cloned()
            .collect();
        list.sort_by(|a, b| (b.created_unix_ms, &b.id).cmp(&(a.created_unix_ms, &a.id)));
        list
    }

    fn of_game(&self, game: &str) -> Option<Arc<LiveTournament>> {
        let id = self
            .by_game
            .read()
            .expect("by_game lock")
            .get(game)
            .cloned()?;
        self.get(&id)
    }
}

/// Records each finished game's result in its tournament, in the order
/// the games ended.
async fn record_results(hub: Weak<Hub>, mut finished: mpsc::UnboundedReceiver<FinishedGame>) {
    while let Some(f) = finished.recv().await {
        let Some(hub) = hub.upgrade() else { return };
        let Some(live) = hub.tournaments.of_game(&f.game) else {
            continue;
        };
        if let Err(e) = live
            .record_game_result(&hub, &f.game, f.outcome.as_ref())
            .await
        {
            tracing::warn!("tournament {}: result of game {}: {e}", live.id, f.game);
        }
    }
}
