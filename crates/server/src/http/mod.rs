//! Arbiter's own HTTP adapter: the web pages, the JSON API of games and
//! tournaments (described by `/api/openapi.yaml`), and the game page's
//! WebSocket, over the game and tournament services.

pub mod api;
mod assets;
mod broadcast;
mod fair_play;
mod fide_forms;
mod log;
pub mod node_games;
mod rating_report;
pub mod test_clock;
pub mod tournament_api;
mod tournament_fide;
mod ws;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tower_http::limit::RequestBodyLimitLayer;

use crate::services::Services;
use tournament_api as tn;

pub use assets::not_found;

/// Largest import of players accepted, bytes: a TRF of 10,000 players.
const IMPORT_LIMIT: usize = 2 * 1024 * 1024;

/// Arbiter's own routes: the web pages and the API; requests' bodies up
/// to `body_limit` bytes (a tournament's import of players, more).
pub fn routes(body_limit: usize) -> Router<Arc<Services>> {
    Router::new()
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
        .route("/api/games/{id}/proof", get(log::game_proof))
        .route("/checkpoint", get(log::checkpoint))
        .route("/checkpoint/key", get(log::key))
        .route("/checkpoint/consistency", get(log::consistency))
        .route(
            "/api/broadcast/{id}/round/{round}",
            get(broadcast::round_pgn),
        )
        .route("/broadcast/{id}/{round}/{file}", get(broadcast::lcc_file))
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
        .route("/api/tournament/{id}/boards", get(tn::boards))
        .route(
            "/api/tournament/{id}/rating-report",
            get(rating_report::rating_report),
        )
        .route("/api/tournament/{id}/it3", get(fide_forms::it3))
        .route(
            "/api/tournament/{id}/it1/{player}/{title}",
            get(fide_forms::it1),
        )
        .route(
            "/api/tournament/{id}/broadcast-delay",
            post(tn::set_broadcast_delay),
        )
        .route(
            "/api/tournament/{id}/fairplay",
            get(fair_play::state).post(fair_play::start),
        )
        .route(
            "/api/tournament/{id}/fide-mode/leave",
            post(tn::leave_fide_mode),
        )
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
}
