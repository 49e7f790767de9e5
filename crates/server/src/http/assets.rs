//! The web UI's files, embedded in the binary at build time, so that
//! `arbiter serve` needs nothing beside itself.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::problem::Problem;
use crate::request::error::ApiError;

macro_rules! web {
    ($path:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/", $path))
    };
}

/// Every embedded file: its path under `/assets/`, its type, its bytes.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("app.css", "text/css; charset=utf-8", web!("app.css")),
    ("favicon.svg", "image/svg+xml", web!("favicon.svg")),
    (
        "sound.js",
        "text/javascript; charset=utf-8",
        web!("sound.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        web!("replay.js"),
    ),
    ("i18n.js", "text/javascript; charset=utf-8", web!("i18n.js")),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        web!("lobby.js"),
    ),
    ("game.js", "text/javascript; charset=utf-8", web!("game.js")),
    (
        "tournament.js",
        "text/javascript; charset=utf-8",
        web!("tournament.js"),
    ),
    (
        "fide-reports.js",
        "text/javascript; charset=utf-8",
        web!("fide-reports.js"),
    ),
    (
        "eboard.js",
        "text/javascript; charset=utf-8",
        web!("eboard.js"),
    ),
    (
        "fairplay.js",
        "text/javascript; charset=utf-8",
        web!("fairplay.js"),
    ),
    (
        "boards-screen.js",
        "text/javascript; charset=utf-8",
        web!("boards-screen.js"),
    ),
    (
        "scoresheet.js",
        "text/javascript; charset=utf-8",
        web!("scoresheet.js"),
    ),
    (
        "vendor/chessground.min.js",
        "text/javascript; charset=utf-8",
        web!("vendor/chessground.min.js"),
    ),
    (
        "vendor/chessground.base.css",
        "text/css; charset=utf-8",
        web!("vendor/chessground.base.css"),
    ),
    (
        "vendor/chessground.brown.css",
        "text/css; charset=utf-8",
        web!("vendor/chessground.brown.css"),
    ),
    (
        "vendor/chessground.cburnett.css",
        "text/css; charset=utf-8",
        web!("vendor/chessground.cburnett.css"),
    ),
];

const INDEX: &[u8] = web!("index.html");
const GAME: &[u8] = web!("game.html");
const SCORESHEET: &[u8] = web!("scoresheet.html");
const TOURNAMENT: &[u8] = web!("tournament.html");
const OPENAPI: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.yaml"));

/// Pages are strict about where scripts come from: only this server.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                   connect-src 'self' ws: wss:; frame-ancestors 'none'";

/// With `ARBITER_WEB_DIR` set (development), files are read from that
/// folder at each request instead of from the binary.
fn from_disk(name: &str) -> Option<Vec<u8>> {
    let dir = std::env::var_os("ARBITER_WEB_DIR")?;
    if name.contains("..") {
        return None;
    }
    std::fs::read(std::path::Path::new(&dir).join(name)).ok()
}

fn page(name: &str, embedded: &'static [u8]) -> Response {
    let body = from_disk(name).map_or(axum::body::Body::from(embedded), axum::body::Body::from);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::REFERRER_POLICY, "no-referrer"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the lobby.
pub async fn index() -> Response {
    page("index.html", INDEX)
}

/// `GET /game/{id}`: the game page (seat, arbiter or spectator).
pub async fn game_page(Path(_id): Path<String>) -> Response {
    page("game.html", GAME)
}

/// `GET /game/{id}/scoresheet`: the printable scoresheet.
pub async fn scoresheet_page(Path(_id): Path<String>) -> Response {
    page("scoresheet.html", SCORESHEET)
}

/// `GET /tournament…`: the tournament pages (the list and create form,
/// an event's home, pairings, standings, crosstable, player cards, the
/// registration form and the arbiter's console), one page that reads its
/// view from the address.
pub async fn tournament_page() -> Response {
    page("tournament.html", TOURNAMENT)
}

/// The message catalogues as a JavaScript module, `export const
/// CATALOGUES = {"en": {…}, "zh": {…}};`: the page reads the very
/// catalogues the referee's messages are rendered from, so a new language
/// is a new catalogue file and nothing else.
fn catalogues_module() -> &'static str {
    static MODULE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    MODULE.get_or_init(|| {
        let entries: Vec<String> = arbiter_messages::catalogues()
            .iter()
            .map(|c| format!("{:?}: {}", c.language(), c.source().trim_end()))
            .collect();
        format!(
            "export const CATALOGUES = {{\n{}\n}};\n",
            entries.join(",\n")
        )
    })
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    if file == "catalogues.js" {
        return (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            catalogues_module(),
        )
            .into_response();
    }
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((name, kind, bytes)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            from_disk(name).map_or(axum::body::Body::from(*bytes), axum::body::Body::from),
        )
            .into_response(),
        None => not_found().await,
    }
}

/// `GET /favicon.ico`: the icon, for browsers that ask before reading
/// the page's `<link rel="icon">`.
pub async fn favicon() -> Response {
    asset(Path("favicon.svg".to_string())).await
}

/// `GET /api/openapi.yaml`: the API's description.
pub async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/yaml")], OPENAPI).into_response()
}

/// Anything else.
pub async fn not_found() -> Response {
    ApiError::NotFound(Problem::NotRouted).into_response()
}
