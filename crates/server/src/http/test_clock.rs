//! `POST /api/test/clock`: moves the test clock forward ([`crate::time`]).
//! The route exists only when the server started with the test clock on;
//! it is no part of the API (and so not in `/api/openapi.yaml`).

use std::sync::Arc;

use axum::body::Bytes;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use super::api::json_body;
use crate::request::error::ApiError;
use crate::services::Services;

/// The test clock's route, merged only when the test clock is on.
pub fn routes() -> Router<Arc<Services>> {
    Router::new().route("/api/test/clock", post(advance))
}

/// The body: how far to move the clock.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Advance {
    /// Milliseconds, forward.
    forward_ms: u32,
}

/// Moves the test clock `forward_ms` forward: `{"offset_ms": …}`, how far
/// it is now ahead of the system's.
pub async fn advance(body: Bytes) -> Result<Json<Value>, ApiError> {
    let Advance { forward_ms } = json_body(&body)?;
    let offset = crate::time::advance_test_clock(i64::from(forward_ms));
    Ok(Json(json!({ "offset_ms": offset })))
}
