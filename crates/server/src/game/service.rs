//! The game service: every live game by id, game creation, loading games
//! back from their logs, and, on a node, which games this node runs.
//!
//! It knows nothing of who cares about a game's start or end: tournaments
//! and the accounts' event streams are [`GameListener`]s, told through
//! that one narrow trait, so that the game service imports none of its
//! callers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup, Mode};
use serde::Serialize;

use super::actor::{self, Context};
use super::listener::{GameListener, Listeners};
use super::view::Head;
use super::{GameHandle, GameMeta, View};
use crate::store::{Damage, Fence, GameRow, NewGameRow, Op, Store, StoreError, Writer, chain};
use crate::time::unix_ms;
use crate::token::{TokenDigest, new_id, new_token};

/// Why a game could not be created or found.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The setup cannot start a game.
    #[error("bad setup: {0}")]
    Setup(String),
    /// The game runs on another node (this one does not hold its lease).
    #[error("game {0} runs on another node")]
    Elsewhere(String),
    /// The stored record fails its hash chain: it was altered.
    #[error("game {game}: the record was altered at event {seq}; it will not be played on")]
    Altered {
        /// The id of the altered game.
        game: String,
        /// The first event whose link does not match.
        seq: i64,
    },
}

/// What creating a game hands back: the secret of each seat.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    /// The new game's public id (the path of its page, `/game/ID`).
    pub id: String,
    /// White's token.
    pub white_token: String,
    /// Black's token.
    pub black_token: String,
    /// The arbiter's token.
    pub arbiter_token: String,
}

/// Every game the server runs.
#[derive(Debug)]
pub struct Games {
    store: Store,
    ctx: Context,
    running: RwLock<HashMap<String, GameHandle>>,
    load: tokio::sync::Mutex<()>,
    listeners: Arc<Listeners>,
    /// On a node: its name.
    node: Option<String>,
    /// On a node: the games it holds the lease of, with their epochs.
    held: Mutex<HashMap<String, i64>>,
}

impl Games {
    /// The game service over `store`, committing through `writer`; on a
    /// node, `node` is its name. No game is running yet: see
    /// [`Games::resume`].
    pub fn new(
        store: Store,
        writer: Writer,
        gone_grace: Duration,
        idle_unload: Duration,
        node: Option<String>,
    ) -> Games {
        let listeners = Arc::new(Listeners::default());
        Games {
            store,
            ctx: Context {
                writer,
                gone_grace,
                idle_unload,
                listeners: listeners.clone(),
            },
            running: RwLock::new(HashMap::new()),
            load: tokio::sync::Mutex::new(()),
            listeners,
            node,
            held: Mutex::new(HashMap::new()),
        }
    }

    /// From now on, `listener` hears of every game starting and ending.
    pub fn listen(&self, listener: Arc<dyn GameListener>) {
        self.listeners.add(listener);
    }

    /// Brings every unfinished game back from its log (a single server's
    /// start; a node takes its games by their leases instead).
    pub async fn resume(&self) -> Result<(), GameError> {
        let mut resumed = 0;
        for row in self.store.games(true).await? {
            match self.load(&row.id).await {
                Ok(Some(_)) => resumed += 1,
                Ok(None) => {}
                Err(e) => tracing::error!("{e}"),
            }
        }
        tracing::info!("{resumed} unfinished games resumed");
        Ok(())
    }

    /// This node's name, if it is one of several.
    pub fn node_name(&self) -> Option<&str> {
        self.node.as_deref()
    }

    /// Notes that this node holds the game `id` at `epoch`, and runs it.
    pub async fn hold(&self, id: &str, epoch: i64) -> Result<(), GameError> {
        self.held
            .lock()
            .expect("held lock")
            .insert(id.to_string(), epoch);
        // A request may have loaded the game already under this epoch:
        // one actor per game, so that one is kept. One under an older
        // epoch can no longer write; it stops.
        let running = self.running.read().expect("games lock").get(id).cloned();
        if let Some(h) = running.filter(|h| !h.is_closed()) {
            if h.epoch == Some(epoch) {
                return Ok(());
            }
            self.running.write().expect("games lock").remove(id);
            h.release().await;
        }
        self.load(id).await?;
        Ok(())
    }

    /// The games this node holds, with their epochs.
    pub fn held(&self) -> Vec<(String, i64)> {
        let mine = self.held.lock().expect("held lock");
        mine.iter()
            .map(|(id, epoch)| (id.clone(), *epoch))
            .collect()
    }

    /// Lets go of the games `lost` (each at the epoch this node held it
    /// at), stopping their actors. A game held again since, at a newer
    /// epoch, is kept.
    pub async fn let_go(&self, lost: Vec<(String, i64)>) {
        let lost: Vec<String> = {
            let mut mine = self.held.lock().expect("held lock");
            let lost: Vec<String> = lost
                .into_iter()
                .filter(|(id, epoch)| mine.get(id) == Some(epoch))
                .map(|(id, _)| id)
                .collect();
            for id in &lost {
                mine.remove(id);
            }
            lost
        };
        for id in lost {
            tracing::warn!("game {id}: another node took it over; this node lets it go");
            let handle = self.running.write().expect("games lock").remove(&id);
            if let Some(h) = handle {
                h.release().await;
            }
        }
    }

    /// `true` if this node runs the game `id` now (always on a single
    /// server).
    pub fn runs_here(&self, id: &str) -> bool {
        if self.node.is_none() {
            return true;
        }
        self.held.lock().expect("held lock").contains_key(id)
            && self
                .running
                .read()
                .expect("games lock")
                .get(id)
                .is_some_and(|h| !h.is_closed())
    }

    /// Creates a game. Online games start when both players have come to
    /// the board, or at once with `start_now`.
    pub async fn create(
        &self,
        setup: GameSetup,
        accounts: [Option<String>; 2],
        start_now: bool,
    ) -> Result<Created, GameError> {
        self.create_as(new_id(8), setup, accounts, start_now).await
    }

    /// Creates the game `id` (a challenge's game takes the challenge's id,
    /// as lichess's do).
    pub async fn create_as(
        &self,
        id: String,
        setup: GameSetup,
        accounts: [Option<String>; 2],
        start_now: bool,
    ) -> Result<Created, GameError> {
        let game = Game::new(setup.clone()).map_err(|e| GameError::Setup(e.to_string()))?;
        let tokens = [new_token(), new_token(), new_token()];
        let digests = tokens.each_ref().map(|t| TokenDigest::of(t));
        let setup_json = serde_json::to_string(&setup).expect("setups serialise");
        let created = unix_ms();
        let genesis = chain::genesis(&id, &setup_json);
        self.ctx
            .writer
            .write(vec![Op::NewGame(NewGameRow {
                id: id.clone(),
                setup_json,
                created_unix_ms: created,
                tokens: digests.map(|d| d.to_hex()),
                accounts: accounts.clone(),
            })])
            .await?;
        let meta = GameMeta {
            id: id.clone(),
            setup,
            created_unix_ms: created,
            epoch_unix_ms: created,
            seats: digests,
            accounts,
        };
        let online = meta.setup.mode == Mode::Online;
        // A node's new game is its own, at the lease's first epoch (made
        // with the game's row).
        let fence = self.node.as_ref().map(|_| {
            self.held.lock().expect("held lock").insert(id.clone(), 1);
            Fence {
                game_id: id.clone(),
                epoch: 1,
            }
        });
        let handle = actor::spawn(meta, game, created, genesis, self.ctx.clone(), fence);
        self.running
            .write()
            .expect("games lock")
            .insert(id.clone(), handle.clone());
        if start_now && online {
            let _ = handle.act(Actor::Arbiter, EventKind::Start).await;
        }
        // Only accounts have somewhere to hear of a new game (their event
        // streams): the view is not made for the others.
        if handle.meta.accounts.iter().any(Option::is_some)
            && let Ok(view) = handle.view().await
        {
            self.listeners.started(&handle.meta, &view);
        }
        let [white_token, black_token, arbiter_token] = tokens;
        Ok(Created {
            id,
            white_token,
            black_token,
            arbiter_token,
        })
    }

    /// `true` if the game `id` is stored, running or not.
    pub async fn exists(&self, id: &str) -> Result<bool, GameError> {
        Ok(self.store.game(id).await?.is_some())
    }

    /// The running game `id`, brought back from its log if needed.
    pub async fn game(&self, id: &str) -> Result<Option<GameHandle>, GameError> {
        if let Some(h) = self.running.read().expect("games lock").get(id)
            && !h.is_closed()
        {
            return Ok(Some(h.clone()));
        }
        self.load(id).await
    }

    /// Rebuilds a game from its stored events, checking the hash chain.
    async fn load(&self, id: &str) -> Result<Option<GameHandle>, GameError> {
        let _one_at_a_time = self.load.lock().await;
        if let Some(h) = self.running.read().expect("games lock").get(id)
            && !h.is_closed()
        {
            return Ok(Some(h.clone()));
        }
        let Some(row) = self.store.game(id).await? else {
            return Ok(None);
        };
        // On a node, an unfinished game runs only where its lease is.
        let fence = match self.node {
            Some(_) if row.result == "*" => {
                let epoch = self.held.lock().expect("held lock").get(id).copied();
                match epoch {
                    Some(epoch) => Some(Fence {
                        game_id: id.to_string(),
                        epoch,
                    }),
                    None => return Err(GameError::Elsewhere(id.to_string())),
                }
            }
            _ => None,
        };
        let rows = self.store.events(id).await?;
        let events = rows
            .iter()
            .map(|r| (r.seq, r.event_json.as_str(), r.hash.as_str()));
        let genesis = chain::genesis(id, &row.setup_json);
        let link =
            chain::follow(genesis, events, Damage::GameChainBroken).map_err(|(seq, _)| {
                GameError::Altered {
                    game: id.to_string(),
                    seq,
                }
            })?;
        let events: Vec<Event> = Store::parse_events(id, &rows)?;
        let (game, _) =
            Game::replay(row.setup.clone(), events).map_err(|e| GameError::Setup(e.to_string()))?;
        let epoch_unix_ms = row.epoch_unix_ms;
        let handle = actor::spawn(
            meta_of(row),
            game,
            epoch_unix_ms,
            link,
            self.ctx.clone(),
            fence,
        );
        self.running
            .write()
            .expect("games lock")
            .insert(id.to_string(), handle.clone());
        Ok(Some(handle))
    }

    /// The game `id` as its log stands now, read without running it: for
    /// a node to show a game another node runs (`None`: no such game).
    pub async fn snapshot(&self, id: &str) -> Result<Option<(Arc<GameMeta>, View)>, GameError> {
        let Some(row) = self.store.game(id).await? else {
            return Ok(None);
        };
        let events = Store::parse_events(id, &self.store.events(id).await?)?;
        let (game, _) =
            Game::replay(row.setup.clone(), events).map_err(|e| GameError::Setup(e.to_string()))?;
        let wall = (unix_ms() - row.epoch_unix_ms).max(0) as u64;
        let now_ms = wall.max(game.events().last().map_or(0, |e| e.at_ms));
        let head = Arc::new(Head::of(&row.setup));
        let view = View::of(&Arc::from(id), &head, &game, now_ms, unix_ms(), 0);
        Ok(Some((Arc::new(meta_of(row)), view)))
    }

    /// The games in memory (unfinished, or recently finished).
    pub fn live(&self) -> Vec<GameHandle> {
        self.running
            .read()
            .expect("games lock")
            .values()
            .filter(|h| !h.is_closed())
            .cloned()
            .collect()
    }
}

/// What never changes about the stored game `row`.
fn meta_of(row: GameRow) -> GameMeta {
    GameMeta {
        id: row.id,
        setup: row.setup,
        created_unix_ms: row.created_unix_ms,
        epoch_unix_ms: row.epoch_unix_ms,
        seats: [row.white, row.black, row.arbiter],
        accounts: [row.white_account, row.black_account],
    }
}
