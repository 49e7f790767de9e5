//! The arbiter's fair-play screen of his event (issue 35): started from
//! the console, run in the background over the event's finished games by
//! the server's screen ([`crate::fair_play`]), its report recorded in the
//! event's log. Only the arbiter sees the reports: they name players, and
//! a "review" is a reason to look closer, not a finding.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde_json::json;

use super::tournament_api::{Answer, TheArbiter};
use crate::fair_play::AlreadyRunning;
use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::services::Services;

/// `GET /api/tournament/{id}/fairplay` (the arbiter): what the server
/// screens with (`engine`, `null` without one), the screen running or
/// failed (`job`), and every report of the log, the first first.
pub async fn state(State(services): State<Arc<Services>>, arbiter: TheArbiter) -> Answer {
    let live = arbiter.live();
    let reports = live.read(|d| d.fair_play_reports().to_vec()).await;
    Ok(Json(json!({
        "engine": services.config.fair_play.as_ref().map(|s| s.describe()),
        "job": services.fair_play.of(&live.id),
        "reports": reports,
    })))
}

/// `POST /api/tournament/{id}/fairplay` (the arbiter): starts a screen of
/// the event's finished games; answered at once with how many, the
/// report recorded in the log when it is made. Refused without an engine,
/// while a screen runs, or with no finished game.
pub async fn start(State(services): State<Arc<Services>>, arbiter: TheArbiter) -> Answer {
    let screen = services
        .config
        .fair_play
        .as_ref()
        .ok_or(ApiError::BadRequest(Problem::FairPlayNoEngine))?;
    let (pgn, games) = finished_games(&services, &arbiter).await?;
    if games == 0 {
        return Err(ApiError::BadRequest(Problem::FairPlayNoGames));
    }
    let live = arbiter.live().clone();
    services
        .fair_play
        .start(screen, live, arbiter.account().to_string(), pgn, games)
        .map_err(|AlreadyRunning| ApiError::BadRequest(Problem::FairPlayRunning))?;
    Ok(Json(
        json!({ "job": { "state": "running", "games": games } }),
    ))
}

/// The event's finished games as one PGN text (the event's own, as its
/// games export them, players' ratings included), and how many.
async fn finished_games(
    services: &Services,
    arbiter: &TheArbiter,
) -> Result<(String, u32), ApiError> {
    let (mut pgn, mut games) = (String::new(), 0);
    for id in arbiter.live().games().await {
        let Some(game) = services.games.game(&id).await? else {
            continue;
        };
        if let Some(text) = game
            .read(|g| g.outcome().is_some().then(|| g.to_pgn()))
            .await?
        {
            pgn.push_str(&text);
            if !pgn.ends_with("\n\n") {
                pgn.push('\n');
            }
            games += 1;
        }
    }
    Ok((pgn, games))
}
