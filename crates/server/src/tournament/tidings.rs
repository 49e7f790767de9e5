//! What the nodes tell one another of tournaments, through PostgreSQL's
//! `NOTIFY`: a tournament's log grew (the other nodes bring their copies
//! up to date), or a game of one of its rounds ended on a node that does
//! not hold it (the holder records its result). A notification only
//! wakes: the store is the truth, and the holder also reconciles the
//! finished games of its rounds every heartbeat, so a notification lost
//! (a listener reconnecting) delays a result, never loses it.

use std::sync::{Arc, Weak};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Tournaments;
use crate::store::Store;
use crate::store::nodes::Nodes;

/// One notification.
#[derive(Debug, Deserialize, Serialize)]
pub(super) struct Tiding {
    /// The tournament.
    pub(super) tournament: String,
    /// The game of its rounds that ended; none: its log grew.
    pub(super) game: Option<String>,
}

/// Tells every node of `tournament` (and of its `game` that ended). A
/// notification that cannot be sent is left to the reconciliation.
pub(super) async fn tell(store: &Store, tournament: &str, game: Option<&str>) {
    let Ok(nodes) = store.nodes() else {
        return;
    };
    let tiding = Tiding {
        tournament: tournament.to_string(),
        game: game.map(str::to_string),
    };
    let payload = serde_json::to_string(&tiding).expect("tidings serialise");
    if let Err(e) = nodes.tell_tournaments(&payload).await {
        tracing::warn!("tournament {tournament}: the other nodes are not told: {e}");
    }
}

/// Hears the tidings until the tournament service is dropped.
pub(super) async fn listen(service: Weak<Tournaments>, nodes: Nodes) {
    let mut listener = match nodes.listen_tournaments().await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!("the tournaments' notifications cannot be heard: {e}");
            return;
        }
    };
    loop {
        let heard = listener.recv().await;
        let Some(service) = service.upgrade() else {
            return;
        };
        match heard {
            Ok(n) => match serde_json::from_str::<Tiding>(n.payload()) {
                Ok(tiding) => heard_of(&service, tiding),
                Err(e) => tracing::warn!("unreadable tournament notification: {e}"),
            },
            // The listener connects again at the next call.
            Err(e) => {
                tracing::warn!("tournament notifications: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// Acts on a tiding off the listener's task, so that a slow store does
/// not hold up the notifications behind it.
fn heard_of(service: &Arc<Tournaments>, tiding: Tiding) {
    let service = service.clone();
    tokio::spawn(async move {
        match tiding.game {
            Some(game) => service.result_elsewhere(&tiding.tournament, &game).await,
            None => service.log_grew(&tiding.tournament).await,
        }
    });
}
