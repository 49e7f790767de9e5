//! The application: the services made and wired, and every route of both
//! adapters behind the layers they share.

use std::sync::Arc;

use axum::Router;

use crate::config::Config;
use crate::game::GameError;
use crate::request::{forward, limits};
use crate::services::Services;
use crate::{http, lichess};

/// Opens the database, makes the services, tells the accounts' event
/// streams of the games' starts and ends, and brings the games and
/// tournaments back.
pub async fn start(config: Config) -> Result<Arc<Services>, GameError> {
    let services = Services::open(config).await?;
    services
        .games
        .listen(Arc::new(lichess::AccountEvents(services.presence.clone())));
    services.resume().await
}

/// Every route: the web pages, Arbiter's API, and lichess's; on a node,
/// requests for a game another node runs are relayed there first, and
/// every client is held to its rate.
pub fn router(services: Arc<Services>) -> Router {
    let body_limit = services.config.body_limit;
    let config = &services.config;
    let limiter = limits::limiter(config.rate_per_second, config.rate_burst);
    let mut routes = http::routes(body_limit).merge(lichess::routes(body_limit));
    if crate::time::test_clock_on() {
        routes = routes.merge(http::test_clock::routes());
    }
    if services.node.is_some() {
        routes = routes.merge(http::node_games::routes());
    }
    let mut app = routes
        .fallback(http::not_found)
        .layer(axum::middleware::from_fn_with_state(
            services.clone(),
            forward::forward,
        ))
        .with_state(services.clone());
    if let Some(limiter) = limiter {
        app = app.layer(axum::middleware::from_fn_with_state(
            (limiter, services),
            limits::limit,
        ));
    }
    app
}
