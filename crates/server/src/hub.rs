//! The hub: every live game by id, game creation, loading games back from
//! their logs, accounts, and the players' event streams.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup, Mode};
use serde::Serialize;

use crate::game::{self, GameHandle, GameMeta, View};
use crate::lichess::lobby::Lobby;
use crate::store::{Account, Damage, Database, Fence, Op, Store, StoreError, Writer, chain};
use crate::time::unix_ms;
use crate::token::{TokenDigest, new_id, new_token};
use crate::tournament::Tournaments;

/// How long an account read by its token is trusted before it is read
/// again (a deleted account, or a replaced token, stops working this soon
/// on a running server).
const ACCOUNT_FRESH: Duration = Duration::from_secs(1);

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database: an SQLite file or a PostgreSQL URL.
    pub db: Database,
    /// Seconds a player's connections must stay closed before the opponent
    /// may claim the win.
    pub gone_grace: Duration,
    /// How long a finished game nobody watches stays in memory.
    pub idle_unload: Duration,
    /// Requests per second allowed to one client address (0: no limit).
    pub rate_per_second: u32,
    /// Requests one client may make in a burst.
    pub rate_burst: u32,
    /// Largest request body accepted, bytes.
    pub body_limit: usize,
    /// How often the server records that it is alive (for the clocks
    /// after a crash).
    pub heartbeat: Duration,
    /// The default time of timed games made by lichess challenges (FIDE
    /// 6.7.1): a player who has not made his first move this long after
    /// his clock started loses the game.
    pub default_time: Duration,
    /// One node of several sharing a PostgreSQL database (`None`: the
    /// database's one server).
    pub node: Option<NodeConfig>,
}

/// A node of several sharing one PostgreSQL database (`--node`).
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// The node's name, unique among the database's nodes.
    pub name: String,
    /// Where the other nodes reach this one (`http://HOST:PORT`); by
    /// default the address it listens on.
    pub url: Option<String>,
    /// How long the node's leases last without renewal: after this long
    /// without a word from it, its games are taken over. It renews them
    /// every [`Config::heartbeat`].
    pub lease: Duration,
}

impl NodeConfig {
    /// The node `name`, with two-second leases.
    pub fn named(name: &str) -> NodeConfig {
        NodeConfig {
            name: name.to_string(),
            url: None,
            lease: Duration::from_secs(2),
        }
    }
}

impl Config {
    /// The defaults, on the database `db` (a path is an SQLite file).
    pub fn new(db: impl Into<Database>) -> Config {
        Config {
            db: db.into(),
            gone_grace: Duration::from_secs(60),
            idle_unload: Duration::from_secs(60),
            rate_per_second: 50,
            rate_burst: 200,
            body_limit: 16 * 1024,
            heartbeat: Duration::from_millis(500),
            default_time: Duration::from_secs(60),
            node: None,
        }
    }
}

/// Why a game could not be created or found.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
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

/// Everything the server shares.
#[derive(Debug)]
pub struct Hub {
    /// The database.
    pub store: Store,
    writer: Writer,
    ctx: game::actor_context::Context,
    games: RwLock<HashMap<String, GameHandle>>,
    load: tokio::sync::Mutex<()>,
    /// Accounts by token, each with when it was read: `arbiter account`
    /// changes the database under a running server, so an entry is read
    /// again once older than [`ACCOUNT_FRESH`].
    accounts: RwLock<HashMap<TokenDigest, (Account, std::time::Instant)>>,
    /// Account event streams and challenges.
    pub lobby: Arc<Lobby>,
    /// The tournaments.
    pub tournaments: Arc<Tournaments>,
    /// The configuration.
    pub config: Config,
    /// On a node: the games it holds the lease of, with their epochs.
    held: std::sync::Mutex<HashMap<String, i64>>,
    /// On a node: what it knows of the others.
    pub(crate) peers: std::sync::OnceLock<crate::node::Peers>,
}

impl Hub {
    /// Opens the database, charges the downtime to nobody, and brings
    /// every unfinished game back from its log.
    pub async fn start(config: Config) -> Result<Arc<Hub>, HubError> {
        let store = Store::open(&config.db).await?;
        // First, as it claims the database (on PostgreSQL, one server
        // at a time, or nodes only): a server that may not run must not
        // move the clocks.
        let node = config.node.as_ref().map(|n| n.name.as_str());
        let writer = match node {
            Some(name) => store.node_writer(name).await?,
            None => store.writer().await?,
        };
        if node.is_none() {
            let downtime = store.resume_after_downtime(unix_ms()).await?;
            if downtime > 0 {
                tracing::info!(
                    "the server was down for {downtime} ms: clocks resume where they stood"
                );
            }
        }
        let lobby = Arc::new(Lobby::new(store.clone()));
        let on_finish_lobby = lobby.clone();
        let (tournaments, finished_games) = Tournaments::new();
        let tournaments = Arc::new(tournaments);
        let on_finish_tournaments = tournaments.clone();
        let ctx = game::actor_context::Context {
            writer: writer.clone(),
            gone_grace: config.gone_grace,
            idle_unload: config.idle_unload,
            on_finish: Arc::new(move |meta: &GameMeta, view: &View| {
                on_finish_lobby.game_finished(meta, view);
                on_finish_tournaments.game_finished(&meta.id, view.outcome.clone());
            }),
        };
        let hub = Arc::new(Hub {
            store,
            writer,
            ctx,
            games: RwLock::new(HashMap::new()),
            load: tokio::sync::Mutex::new(()),
            accounts: RwLock::new(HashMap::new()),
            lobby,
            tournaments,
            config,
            held: std::sync::Mutex::new(HashMap::new()),
            peers: std::sync::OnceLock::new(),
        });
        if hub.config.node.is_some() {
            crate::node::start(&hub).await?;
            return Ok(hub);
        }
        let mut resumed = 0;
        for row in hub.store.games(true).await? {
            match hub.load(&row.id).await {
                Ok(Some(_)) => resumed += 1,
                Ok(None) => {}
                Err(e) => tracing::error!("{e}"),
            }
        }
        tracing::info!("{resumed} unfinished games resumed");
        Tournaments::start(&hub, finished_games).await?;
        tokio::spawn(heartbeat(hub.writer.clone(), hub.config.heartbeat));
        Ok(hub)
    }

    /// This node's name, if it is one of several.
    pub fn node_name(&self) -> Option<&str> {
        self.config.node.as_ref().map(|n| n.name.as_str())
    }

    /// Notes that this node holds the game `id` at `epoch`, and runs it.
    pub(crate) async fn hold(&self, id: &str, epoch: i64) -> Result<(), HubError> {
        self.held
            .lock()
            .expect("held lock")
            .insert(id.to_string(), epoch);
        // A request may have loaded the game already under this epoch:
        // one actor per game, so that one is kept. One under an older
        // epoch can no longer write; it stops.
        let running = self.games.read().expect("games lock").get(id).cloned();
        if let Some(h) = running.filter(|h| !h.is_closed()) {
            if h.epoch == Some(epoch) {
                return Ok(());
            }
            self.games.write().expect("games lock").remove(id);
            h.release().await;
        }
        self.load(id).await?;
        Ok(())
    }

    /// Lets go of the games this node no longer holds (`held`: those it
    /// does), stopping their actors.
    pub(crate) async fn let_go_all_but(&self, held: &HashMap<String, i64>) {
        let lost: Vec<String> = {
            let mut mine = self.held.lock().expect("held lock");
            let lost = mine
                .iter()
                .filter(|(id, epoch)| held.get(*id) != Some(epoch))
                .map(|(id, _)| id.clone())
                .collect::<Vec<_>>();
            for id in &lost {
                mine.remove(id);
            }
            lost
        };
        for id in lost {
            tracing::warn!("game {id}: another node took it over; this node lets it go");
            let handle = self.games.write().expect("games lock").remove(&id);
            if let Some(h) = handle {
                h.release().await;
            }
        }
    }

    /// `true` if this node runs the game `id` now (always on a single
    /// server).
    pub fn runs_here(&self, id: &str) -> bool {
        if self.config.node.is_none() {
            return true;
        }
        self.held.lock().expect("held lock").contains_key(id)
            && self
                .games
                .read()
                .expect("games lock")
                .get(id)
                .is_some_and(|h| !h.is_closed())
    }

    /// Creates a game. Online games start when both players have come to
    /// the board, or at once with `start_now`.
    pub async fn create_game(
        &self,
        setup: GameSetup,
        accounts: [Option<String>; 2],
        start_now: bool,
    ) -> Result<Created, HubError> {
        self.create_game_as(new_id(8), setup, accounts, start_now)
            .await
    }

    /// Creates the game `id` (a challenge's game takes the challenge's id,
    /// as lichess's do).
    pub async fn create_game_as(
        &self,
        id: String,
        setup: GameSetup,
        accounts: [Option<String>; 2],
        start_now: bool,
    ) -> Result<Created, HubError> {
        let game = Game::new(setup.clone()).map_err(|e| HubError::Setup(e.to_string()))?;
        let tokens = [new_token(), new_token(), new_token()];
        let digests = tokens.each_ref().map(|t| TokenDigest::of(t));
        let setup_json = serde_json::to_string(&setup).expect("setups serialise");
        let created = unix_ms();
        let genesis = chain::genesis(&id, &setup_json);
        self.writer
            .write(vec![Op::NewGame {
                id: id.clone(),
                setup_json,
                created_unix_ms: created,
                tokens: digests.map(|d| d.to_hex()),
                accounts: accounts.clone(),
            }])
            .await?;
        let meta = GameMeta {
            id: id.clone(),
            setup,
            created_unix_ms: created,
            seats: digests,
            accounts,
        };
        let online = meta.setup.mode == Mode::Online;
        // A node's new game is its own, at the lease's first epoch (made
        // with the game's row).
        let fence = self.node_name().map(|_| {
            self.held.lock().expect("held lock").insert(id.clone(), 1);
            Fence {
                game_id: id.clone(),
                epoch: 1,
            }
        });
        let handle = game::spawn(meta, game, created, genesis, self.ctx.clone(), fence);
        self.games
            .write()
            .expect("games lock")
            .insert(id.clone(), handle.clone());
        if start_now && online {
            let _ = handle.act(Actor::Arbiter, EventKind::Start).await;
        }
        self.lobby.game_started(&handle).await;
        let [white_token, black_token, arbiter_token] = tokens;
        Ok(Created {
            id,
            white_token,
            black_token,
            arbiter_token,
        })
    }

    /// The running game `id`, brought back from its log if needed.
    pub async fn game(&self, id: &str) -> Result<Option<GameHandle>, HubError> {
        if let Some(h) = self.games.read().expect("games lock").get(id)
            && !h.is_closed()
        {
            return Ok(Some(h.clone()));
        }
        self.load(id).await
    }

    /// Rebuilds a game from its stored events, checking the hash chain.
    async fn load(&self, id: &str) -> Result<Option<GameHandle>, HubError> {
        let _one_at_a_time = self.load.lock().await;
        if let Some(h) = self.games.read().expect("games lock").get(id)
            && !h.is_closed()
        {
            return Ok(Some(h.clone()));
        }
        let Some(row) = self.store.game(id).await? else {
            return Ok(None);
        };
        // On a node, an unfinished game runs only where its lease is.
        let fence = match self.node_name() {
            Some(_) if row.result == "*" => {
                let epoch = self.held.lock().expect("held lock").get(id).copied();
                match epoch {
                    Some(epoch) => Some(Fence {
                        game_id: id.to_string(),
                        epoch,
                    }),
                    None => return Err(HubError::Elsewhere(id.to_string())),
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
                HubError::Altered {
                    game: id.to_string(),
                    seq,
                }
            })?;
        let events: Vec<Event> = Store::parse_events(id, &rows)?;
        let (game, _) =
            Game::replay(row.setup.clone(), events).map_err(|e| HubError::Setup(e.to_string()))?;
        let meta = GameMeta {
            id: id.to_string(),
            setup: row.setup,
            created_unix_ms: row.created_unix_ms,
            seats: [row.white, row.black, row.arbiter],
            accounts: [row.white_account, row.black_account],
        };
        let handle = game::spawn(meta, game, row.epoch_unix_ms, link, self.ctx.clone(), fence);
        self.games
            .write()
            .expect("games lock")
            .insert(id.to_string(), handle.clone());
        Ok(Some(handle))
    }

    /// The game `id` as its log stands now, read without running it: for
    /// a node to show a game another node runs (`None`: no such game).
    pub async fn snapshot(&self, id: &str) -> Result<Option<(Arc<GameMeta>, View)>, HubError> {
        let Some(row) = self.store.game(id).await? else {
            return Ok(None);
        };
        let events = Store::parse_events(id, &self.store.events(id).await?)?;
        let (game, _) =
            Game::replay(row.setup.clone(), events).map_err(|e| HubError::Setup(e.to_string()))?;
        let wall = (unix_ms() - row.epoch_unix_ms).max(0) as u64;
        let now_ms = wall.max(game.events().last().map_or(0, |e| e.at_ms));
        let head = Arc::new(game::view::Head::of(&row.setup));
        let view = View::of(&Arc::from(id), &head, &game, now_ms, unix_ms(), 0);
        let meta = GameMeta {
            id: id.to_string(),
            setup: row.setup,
            created_unix_ms: row.created_unix_ms,
            seats: [row.white, row.black, row.arbiter],
            accounts: [row.white_account, row.black_account],
        };
        Ok(Some((Arc::new(meta), view)))
    }

    /// The games in memory (unfinished, or recently finished).
    pub fn live_games(&self) -> Vec<GameHandle> {
        self.games
            .read()
            .expect("games lock")
            .values()
            .filter(|h| !h.is_closed())
            .cloned()
            .collect()
    }

    /// Forgets what was read of `token`'s account, after it changed.
    pub fn forget_token(&self, token: &str) {
        self.accounts
            .write()
            .expect("accounts lock")
            .remove(&TokenDigest::of(token));
    }

    /// The account that `token` belongs to.
    pub async fn account_by_token(&self, token: &str) -> Result<Option<Account>, HubError> {
        let digest = TokenDigest::of(token);
        if let Some((a, read)) = self.accounts.read().expect("accounts lock").get(&digest)
            && read.elapsed() < ACCOUNT_FRESH
        {
            return Ok(Some(a.clone()));
        }
        let found = self.store.account_by_token(&digest).await?;
        let mut accounts = self.accounts.write().expect("accounts lock");
        match &found {
            Some(a) => {
                accounts.insert(digest, (a.clone(), std::time::Instant::now()));
            }
            // Deleted, or its token replaced.
            None => {
                accounts.remove(&digest);
            }
        }
        Ok(found)
    }
}

/// Records every `every` that the server is alive, so that after a crash
/// the clocks resume from the last moment the server was known to run.
async fn heartbeat(writer: Writer, every: Duration) {
    let mut interval = tokio::time::interval(every);
    loop {
        interval.tick().await;
        if writer.write(vec![Op::Heartbeat(unix_ms())]).await.is_err() {
            break;
        }
    }
}
