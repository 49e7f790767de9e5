//! The lichess adapter: the subset of lichess's Board and Bot APIs that
//! lets lichess clients (berserk, lichess-bot, board apps) play on Arbiter
//! unmodified: the event stream, the game stream, moves, draws,
//! resignation, abort, claims, challenges, the account calls a client
//! makes at start, game exports, the short game links clients print, and
//! Swiss tournaments; over the game and tournament services.

pub mod broadcast;
pub mod events;
pub mod export;
pub mod format;
pub mod routes;
pub mod swiss;
pub mod users;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tower_http::limit::RequestBodyLimitLayer;

pub use events::AccountEvents;
use routes as li;

use crate::services::Services;

/// Largest broadcast push accepted, bytes: a hundred long games with
/// their clocks.
const PUSH_LIMIT: usize = 2 * 1024 * 1024;

/// lichess's routes; requests' bodies up to `body_limit` bytes.
pub fn routes(body_limit: usize) -> Router<Arc<Services>> {
    let mut app = Router::new()
        .route("/api/account", get(li::get_account))
        .route("/api/account/playing", get(li::playing))
        .route("/api/token/test", post(li::token_test))
        .route("/api/users/status", get(li::users_status))
        .route("/api/stream/event", get(li::event_stream))
        .route("/api/challenge", get(li::list_challenges))
        .route("/api/challenge/{id}/accept", post(li::accept_challenge))
        .route("/api/challenge/{id}/decline", post(li::decline_challenge))
        .route("/api/challenge/{id}/cancel", post(li::cancel_challenge))
        .route("/api/challenge/{username}", post(li::create_challenge))
        .route("/api/user/{username}", get(users::public_data))
        .route("/api/games/user/{username}", get(export::games_of_user))
        .route("/api/stream/game/{id}", get(export::stream_game))
        .route("/api/bot/online", get(users::online_bots))
        .route("/api/bot/account/upgrade", post(users::upgrade_to_bot))
        .route("/game/export/{id}", get(export::export_game))
        .route("/api/swiss/new/{team}", post(swiss::create))
        .route("/api/swiss/{id}", get(swiss::get))
        .route("/api/swiss/{id}/join", post(swiss::join))
        .route("/api/swiss/{id}/withdraw", post(swiss::withdraw))
        .route(
            "/api/swiss/{id}/schedule-next-round",
            post(swiss::schedule_next_round),
        )
        .route("/api/swiss/{id}/terminate", post(swiss::terminate))
        .route("/api/swiss/{id}/results", get(swiss::get_results))
        .route("/api/swiss/{id}/games", get(swiss::get_games))
        .route("/swiss/{file}", get(swiss::get_trf))
        .route("/api/team/{team}/swiss", get(swiss::of_team))
        .route("/broadcast/new", post(broadcast::new_tour))
        .route("/broadcast/{tour}/new", post(broadcast::new_round))
        .route("/api/broadcast/round/{round}", get(broadcast::round_pgn))
        .route("/{id}", get(users::short_link))
        .route("/{id}/{color}", get(users::short_link));
    for api in ["board", "bot"] {
        app = app
            .route(
                &format!("/api/{api}/game/stream/{{id}}"),
                get(li::game_stream),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/move/{{mv}}"),
                post(li::make_move),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/draw/{{accept}}"),
                post(li::draw),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/takeback/{{accept}}"),
                post(li::takeback),
            )
            .route(&format!("/api/{api}/game/{{id}}/resign"), post(li::resign))
            .route(&format!("/api/{api}/game/{{id}}/abort"), post(li::abort))
            .route(
                &format!("/api/{api}/game/{{id}}/claim-victory"),
                post(li::claim_victory),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/claim-victory/"),
                post(li::claim_victory),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/claim-draw"),
                post(li::claim_draw),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/chat"),
                post(li::post_chat).get(li::get_chat),
            );
    }
    app.layer(DefaultBodyLimit::max(body_limit))
        .layer(RequestBodyLimitLayer::new(body_limit))
        // A push carries a round: up to a hundred games.
        .merge(
            Router::new()
                .route("/api/broadcast/round/{round}/push", post(broadcast::push))
                .layer(DefaultBodyLimit::max(PUSH_LIMIT))
                .layer(RequestBodyLimitLayer::new(PUSH_LIMIT)),
        )
}
