//! The signed log over HTTP (docs/signed-log.md): the latest checkpoint,
//! the log's verifier key, consistency proofs between two checkpoints,
//! and a game's proof (c2sp.org/tlog-proof). All are plain text, in the
//! C2SP formats, so that tools written for other logs read them.

use std::sync::Arc;

use arbiter_tlog::witness::AddCheckpoint;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::request::seat;
use crate::services::Services;

/// The media type of the log's answers.
const TEXT: &str = "text/plain; charset=utf-8";

/// A text answer that no cache keeps (the log grows every second).
fn text(body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, TEXT),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /checkpoint`: the latest signed checkpoint (c2sp.org/tlog-checkpoint
/// in a c2sp.org/signed-note).
pub async fn checkpoint(State(services): State<Arc<Services>>) -> Result<Response, ApiError> {
    match services.store.latest_checkpoint().await? {
        Some((_, note)) => Ok(text(note)),
        None => Err(ApiError::NotFound(Problem::NoCheckpointYet)),
    }
}

/// `GET /checkpoint/key`: the verifier key that signs the checkpoints
/// (what `arbiter key` prints), for witnesses and players.
pub async fn key(State(services): State<Arc<Services>>) -> Result<Response, ApiError> {
    let key = services.store.log_verifier().await?;
    Ok(text(format!("{key}\n")))
}

/// The query of `GET /checkpoint/consistency`.
#[derive(Debug, Deserialize)]
pub struct Sizes {
    /// The size of the tree the client holds a checkpoint of.
    old: u64,
    /// The size of a later checkpoint (default: the latest).
    new: Option<u64>,
}

/// `GET /checkpoint/consistency?old=N[&new=M]`: the consistency proof
/// from size N to the checkpoint signed at M (default: the latest), in a
/// tlog-witness `add-checkpoint` body: `old N`, one base64 hash a line, a
/// blank line, and that checkpoint.
pub async fn consistency(
    State(services): State<Arc<Services>>,
    Query(sizes): Query<Sizes>,
) -> Result<Response, ApiError> {
    let store = &services.store;
    let (new, checkpoint) = match sizes.new {
        Some(new) => match store.checkpoint_at(new).await? {
            Some(note) => (new, note),
            None => return Err(ApiError::NotFound(Problem::NoCheckpointAt { size: new })),
        },
        None => store
            .latest_checkpoint()
            .await?
            .ok_or(ApiError::NotFound(Problem::NoCheckpointYet))?,
    };
    if sizes.old > new {
        return Err(ApiError::BadRequest(Problem::OldSizeTooLarge {
            old: sizes.old,
            new,
        }));
    }
    let proof = store
        .log_proof(&arbiter_tlog::consistency_ranges(sizes.old, new))
        .await?
        .ok_or_else(|| {
            ApiError::Internal(Problem::Storage {
                error: format!("the log lacks subtrees of its first {new} leaves"),
            })
        })?;
    Ok(text(
        AddCheckpoint {
            old: sizes.old,
            proof,
            checkpoint,
        }
        .to_body(),
    ))
}

/// `GET /api/games/{id}/proof`: the game's proof (c2sp.org/tlog-proof):
/// its record, the inclusion proof of its last leaf, and the latest
/// checkpoint; `arbiter verify-proof` checks it offline. It holds the
/// whole record: the public of an event with a broadcast delay gets it
/// once every move is public (403 before).
pub async fn game_proof(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let store = &services.store;
    if store.game(&id).await?.is_none() {
        return Err(ApiError::NotFound(Problem::GameNotFound));
    }
    if let Ok(game) = seat::find(&services, &id).await {
        let sight = seat::sight_of(&services, &game, &headers).await;
        if !game.seen_whole(sight).await? {
            return Err(ApiError::Forbidden(Problem::ProofDelayed));
        }
    }
    let proof = store
        .game_proof(&id)
        .await?
        .ok_or(ApiError::NotFound(Problem::ProofNotYet))?;
    Ok((
        [
            (header::CONTENT_TYPE, TEXT.to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"arbiter-{id}.tlog-proof\""),
            ),
        ],
        proof.to_text(),
    )
        .into_response())
}
