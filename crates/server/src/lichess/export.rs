//! Games as lichess exports them: one game (`/game/export/{id}`), an
//! account's games (`/api/games/user/{name}`), and the public stream of a
//! game's moves (`/api/stream/game/{id}`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use super::format;
use super::routes::{line, ndjson};
use crate::game::{GameHandle, Sight, Status, Update, View};
use crate::node::Route;
use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::request::forward::fetch_from_node;
use crate::request::seat::{Seen, sight_of};
use crate::services::Services;

/// Most games `/api/games/user/{name}` sends at once.
const MOST_GAMES: i64 = 300;

/// How often the move stream sends an empty line while nothing happens.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// `true` when the client asks for JSON (lichess answers PGN otherwise).
fn wants_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("json"))
}

/// lichess's `true`/`false` query flags.
fn flag(q: &HashMap<String, String>, key: &str, default: bool) -> bool {
    q.get(key).map_or(default, |v| v == "true" || v == "1")
}

/// A game's export as `sight` sees it: JSON, with the PGN inside when
/// `pgn_in_json`.
async fn exported(game: &GameHandle, sight: Sight, pgn_in_json: bool) -> Result<Value, ApiError> {
    let view = game.view_seen(sight).await?;
    let mut json = format::export_game(&game.meta, &view);
    if pgn_in_json {
        json["pgn"] = json!(game.read_seen(sight, |g| g.to_pgn()).await?);
    }
    Ok(json)
}

fn pgn_response(body: String) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        body,
    )
        .into_response()
}

/// `GET /game/export/{id}`: the game as PGN, or as JSON when asked
/// (`Accept: application/json`, as berserk's `games.export` does).
pub async fn export_game(
    Seen { game, sight }: Seen,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if wants_json(&headers) {
        let json = exported(&game, sight, flag(&q, "pgnInJson", false)).await?;
        Ok(axum::Json(json).into_response())
    } else {
        Ok(pgn_response(game.read_seen(sight, |g| g.to_pgn()).await?))
    }
}

/// `GET /api/games/user/{name}`: the account's games, the most recent
/// first (finished ones; unfinished ones too with `ongoing=true`; `max`
/// of them), as NDJSON when asked, else as PGN.
pub async fn games_of_user(
    State(services): State<Arc<Services>>,
    Path(name): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let account = services
        .store
        .account(&name)
        .await?
        .ok_or(ApiError::NotFound(Problem::UserNotFound))?;
    let most = q
        .get("max")
        .and_then(|m| m.parse::<i64>().ok())
        .unwrap_or(MOST_GAMES)
        .clamp(0, MOST_GAMES);
    let mut rows = Vec::new();
    if flag(&q, "ongoing", false) {
        rows.extend(
            services
                .store
                .games_of_account(&account.id, false, most)
                .await?,
        );
    }
    if flag(&q, "finished", true) {
        rows.extend(
            services
                .store
                .games_of_account(&account.id, true, most)
                .await?,
        );
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.created_unix_ms));
    rows.truncate(most as usize);
    let json = wants_json(&headers);
    let pgn_in_json = flag(&q, "pgnInJson", false);
    let mut body = String::new();
    for row in rows {
        // On a node, a game another node runs is read from that node.
        if let Some(node) = &services.node
            && let Route::To(base) = node.route(&row.id).await
        {
            let path = format!("/game/export/{}?pgnInJson={pgn_in_json}", row.id);
            let accept = if json {
                "application/json"
            } else {
                "application/x-chess-pgn"
            };
            let text = fetch_from_node(&node.peers, &base, &path, accept).await?;
            body.push_str(&text);
            body.push_str(if json { "\n" } else { "\n\n" });
            continue;
        }
        let Some(game) = services.games.game(&row.id).await? else {
            continue;
        };
        let sight = sight_of(&services, &game, &headers).await;
        if json {
            body.push_str(&exported(&game, sight, pgn_in_json).await?.to_string());
            body.push('\n');
        } else {
            body.push_str(&game.read_seen(sight, |g| g.to_pgn()).await?);
            body.push_str("\n\n");
        }
    }
    if json {
        Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
    } else {
        Ok(pgn_response(body))
    }
}

/// The line of the move stream after a move: the position, the last move
/// and both clocks in seconds.
fn move_line(view: &View) -> Value {
    json!({
        "fen": view.fen,
        "lm": view.last_move.as_ref().map(|[a, b]| format!("{a}{b}")).unwrap_or_default(),
        "wc": view.clock.white_ms.max(0) / 1000,
        "bc": view.clock.black_ms.max(0) / 1000,
    })
}

/// The game's summary that opens and closes the move stream.
fn summary(game: &GameHandle, view: &View, moves: usize) -> Value {
    let mut json = format::export_game(&game.meta, view);
    json["fen"] = json!(view.fen);
    json["turns"] = json!(moves);
    json["player"] = json!(view.turn.fold("white", "black"));
    if let Some([a, b]) = &view.last_move {
        json["lastMove"] = json!(format!("{a}{b}"));
    }
    json
}

/// `GET /api/stream/game/{id}`: anyone may watch: the game's summary, then
/// a line after each move (`fen`, `lm`, `wc`, `bc`), and the summary again
/// when the game ends. The public of an event with a broadcast delay
/// watches it the delay behind ([`stream_delayed`]).
pub async fn stream_game(Seen { game, sight }: Seen) -> Result<Response, ApiError> {
    if let Sight::Delayed(_) = sight {
        return stream_delayed(game, sight).await;
    }
    let (view, _, mut updates) = game.join().await?;
    let (tx, rx) = mpsc::channel::<Bytes>(64);
    tokio::spawn(async move {
        let mut moves = view.moves_from + view.moves.len();
        let mut over = view.status == Status::Over;
        if tx.send(line(&summary(&game, &view, moves))).await.is_err() || over {
            return;
        }
        let mut keep_alive = tokio::time::interval(KEEP_ALIVE);
        keep_alive.tick().await;
        while !over {
            let next = tokio::select! {
                u = updates.recv() => match u {
                    Ok(Update::State(state)) => {
                        over = state.view.status == Status::Over;
                        let now = state.view.moves_from + state.view.moves.len();
                        if now == moves { continue; }
                        moves = now;
                        line(&move_line(&state.view))
                    }
                    Ok(_) => continue,
                    Err(RecvError::Lagged(_)) => match game.view().await {
                        Ok(v) => {
                            over = v.status == Status::Over;
                            moves = v.moves.len();
                            line(&move_line(&v))
                        }
                        Err(_) => return,
                    },
                    Err(RecvError::Closed) => return,
                },
                _ = keep_alive.tick() => Bytes::from_static(b"\n"),
            };
            if tx.send(next).await.is_err() {
                return;
            }
        }
        if let Ok(v) = game.view().await {
            let _ = tx.send(line(&summary(&game, &v, moves))).await;
        }
    });
    Ok(ndjson(rx))
}

/// How often a delayed move stream looks whether a move became public.
const DELAYED_LOOK: Duration = Duration::from_secs(1);

/// The move stream as the public of an event with a broadcast delay sees
/// it: the same lines, each sent once its move is older than the delay
/// (looked at every second and at each change of the game), and every
/// move at once when the game ends.
async fn stream_delayed(game: GameHandle, sight: Sight) -> Result<Response, ApiError> {
    let (_, _, mut updates) = game.join().await?;
    let view = game.view_seen(sight).await?;
    let (tx, rx) = mpsc::channel::<Bytes>(64);
    tokio::spawn(async move {
        let mut moves = view.moves_from + view.moves.len();
        if tx.send(line(&summary(&game, &view, moves))).await.is_err()
            || view.status == Status::Over
        {
            return;
        }
        let mut look = tokio::time::interval(DELAYED_LOOK);
        let mut keep_alive = tokio::time::interval(KEEP_ALIVE);
        keep_alive.tick().await;
        loop {
            tokio::select! {
                u = updates.recv() => if let Err(RecvError::Closed) = u { return },
                _ = look.tick() => {}
                _ = keep_alive.tick() => {
                    if tx.send(Bytes::from_static(b"\n")).await.is_err() {
                        return;
                    }
                    continue;
                }
            }
            let Ok(v) = game.view_seen(sight).await else {
                return;
            };
            let now = v.moves_from + v.moves.len();
            if v.status == Status::Over {
                let _ = tx.send(line(&summary(&game, &v, now))).await;
                return;
            }
            if now != moves {
                moves = now;
                if tx.send(line(&move_line(&v))).await.is_err() {
                    return;
                }
            }
        }
    });
    Ok(ndjson(rx))
}
