//! Tournaments on several nodes (`--node`): each is held by one node at a
//! time, under a lease fenced like a game's (`store::tournament_leases`).
//! The holder's director applies its events and keeps its schedule; every
//! other node keeps a copy of its log, read from the store, for the pages
//! and the API's reads, and hands the acts on to the holder
//! (`request::forward`). When the holder dies, another node takes the
//! lease (`node`), replays the log, and goes on: it publishes a round
//! paired but not published, records the results of the games that ended
//! meanwhile, and starts the schedule again.

use std::sync::Arc;

use super::{Holding, LiveTournament, Tournaments, schedule, tidings};
use crate::store::{StoreError, TournamentFence, TournamentRow};

impl Tournaments {
    /// On a node: every stored tournament as a copy (the node takes the
    /// ones it holds afterwards, [`Tournaments::hold`]), and the tasks
    /// that record results and hear the other nodes' notifications.
    pub async fn start_on_node(self: &Arc<Self>) -> Result<(), StoreError> {
        for row in self.venue.store.tournaments().await? {
            self.load_copy(row).await;
        }
        self.take_up_results();
        let nodes = self.venue.store.nodes()?;
        tokio::spawn(tidings::listen(Arc::downgrade(self), nodes));
        Ok(())
    }

    async fn load_copy(&self, row: TournamentRow) {
        match LiveTournament::load(self.venue.clone(), row, Holding::Copy).await {
            Ok(live) => {
                if self.get(&live.id).is_none() {
                    self.insert(Arc::new(live)).await;
                }
            }
            Err(e) => tracing::error!("{e}"),
        }
    }

    /// Makes sure this node knows the tournament `id`, if it is stored (one
    /// made on another node a moment ago): a copy of its log.
    pub async fn know(&self, id: &str) {
        if self.get(id).is_some() {
            return;
        }
        match self.venue.store.tournaments().await {
            Ok(rows) => {
                if let Some(row) = rows.into_iter().find(|r| r.id == id) {
                    self.load_copy(row).await;
                }
            }
            Err(e) => tracing::warn!("tournament {id}: cannot read it: {e}"),
        }
    }

    /// Takes up the tournament `id`, whose lease this node has just taken
    /// at `epoch`: its log replayed from the store, a round paired but not
    /// published published, the results of its games that ended meanwhile
    /// recorded, its schedule started.
    pub async fn hold(self: &Arc<Self>, id: &str, epoch: i64) {
        let Some(node) = self.venue.games.node_name() else {
            return;
        };
        let fence = TournamentFence {
            node: node.to_string(),
            epoch,
        };
        if self
            .get(id)
            .is_some_and(|live| live.holding() == Holding::Held(fence.clone()))
        {
            return;
        }
        let row = match self.venue.store.tournaments().await {
            Ok(rows) => rows.into_iter().find(|r| r.id == id),
            Err(e) => {
                tracing::error!("tournament {id}: cannot be taken up: {e}");
                return;
            }
        };
        let Some(row) = row else {
            return;
        };
        let live = match LiveTournament::load(self.venue.clone(), row, Holding::Held(fence)).await {
            Ok(live) => Arc::new(live),
            Err(e) => {
                tracing::error!("{e}");
                return;
            }
        };
        self.insert(live.clone()).await;
        if let Err(e) = live.resume_publication().await {
            tracing::error!("tournament {id}: {e}");
        }
        self.reconcile(&live).await;
        schedule::spawn(Arc::downgrade(self), live);
        tracing::info!("node {node}: holds tournament {id} (epoch {epoch})");
    }

    /// The tournaments this node holds, with their epochs.
    pub fn held(&self) -> Vec<(String, i64)> {
        self.live
            .read()
            .expect("tournaments lock")
            .values()
            .filter_map(|live| match live.holding() {
                Holding::Held(fence) => Some((live.id.clone(), fence.epoch)),
                _ => None,
            })
            .collect()
    }

    /// `true` if this node holds the tournament `id`.
    pub fn holds(&self, id: &str) -> bool {
        self.get(id)
            .is_some_and(|live| matches!(live.holding(), Holding::Held(_)))
    }

    /// Lets go of the tournaments `lost` (each at the epoch this node held
    /// it at): it keeps copies of them, and their schedules stop.
    pub fn let_go(&self, lost: &[(String, i64)]) {
        for (id, epoch) in lost {
            if let Some(live) = self.get(id)
                && matches!(live.holding(), Holding::Held(f) if f.epoch == *epoch)
            {
                tracing::warn!("tournament {id}: another node took it over; this node lets it go");
                live.let_go();
            }
        }
    }

    /// Records, in every tournament this node holds, the results of the
    /// games of its rounds that are over in the store and not yet in the
    /// tournament: those a notification missed.
    pub async fn reconcile_held(&self) {
        let held: Vec<Arc<LiveTournament>> = self
            .live
            .read()
            .expect("tournaments lock")
            .values()
            .filter(|live| matches!(live.holding(), Holding::Held(_)))
            .cloned()
            .collect();
        for live in held {
            self.reconcile(&live).await;
        }
    }

    async fn reconcile(&self, live: &LiveTournament) {
        let open = live.open_games().await;
        if open.is_empty() {
            return;
        }
        let finished = match self.venue.store.nodes() {
            Ok(nodes) => nodes.finished_among(&open).await,
            Err(e) => Err(e),
        };
        match finished {
            Ok(finished) => {
                for game in finished {
                    live.record_from_store(&game).await;
                }
            }
            Err(e) => tracing::warn!("tournament {}: cannot reconcile: {e}", live.id),
        }
    }

    /// A game of the tournament `id` ended on another node: its result is
    /// recorded here if this node holds the tournament.
    pub(super) async fn result_elsewhere(&self, id: &str, game: &str) {
        if let Some(live) = self.get(id)
            && matches!(live.holding(), Holding::Held(_))
        {
            live.record_from_store(game).await;
        }
    }

    /// The tournament `id`'s log grew on its holder: this node's copy is
    /// brought up to date (and the games of a round just published noted
    /// as the tournament's), or made.
    pub(super) async fn log_grew(&self, id: &str) {
        match self.get(id) {
            Some(live) if live.holding() == Holding::Copy => live.read(|_| ()).await,
            Some(_) => {}
            None => self.know(id).await,
        }
    }
}
