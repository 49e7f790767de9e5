//! `GET /api/broadcast/{id}/round/{round}`: a round's live PGN, the file
//! a broadcast relay polls.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::services::Services;

/// Every board of the round as it stands now, one PGN file (`3` or
/// `3.pgn`: relays like a file name).
pub async fn round_pgn(
    State(services): State<Arc<Services>>,
    Path((id, round)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let no_such_round = || {
        ApiError::NotFound(Problem::NoSuchRound {
            tournament: id.clone(),
            round: round.clone(),
        })
    };
    let number: u32 = round
        .strip_suffix(".pgn")
        .unwrap_or(&round)
        .parse()
        .map_err(|_| no_such_round())?;
    let live = services.tournaments.get(&id).ok_or_else(no_such_round)?;
    let pgn = live.round_pgn(number).await?.ok_or_else(no_such_round)?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            // Each poll must see the moves made since the last.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        pgn,
    )
        .into_response())
}
