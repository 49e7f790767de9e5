//! Where a round's games are made. On a single server, here. On a node,
//! spread over the nodes alive when the round is published, board by
//! board in turn, so that a large event's games are played on every node
//! rather than on the one that holds the tournament: the holder asks each
//! other node to make its boards' games (`POST /api/node/games`, with the
//! nodes' secret), and a game made there is that node's, as if a player
//! had made it there. A node that cannot be asked leaves its boards to the
//! holder.

use std::sync::OnceLock;

use arbiter_referee::GameSetup;
use serde::{Deserialize, Serialize};

use super::Venue;
use crate::game::GameError;

/// How long a node waits for another to make a game.
const ASK_WITHIN: std::time::Duration = std::time::Duration::from_secs(5);

/// What a node needs to ask the others to make games: set once, when the
/// node joins the others.
#[derive(Debug)]
pub struct Spread {
    /// The client that reaches the other nodes.
    pub client: reqwest::Client,
    /// The header that carries the nodes' secret.
    pub header: &'static str,
    /// The nodes' secret.
    pub secret: String,
}

/// A game another node is asked to make: the body of `POST /api/node/games`.
#[derive(Debug, Deserialize, Serialize)]
pub struct GameToMake {
    /// Its id (a board's: derived from the tournament, round and board).
    pub id: String,
    /// Its setup.
    pub setup: GameSetup,
    /// The accounts of White and Black.
    pub accounts: [Option<String>; 2],
    /// Started at once (an online round's game).
    pub start_now: bool,
}

/// Where each board's game of a round is made: `None` here, or the URL of
/// another node; boards take the list in turn.
pub(super) async fn homes(venue: &Venue, spread: &OnceLock<Spread>) -> Vec<Option<String>> {
    let (Some(here), Some(_)) = (venue.games.node_name(), spread.get()) else {
        return vec![None];
    };
    let alive = match venue.store.nodes() {
        Ok(nodes) => nodes.alive().await,
        Err(e) => Err(e),
    };
    match alive {
        Ok(alive) if !alive.is_empty() => alive
            .into_iter()
            .map(|(name, url)| (name != here).then_some(url))
            .collect(),
        Ok(_) => vec![None],
        Err(e) => {
            tracing::warn!("the round's games are all made here: the nodes are unknown: {e}");
            vec![None]
        }
    }
}

/// Makes the board's game `game` on the node at `home` (here if `None`),
/// or finds it made by an earlier publication; its id.
pub(super) async fn board_game(
    venue: &Venue,
    spread: &OnceLock<Spread>,
    home: Option<&str>,
    game: GameToMake,
) -> Result<String, GameError> {
    if venue.games.exists(&game.id).await? {
        return Ok(game.id);
    }
    if let (Some(url), Some(spread)) = (home, spread.get()) {
        let asked = spread
            .client
            .post(format!("{url}/api/node/games"))
            // A node paused but not yet past its lease accepts the
            // connection and never answers: its boards are made here
            // rather than holding the round's publication.
            .timeout(ASK_WITHIN)
            .header(spread.header, &spread.secret)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(serde_json::to_vec(&game).expect("games to make serialise"))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status);
        match asked {
            Ok(_) => return Ok(game.id),
            Err(e) => tracing::warn!("game {}: made here, not at {url}: {e}", game.id),
        }
        // The answer may have been lost after the game was made.
        if venue.games.exists(&game.id).await? {
            return Ok(game.id);
        }
    }
    let GameToMake {
        id,
        setup,
        accounts,
        start_now,
    } = game;
    Ok(venue
        .games
        .create_as(id, setup, accounts, start_now)
        .await?
        .id)
}
