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
use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::request::seat::find;
use crate::services::Services;

/// `GET /api/user/{name}`: the account's public data, with its count of
/// games and whether it is playing.
pub async fn public_data(
    State(services): State<Arc<Services>>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let a = services
        .store
        .account(&name)
        .await?
        .ok_or(ApiError::NotFound(Problem::UserNotFound))?;
    let mut user = account_json(&services, &a);
    let playing = ongoing(&services, &a.id).await;
    if let Some((meta, _, color)) = playing.first() {
        user["playing"] = json!(format!("/{}/{}", meta.id, color.fold("white", "black")));
    }
    let finished = services
        .store
        .games_of_account(&a.id, true, i64::MAX)
        .await?
        .len();
    user["count"] = json!({"all": finished + playing.len(), "rated": 0, "playing": playing.len()});
    Ok(Json(user))
}

/// `GET /api/bot/online[?nb=N]`: NDJSON of the bot accounts whose event
/// stream is open.
pub async fn online_bots(
    State(services): State<Arc<Services>>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let most = q
        .get("nb")
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(usize::MAX);
    let mut body = String::new();
    for a in services
        .store
        .accounts()
        .await?
        .iter()
        .filter(|a| a.bot && services.presence.is_online(&a.id))
        .take(most)
    {
        body.push_str(&account_json(&services, a).to_string());
        body.push('\n');
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// `POST /api/bot/account/upgrade`: the token's account becomes a bot,
/// as on lichess only if it has never played a game.
pub async fn upgrade_to_bot(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let a = account(&services, &headers).await?;
    if a.bot {
        return Err(ApiError::BadRequest(Problem::AlreadyBot));
    }
    if services.store.account_has_games(&a.id).await? {
        return Err(ApiError::BadRequest(Problem::PlayedAsHuman));
    }
    services.store.make_bot(&a.id).await?;
    if let Some(token) = crate::request::auth::bearer(&headers) {
        services.accounts.forget_token(token);
    }
    Ok(Json(json!({"ok": true})))
}

/// `GET /{id}` and `GET /{id}/{color}`: the game page, where lichess
/// clients send their users.
pub async fn short_link(
    State(services): State<Arc<Services>>,
    Path(params): Path<HashMap<String, String>>,
) -> Result<Redirect, ApiError> {
    let id = params.get("id").map(String::as_str).unwrap_or("");
    if let Some(color) = params.get("color")
        && color != "white"
        && color != "black"
    {
        return Err(ApiError::NotFound(Problem::PageNotFound));
    }
    let game = find(&services, id).await?;
    Ok(Redirect::to(&format!("/game/{}", game.meta.id)))
}
