//! On a node, a request for a game another node runs is relayed to that
//! node, whatever it is: a move, a draw offer, a resignation, a lichess
//! game stream, or the web page's WebSocket. Relayed rather than
//! redirected: lichess clients (berserk, lichess-bot) and browsers'
//! WebSockets do not follow a redirect of a POST or of an upgrade, and a
//! client never needs to know which node runs its game. The relay streams
//! the answer as it comes, so a stream through it stays live; when the
//! game's node dies, the relayed stream ends, and the client's next
//! request reaches the node that took the game over.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::TokioIo;

use super::error::ApiError;
use crate::node::{FORWARDED, Peers, Route};
use crate::problem::Problem;
use crate::services::Services;

/// The middleware: requests for a game another node runs go there; the
/// rest, and requests another node forwarded, are answered here.
pub async fn forward(
    State(services): State<Arc<Services>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(node) = &services.node else {
        return next.run(request).await;
    };
    let peers = &node.peers;
    if is_forwarded(peers, &request) {
        return next.run(request).await;
    }
    let path = request.uri().path();
    let route = if let Some(id) = game_of_path(path) {
        let id = id.to_string();
        node.route(&id).await
    } else if let Some(id) = tournament_of_path(path) {
        let id = id.to_string();
        let acts = !matches!(*request.method(), Method::GET | Method::HEAD);
        node.route_tournament(&id, acts).await
    } else {
        return next.run(request).await;
    };
    match route {
        Route::Here => next.run(request).await,
        Route::To(base) => relay(peers, &base, services.config.body_limit, request).await,
    }
}

/// `true` if another node sent `request` (it carries the nodes' secret).
pub fn is_forwarded(peers: &Peers, request: &Request) -> bool {
    request
        .headers()
        .get(FORWARDED)
        .is_some_and(|v| v.as_bytes() == peers.secret.as_bytes())
}

/// The game a path is about, for the routes that act on one game.
fn game_of_path(path: &str) -> Option<&str> {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match parts.as_slice() {
        ["api", "games", "user", ..] => None,
        ["api", "games", id, ..] => Some(id),
        ["api", "board" | "bot", "game", "stream", id] => Some(id),
        ["api", "board" | "bot", "game", id, _, ..] => Some(id),
        ["api", "stream", "game", id] => Some(id),
        ["game", "export", id] => Some(id),
        _ => None,
    }
}

/// The body of `GET {base}{path}` from the node at `base`, asked with
/// `accept`: what a node reads of a game another node runs, for answers
/// that gather several games (an account's games) and so cannot be
/// relayed whole.
pub async fn fetch_from_node(
    peers: &Peers,
    base: &str,
    path: &str,
    accept: &str,
) -> Result<String, ApiError> {
    let unreachable = |e: reqwest::Error| {
        tracing::warn!("cannot read {path} from the node at {base}: {e}");
        ApiError::Unavailable(Problem::NodeUnreachable)
    };
    let answer = peers
        .client
        .get(format!("{base}{path}"))
        .header(FORWARDED, &peers.secret)
        .header(header::ACCEPT, accept)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(unreachable)?;
    answer.text().await.map_err(unreachable)
}

/// The tournament a path is about, for the routes of one tournament: its
/// acts go to the node that holds it.
fn tournament_of_path(path: &str) -> Option<&str> {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match parts.as_slice() {
        ["api", "swiss", "new", ..] => None,
        ["api", "tournament" | "swiss", id, ..] => Some(id),
        ["swiss", file] => file.strip_suffix(".trf"),
        ["broadcast", id, _, _] => Some(id),
        _ => None,
    }
}

/// Headers that belong to one connection, not to the request.
fn hop_by_hop(name: &HeaderName) -> bool {
    [
        header::CONNECTION,
        header::TRANSFER_ENCODING,
        header::HOST,
        header::CONTENT_LENGTH,
        header::TE,
        header::TRAILER,
        header::UPGRADE,
        header::PROXY_AUTHORIZATION,
    ]
    .contains(name)
        || name.as_str() == "keep-alive"
}

/// Sends `request` to the node at `base` and streams its answer back; a
/// WebSocket upgrade is relayed both ways once both sides have switched.
async fn relay(peers: &Peers, base: &str, body_limit: usize, mut request: Request) -> Response {
    let upgrading = request.headers().contains_key(header::UPGRADE);
    let client_upgrade = upgrading.then(|| hyper::upgrade::on(&mut request));
    let (parts, body) = request.into_parts();
    let body = match axum::body::to_bytes(body, body_limit).await {
        Ok(body) => body,
        Err(_) => return StatusCode::PAYLOAD_TOO_LARGE.into_response(),
    };
    let path = parts.uri.path_and_query().map_or("/", |p| p.as_str());
    let mut out = peers
        .client
        .request(parts.method, format!("{base}{path}"))
        .header(FORWARDED, &peers.secret)
        .body(body);
    for (name, value) in &parts.headers {
        if !hop_by_hop(name)
            || (upgrading && (name == header::CONNECTION || name == header::UPGRADE))
        {
            out = out.header(name, value);
        }
    }
    let answer = match out.send().await {
        Ok(answer) => answer,
        Err(e) => {
            tracing::warn!("cannot reach the node at {base}: {e}");
            return (
                [(header::RETRY_AFTER, "1")],
                ApiError::Unavailable(Problem::NodeUnreachable),
            )
                .into_response();
        }
    };
    let status = answer.status();
    let mut response = Response::builder().status(status);
    let switching = status == StatusCode::SWITCHING_PROTOCOLS;
    for (name, value) in answer.headers() {
        if !hop_by_hop(name)
            || (switching && (name == header::CONNECTION || name == header::UPGRADE))
        {
            response = response.header(name, value);
        }
    }
    if switching && let Some(client_upgrade) = client_upgrade {
        tokio::spawn(async move {
            let (Ok(client), Ok(mut owner)) = (client_upgrade.await, answer.upgrade().await) else {
                return;
            };
            let mut client = TokioIo::new(client);
            let _ = tokio::io::copy_bidirectional(&mut client, &mut owner).await;
        });
        return response.body(Body::empty()).expect("a relayed answer");
    }
    response
        .body(Body::from_stream(answer.bytes_stream()))
        .expect("a relayed answer")
}

#[cfg(test)]
mod tests {
    use super::{game_of_path, tournament_of_path};

    #[test]
    fn the_routes_of_one_tournament_name_it() {
        for (path, tournament) in [
            ("/api/tournament/t1234567", Some("t1234567")),
            ("/api/tournament/t1234567/pair", Some("t1234567")),
            ("/api/swiss/t1234567/join", Some("t1234567")),
            ("/api/swiss/t1234567", Some("t1234567")),
            ("/swiss/t1234567.trf", Some("t1234567")),
            ("/broadcast/t1234567/1/games.json", Some("t1234567")),
            ("/api/swiss/new/team", None),
            ("/api/tournament", None),
            ("/broadcast/new", None),
            ("/broadcast/tour1234/new", None),
            ("/tournament/t1234567", None),
        ] {
            assert_eq!(tournament_of_path(path), tournament, "{path}");
        }
    }

    #[test]
    fn the_routes_of_one_game_name_it() {
        for (path, game) in [
            ("/api/games/abc12345", Some("abc12345")),
            ("/api/games/abc12345/events", Some("abc12345")),
            ("/api/games/abc12345/ws", Some("abc12345")),
            ("/api/board/game/stream/abc12345", Some("abc12345")),
            ("/api/bot/game/abc12345/move/e2e4", Some("abc12345")),
            ("/api/board/game/abc12345/draw/yes", Some("abc12345")),
            ("/api/stream/game/abc12345", Some("abc12345")),
            ("/game/export/abc12345", Some("abc12345")),
            ("/api/games/user/alice", None),
            ("/api/games", None),
            ("/api/stream/event", None),
            ("/api/challenge/abc12345/accept", None),
            ("/", None),
        ] {
            assert_eq!(game_of_path(path), game, "{path}");
        }
    }
}
