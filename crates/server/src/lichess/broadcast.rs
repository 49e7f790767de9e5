//! lichess's broadcast API, the calls a broadcaster makes, as lichess
//! documents them: `POST /broadcast/new` (a tour: form `name`,
//! `description`), `POST /broadcast/{tour}/new` (a round: form `name`),
//! `POST /api/broadcast/round/{round}/push` (a PGN body of up to 100
//! games, answered with `games`: each its `tags` and `moves`, or its
//! `error`), and `GET /api/broadcast/round/{round}.pgn`. The account of
//! the token (`Authorization: Bearer`) owns what it makes; only it
//! pushes. Over the relay service ([`crate::relay`]).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::routes::{account, params};
use crate::problem::Problem;
use crate::relay::{Pushed, RelayError, Round, Tour};
use crate::request::error::ApiError;
use crate::request::field::field;
use crate::services::Services;

/// The upstreams a lichess round may fetch from, which Arbiter's rounds
/// do not: they are pushed to.
const UPSTREAMS: [&str; 4] = ["syncUrl", "syncUrls", "syncIds", "syncUsers"];

/// `POST /broadcast/new`: a tour; answered as lichess answers
/// (`{"tour": …, "rounds": []}`).
pub async fn new_tour(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let me = account(&services, &headers).await?;
    let p = params(&headers, &body)?;
    let name = required(&p, "name")?;
    let description = field(
        "description",
        p.get("description").map_or("", String::as_str),
    )?;
    let tour = services
        .relays
        .new_tour(&me.id, name, description)
        .await
        .map_err(|r| refusal(r, Problem::BroadcastNotFound))?;
    Ok(Json(json!({"tour": tour_json(&tour), "rounds": []})))
}

/// `POST /broadcast/{tour}/new`: a round of the tour; answered as lichess
/// answers (`{"round": …, "tour": …, "study": {"writeable": true}}`).
pub async fn new_round(
    State(services): State<Arc<Services>>,
    Path(tour): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let me = account(&services, &headers).await?;
    let p = params(&headers, &body)?;
    if let Some(upstream) = UPSTREAMS
        .iter()
        .find(|u| p.get(**u).is_some_and(|v| !v.is_empty()))
    {
        return Err(ApiError::BadRequest(Problem::BroadcastPushOnly {
            field: upstream.to_string(),
        }));
    }
    let name = required(&p, "name")?;
    let (round, tour) = services
        .relays
        .new_round(&me.id, &tour, name)
        .await
        .map_err(|r| refusal(r, Problem::BroadcastNotFound))?;
    Ok(Json(json!({
        "round": round_json(&round),
        "tour": tour_json(&tour),
        "study": {"writeable": true},
    })))
}

/// `POST /api/broadcast/round/{round}/push`: what became of each game.
pub async fn push(
    State(services): State<Arc<Services>>,
    Path(round): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let me = account(&services, &headers).await?;
    let pgn = String::from_utf8_lossy(&body);
    let pushed = services
        .relays
        .push(&me.id, &round, &pgn)
        .await
        .map_err(|r| refusal(r, Problem::BroadcastRoundNotFound))?;
    let games: Vec<Value> = pushed.iter().map(pushed_json).collect();
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/broadcast/round/{round}.pgn`: the round's games as last
/// pushed, each move's clock as `[%clk]`, dated the day the round was
/// made (lichess keeps its own date, not the source's).
pub async fn round_pgn(
    State(services): State<Arc<Services>>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let id = file.strip_suffix(".pgn").unwrap_or(&file);
    let (round, _) = services
        .relays
        .round(id)
        .await
        .map_err(|r| refusal(r, Problem::BroadcastRoundNotFound))?;
    let text = round.pgn();
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response())
}

fn required(p: &std::collections::HashMap<String, String>, name: &str) -> Result<String, ApiError> {
    let value = field(name, p.get(name).map_or("", String::as_str))?;
    if value.is_empty() {
        return Err(ApiError::BadRequest(Problem::Required {
            field: name.to_string(),
        }));
    }
    Ok(value)
}

fn refusal(r: RelayError, not_found: Problem) -> ApiError {
    match r {
        RelayError::NotFound => ApiError::NotFound(not_found),
        RelayError::NotOwner => ApiError::Forbidden(Problem::NotYourBroadcast),
        RelayError::Store(e) => e.into(),
    }
}

/// A URL path's word for a name, as lichess makes its slugs.
fn slug(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        "-".to_string()
    } else {
        words.join("-")
    }
}

fn tour_json(tour: &Tour) -> Value {
    json!({
        "id": tour.id,
        "name": tour.name,
        "slug": slug(&tour.name),
        "description": tour.description,
        "createdAt": tour.created_at,
    })
}

/// A round as lichess describes it; its `url` is where it is read (lichess
/// gives its web page, which Arbiter does not have).
fn round_json(round: &Round) -> Value {
    json!({
        "id": round.id,
        "name": round.name,
        "slug": slug(&round.name),
        "createdAt": round.created_at,
        "url": format!("/api/broadcast/round/{}.pgn", round.id),
    })
}

fn pushed_json(pushed: &Pushed) -> Value {
    let tags = |t: &arbiter_pgn::Tags| {
        Value::Object(
            t.iter()
                .map(|(n, v)| (n.to_string(), Value::String(v.to_string())))
                .collect::<Map<String, Value>>(),
        )
    };
    match pushed {
        Pushed::Taken(game) => json!({"tags": tags(&game.tags), "moves": game.moves.len()}),
        Pushed::Refused { tags: t, error } => json!({"tags": tags(t), "error": error.to_string()}),
    }
}
