//! The lichess-compatible routes.

use std::collections::{HashMap, HashSet};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use arbiter_protocol::lichess::{self, AccountEvent, OpponentGone};
use arbiter_protocol::ws::ChatLine;
use arbiter_referee::{DrawClaim, Effect, EventKind, GameSetup, Player, TimeControl};
use arbiter_rules::Color;
use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use super::format;
use crate::game::{GameHandle, Status, Update, WrittenVerdict};
use crate::problem::Problem;
use crate::request::auth::bearer;
use crate::request::error::ApiError;
use crate::request::seat::{Playing, TheGame, Watching};
use crate::services::Services;
use crate::store::{Account, Challenge};
use crate::time::unix_ms;
use crate::token::new_id;

/// How often an idle stream sends an empty line, so that clients and
/// proxies know it is alive.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

type Ok200 = Result<Json<Value>, ApiError>;

fn ok() -> Ok200 {
    Ok(Json(json!({"ok": true})))
}

/// `ok` when the referee accepted the request, else 400 with its ruling.
fn accepted(ruling: WrittenVerdict) -> Ok200 {
    if ruling.verdict().is_accepted() {
        ok()
    } else {
        Err(ApiError::rejected(
            ruling.verdict().clone(),
            StatusCode::BAD_REQUEST,
        ))
    }
}

pub(super) async fn account(services: &Services, headers: &HeaderMap) -> Result<Account, ApiError> {
    let token = bearer(headers).ok_or(ApiError::Unauthorized)?;
    services
        .accounts
        .by_token(token)
        .await?
        .ok_or(ApiError::Unauthorized)
}

pub(super) fn account_json(services: &Services, a: &Account) -> Value {
    json!({
        "id": a.id,
        "username": a.name,
        "title": if a.bot { json!("BOT") } else { Value::Null },
        "createdAt": a.created_unix_ms,
        "seenAt": unix_ms(),
        "online": services.presence.is_online(&a.id),
        "perfs": {},
        "url": format!("/@/{}", a.id),
    })
}

/// `GET /api/account`.
pub async fn get_account(State(services): State<Arc<Services>>, headers: HeaderMap) -> Ok200 {
    let a = account(&services, &headers).await?;
    Ok(Json(account_json(&services, &a)))
}

/// `POST /api/token/test`: the tokens of the body (comma-separated), each
/// with its account or `null`.
pub async fn token_test(State(services): State<Arc<Services>>, body: Bytes) -> Ok200 {
    let text = String::from_utf8_lossy(&body);
    let mut out = serde_json::Map::new();
    for token in text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .take(100)
    {
        let found = services.accounts.by_token(token).await?;
        out.insert(
            token.to_string(),
            found.map_or(Value::Null, |a| {
                json!({"userId": a.id, "scopes": "board:play,bot:play,challenge:read,challenge:write", "expires": null})
            }),
        );
    }
    Ok(Json(Value::Object(out)))
}

pub(super) async fn ongoing(
    services: &Services,
    account: &str,
) -> Vec<(Arc<crate::game::GameMeta>, crate::game::View, Color)> {
    let mut out = Vec::new();
    for game in services.games.live() {
        if let Some(color) = game.meta.color_of_account(account)
            && let Ok(view) = game.view().await
            && view.status != Status::Over
        {
            out.push((game.meta.clone(), view, color));
        }
    }
    // On a node, the account's games other nodes run, as their logs stand.
    if services.games.node_name().is_some()
        && let Ok(rows) = services.store.games_of_account(account, false, 50).await
    {
        for row in rows {
            if out.iter().any(|(meta, _, _)| meta.id == row.id) {
                continue;
            }
            if let Ok(Some((meta, view))) = services.games.snapshot(&row.id).await
                && let Some(color) = meta.color_of_account(account)
                && view.status != Status::Over
            {
                out.push((meta, view, color));
            }
        }
    }
    out
}

/// `GET /api/account/playing`.
pub async fn playing(State(services): State<Arc<Services>>, headers: HeaderMap) -> Ok200 {
    let a = account(&services, &headers).await?;
    let now_playing: Vec<_> = ongoing(&services, &a.id)
        .await
        .iter()
        .map(|(meta, v, c)| format::event_game(meta, v, *c))
        .collect();
    Ok(Json(json!({"nowPlaying": now_playing})))
}

/// `GET /api/users/status?ids=a,b`.
pub async fn users_status(
    State(services): State<Arc<Services>>,
    Query(q): Query<HashMap<String, String>>,
) -> Ok200 {
    let ids = q.get("ids").map(String::as_str).unwrap_or("");
    let mut out = Vec::new();
    for id in ids
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .take(100)
    {
        if let Some(a) = services.store.account(id).await? {
            let playing = !ongoing(&services, &a.id).await.is_empty();
            let mut user =
                json!({"id": a.id, "name": a.name, "online": services.presence.is_online(&a.id)});
            if playing {
                user["playing"] = json!(true);
            }
            if a.bot {
                user["title"] = json!("BOT");
            }
            out.push(user);
        }
    }
    Ok(Json(Value::Array(out)))
}

/// An NDJSON response fed by a channel of lines.
pub(super) fn ndjson(rx: mpsc::Receiver<Bytes>) -> Response {
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|line| (Ok::<_, Infallible>(line), rx))
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response()
}

/// One NDJSON line.
pub(super) fn line(value: &impl Serialize) -> Bytes {
    let mut s = serde_json::to_string(value).expect("lines serialise");
    s.push('\n');
    Bytes::from(s)
}

/// `GET /api/stream/event`: the account's games starting and finishing,
/// and its challenges.
pub async fn event_stream(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let a = account(&services, &headers).await?;
    let mut events = services.presence.subscribe(&a.id);
    let (tx, rx) = mpsc::channel::<Bytes>(64);
    let services2 = services.clone();
    tokio::spawn(async move {
        for (meta, view, color) in ongoing(&services2, &a.id).await {
            let game = format::event_game(&meta, &view, color);
            if tx
                .send(line(&AccountEvent::GameStart { game }))
                .await
                .is_err()
            {
                return;
            }
        }
        let incoming = match services2.store.challenges_of(&a.id).await {
            Ok((incoming, _)) => incoming,
            Err(e) => {
                tracing::error!("challenges of {}: {e}", a.id);
                Vec::new()
            }
        };
        // A challenge made while they were read is both among them and
        // on its way as an event: it is told once.
        let told: HashSet<String> = incoming.iter().map(|c| c.id.clone()).collect();
        for c in incoming {
            let challenge = c.lichess("created");
            if tx
                .send(line(&AccountEvent::Challenge { challenge }))
                .await
                .is_err()
            {
                return;
            }
        }
        let mut keep_alive = tokio::time::interval(KEEP_ALIVE);
        loop {
            let next = tokio::select! {
                e = events.recv() => match e {
                    Ok(text) if is_challenge_among(&text, &told) => continue,
                    Ok(text) => Bytes::from(format!("{text}\n")),
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return,
                },
                _ = keep_alive.tick() => Bytes::from_static(b"\n"),
            };
            if tx.send(next).await.is_err() {
                return;
            }
        }
    });
    Ok(ndjson(rx))
}

/// `true` if the event `text` is a new challenge whose id is in `ids`.
fn is_challenge_among(text: &str, ids: &HashSet<String>) -> bool {
    if ids.is_empty() {
        return false;
    }
    matches!(
        serde_json::from_str::<AccountEvent>(text),
        Ok(AccountEvent::Challenge { challenge }) if ids.contains(&challenge.id)
    )
}

/// `GET /api/board/game/stream/{id}` and `/api/bot/game/stream/{id}`:
/// `gameFull`, then `gameState` after each change, `chatLine`,
/// `opponentGone`, and keep-alive empty lines. Ends when the game does.
pub async fn game_stream(Watching { game, color }: Watching) -> Result<Response, ApiError> {
    let (view, moves, mut updates) = game.join().await?;
    let (tx, rx) = mpsc::channel::<Bytes>(64);
    tokio::spawn(async move {
        if let Some(c) = color {
            game.presence(c, true).await;
        }
        let meta = game.meta.clone();
        let mut over = view.status == Status::Over;
        let mut keep_alive = tokio::time::interval(KEEP_ALIVE);
        keep_alive.tick().await;
        let mut ok = tx
            .send(line(&format::game_full(&meta, &view, &moves)))
            .await
            .is_ok();
        while ok && !over {
            let next = tokio::select! {
                u = updates.recv() => match u {
                    Ok(Update::State(state)) => {
                        over = state.view.status == Status::Over;
                        line(&format::game_state(&meta, &state.view, &state.moves_uci))
                    }
                    // The electronic board's position is for the web page.
                    Ok(Update::Board(_)) => continue,
                    Ok(Update::Chat(c)) => line(&lichess::ChatLine {
                        username: c.username.clone(),
                        text: c.text.clone(),
                        room: c.room.clone(),
                    }),
                    Ok(Update::Gone { color: gone_color, gone, claim_win_in_seconds }) => {
                        if Some(gone_color) == color { continue; }
                        line(&OpponentGone {
                            gone,
                            claim_win_in_seconds: gone.then_some(claim_win_in_seconds),
                        })
                    }
                    // Who watches the web page, and its rematches, are not lichess's.
                    Ok(Update::Room(_)) => continue,
                    // Nor are an electronic board's refused acts.
                    Ok(Update::Refused(_)) => continue,
                    Err(RecvError::Lagged(_)) => match game.join().await {
                        Ok((v, m, _)) => {
                            over = v.status == Status::Over;
                            line(&format::game_state(&meta, &v, &m))
                        }
                        Err(_) => break,
                    },
                    Err(RecvError::Closed) => break,
                },
                _ = keep_alive.tick() => Bytes::from_static(b"\n"),
            };
            ok = tx.send(next).await.is_ok();
        }
        if let Some(c) = color {
            game.presence(c, false).await;
        }
    });
    Ok(ndjson(rx))
}

async fn act_as(game: &GameHandle, color: Color, kind: EventKind) -> Ok200 {
    let verdict = game.act(color.into(), kind).await?;
    accepted(verdict)
}

/// lichess's yes/no words.
fn answer(word: &str) -> Result<bool, ApiError> {
    match word.to_ascii_lowercase().as_str() {
        "yes" | "true" | "1" | "accept" => Ok(true),
        "no" | "false" | "0" | "decline" => Ok(false),
        other => Err(ApiError::BadRequest(Problem::NeitherYesNorNo {
            word: format!("{other:?}"),
        })),
    }
}

/// `POST /api/{board,bot}/game/{id}/move/{move}[?offeringDraw=true]`.
pub async fn make_move(
    Path((_id, mv)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
    Playing { game, color }: Playing,
) -> Ok200 {
    let offer_draw = q
        .get("offeringDraw")
        .is_some_and(|v| answer(v).unwrap_or(false));
    // lichess takes UCI and nothing else; the referee reads well-formed
    // UCI as UCI only, so a stale or mistyped move is refused, never
    // replaced by another.
    if mv.parse::<arbiter_rules::uci::Uci>().is_err() {
        return Err(ApiError::BadRequest(Problem::NotUci {
            mv: format!("{mv:?}"),
        }));
    }
    act_as(&game, color, EventKind::Move { mv, offer_draw }).await
}

/// `POST /api/{board,bot}/game/{id}/draw/{accept}`: `yes` offers a draw,
/// or accepts the opponent's; `no` declines it.
pub async fn draw(
    Path((_id, word)): Path<(String, String)>,
    Playing { game, color }: Playing,
) -> Ok200 {
    let yes = answer(&word)?;
    let pending = game.view().await?.pending_offer;
    let kind = match (yes, pending) {
        (true, Some(by)) if by != color => EventKind::AcceptDraw,
        (true, _) => EventKind::OfferDraw,
        (false, Some(by)) if by != color => EventKind::DeclineDraw,
        (false, _) => return ok(),
    };
    act_as(&game, color, kind).await
}

/// `POST /api/{board,bot}/game/{id}/takeback/{accept}`: `yes` asks the
/// referee, who refuses every takeback (the Laws know none, FIDE 4.7) and
/// keeps the request on the record; the answer is 400 with his ruling, as
/// nothing was taken back. `no` is always fine: no request ever stands to
/// be declined.
pub async fn takeback(
    Path((_id, word)): Path<(String, String)>,
    Playing { game, color }: Playing,
) -> Ok200 {
    if !answer(&word)? {
        return ok();
    }
    let verdict = game.act(color.into(), EventKind::RequestTakeback).await?;
    let refused = verdict
        .verdict()
        .consequences()
        .iter()
        .find(|c| c.effect == Effect::TakebackRefused);
    match refused {
        Some(c) => Err(ApiError::refused(
            c.ruling.clone(),
            verdict.verdict().clone(),
            StatusCode::BAD_REQUEST,
        )),
        None => accepted(verdict),
    }
}

/// `POST /api/{board,bot}/game/{id}/resign`.
pub async fn resign(Playing { game, color }: Playing) -> Ok200 {
    act_as(&game, color, EventKind::Resign).await
}

/// `POST /api/{board,bot}/game/{id}/abort`: the referee calls the game
/// off, without a result, while one of the players has not moved yet.
pub async fn abort(Playing { game, color }: Playing) -> Ok200 {
    act_as(&game, color, EventKind::Abort).await
}

/// `POST /api/{board,bot}/game/{id}/claim-victory`: the opponent has left;
/// the referee decides from the record whether he has been gone long
/// enough (FIDE 11.2.3).
pub async fn claim_victory(Playing { game, color }: Playing) -> Ok200 {
    act_as(&game, color, EventKind::ClaimVictory).await
}

/// `POST /api/{board,bot}/game/{id}/claim-draw`: a threefold claim, or
/// else a fifty-move claim, on the position on the board.
pub async fn claim_draw(Playing { game, color }: Playing) -> Ok200 {
    let claim = |claim| EventKind::ClaimDraw { claim, mv: None };
    let verdict = game.act(color.into(), claim(DrawClaim::Threefold)).await?;
    if verdict.verdict().is_accepted() && game.view().await?.status == Status::Over {
        return ok();
    }
    act_as(&game, color, claim(DrawClaim::FiftyMoves)).await
}

/// Reads a form or JSON body into strings.
/// A request's `variant` (lichess's names): games here are chess under the
/// Laws, from the usual start or a given position; another variant is
/// refused rather than played as standard chess.
pub(super) fn standard_chess(p: &HashMap<String, String>) -> Result<(), ApiError> {
    match p.get("variant").map(String::as_str) {
        None | Some("standard" | "fromPosition") => Ok(()),
        Some(other) => Err(ApiError::BadRequest(Problem::VariantNotPlayed {
            variant: format!("{other:?}"),
        })),
    }
}

pub(super) fn params(
    headers: &HeaderMap,
    body: &Bytes,
) -> Result<HashMap<String, String>, ApiError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if body.is_empty() {
        return Ok(HashMap::new());
    }
    if json {
        let value: HashMap<String, Value> = serde_json::from_slice(body).map_err(|e| {
            ApiError::BadRequest(Problem::MalformedBody {
                error: e.to_string(),
            })
        })?;
        Ok(value
            .into_iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k, v.as_str().map_or_else(|| v.to_string(), str::to_string)))
            .collect())
    } else {
        serde_urlencoded::from_bytes(body).map_err(|e| {
            ApiError::BadRequest(Problem::MalformedForm {
                error: e.to_string(),
            })
        })
    }
}

/// `POST /api/{board,bot}/game/{id}/chat` (form `room`, `text`).
pub async fn post_chat(Playing { game, color }: Playing, headers: HeaderMap, body: Bytes) -> Ok200 {
    let p = params(&headers, &body)?;
    let text: String = p
        .get("text")
        .map(String::as_str)
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(140)
        .collect();
    if text.trim().is_empty() {
        return Err(ApiError::BadRequest(Problem::EmptyChatLine));
    }
    let room = match p.get("room").map(String::as_str) {
        Some("spectator") => "spectator",
        _ => "player",
    };
    game.chat(ChatLine {
        username: game.meta.setup.player(color).name.clone(),
        text,
        room: room.to_string(),
    })
    .await?;
    ok()
}

/// `GET /api/{board,bot}/game/{id}/chat`.
pub async fn get_chat(TheGame(game): TheGame) -> Result<Json<Value>, ApiError> {
    let lines: Vec<Value> = game
        .chat_log()
        .await?
        .into_iter()
        .map(|c| json!({"user": c.username, "text": c.text}))
        .collect();
    Ok(Json(Value::Array(lines)))
}

/// `POST /api/challenge/{username}`: form or JSON with `clock.limit`,
/// `clock.increment` (seconds), `color`, `fen`.
pub async fn create_challenge(
    State(services): State<Arc<Services>>,
    Path(username): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Ok200 {
    let me = account(&services, &headers).await?;
    let dest = services
        .store
        .account(&username)
        .await?
        .ok_or(ApiError::NotFound(Problem::UserNotFound))?;
    if dest.id == me.id {
        return Err(ApiError::BadRequest(Problem::ChallengeYourself));
    }
    let p = params(&headers, &body)?;
    let number = |k: &str| -> Result<Option<u64>, ApiError> {
        p.get(k)
            .map(|v| {
                v.parse::<u64>().map_err(|_| {
                    ApiError::BadRequest(Problem::NotANumber {
                        field: k.to_string(),
                    })
                })
            })
            .transpose()
    };
    let clock = match (number("clock.limit")?, number("clock.increment")?) {
        (Some(limit), inc) if limit <= 3 * 3600 && inc.unwrap_or(0) <= 180 => {
            Some((limit, inc.unwrap_or(0)))
        }
        (Some(_), _) => return Err(ApiError::BadRequest(Problem::ClockTooLong)),
        (None, _) => None,
    };
    let color = match p.get("color").map(String::as_str) {
        None | Some("random") => "random",
        Some("white") => "white",
        Some("black") => "black",
        Some(other) => {
            return Err(ApiError::BadRequest(Problem::UnknownColor {
                color: format!("{other:?}"),
            }));
        }
    };
    standard_chess(&p)?;
    let fen = p.get("fen").filter(|f| !f.is_empty()).cloned();
    if let Some(f) = &fen {
        arbiter_rules::Position::from_fen(f).map_err(|e| {
            ApiError::BadRequest(Problem::Fen {
                error: e.to_string(),
            })
        })?;
    }
    let final_color = match color {
        "white" => Color::White,
        "black" => Color::Black,
        _ => {
            if rand::random::<bool>() {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let challenge = Challenge {
        id: new_id(8),
        challenger: me,
        dest,
        clock,
        color: color.to_string(),
        final_color,
        fen,
        created_unix_ms: unix_ms(),
    };
    let body = challenge.lichess("created");
    // Stored first, so that the challenged account finds it when told.
    services.store.open_challenge(&challenge).await?;
    let event = AccountEvent::Challenge {
        challenge: body.clone(),
    };
    services.presence.notify(&challenge.dest.id, &event);
    Ok(Json(
        json!({"id": body.id, "url": body.url, "status": "created", "challenge": body}),
    ))
}

/// What a request about challenge `{id}` brings: the services, the id, and the
/// headers with the caller's token.
type ChallengeCall = (State<Arc<Services>>, Path<String>, HeaderMap);

/// `POST /api/challenge/{id}/accept`: the game is created, with the
/// challenge's id, and starts.
pub async fn accept_challenge(call: ChallengeCall) -> Ok200 {
    let (services, id, me, c) = caller_and_challenge(call).await?;
    if c.dest.id != me.id {
        return Err(ApiError::Forbidden(Problem::ChallengeNotForYou));
    }
    take_challenge(&services, &id).await?;
    let (white, black) = if c.final_color == Color::White {
        (&c.challenger, &c.dest)
    } else {
        (&c.dest, &c.challenger)
    };
    let (date, time) = crate::time::today_and_now();
    let setup = GameSetup {
        ruleset: arbiter_referee::Ruleset::by_name(match c.clock {
            Some((limit, inc)) if limit + 60 * inc <= 600 => "fide-blitz",
            Some((limit, inc)) if limit + 60 * inc < 3600 => "fide-rapid",
            _ => "fide-standard",
        })
        .expect("built-in ruleset"),
        time_control: match c.clock {
            Some((limit, inc)) => TimeControl::sudden_death(
                limit * 1000,
                if inc > 0 {
                    arbiter_referee::Bonus::Increment(inc * 1000)
                } else {
                    arbiter_referee::Bonus::None
                },
            ),
            None => TimeControl::Untimed,
        },
        white: Player::named(&white.name),
        black: Player::named(&black.name),
        event: "Challenge".into(),
        site: "Arbiter".into(),
        date,
        time,
        fen: c.fen.clone(),
        // A timed game's player who never makes his first move loses by
        // default (FIDE 6.7.1).
        default_time_ms: c
            .clock
            .map(|_| services.config.default_time.as_millis() as u64),
        ..GameSetup::default()
    };
    // The game takes the challenge's id, as on lichess (clients keep it),
    // and starts at once: the arbiter starts White's clock at the time set
    // for the game, which online is the moment it is agreed (FIDE 6.5).
    services
        .games
        .create_as(
            c.id.clone(),
            setup,
            [Some(white.id.clone()), Some(black.id.clone())],
            true,
        )
        .await?;
    ok()
}

/// The caller's account (401 without one) and the open challenge `{id}`
/// (404 if there is none), as the challenge is now: it may be taken by
/// then.
async fn caller_and_challenge(
    (State(services), Path(id), headers): ChallengeCall,
) -> Result<(Arc<Services>, String, Account, Challenge), ApiError> {
    let me = account(&services, &headers).await?;
    let c = open_challenge(&services, &id).await?;
    Ok((services, id, me, c))
}

/// `POST /api/challenge/{id}/decline`: its addressee refuses it.
pub async fn decline_challenge(call: ChallengeCall) -> Ok200 {
    withdraw_challenge(call, Withdrawal::Decline).await
}

/// `POST /api/challenge/{id}/cancel`: its challenger takes it back.
pub async fn cancel_challenge(call: ChallengeCall) -> Ok200 {
    withdraw_challenge(call, Withdrawal::Cancel).await
}

/// The two ways a challenge ends without a game.
#[derive(Clone, Copy)]
enum Withdrawal {
    /// By its addressee.
    Decline,
    /// By its challenger.
    Cancel,
}

impl Withdrawal {
    /// Who may withdraw `c` this way, and whom that is told to.
    fn parties(self, c: &Challenge) -> (&Account, &Account) {
        match self {
            Withdrawal::Decline => (&c.dest, &c.challenger),
            Withdrawal::Cancel => (&c.challenger, &c.dest),
        }
    }

    /// The lichess event that tells the other party, the challenge in it.
    fn event(self, c: &Challenge) -> AccountEvent {
        match self {
            Withdrawal::Decline => AccountEvent::ChallengeDeclined {
                challenge: c.lichess("declined"),
            },
            Withdrawal::Cancel => AccountEvent::ChallengeCanceled {
                challenge: c.lichess("canceled"),
            },
        }
    }

    /// Why an account that is not the party of [`Withdrawal::parties`]
    /// may not.
    fn refusal(self) -> ApiError {
        ApiError::Forbidden(match self {
            Withdrawal::Decline => Problem::ChallengeNotForYou,
            Withdrawal::Cancel => Problem::ChallengeNotYours,
        })
    }
}

/// Removes challenge `id` if the caller may withdraw it `how`, and tells
/// the other party.
async fn withdraw_challenge(call: ChallengeCall, how: Withdrawal) -> Ok200 {
    let (services, id, me, c) = caller_and_challenge(call).await?;
    let (party, told) = how.parties(&c);
    if party.id != me.id {
        return Err(how.refusal());
    }
    // Taken, not just read: of two withdrawals at once, one tells.
    take_challenge(&services, &id).await?;
    services.presence.notify(&told.id, &how.event(&c));
    ok()
}

/// The open challenge `id`, or 404.
async fn open_challenge(services: &Services, id: &str) -> Result<Challenge, ApiError> {
    services
        .store
        .challenge(id)
        .await?
        .ok_or(ApiError::NotFound(Problem::ChallengeNotFound))
}

/// Closes the open challenge `id` for this request, or 404 if another
/// request (on this node or another) closed it first.
async fn take_challenge(services: &Services, id: &str) -> Result<(), ApiError> {
    let taken = services.store.take_challenge(id).await?;
    if taken {
        Ok(())
    } else {
        Err(ApiError::NotFound(Problem::ChallengeNotFound))
    }
}

/// `GET /api/challenge`: the account's open challenges.
pub async fn list_challenges(State(services): State<Arc<Services>>, headers: HeaderMap) -> Ok200 {
    let me = account(&services, &headers).await?;
    let (incoming, outgoing) = services.store.challenges_of(&me.id).await?;
    let j = |v: Vec<Challenge>| v.iter().map(|c| c.lichess("created")).collect::<Vec<_>>();
    Ok(Json(json!({"in": j(incoming), "out": j(outgoing)})))
}
