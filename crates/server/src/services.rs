//! The services the HTTP and lichess adapters are built over, made and
//! wired once at start: the store, the game service, the tournament
//! service, the accounts and their presence, and, on a node, the node.
//!
//! The services are told of one another through narrow seams: the game
//! service tells its listeners ([`GameListener`]) when a game starts and
//! ends, so that the tournaments hear of results without the game service
//! knowing them.
//!
//! [`GameListener`]: crate::game::GameListener

use std::sync::Arc;
use std::time::Duration;

use crate::accounts::Accounts;
use crate::config::Config;
use crate::fair_play::FairPlayJobs;
use crate::game::{GameError, Games};
use crate::node::Node;
use crate::presence::Presence;
use crate::relay::Relays;
use crate::store::{Op, Store, Writer};
use crate::time::unix_ms;
use crate::tournament::Tournaments;

/// Everything a request may reach.
#[derive(Debug)]
pub struct Services {
    /// The database.
    pub store: Store,
    /// The games.
    pub games: Arc<Games>,
    /// The tournaments.
    pub tournaments: Arc<Tournaments>,
    /// The accounts, by token.
    pub accounts: Accounts,
    /// The accounts' event streams.
    pub presence: Arc<Presence>,
    /// The broadcasts pushed to the server (lichess's broadcast API).
    pub relays: Relays,
    /// The configuration.
    pub config: Config,
    /// The events' fair-play screens.
    pub fair_play: Arc<FairPlayJobs>,
    /// On a node: what it knows of the others.
    pub node: Option<Arc<Node>>,
    writer: Writer,
}

impl Services {
    /// Opens the database and makes the services, running nothing yet:
    /// the adapters add their listeners, then [`Services::resume`].
    pub async fn open(config: Config) -> Result<Services, GameError> {
        let store = Store::open(&config.db).await?;
        // First, as it claims the database (on PostgreSQL, one server
        // at a time, or nodes only): a server that may not run must not
        // move the clocks.
        let node = config.node.as_ref().map(|n| n.name.clone());
        if config.unsigned {
            store.leave_unsigned();
        }
        let writer = match &node {
            Some(name) => store.node_writer(name).await?,
            None => store.writer().await?,
        };
        if let Some(key_file) = &config.log_key {
            let lease = config.node.as_ref().map_or(SIGNING_LEASE, |n| n.lease);
            store.sign_log(key_file, node.as_deref(), config.heartbeat, lease, &writer)?;
        }
        if !config.witnesses.is_empty() {
            let witnesses = config.witnesses.clone();
            crate::cosign::start(store.clone(), witnesses, writer.still_running());
        }
        if node.is_none() {
            let downtime = store.resume_after_downtime(unix_ms()).await?;
            if downtime > 0 {
                tracing::info!(
                    "the server was down for {downtime} ms: clocks resume where they stood"
                );
            }
        }
        let games = Arc::new(Games::new(
            store.clone(),
            writer.clone(),
            config.gone_grace,
            config.idle_unload,
            node,
        ));
        Ok(Services {
            tournaments: Arc::new(Tournaments::new(store.clone(), games.clone())),
            accounts: Accounts::new(store.clone()),
            presence: Arc::new(Presence::default()),
            relays: Relays::new(store.clone()),
            store,
            games,
            config,
            fair_play: Arc::default(),
            node: None,
            writer,
        })
    }

    /// Brings every unfinished game back from its log, and the
    /// tournaments, and starts the heartbeat; a node joins the others
    /// instead, and takes its games and tournaments by their leases.
    pub async fn resume(mut self) -> Result<Arc<Services>, GameError> {
        if let Some(config) = self.config.node.clone() {
            self.tournaments.start_on_node().await?;
            let node = crate::node::start(
                config,
                self.config.heartbeat,
                self.store.clone(),
                self.games.clone(),
                self.tournaments.clone(),
                &self.presence,
            )
            .await?;
            self.node = Some(node);
            return Ok(Arc::new(self));
        }
        self.games.resume().await?;
        self.tournaments.start().await?;
        tokio::spawn(heartbeat(self.writer.clone(), self.config.heartbeat));
        Ok(Arc::new(self))
    }
}

/// How long the one server's signing lease lasts without renewal (on
/// PostgreSQL: a node's lasts as long as its games').
const SIGNING_LEASE: Duration = Duration::from_secs(2);

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
