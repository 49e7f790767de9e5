//! Tournaments in the service: each is the log of its events
//! (`arbiter_tournament::director`), stored hash-chained like a game's
//! and replayed on start; publishing a round makes each board's game an
//! ordinary refereed game of the server; when a game ends its result
//! enters the tournament at once.
//!
//! One [`LiveTournament`] per event holds its state behind a lock: every
//! act is checked by the fold, then stored, then kept, one at a time, so
//! two arbiters (or an arbiter and a game's result) never interleave. The
//! results of games come through a channel from the games' actors (the
//! game service's [`GameListener`], [`Results`]), so no game ever waits for
//! a tournament, and the game service knows nothing of tournaments.

mod boards;
pub mod broadcast;
mod held;
pub mod import;
mod live;
mod schedule;
pub mod spread;
mod tidings;
pub mod verify;

pub use live::{Holding, LiveTournament, TournamentError};

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock, Weak};

use arbiter_referee::Outcome;
use arbiter_tournament::director::{BroadcastDelay, Event, EventKind, Settings};
use tokio::sync::mpsc;

use crate::game::{GameListener, GameMeta, Games, View};
use crate::store::{Store, StoreError, TournamentFence, TournamentRow};
use crate::time::unix_ms;
use crate::token::new_id;

/// A game that ended, on its way to its tournament.
#[derive(Debug)]
struct FinishedGame {
    /// The game's id.
    game: String,
    /// How it ended.
    outcome: Option<Outcome>,
}

/// Which game belongs to which tournament, and the results of finished
/// games on their way to them: the game service's listener. It holds
/// nothing of the game service, so that no reference goes round.
#[derive(Debug)]
pub(crate) struct Results {
    by_game: RwLock<HashMap<String, String>>,
    finished: mpsc::UnboundedSender<FinishedGame>,
}

impl Results {
    /// Notes that `game` is played in tournament `id`.
    pub(crate) fn note_game(&self, game: &str, id: &str) {
        self.by_game
            .write()
            .expect("by_game lock")
            .insert(game.to_string(), id.to_string());
    }

    fn tournament_of(&self, game: &str) -> Option<String> {
        self.by_game
            .read()
            .expect("by_game lock")
            .get(game)
            .cloned()
    }
}

impl GameListener for Results {
    /// The result goes to its tournament, if it has one, without waiting.
    fn game_finished(&self, meta: &GameMeta, view: &View) {
        if self
            .by_game
            .read()
            .expect("by_game lock")
            .contains_key(&meta.id)
        {
            let _ = self.finished.send(FinishedGame {
                game: meta.id.clone(),
                outcome: view.outcome.clone(),
            });
        }
    }
}

/// What a tournament's acts reach beyond its own log: the store its log
/// is kept in, the game service its rounds are played on, and which game
/// belongs to which tournament.
#[derive(Debug)]
pub(crate) struct Venue {
    pub(crate) store: Store,
    pub(crate) games: Arc<Games>,
    pub(crate) results: Arc<Results>,
    /// On a node: how to ask the others to make a round's games.
    pub(crate) spread: std::sync::OnceLock<spread::Spread>,
}

/// The tournament service: every tournament of the server, by id.
#[derive(Debug)]
pub struct Tournaments {
    live: RwLock<HashMap<String, Arc<LiveTournament>>>,
    venue: Arc<Venue>,
    /// The results of finished games, until [`Tournaments::start`] takes
    /// them up.
    finished: Mutex<Option<mpsc::UnboundedReceiver<FinishedGame>>>,
}

impl Tournaments {
    /// The tournaments kept in `store`, whose games `games` runs (none
    /// loaded yet: see [`Tournaments::start`]). The game service tells
    /// them of every game that ends.
    pub fn new(store: Store, games: Arc<Games>) -> Tournaments {
        let (finished, rx) = mpsc::unbounded_channel();
        let results = Arc::new(Results {
            by_game: RwLock::new(HashMap::new()),
            finished,
        });
        games.listen(results.clone());
        Tournaments {
            live: RwLock::new(HashMap::new()),
            venue: Arc::new(Venue {
                store,
                games,
                results,
                spread: std::sync::OnceLock::new(),
            }),
            finished: Mutex::new(Some(rx)),
        }
    }

    /// Brings every stored tournament back from its log (a tournament whose
    /// chain is broken is left out, and said so), catches up the results
    /// of games that ended while the server was down, and starts the task
    /// that records results and the rounds' schedules. Each stops once the
    /// service is dropped.
    pub async fn start(self: &Arc<Self>) -> Result<(), StoreError> {
        let mut loaded = 0;
        for row in self.venue.store.tournaments().await? {
            match LiveTournament::load(self.venue.clone(), row, Holding::Alone).await {
                Ok(live) => {
                    let live = Arc::new(live);
                    self.insert(live.clone()).await;
                    if let Err(e) = live.resume_publication().await {
                        tracing::error!("tournament {}: {e}", live.id);
                    }
                    live.catch_up_results().await;
                    schedule::spawn(Arc::downgrade(self), live);
                    loaded += 1;
                }
                Err(e) => tracing::error!("{e}"),
            }
        }
        if loaded > 0 {
            tracing::info!("{loaded} tournaments restored");
        }
        self.take_up_results();
        Ok(())
    }

    /// Starts the task that records the results of finished games.
    fn take_up_results(self: &Arc<Self>) {
        let finished = self.finished.lock().expect("finished lock").take();
        if let Some(finished) = finished {
            tokio::spawn(record_results(Arc::downgrade(self), finished));
        }
    }

    /// Creates a tournament of `team`, by `by`, with its settings.
    pub async fn create(
        self: &Arc<Self>,
        team: &str,
        by: &str,
        settings: Settings,
    ) -> Result<Arc<LiveTournament>, TournamentError> {
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
        // On a node, the tournament is made held by this node: its row and
        // its lease in one statement.
        let holding = match self.venue.games.node_name() {
            Some(node) => {
                let nodes = self.venue.store.nodes()?;
                nodes.add_held_tournament(&row, node).await?;
                Holding::Held(TournamentFence {
                    node: node.to_string(),
                    epoch: 1,
                })
            }
            None => {
                self.venue.store.add_tournament(&row).await?;
                Holding::Alone
            }
        };
        let live = Arc::new(LiveTournament::new(row, self.venue.clone(), holding));
        live.act(created).await?;
        self.insert(live.clone()).await;
        schedule::spawn(Arc::downgrade(self), live.clone());
        Ok(live)
    }

    /// On a node: the rounds' games are made on every node alive, asked
    /// through `spread`.
    pub fn spread_games(&self, spread: spread::Spread) {
        let _ = self.venue.spread.set(spread);
    }

    async fn insert(&self, live: Arc<LiveTournament>) {
        for game in live.games().await {
            self.venue.results.note_game(&game, &live.id);
        }
        self.live
            .write()
            .expect("tournaments lock")
            .insert(live.id.clone(), live);
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
        self.get(&self.venue.results.tournament_of(game)?)
    }

    /// The account of the arbiter of the tournament the game `game` is
    /// played in, if it is a tournament's: he is that game's arbiter too
    /// (an electronic board's reader acts for him, his screen shows it).
    pub async fn arbiter_of_game(&self, game: &str) -> Option<String> {
        let live = self.of_game(game)?;
        Some(live.read(|d| d.created_by().to_string()).await)
    }

    /// The broadcast delay of the tournament `game` is played in, with
    /// that tournament's arbiter (who sees the game live); `None` for a
    /// game outside any tournament or in one without a delay.
    pub async fn broadcast_delay_of_game(&self, game: &str) -> Option<(BroadcastDelay, String)> {
        let live = self.of_game(game)?;
        live.read(|d| {
            let delay = d.broadcast_delay();
            (!delay.is_none()).then(|| (delay, d.created_by().to_string()))
        })
        .await
    }
}

/// Records each finished game's result in its tournament, in the order
/// the games ended (on a node, in those it holds).
async fn record_results(
    tournaments: Weak<Tournaments>,
    mut finished: mpsc::UnboundedReceiver<FinishedGame>,
) {
    while let Some(f) = finished.recv().await {
        let Some(tournaments) = tournaments.upgrade() else {
            return;
        };
        let Some(live) = tournaments.of_game(&f.game) else {
            continue;
        };
        // A node that keeps only a copy tells the holder, which reads the
        // result from the store.
        if live.holding() == Holding::Copy {
            tidings::tell(&tournaments.venue.store, &live.id, Some(&f.game)).await;
            continue;
        }
        if let Err(e) = live.record_game_result(&f.game, f.outcome.as_ref()).await {
            tracing::warn!("tournament {}: result of game {}: {e}", live.id, f.game);
        }
    }
}
