//! Accounts as lichess shows them: an account's public data
//! (`/api/user/{name}`), the bots online (`/api/bot/online`), becoming a
//! bot (`/api/bot/account/upgrade`), and the short game links lichess
//! clients print (`/{id}`, `/{id}/white`).

use std::collections::HashMap;
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::{Value, json};

use super::routes::{account, account_json, ongoing};
use crate::http::error::ApiError;
use crate::http::seat::find;
use crate::hub::{Hub, HubError};
use crate::problem::Problem;

/// `GET /api/user/{name}`: the account's public data, with its count of
/// games and whether it is playing.
pub async fn public_data(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let a = hub
        .store
        .account(&name)
        .await
        .map_err(HubError::from)?
        .ok_or(ApiError::NotFound(Problem::UserNotFound))?;
    let mut user = account_json(&hub, &a);
    let playing = ongoing(&hub, &a.id).await;
    if let Some((meta, _, color)) = playing.first() {
        user["playing"] = json!(format!("/{}/{}", meta.id, color.fold("white", "black")));
    }
    let finished = hub
        .store
        .games_of_account(&a.id, true, i64::MAX)
        .await
        .map_err(HubError::from)?
        .len();
    user["count"] = json!({"all": finished + playing.len(), "rated": 0, "playing": playing.len()});
    Ok(Json(user))
}

/// `GET /api/bot/online[?nb=N]`: NDJSON of the bot accounts whose event
/// stream is open.
pub async fn online_bots(
    State(hub): State<Arc<Hub>>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let most = q
        .get("nb")
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(usize::MAX);
    let mut body = String::new();
    for a in hub
        .store
        .accounts()
        .await
        .map_err(HubError::from)?
        .iter()
        .filter(|a| a.bot && hub.lobby.is_online(&a.id))
        .take(most)
    {
        body.push_str(&account_json(&hub, a).to_string());
        body.push('\n');
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// `POST /api/bot/account/upgrade`: the token's account becomes a bot,
/// as on lichess only if it has never played a game.
pub async fn upgrade_to_bot(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let a = account(&hub, &headers).await?;
    if a.bot {
        return Err(ApiError::BadRequest(Problem::AlreadyBot));
    }
    if hub
        .store
        .account_has_games(&a.id)
        .await
        .map_err(HubError::from)?
    {
        return Err(ApiError::BadRequest(Problem::PlayedAsHuman));
    }
    hub.store.make_bot(&a.id).await.map_err(HubError::from)?;
    if let Some(token) = crate::http::auth::bearer(&headers) {
        hub.forget_token(token);
    }
    Ok(Json(json!({"ok": true})))
}

/// `GET /{id}` and `GET /{id}/{color}`: the game page, where lichess
/// clients send their users.
pub async fn short_link(
    State(hub): State<Arc<Hub>>,
    Path(params): Path<HashMap<String, String>>,
) -> Result<Redirect, ApiError> {
    let id = params.get("id").map(String::as_str).unwrap_or("");
    if let Some(color) = params.get("color")
        && color != "white"
        && color != "black"
    {
        return Err(ApiError::NotFound(Problem::PageNotFound));
    }
    let game = find(&hub, id).await?;
    Ok(Redirect::to(&format!("/game/{}", game.meta.id)))
}
