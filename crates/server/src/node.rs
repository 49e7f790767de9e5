//! A node among several sharing one PostgreSQL database (`--node NAME`):
//! its leases renewed, the games and tournaments of dead nodes taken
//! over, and where a request for a game or a tournament goes.
//!
//! Each node runs the games it holds the lease of (see `store::nodes`):
//! the games it created, and those it took over from nodes that died. A
//! request for a game another node runs is forwarded to that node
//! (`http::forward`), so that any node answers any request. Tournaments
//! likewise (`store::tournament_leases`): each is held by one node, whose
//! director applies its acts; the others read their copies of its log and
//! forward the acts to the holder.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::config::NodeConfig;
use crate::game::{GameError, Games};
use crate::presence::Presence;
use crate::store::Store;
use crate::store::nodes::{Held, Nodes, Ownership};
use crate::store::tournament_leases::HeldTournament;
use crate::token::new_token;
use crate::tournament::Tournaments;

/// Most games taken over in one transaction: several live nodes share
/// the games of a dead one, a round each.
const TAKEOVER_ROUND: i64 = 256;

/// How long a node waits to connect to another to relay a request.
const RELAY_CONNECT_WITHIN: Duration = Duration::from_secs(2);
/// How long a relayed answer may stay silent before the node gives up.
const RELAY_SILENT_AT_MOST: Duration = Duration::from_secs(30);

/// Header of a request forwarded from another node: the nodes' secret.
pub const FORWARDED: &str = "x-arbiter-node";

/// What a node knows of the others.
#[derive(Debug)]
pub struct Peers {
    /// The nodes' shared secret, which forwarded requests carry.
    pub secret: String,
    /// The client that forwards requests.
    pub client: reqwest::Client,
}

/// This node among the others.
#[derive(Debug)]
pub struct Node {
    config: NodeConfig,
    /// How often it renews its leases.
    heartbeat: Duration,
    store: Store,
    games: Arc<Games>,
    tournaments: Arc<Tournaments>,
    /// The other nodes.
    pub peers: Peers,
}

/// Where a request for a game goes.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// This node answers it.
    Here,
    /// The node at this URL runs the game.
    To(String),
}

/// Joins the nodes: takes back the games and tournaments still in this
/// node's name (as when it starts again after a crash) and those nobody
/// holds, records the node alive, and starts keeping its leases (every
/// `heartbeat`). `presence`'s lines reach every node from now on.
pub async fn start(
    config: NodeConfig,
    heartbeat: Duration,
    store: Store,
    games: Arc<Games>,
    tournaments: Arc<Tournaments>,
    presence: &Arc<Presence>,
) -> Result<Arc<Node>, GameError> {
    let url = config.url.clone().unwrap_or_default();
    let nodes = store.nodes()?;
    let secret = nodes.secret(&new_token()).await?;
    let client = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .tcp_nodelay(true)
        // A node that stopped answering (paused, or its machine gone
        // without closing its connections) must not hold a relayed request
        // for good: the client is answered 503 and tries again. A stream
        // relayed sends a line at least every 5 s, so it is never cut.
        .connect_timeout(RELAY_CONNECT_WITHIN)
        .read_timeout(RELAY_SILENT_AT_MOST)
        .build()
        .map_err(|e| GameError::Setup(e.to_string()))?;
    relay_presence(presence, &nodes).await?;
    let own = nodes.take_over(&config.name, true, None, i64::MAX).await?;
    let orphans = nodes.adopt_orphans(&config.name).await?;
    tournaments.spread_games(crate::tournament::spread::Spread {
        client: client.clone(),
        header: FORWARDED,
        secret: secret.clone(),
    });
    let own_tournaments = nodes
        .take_over_tournaments(&config.name, true, None)
        .await?;
    let lease_ms = config.lease.as_millis() as i64;
    let renewal = nodes.join(&config.name, &url, lease_ms).await?;
    let node = Arc::new(Node {
        config,
        heartbeat,
        store,
        games,
        tournaments,
        peers: Peers { secret, client },
    });
    let resumed = node.hold_all(own.into_iter().chain(orphans)).await;
    node.hold_tournaments(own_tournaments).await;
    tracing::info!(
        "node {}: {resumed} unfinished games resumed; other nodes reach it at {url}",
        node.config.name
    );
    tokio::spawn(node.clone().keep(renewal.losses));
    tokio::spawn(node.clone().watch());
    Ok(node)
}

/// Brings the lines of the accounts' event streams to every node: an
/// account's stream may be open on one node while its game or challenge
/// is on another. One notification per line, through PostgreSQL's own
/// `NOTIFY` (the lines are few: challenges, games starting and ending).
async fn relay_presence(presence: &Arc<Presence>, nodes: &Nodes) -> Result<(), GameError> {
    #[derive(serde::Serialize, serde::Deserialize)]
    struct Line {
        account: String,
        line: String,
    }
    let mut listener = nodes.listen().await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(String, Arc<str>)>();
    presence.relay_through(tx);
    let publisher = nodes.clone();
    tokio::spawn(async move {
        while let Some((account, line)) = rx.recv().await {
            let payload = serde_json::to_string(&Line {
                account,
                line: line.to_string(),
            })
            .expect("lines serialise");
            if let Err(e) = publisher.publish(&payload).await {
                tracing::warn!("an event stream's line is lost: {e}");
            }
        }
    });
    let presence = presence.clone();
    tokio::spawn(async move {
        loop {
            match listener.recv().await {
                Ok(n) => match serde_json::from_str::<Line>(n.payload()) {
                    Ok(l) => presence.deliver(&l.account, Arc::from(l.line.as_str())),
                    Err(e) => tracing::warn!("unreadable event stream line: {e}"),
                },
                // The listener connects again at the next call.
                Err(e) => {
                    tracing::warn!("event stream relay: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                }
            }
        }
    });
    Ok(())
}

impl Node {
    /// Loads the games just taken; how many.
    async fn hold_all(&self, taken: impl IntoIterator<Item = Held>) -> usize {
        let mut n = 0;
        for h in taken {
            match self.games.hold(&h.game_id, h.epoch).await {
                Ok(()) => n += 1,
                Err(e) => tracing::error!("{e}"),
            }
        }
        n
    }

    /// Takes up the tournaments just taken.
    async fn hold_tournaments(&self, taken: Vec<HeldTournament>) {
        for t in taken {
            self.tournaments.hold(&t.tournament_id, t.epoch).await;
        }
    }

    /// Every heartbeat: renews the node's leases, and lets go of the games
    /// and tournaments other nodes took over while this one was silent.
    /// Nothing else waits in this loop: a takeover of many games takes
    /// longer than a lease, and a node that stopped renewing meanwhile
    /// would lose the games it was taking.
    async fn keep(self: Arc<Self>, mut losses: i64) {
        let config = &self.config;
        let Ok(nodes) = self.store.nodes() else {
            return;
        };
        let mut every = tokio::time::interval(self.heartbeat);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let renewed = match nodes.renew(&config.name).await {
                Ok(Some(r)) => Ok(r),
                // The row is gone (deleted by hand): the node joins again.
                Ok(None) => {
                    let url = config.url.clone().unwrap_or_default();
                    let lease_ms = config.lease.as_millis() as i64;
                    nodes.join(&config.name, &url, lease_ms).await
                }
                Err(e) => Err(e),
            };
            match renewed {
                Ok(r) if r.losses != losses => {
                    // What this node holds is read before the database,
                    // so that every game in it was already recorded as
                    // this node's there.
                    let mine = self.games.held();
                    let tournaments = self.tournaments.held();
                    let lost = match nodes.lost(&config.name, &mine).await {
                        Ok(lost) => nodes
                            .tournaments_lost(&config.name, &tournaments)
                            .await
                            .map(|t| (lost, t)),
                        Err(e) => Err(e),
                    };
                    match lost {
                        Ok((games, tournaments)) => {
                            self.games.let_go(games).await;
                            self.tournaments.let_go(&tournaments);
                            losses = r.losses;
                        }
                        // Asked again at the next heartbeat.
                        Err(e) => tracing::warn!("node {}: {e}", config.name),
                    }
                }
                Ok(_) => {}
                Err(e) => tracing::warn!("node {}: cannot renew its leases: {e}", config.name),
            }
        }
    }

    /// Every heartbeat, beside [`Node::keep`]: takes over the games and
    /// tournaments of nodes that are dead, and records the results a
    /// notification missed in the tournaments this node holds.
    async fn watch(self: Arc<Self>) {
        let mut every = tokio::time::interval(self.heartbeat);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            self.take_over(None).await;
            self.take_over_tournaments(None).await;
            self.tournaments.reconcile_held().await;
        }
    }

    /// Takes over the tournaments of dead nodes (only `only`, if given).
    async fn take_over_tournaments(&self, only: Option<&str>) {
        let name = &self.config.name;
        let Ok(nodes) = self.store.nodes() else {
            return;
        };
        match nodes.take_over_tournaments(name, false, only).await {
            Ok(taken) => self.hold_tournaments(taken).await,
            Err(e) => tracing::warn!("node {name}: tournament takeover failed: {e}"),
        }
    }

    /// Where a request for the tournament `id` goes: a read is answered
    /// here, from this node's copy of the log (made if the tournament was
    /// made on another node a moment ago); an act goes to the holder, if
    /// it is alive, and a tournament whose holder is dead is taken over
    /// here and now.
    pub async fn route_tournament(&self, id: &str, acts: bool) -> Route {
        self.tournaments.know(id).await;
        if !acts || self.tournaments.holds(id) {
            return Route::Here;
        }
        let Ok(nodes) = self.store.nodes() else {
            return Route::Here;
        };
        match nodes.tournament_holder(id).await {
            Ok(Some(holder)) => {
                self.route_to(holder, || self.take_over_tournaments(Some(id)))
                    .await
            }
            Ok(None) => Route::Here,
            Err(e) => {
                tracing::warn!("tournament {id}: cannot find its node: {e}");
                Route::Here
            }
        }
    }

    /// To the node `ownership` names if it is alive and another; here
    /// otherwise, once `take_over` has taken the lease of a dead one.
    async fn route_to<F: std::future::Future<Output = ()>>(
        &self,
        ownership: Ownership,
        take_over: impl FnOnce() -> F,
    ) -> Route {
        if ownership.finished || ownership.node.as_deref() == Some(self.config.name.as_str()) {
            return Route::Here;
        }
        match (ownership.alive, ownership.url) {
            (true, Some(url)) => Route::To(url),
            _ => {
                take_over().await;
                Route::Here
            }
        }
    }

    /// Takes over the games of dead nodes (only the game `only`, if given).
    async fn take_over(&self, only: Option<&str>) {
        let name = &self.config.name;
        let Ok(nodes) = self.store.nodes() else {
            return;
        };
        loop {
            let started = Instant::now();
            let taken = match nodes.take_over(name, false, only, TAKEOVER_ROUND).await {
                Ok(taken) => taken,
                Err(e) => {
                    tracing::warn!("node {name}: takeover failed: {e}");
                    return;
                }
            };
            if taken.is_empty() {
                return;
            }
            let round = taken.len();
            let n = self.hold_all(taken).await;
            tracing::info!(
                "node {name}: took over {n} games of dead nodes in {} ms",
                started.elapsed().as_millis()
            );
            if only.is_some() || (round as i64) < TAKEOVER_ROUND {
                return;
            }
        }
    }

    /// Where a request for the game `id` goes: here if this node runs it,
    /// if it is over (any node shows a finished game), or if it is not
    /// known; to its node if that node is alive. A game whose node is dead
    /// is taken over here and now, without waiting for the next round.
    pub async fn route(&self, id: &str) -> Route {
        if self.games.runs_here(id) {
            return Route::Here;
        }
        let Ok(nodes) = self.store.nodes() else {
            return Route::Here;
        };
        let ownership = match nodes.ownership(id).await {
            Ok(Some(o)) => o,
            Ok(None) => return Route::Here,
            Err(e) => {
                tracing::warn!("game {id}: cannot find its node: {e}");
                return Route::Here;
            }
        };
        self.route_to(ownership, || self.take_over(Some(id))).await
    }
}
