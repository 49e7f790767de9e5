//! `POST /api/node/games`: another node asks this one to make a game, a
//! board of a round it publishes (`tournament::spread`), so that a round's
//! games are played on every node. The route exists only on a node and
//! answers only a request carrying the nodes' secret; it is no part of the
//! API (and so not in `/api/openapi.yaml`).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};

use super::api::json_body;
use crate::node::FORWARDED;
use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::services::Services;
use crate::tournament::spread::GameToMake;

/// The route, merged only on a node.
pub fn routes() -> Router<Arc<Services>> {
    Router::new().route("/api/node/games", post(make))
}

/// Makes the game asked for, this node's from now on: `{"id": …}`, 201.
/// Without the nodes' secret, the route is not there (404).
async fn make(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let from_a_node = services.node.as_ref().is_some_and(|node| {
        headers
            .get(FORWARDED)
            .is_some_and(|v| v.as_bytes() == node.peers.secret.as_bytes())
    });
    if !from_a_node {
        return Err(ApiError::NotFound(Problem::NotRouted));
    }
    let game: GameToMake = json_body(&body)?;
    let made = services
        .games
        .create_as(game.id, game.setup, game.accounts, game.start_now)
        .await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": made.id }))))
}
