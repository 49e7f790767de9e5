//! A round's live broadcast, as relays read it: `GET
//! /api/broadcast/{id}/round/{round}`, the round's PGN; and under
//! `/broadcast/{id}/`, LiveChessCloud's layout (`round-N/index.json`,
//! `round-N/game-M.json`).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::services::Services;
use crate::tournament::broadcast::PublicRound;

/// Every board of the round as it stands now, one PGN file (`3` or
/// `3.pgn`: relays like a file name).
pub async fn round_pgn(
    State(services): State<Arc<Services>>,
    Path((id, round)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let number = round.strip_suffix(".pgn").unwrap_or(&round);
    let public = public_round(&services, &id, &round, number).await?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            // Each poll must see the moves made since the last.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        public.pgn(),
    )
        .into_response())
}

/// `round-N/index.json` or `round-N/game-M.json`, LiveChessCloud's files.
pub async fn lcc_file(
    State(services): State<Arc<Services>>,
    Path((id, round, file)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    let number = round.strip_prefix("round-");
    let asked = number.unwrap_or(&round);
    let public = public_round(&services, &id, asked, number.unwrap_or("")).await?;
    let body = if file == "index.json" {
        serde_json::to_value(public.lcc_index())
    } else {
        let game = file
            .strip_prefix("game-")
            .and_then(|f| f.strip_suffix(".json"))
            .and_then(|m| m.parse().ok())
            .and_then(|m| public.lcc_game(m))
            .ok_or(ApiError::NotFound(Problem::NoSuchBoard {
                tournament: id.clone(),
                round: asked.to_string(),
                board: file.clone(),
            }))?;
        serde_json::to_value(game)
    }
    .expect("the broadcast's files are plain JSON");
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(body)).into_response())
}

/// Round `number` of tournament `id` as the world may see it now (the
/// round as asked, `asked`, names it in the error).
async fn public_round(
    services: &Services,
    id: &str,
    asked: &str,
    number: &str,
) -> Result<PublicRound, ApiError> {
    let no_such_round = || {
        ApiError::NotFound(Problem::NoSuchRound {
            tournament: id.to_string(),
            round: asked.to_string(),
        })
    };
    let number: u32 = number.parse().map_err(|_| no_such_round())?;
    let live = services.tournaments.get(id).ok_or_else(no_such_round)?;
    live.public_round(number).await?.ok_or_else(no_such_round)
}
