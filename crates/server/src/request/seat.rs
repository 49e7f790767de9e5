//! "This game, this seat": the game a request's path names and who its
//! bearer token is there, read once as axum extractors rather than at the
//! top of every handler.
//!
//! A game that does not exist answers 404 before anything else is looked
//! at. Then the token is read the way each API reads it: Arbiter's own
//! takes a seat's or the arbiter's token ([`Seat`]); lichess's also takes
//! the token of an account seated in the game, and refuses anyone who does
//! not play in it ([`Playing`]), except on the game's stream, which
//! spectators may watch too ([`Watching`]).
//!
//! Who is asking decides what of the game is shown ([`Sight`]): its
//! players and its arbiter see it live, the public through its event's
//! broadcast delay. [`sight_of`] is the one place that decides it, for
//! every API.

use std::sync::Arc;

use arbiter_rules::Color;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::auth::bearer;
use super::error::ApiError;
use crate::game::{GameHandle, Role, Sight};
use crate::problem::Problem;
use crate::services::Services;

/// The game `id`, or 404 (an id no game could have is not looked up).
pub async fn find(services: &Services, id: &str) -> Result<GameHandle, ApiError> {
    if id.len() > 32 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ApiError::NotFound(Problem::GameNotFound));
    }
    services
        .games
        .game(id)
        .await?
        .ok_or(ApiError::NotFound(Problem::GameNotFound))
}

/// The route's `{id}`, whatever other parameters it has.
#[derive(Deserialize)]
struct GameId {
    id: String,
}

/// The game the path's `{id}` names: 404 when there is none.
#[derive(Debug)]
pub struct TheGame(pub GameHandle);

impl FromRequestParts<Arc<Services>> for TheGame {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        services: &Arc<Services>,
    ) -> Result<TheGame, Response> {
        // axum's own answer to a path it cannot read (one that is not
        // UTF-8), as the handlers gave before they used this extractor.
        let Path(GameId { id }) = Path::from_request_parts(parts, services)
            .await
            .map_err(IntoResponse::into_response)?;
        find(services, &id)
            .await
            .map(TheGame)
            .map_err(IntoResponse::into_response)
    }
}

/// The game, and what Arbiter's own tokens let the caller do there: a
/// seat's token plays, the arbiter's referees, and anyone else (no token,
/// or one of another game) watches.
#[derive(Debug)]
pub struct Seat {
    /// The game.
    pub game: GameHandle,
    /// The bearer token's role in it.
    pub role: Role,
}

impl FromRequestParts<Arc<Services>> for Seat {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        services: &Arc<Services>,
    ) -> Result<Seat, Response> {
        let TheGame(game) = TheGame::from_request_parts(parts, services).await?;
        let role = bearer(&parts.headers).map_or(Role::Spectator, |t| game.meta.role_of_token(t));
        Ok(Seat { game, role })
    }
}

/// The game, and how the caller sees it ([`sight_of`]), whichever API's
/// token he holds.
#[derive(Debug)]
pub struct Seen {
    /// The game.
    pub game: GameHandle,
    /// How the caller sees it.
    pub sight: Sight,
}

impl FromRequestParts<Arc<Services>> for Seen {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        services: &Arc<Services>,
    ) -> Result<Seen, Response> {
        let TheGame(game) = TheGame::from_request_parts(parts, services).await?;
        let sight = sight_of(services, &game, &parts.headers).await;
        Ok(Seen { game, sight })
    }
}

/// How the holder of the request's token sees `game`: live when the game's
/// event has no broadcast delay, or when he is a participant (a seat's
/// token: a player or the arbiter; an account that plays in the game or
/// referees its event); anyone else, the public, through the delay.
pub async fn sight_of(
    services: &Services,
    game: &GameHandle,
    headers: &axum::http::HeaderMap,
) -> Sight {
    let Some((delay, arbiter)) = services
        .tournaments
        .broadcast_delay_of_game(&game.meta.id)
        .await
    else {
        return Sight::Live;
    };
    let Some(token) = bearer(headers) else {
        return Sight::Delayed(delay);
    };
    if game.meta.role_of_token(token) != Role::Spectator {
        return Sight::Live;
    }
    match services.accounts.by_token(token).await {
        Ok(Some(account))
            if account.id == arbiter || game.meta.color_of_account(&account.id).is_some() =>
        {
            Sight::Live
        }
        _ => Sight::Delayed(delay),
    }
}

/// The game, and the colour a lichess client plays in it: its token is a
/// seat's, or an account's seated there. 401 without a token or with one
/// nobody holds; 403 for an account that does not play in this game.
#[derive(Debug)]
pub struct Playing {
    /// The game.
    pub game: GameHandle,
    /// The caller's colour.
    pub color: Color,
}

impl FromRequestParts<Arc<Services>> for Playing {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        services: &Arc<Services>,
    ) -> Result<Playing, Response> {
        let TheGame(game) = TheGame::from_request_parts(parts, services).await?;
        match color_of(services, &game, &parts.headers).await {
            Ok(color) => Ok(Playing { game, color }),
            Err(e) => Err(e.into_response()),
        }
    }
}

/// The game, and the colour of a lichess client that plays in it; anyone
/// else watches.
#[derive(Debug)]
pub struct Watching {
    /// The game.
    pub game: GameHandle,
    /// The caller's colour, if a player.
    pub color: Option<Color>,
}

impl FromRequestParts<Arc<Services>> for Watching {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        services: &Arc<Services>,
    ) -> Result<Watching, Response> {
        let TheGame(game) = TheGame::from_request_parts(parts, services).await?;
        let color = color_of(services, &game, &parts.headers).await.ok();
        Ok(Watching { game, color })
    }
}

/// The colour the request's token plays in `game`, by lichess's rules.
async fn color_of(
    services: &Services,
    game: &GameHandle,
    headers: &axum::http::HeaderMap,
) -> Result<Color, ApiError> {
    let token = bearer(headers).ok_or(ApiError::Unauthorized)?;
    if let Role::Player(color) = game.meta.role_of_token(token) {
        return Ok(color);
    }
    let account = services
        .accounts
        .by_token(token)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    game.meta
        .color_of_account(&account.id)
        .ok_or(ApiError::Forbidden(Problem::NotYourGame))
}
