//! Arbiter's own JSON API (described by `/api/openapi.yaml`).

use std::sync::Arc;

use arbiter_referee::pgn_export::to_pgn_game;
use arbiter_referee::{EventKind, Game, GameSetup, Mode, Player, Ruleset, TimeControl};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::game::WrittenVerdict;
use crate::game::view::Status;
use crate::game::{Acted, GameError};
use crate::problem::Problem;
use crate::request::error::ApiError;
pub(crate) use crate::request::field::field;
use crate::request::seat::{Seat, Seen};
use crate::services::Services;

/// The body of `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// PGN-style time control (`300+3`, `40/5400+30:1800+30`); default `-`.
    #[serde(default)]
    pub time_control: Option<String>,
    /// `fide-standard` (default), `fide-rapid`, `fide-blitz`, `classic`.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// `online` (default) or `over_the_board`.
    #[serde(default)]
    pub mode: Option<Mode>,
    /// The event.
    #[serde(default)]
    pub event: String,
    /// The place.
    #[serde(default)]
    pub site: String,
    /// The round.
    #[serde(default)]
    pub round: String,
    /// `YYYY.MM.DD`; default today.
    #[serde(default)]
    pub date: Option<String>,
    /// `HH:MM:SS`; default now.
    #[serde(default)]
    pub time: Option<String>,
    /// A starting position.
    #[serde(default)]
    pub fen: Option<String>,
    /// Start the clock now instead of when both players have come.
    #[serde(default)]
    pub start_now: bool,
}

impl CreateGame {
    /// The referee's setup for this request.
    pub fn setup(&self) -> Result<GameSetup, ApiError> {
        let ruleset = match &self.ruleset {
            Some(name) => Ruleset::by_name(name).map_err(|e| {
                ApiError::BadRequest(Problem::Ruleset {
                    error: e.to_string(),
                })
            })?,
            None => Ruleset::default(),
        };
        let time_control: TimeControl = match &self.time_control {
            Some(tc) => tc.parse::<TimeControl>().map_err(|e| {
                ApiError::BadRequest(Problem::TimeControl {
                    error: e.to_string(),
                })
            })?,
            None => TimeControl::Untimed,
        };
        let (date, time) = crate::time::today_and_now();
        let white = field("white", &self.white)?;
        let black = field("black", &self.black)?;
        if white.is_empty() || black.is_empty() {
            return Err(ApiError::BadRequest(Problem::PlayersNeedNames));
        }
        Ok(GameSetup {
            ruleset,
            time_control,
            black_time_control: None,
            mode: self.mode.unwrap_or_default(),
            white: Player::named(white),
            black: Player::named(black),
            event: field("event", &self.event)?,
            site: field("site", &self.site)?,
            date: field("date", self.date.as_deref().unwrap_or(&date))?,
            time: field("time", self.time.as_deref().unwrap_or(&time))?,
            round: field("round", &self.round)?,
            fen: self.fen.clone().filter(|f| !f.trim().is_empty()),
            default_time_ms: None,
        })
    }
}

/// Reads a JSON body, answering 400 (not axum's 422) for any malformed one.
pub fn json_body<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        ApiError::BadRequest(Problem::MalformedBody {
            error: e.to_string(),
        })
    })
}

/// `POST /api/games`: a new game; the secret links of its seats.
pub async fn create_game(
    State(services): State<Arc<Services>>,
    body: Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let request: CreateGame = json_body(&body)?;
    let setup = request.setup()?;
    let created = services
        .games
        .create(setup, [None, None], request.start_now)
        .await?;
    let id = &created.id;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": id,
            "white_token": created.white_token,
            "black_token": created.black_token,
            "arbiter_token": created.arbiter_token,
            "links": {
                "white": format!("/game/{id}#{}", created.white_token),
                "black": format!("/game/{id}#{}", created.black_token),
                "arbiter": format!("/game/{id}#{}", created.arbiter_token),
                "spectator": format!("/game/{id}"),
                "scoresheet": format!("/game/{id}/scoresheet"),
                "pgn": format!("/api/games/{id}/pgn"),
            },
        })),
    ))
}

/// `GET /api/games`: the most recent games.
pub async fn list_games(State(services): State<Arc<Services>>) -> Result<Json<Value>, ApiError> {
    let rows = services.store.recent_games(50).await?;
    let mut games: Vec<Value> = Vec::with_capacity(rows.len());
    for r in &rows {
        let status = if r.result != "*" {
            "over"
        } else {
            // Unfinished games are all live: ask the game whether its
            // clock has started, or, when another node runs it, its record.
            let started = match services.games.game(&r.id).await {
                Ok(Some(game)) => game.read(|g| g.is_started()).await.unwrap_or(false),
                Err(GameError::Elsewhere(_)) => matches!(
                    services.games.snapshot(&r.id).await,
                    Ok(Some((_, view))) if view.status == Status::Started
                ),
                _ => false,
            };
            if started { "started" } else { "created" }
        };
        games.push(json!({
                "id": r.id,
                "white": r.setup.white.name,
                "black": r.setup.black.name,
                "event": r.setup.event,
                "time_control": r.setup.time_control.to_string(),
                "result": if r.result == "-" { "*" } else { r.result.as_str() },
                "finished": r.result != "*",
                "status": status,
                "created_unix_ms": r.created_unix_ms,
        }));
    }
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/games/{id}`: the game as it stands (for the public of an
/// event with a broadcast delay, as it stood the delay ago).
pub async fn get_game(Seen { game, sight }: Seen) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!(game.view_seen(sight).await?)))
}

/// The answer to an accepted event: `{"role":…,"verdict":…,"tree_size":…}`,
/// serialised straight to text (it answers every move posted).
#[derive(Debug, Serialize)]
pub struct Accepted {
    /// Who acted.
    role: arbiter_protocol::ws::Seat,
    /// What the referee decided.
    verdict: WrittenVerdict,
    /// The event's receipt: the size of the signed log's tree once it was
    /// added (absent when the server cannot tell).
    #[serde(skip_serializing_if = "Option::is_none")]
    tree_size: Option<u64>,
}

/// `POST /api/games/{id}/events`: an event by the token's holder, stamped
/// with the server's clock and decided by the referee. 200 with the
/// verdict when accepted; 422 with the verdict (rule and messages) when
/// refused.
pub async fn post_event(
    Seat { game, role }: Seat,
    body: Bytes,
) -> Result<Json<Accepted>, ApiError> {
    let actor = role.actor().ok_or(ApiError::Unauthorized)?;
    let kind: EventKind = json_body(&body)?;
    if matches!(kind, EventKind::Tick) {
        return Err(ApiError::BadRequest(Problem::TimePassesByItself));
    }
    let Acted { ruling, tree_size } = game.act(actor, kind).await?;
    if ruling.verdict().is_accepted() {
        Ok(Json(Accepted {
            role: role.seat(),
            verdict: ruling,
            tree_size,
        }))
    } else {
        Err(ApiError::rejected(
            ruling.verdict().clone(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ))
    }
}

/// `GET /api/games/{id}/role`: what the bearer token may do in the game.
pub async fn get_role(Seat { role, .. }: Seat) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!({"role": role.seat()})))
}

/// `GET /api/games/{id}/log`: the stored events with their hash links
/// (for the public of an event with a broadcast delay, those older than
/// it: a beginning of the chain, whose links still check).
pub async fn get_log(
    State(services): State<Arc<Services>>,
    Seen { game, sight }: Seen,
) -> Result<Json<Value>, ApiError> {
    let shown = game.read_seen(sight, |g| g.events().len()).await?;
    let mut rows = services.store.events(&game.meta.id).await?;
    rows.truncate(shown);
    let events: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "seq": r.seq,
                "event": serde_json::from_str::<Value>(&r.event_json).unwrap_or(Value::Null),
                "hash": r.hash,
            })
        })
        .collect();
    Ok(Json(json!({"setup": game.meta.setup, "events": events})))
}

/// `GET /api/games/{id}/pgn`: the game as PGN, as a download, with the
/// record's place in the signed log as tags (`LogOrigin`, `LogIndex`,
/// `LogProof`) so that a printed game can be checked later (the public
/// of an event with a broadcast delay gets its moves older than it).
pub async fn get_pgn(
    State(services): State<Arc<Services>>,
    Seen { game, sight }: Seen,
) -> Result<Response, ApiError> {
    let (mut record, events) = game
        .read_seen(sight, |g| (to_pgn_game(g), g.events().len()))
        .await?;
    let reference = services
        .store
        .record_reference(&game.meta.id, events)
        .await?;
    for (tag, value) in reference.iter().flat_map(|r| r.pgn_tags()) {
        record.tags.insert(tag, value);
    }
    let pgn = arbiter_pgn::export(&record);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"arbiter-{}.pgn\"", game.meta.id),
            ),
        ],
        pgn,
    )
        .into_response())
}

/// `GET /api/games/{id}/scoresheet`: the scoresheet (head, moves in pairs,
/// result and reason), with the record's place in the signed log (`log`:
/// origin, leaf index, the proof's path) when it has one (behind the
/// broadcast delay for the public, as the PGN).
pub async fn get_scoresheet(
    State(services): State<Arc<Services>>,
    Seen { game, sight }: Seen,
) -> Result<Json<Value>, ApiError> {
    let (sheet, events) = game
        .read_seen(sight, |g| (g.scoresheet(), g.events().len()))
        .await?;
    let mut body = json!(sheet);
    if let Some(r) = services
        .store
        .record_reference(&game.meta.id, events)
        .await?
    {
        body["log"] = json!({"origin": r.origin, "index": r.index, "proof": r.proof_path()});
    }
    Ok(Json(body))
}

/// `GET /api/games/{id}/rulings`: the referee's verdict on every event of
/// the record, in order, made again from the stored events (so a page
/// opened late, or reloaded, shows every ruling of the game), with the
/// number of moves made by then (behind the broadcast delay for the
/// public).
pub async fn get_rulings(Seen { game, sight }: Seen) -> Result<Json<Value>, ApiError> {
    let (setup, events) = game
        .read_seen(sight, |g| (g.setup().clone(), g.events().to_vec()))
        .await?;
    let mut replayed = Game::new(setup).map_err(|e| GameError::Setup(e.to_string()))?;
    let rulings: Vec<Value> = events
        .into_iter()
        .enumerate()
        .map(|(seq, event)| {
            let (actor, kind, at_ms) = (event.actor, event.kind.name(), event.at_ms);
            let verdict = replayed.apply(event);
            json!({
                "seq": seq,
                "actor": actor,
                "kind": kind,
                "at_ms": at_ms,
                // Moves on the record once the event was decided.
                "plies": replayed.plies().len(),
                "verdict": verdict,
            })
        })
        .collect();
    Ok(Json(json!({ "rulings": rulings })))
}
