//! The Arbiter service: people play in their browsers and bots over a
//! lichess-compatible API, the referee of `arbiter-referee` decides
//! everything, spectators watch, an arbiter can step in, and every game is
//! kept as its hash-chained event log, in SQLite or PostgreSQL.
//!
//! The public API is what the `arbiter` binary needs: [`serve`] (and
//! [`serve_with`]) with its [`Config`], the [`Store`]'s accounts for
//! `arbiter account`, and [`verify`] for `arbiter verify`. Everything else
//! is the crate's own, reached over HTTP.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let config = arbiter_server::Config::new("arbiter.db");
//! arbiter_server::serve("127.0.0.1:8080".parse()?, config).await?;
//! # Ok(()) }
//! ```
#![warn(missing_docs)]

// The modules are the crate's own: the binary and the tests see only
// what is re-exported below (serving, the accounts of `arbiter account`,
// and `arbiter verify`), so the server's inside can change freely.
//
// The module map: `store` keeps; `game` (the game service) and
// `tournament` (the tournament service) run games and events over it;
// `accounts` and `presence` know the accounts and their event streams;
// `node` runs a node among several; `services` makes and holds them all;
// `http` (Arbiter's own API and pages) and `lichess` (lichess's API) are
// adapters over the services that share only `request`; `app` wires the
// whole. No module imports its caller: `tests/modules.rs` checks that the
// modules' imports go round nowhere.
mod accounts;
mod app;
#[cfg(test)]
mod catalogue_tests;
mod config;
mod cosign;
mod fair_play;
pub mod forms;
mod game;
mod http;
mod lichess;
mod node;
mod presence;
mod problem;
mod relay;
mod request;
mod services;
mod store;
mod time;
mod token;
mod tournament;
mod verify;
mod verify_log;

use std::net::SocketAddr;

pub use config::{Config, NodeConfig, WitnessConfig};
pub use fair_play::{FairPlayScreen, ScreenSetup, Screened};
pub use game::GameError;
pub use relay::same_game;
pub use store::log::load_or_make_key;
pub use store::{Account, Damage, Database, Finding, Store, StoreError};
pub use token::new_token;
pub use tournament::verify::{TournamentFinding, TournamentReport};
pub use verify::{Report, verify, verify_with};
pub use verify_log::{LogReport, SavedCheckpoint};

/// Why the server stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The database could not be opened or the games not restored.
    #[error(transparent)]
    Start(#[from] GameError),
    /// The server failed while running.
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// Binds `addr`, restores the unfinished games, and serves until Ctrl-C.
/// `ready` is called with the bound address (port 0 picks a free one).
pub async fn serve_with(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let bound = listener.local_addr()?;
    let mut config = config;
    if let Some(node) = &mut config.node
        && node.url.is_none()
    {
        node.url = Some(format!("http://{bound}"));
    }
    if time::test_clock_on() {
        tracing::warn!(
            "{}=1: the test clock is on and POST /api/test/clock moves it; never in production",
            time::TEST_CLOCK_VAR
        );
    }
    let services = app::start(config).await?;
    ready(bound);
    let app = app::router(services);
    // Small messages go out at once: with Nagle's algorithm a socket
    // holds a message back while an earlier one is unacknowledged, and
    // the client may delay its acknowledgement by up to 40 ms.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("cannot set TCP_NODELAY: {e}");
        }
    });
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

/// [`serve_with`], printing the address.
pub async fn serve(addr: SocketAddr, config: Config) -> Result<(), ServeError> {
    serve_with(addr, config, |a| {
        println!("arbiter: serving on http://{a}/");
    })
    .await
}

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
