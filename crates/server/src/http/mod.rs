//! HTTP: the router, its limits, and the handlers.

pub mod api;
mod assets;
pub mod auth;
mod broadcast;
pub mod error;
pub(crate) mod forward;
mod limits;
pub mod seat;
pub mod tournament_api;
mod ws;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tower_http::limit::RequestBodyLimitLayer;

use crate::hub::Hub;
use crate::lichess::routes as li;
use crate::lichess::{export, swiss, users};
use tournament_api as tn;

/// Largest import of players accepted, bytes: a TRF of 10,000 players.
const IMPORT_LIMIT: usize = 2 * 1024 * 1024;

/// Every route: the web pages, Arbiter's API, and lichess's.
pub fn router(hub: Arc<Hub>) -> Router {
    let body_limit = hub.config.body_limit;
    let limiter = limits::limiter(hub.config.rate_per_second, hub.config.rate_burst);
    let mut app = Router::new()
        .route("/", get(assets::index))
        .route("/game/{id}", get(assets::game_page))
        .route("/game/{id}/scoresheet", get(assets::scoresheet_page))
        .route("/assets/{*file}", get(assets::asset))
        .route("/favicon.ico", get(assets::favicon))
        .route("/api/openapi.yaml", get(assets::openapi))
        .route("/api/games", post(api::create_game).get(api::list_games))
        .route("/api/games/{id}", get(api::get_game))
        .route("/api/games/{id}/events", post(api::post_event))
        .route("/api/games/{id}/role", get(api::get_role))
        .route("/api/games/{id}/log", get(api::get_log))
        .route("/api/games/{id}/pgn", get(api::get_pgn))
        .route("/api/games/{id}/scoresheet", get(api::get_scoresheet))
        .route("/api/games/{id}/rulings", get(api::get_rulings))
        .route("/api/games/{id}/ws", get(ws::upgrade))
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
        .route(
            "/api/broadcast/{id}/round/{round}",
            get(broadcast::round_pgn),
        )
        .route("/tournament", get(assets::tournament_page))
        .route("/tournament/{id}", get(assets::tournament_page))
        .route("/tournament/{id}/{*view}", get(assets::tournament_page))
        .route("/api/tournament", post(tn::create).get(tn::list))
        .route("/api/tournament/{id}", get(tn::get))
        .route("/api/tournament/{id}/players", post(tn::register))
        .route("/api/tournament/{id}/join", post(tn::join))
        .route("/api/tournament/{id}/withdraw", post(tn::withdraw))
        .route("/api/tournament/{id}/bye", post(tn::bye))
        .route("/api/tournament/{id}/lots", post(tn::draw_lots))
        .route("/api/tournament/{id}/pair", post(tn::pair))
        .route("/api/tournament/{id}/pairing", post(tn::change_pairing))
        .route("/api/tournament/{id}/publish", post(tn::publish))
        .route("/api/tournament/{id}/result", post(tn::result))
        .route("/api/tournament/{id}/correct", post(tn::correct))
        .route("/api/tournament/{id}/forfeit", post(tn::forfeit))
        .route("/api/tournament/{id}/trf", get(tn::get_trf))
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
    let mut app = app
        .fallback(assets::not_found)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(RequestBodyLimitLayer::new(body_limit))
        // An import carries a whole field: a 2,000-player CSV is 50 KB, a
        // TRF of as many players 200 KB, over the limit of every other
        // request.
        .merge(
            Router::new()
                .route("/api/tournament/{id}/import", post(tn::import_players))
                .layer(DefaultBodyLimit::max(IMPORT_LIMIT))
                .layer(RequestBodyLimitLayer::new(IMPORT_LIMIT)),
        )
        .layer(axum::middleware::from_fn_with_state(
            hub.clone(),
            forward::forward,
        ))
        .with_state(hub.clone());
    if let Some(limiter) = limiter {
        app = app.layer(axum::middleware::from_fn_with_state(
            (limiter, hub),
            limits::limit,
        ));
    }
    app
}
