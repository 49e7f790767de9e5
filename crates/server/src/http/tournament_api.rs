//! Arbiter's own tournament API (`/api/tournament…`, in the OpenAPI
//! document): what the tournament pages do. The event's arbiter is the
//! account that created it; only he pairs, publishes, changes pairings,
//! enters and corrects results and declares forfeits. A player (his
//! account) withdraws and asks byes for himself.
//!
//! Anyone may open an event, as anyone may open a game: a request without
//! a token makes an account for its arbiter, and a player who registers
//! through the event's link without a token is given an account, whose
//! token then plays his games (the game page takes it like a seat's).

use std::collections::BTreeMap;
use std::sync::Arc;

use arbiter_rules::Color;
use arbiter_tournament::director::{
    Absent, Board, BoardResult, ByeKind, Director, EventKind, GivenRound, Knockout, MatchStanding,
    PlayerId, Registration, ResultSource, Settings,
};
use arbiter_tournament::tiebreak::Tiebreak;
use arbiter_tournament::trf;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::api::{field, json_body};
use super::tournament_fide::fide_results;
use crate::problem::Problem;
use crate::request::auth::bearer;
use crate::request::error::ApiError;
use crate::services::Services;
use crate::store::Account;
use crate::token::{new_id, new_token};
use crate::tournament::{LiveTournament, import};

pub(super) type Answer = Result<Json<Value>, ApiError>;

/// The team a tournament of this API belongs to: none.
const NO_TEAM: &str = "";

fn tournament(services: &Services, id: &str) -> Result<Arc<LiveTournament>, ApiError> {
    services
        .tournaments
        .get(id)
        .ok_or(ApiError::NotFound(Problem::TournamentNotFound))
}

/// The account of the request's token: `None` without a token, 401 for a
/// token nobody holds.
async fn caller(services: &Services, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    match bearer(headers) {
        None => Ok(None),
        Some(token) => Ok(Some(
            services
                .accounts
                .by_token(token)
                .await?
                .ok_or(ApiError::Unauthorized)?,
        )),
    }
}

/// The event of the request's path and its arbiter, the caller: 404 for
/// no such event, 401 without a token, 403 for anyone else.
pub struct TheArbiter {
    live: Arc<LiveTournament>,
    me: Account,
}

impl FromRequestParts<Arc<Services>> for TheArbiter {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        services: &Arc<Services>,
    ) -> Result<TheArbiter, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, services)
            .await
            .map_err(IntoResponse::into_response)?;
        TheArbiter::of(services, &id, &parts.headers)
            .await
            .map_err(IntoResponse::into_response)
    }
}

impl TheArbiter {
    async fn of(
        services: &Arc<Services>,
        id: &str,
        headers: &HeaderMap,
    ) -> Result<TheArbiter, ApiError> {
        let live = tournament(services, id)?;
        let me = caller(services, headers)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        if live.read(|d| d.created_by() != me.id).await {
            return Err(ApiError::Forbidden(Problem::OnlyTournamentArbiter));
        }
        Ok(TheArbiter { live, me })
    }

    /// The event.
    pub(super) fn live(&self) -> &Arc<LiveTournament> {
        &self.live
    }

    /// The arbiter's account.
    pub(super) fn account(&self) -> &str {
        &self.me.id
    }

    /// The arbiter's act, now.
    async fn act(&self, kind: EventKind) -> Result<(), ApiError> {
        Ok(self.live.act_now(&self.me.id, kind).await?)
    }

    /// The arbiter's act, now, answered `{"ok": true}`.
    async fn record(&self, kind: EventKind) -> Answer {
        self.act(kind).await?;
        Ok(Json(json!({"ok": true})))
    }
}

/// The tournament and the caller, who must be the arbiter or `player`'s
/// own account.
async fn as_arbiter_or_player(
    services: &Services,
    id: &str,
    headers: &HeaderMap,
    player: PlayerId,
) -> Result<(Arc<LiveTournament>, Account), ApiError> {
    let live = tournament(services, id)?;
    let me = caller(services, headers)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let allowed = live
        .read(|d| {
            d.created_by() == me.id
                || d.player(player)
                    .is_some_and(|p| p.registration.account.as_deref() == Some(&me.id))
        })
        .await;
    if !allowed {
        return Err(ApiError::Forbidden(Problem::NotYourPlayer));
    }
    Ok((live, me))
}

/// An account made for someone who came without one: its name from
/// `wanted`'s letters and digits, made unique by a random tail.
async fn new_account(services: &Services, wanted: &str) -> Result<(Account, String), ApiError> {
    let mut stem: String = wanted
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(16)
        .collect();
    if stem.len() < 2 {
        stem = "player".into();
    }
    let token = new_token();
    let name = format!("{stem}-{}", new_id(6));
    let account = services.store.add_account(&name, &token, false).await?;
    Ok((account, token))
}

/// A new event's settings from the request's body: in FIDE mode unless
/// the body says `"fide_mode": false` (the SPP's Verification Check List,
/// VCL.01: it is the default). The field's absence means "outside" only
/// in a log stored before FIDE mode existed.
fn new_settings(body: &Bytes) -> Result<Settings, ApiError> {
    let mut value: Value = json_body(body)?;
    if let Some(fields) = value.as_object_mut() {
        fields.entry("fide_mode").or_insert(Value::Bool(true));
    }
    serde_json::from_value(value).map_err(|e| {
        ApiError::BadRequest(Problem::MalformedBody {
            error: e.to_string(),
        })
    })
}

/// Checks a settings' texts as every text field of the API is checked.
fn checked_settings(mut s: Settings) -> Result<Settings, ApiError> {
    s.name = field("name", &s.name)?;
    s.place = field("place", &s.place)?;
    s.start_date = field("start_date", &s.start_date)?;
    s.end_date = field("end_date", &s.end_date)?;
    s.chief_arbiter = field("chief_arbiter", &s.chief_arbiter)?;
    s.deputy_arbiters = s
        .deputy_arbiters
        .iter()
        .map(|d| field("deputy_arbiters", d))
        .filter(|d| !d.as_ref().is_ok_and(String::is_empty))
        .collect::<Result<_, _>>()?;
    s.federation = field("federation", &s.federation)?.to_uppercase();
    // An empty code is none: the link admits anyone.
    s.entry_code = s
        .entry_code
        .map(|code| field("entry_code", &code))
        .transpose()?
        .filter(|code| !code.is_empty());
    Ok(s)
}

fn checked_registration(mut r: Registration) -> Result<Registration, ApiError> {
    r.name = field("name", &r.name)?;
    // The date the TRF writes (`2010/05/21`), from any form a reader
    // takes; an empty one is none.
    r.birth_date = r
        .birth_date
        .map(|b| field("birth_date", &b))
        .transpose()?
        .filter(|b| !b.is_empty())
        .map(|b| {
            import::trf_birth_date(&b)
                .ok_or(ApiError::BadRequest(Problem::BadBirthDate { given: b }))
        })
        .transpose()?;
    r.federation = field("federation", &r.federation)?.to_uppercase();
    r.title = r
        .title
        .map(|t| field("title", &t).map(|t| t.to_lowercase()))
        .transpose()?
        .filter(|t| !t.is_empty());
    Ok(r)
}

/// The event's pages; the registration link carries the entry code when
/// `code` is given (the arbiter's view: the link he hands out).
fn links(id: &str, code: Option<&str>) -> Value {
    let join = match code {
        Some(code) => format!(
            "/tournament/{id}/join?{}",
            serde_urlencoded::to_string([("code", code)]).expect("a code encodes")
        ),
        None => format!("/tournament/{id}/join"),
    };
    json!({
        "home": format!("/tournament/{id}"),
        "arbiter": format!("/tournament/{id}/arbiter"),
        "join": join,
        "standings": format!("/tournament/{id}/standings"),
        "trf": format!("/api/tournament/{id}/trf"),
        "rating_report": format!("/api/tournament/{id}/rating-report"),
    })
}

/// `POST /api/tournament`: a new event with its settings (the body). The
/// caller's account is its arbiter; without a token one is made, and its
/// token answered.
pub async fn create(
    State(services): State<Arc<Services>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let settings = checked_settings(new_settings(&body)?)?;
    let (arbiter, token) = match caller(&services, &headers).await? {
        Some(a) => (a, None),
        None => {
            let wanted = if settings.chief_arbiter.is_empty() {
                "arbiter"
            } else {
                &settings.chief_arbiter
            };
            let (a, t) = new_account(&services, wanted).await?;
            (a, Some(t))
        }
    };
    let code = settings.entry_code.clone();
    let live = services
        .tournaments
        .create(NO_TEAM, &arbiter.id, settings)
        .await?;
    let id = &live.id;
    let mut answer = json!({
        "id": id,
        "arbiter": arbiter.id,
        "links": links(id, code.as_deref()),
    });
    if let Some(token) = token {
        answer["links"]["arbiter"] = json!(format!("/tournament/{id}/arbiter#{token}"));
        answer["token"] = json!(token);
    }
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `GET /api/tournament`: every event of this API, the most recent first.
pub async fn list(State(services): State<Arc<Services>>) -> Answer {
    let mut out = Vec::new();
    for live in services.tournaments.of_team(NO_TEAM) {
        let summary = live
            .read(|d| {
                let s = d.settings().expect("a created event");
                json!({
                    "id": live.id,
                    "name": s.name,
                    "place": s.place,
                    "start_date": s.start_date,
                    "status": status(d),
                    "players": d.players().len(),
                    "rounds_paired": d.rounds_paired(),
                    "rounds": s.rounds,
                })
            })
            .await;
        out.push(summary);
    }
    Ok(Json(json!({ "tournaments": out })))
}

fn status(d: &Director) -> &'static str {
    if d.is_finished() {
        "finished"
    } else if d.rounds_paired() > 0 {
        "started"
    } else {
        "created"
    }
}

/// `GET /api/tournament/{id}`: the event as it stands. The entry code is
/// shown only to the event's arbiter (his token); anyone else reads only
/// whether there is one.
pub async fn get(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Answer {
    let live = tournament(&services, &id)?;
    // A token nobody holds reads what anyone reads.
    let me = caller(&services, &headers).await.ok().flatten();
    Ok(Json(
        live.read(|d| {
            let arbiter = me.as_ref().is_some_and(|a| a.id == d.created_by());
            state(&live.id, d, arbiter)
        })
        .await,
    ))
}

/// The whole state: settings, players, rounds with their boards and
/// manual changes, corrections, standings with the tie-breaks, the
/// crosstable, and whether the next round may be paired. The entry code
/// is in it only for the arbiter.
fn state(id: &str, d: &Director, for_arbiter: bool) -> Value {
    let mut settings = d.settings().expect("a created event").clone();
    let entry_code = settings.entry_code.take();
    let order = d.start_order();
    let starts = d.start_numbers();
    let id_of = |start_no: u32| order[start_no as usize - 1];
    let t = d.tournament();
    // Points and performance (C.07 TPR) of everyone, whatever the event's
    // tie-breaks are.
    let extra: Vec<Tiebreak> = ["PTS", "TPR"]
        .iter()
        .map(|n| n.parse().expect("C.07 names"))
        .collect();
    let own = d.standings_by(&extra);
    let mut points = BTreeMap::new();
    for row in &own.rows {
        let text = |i: usize| row.values.get(i).copied().flatten().map(|v| v.to_string());
        points.insert(id_of(row.start_no), (text(0), text(1)));
    }
    let mut fide = fide_results(&t, id_of);
    let players: Vec<Value> = d
        .players()
        .iter()
        .map(|p| {
            let r = &p.registration;
            let (pts, performance) = points.get(&p.id).cloned().unwrap_or_default();
            let fide = fide.remove(&starts[p.id as usize - 1]).unwrap_or_default();
            json!({
                "id": p.id,
                "start_no": starts[p.id as usize - 1],
                "name": r.name,
                "rating": r.rating,
                "fide_id": r.fide_id,
                "federation": r.federation,
                "title": r.title,
                "account": r.account,
                "joined_after": p.joined_after,
                "withdrawn_after": p.withdrawn_after,
                "byes": p.byes.iter().map(|(round, kind)| json!({"round": round, "kind": kind})).collect::<Vec<_>>(),
                "points": pts,
                "performance": performance,
                "rating_change": fide.rating_change,
                "norms": fide.norms,
            })
        })
        .collect();
    let boards = |bs: &[Board]| -> Vec<Value> {
        bs.iter()
            .map(|b| json!({"white": b.white, "black": b.black}))
            .collect()
    };
    let rounds: Vec<Value> = d
        .rounds()
        .iter()
        .map(|r| {
            json!({
                "number": r.number,
                "published": r.published,
                "complete": r.is_complete(),
                "paired_by": r.paired_by,
                "bye": r.bye,
                "boards": r.boards.iter().enumerate().map(|(i, b)| {
                    let source = b.source.as_ref().map(|s| match s {
                        ResultSource::Game(g) => json!({"kind": "game", "game": g}),
                        ResultSource::Arbiter(by) => json!({"kind": "arbiter", "by": by}),
                        ResultSource::Forfeit(by) => json!({"kind": "forfeit", "by": by}),
                    });
                    json!({
                        "board": i + 1,
                        "white": b.board.white,
                        "black": b.board.black,
                        "game": b.game,
                        "result": b.result,
                        "score": b.result.map(BoardResult::pgn),
                        "source": source,
                    })
                }).collect::<Vec<_>>(),
                "changes": r.changes.iter().map(|c| json!({
                    "at_ms": c.at_ms,
                    "by": c.by,
                    "reason": c.reason,
                    "before": boards(&c.before),
                    "bye_before": c.bye_before,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let corrections: Vec<Value> = d
        .corrections()
        .iter()
        .map(|c| {
            json!({"at_ms": c.at_ms, "by": c.by, "round": c.round, "board": c.board,
                   "from": c.from, "to": c.to, "reason": c.reason})
        })
        .collect();
    let standings = d.standings();
    let standings = json!({
        "tiebreaks": standings.tiebreaks.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "after_round": standings.after_round,
        "rows": standings.rows.iter().map(|row| json!({
            "rank": row.rank,
            "start_no": row.start_no,
            "player": id_of(row.start_no),
            "name": row.name,
            "values": row.values.iter().map(|v| v.map(|v| v.to_string())).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    // The crosstable, in start-number order (the Swiss form) with each
    // round's cell; the pages order it by rank for the round-robin form.
    let crosstable: Vec<Value> = t
        .entrants
        .iter()
        .map(|e| {
            json!({
                "player": id_of(e.player.start_no),
                "start_no": e.player.start_no,
                "rounds": e.rounds.iter().map(|c| json!({
                    "opponent": c.opponent.map(id_of),
                    "colour": c.colour.map(Color::char),
                    "code": c.code.to_char().to_string(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let knockout = d.knockout().map(|k| knockout_state(d, &k));
    // Whether the round may be paired, not its pairing: every read of the
    // event would wait seconds for a large field's.
    let next = match d.may_pair_next() {
        Ok(_) => json!({"can_pair": true}),
        Err(why) => json!({"can_pair": false, "why": why.to_string()}),
    };
    let mut settings_json = json!(settings);
    if for_arbiter && let Some(code) = &entry_code {
        settings_json["entry_code"] = json!(code);
    }
    json!({
        "id": id,
        "arbiter": d.created_by(),
        "status": status(d),
        "settings": settings_json,
        "entry_code_required": entry_code.is_some(),
        "lots_drawn": d.lots().is_some(),
        "fide_mode": fide_mode(d),
        "broadcast_delay": d.broadcast_delay(),
        "rounds_planned": t.planned_rounds,
        "players": players,
        "rounds": rounds,
        "corrections": corrections,
        "standings": standings,
        "crosstable": crosstable,
        "knockout": knockout,
        "next": next,
        "links": links(id, entry_code.as_deref().filter(|_| for_arbiter)),
    })
}

/// FIDE mode: whether the event is in it, and when and why the arbiter
/// left it.
fn fide_mode(d: &Director) -> Value {
    let left = d.fide_mode_exit().map(
        |x| json!({"at_ms": x.at_ms, "by": x.by, "reason": x.reason, "after_round": x.after_round}),
    );
    json!({"on": d.in_fide_mode(), "left": left})
}

/// A knockout's bracket: each round's matches with their games, score
/// and winner, and what each round of the log played.
fn knockout_state(d: &Director, k: &Knockout) -> Value {
    let stages = d
        .settings()
        .expect("a created event")
        .match_rules()
        .format()
        .stages;
    let tempo = |stage: usize| stages.get(stage).map(|s| json!(s.tempo));
    let points = |halves: u32| json!(f64::from(halves) / 2.0);
    let rounds: Vec<Value> = k
        .rounds
        .iter()
        .map(|r| {
            let matches: Vec<Value> = r
                .matches
                .iter()
                .map(|m| {
                    let (decided_by, next_stage) = match m.standing {
                        MatchStanding::Won { stage, .. } => (tempo(stage), None),
                        MatchStanding::WonByLot { .. } => (Some(json!("lot")), None),
                        MatchStanding::Playing { stage, .. } => (None, tempo(stage)),
                        MatchStanding::Undecided => (None, None),
                    };
                    json!({
                        "first": m.first,
                        "second": m.second,
                        "score": [points(m.halves.0), points(m.halves.1)],
                        "games": m.games.iter().map(|(round, board)| json!({"round": round, "board": board})).collect::<Vec<_>>(),
                        "winner": m.winner(),
                        "decided_by": decided_by,
                        "next_stage": next_stage,
                        "undecided": m.standing == MatchStanding::Undecided,
                    })
                })
                .collect();
            json!({"number": r.number, "matches": matches})
        })
        .collect();
    let slots: Vec<Value> = k
        .slots
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"round": i + 1, "knockout_round": s.knockout_round, "stage": s.stage, "tempo": s.tempo}))
        .collect();
    json!({"rounds": rounds, "slots": slots, "winner": k.winner})
}

/// `POST /api/tournament/{id}/players` (the arbiter): one player entered
/// by hand.
pub async fn register(arbiter: TheArbiter, body: Bytes) -> Answer {
    let player = checked_registration(json_body(&body)?)?;
    let entry_code = None;
    arbiter
        .act(EventKind::Registered { player, entry_code })
        .await?;
    let player = arbiter.live.read(|d| d.players().len()).await;
    Ok(Json(json!({ "player": player })))
}

/// The body of an import.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Import {
    /// `trf` or `csv`.
    format: String,
    /// The file's text.
    text: String,
}

/// `POST /api/tournament/{id}/import` (the arbiter): the players of a TRF
/// or a CSV, all or none.
pub async fn import_players(arbiter: TheArbiter, body: Bytes) -> Answer {
    let request: Import = json_body(&body)?;
    let players = match request.format.to_lowercase().as_str() {
        "trf" => import::from_trf(&request.text),
        "csv" => import::from_csv(&request.text),
        other => Err(Problem::ImportFormat {
            format: format!("\"{other}\""),
        }),
    }
    .map_err(ApiError::BadRequest)?;
    let players = players
        .into_iter()
        .map(checked_registration)
        .collect::<Result<Vec<_>, _>>()?;
    let TheArbiter { live, me } = arbiter;
    let ids = live
        .register_all(&me.id, players)
        .await
        .map_err(ApiError::from)?;
    Ok(Json(json!({ "players": ids })))
}

/// The body of a self-registration: the player, and the event's entry
/// code when it has one (the registration link carries it).
#[derive(Deserialize)]
struct Join {
    #[serde(flatten)]
    player: Registration,
    #[serde(default)]
    entry_code: Option<String>,
}

/// `POST /api/tournament/{id}/join`: a player enters himself through the
/// event's link, with its entry code when it has one. With a token his
/// account plays; without one, an account is made for him and its token
/// answered: his games' links take it.
pub async fn join(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let live = tournament(&services, &id)?;
    let Join { player, entry_code } = json_body(&body)?;
    let mut player = checked_registration(player)?;
    let caller = caller(&services, &headers).await?;
    // Refused before any account is made for him (a wrong code, not on
    // the list, no name, entries closed): what the fold will check when
    // he enters.
    let (by, account) = match &caller {
        Some(a) => (a.id.as_str(), Some(a.id.clone())),
        None => ("", None),
    };
    let trial = Registration {
        account,
        ..player.clone()
    };
    live.read(|d| d.may_enter(by, &trial, entry_code.as_deref()))
        .await
        .map_err(crate::tournament::TournamentError::Refused)?;
    let (account, token) = match caller {
        Some(a) => (a, None),
        None => {
            let (a, t) = new_account(&services, &player.name).await?;
            (a, Some(t))
        }
    };
    player.account = Some(account.id.clone());
    let entered = EventKind::Registered { player, entry_code };
    live.act_now(&account.id, entered).await?;
    let number = live
        .read(|d| d.player_of_account(&account.id).map(|p| p.id))
        .await;
    let mut answer = json!({"player": number, "account": account.id});
    if let Some(token) = token {
        answer["link"] = json!(format!("/tournament/{}#{token}", live.id));
        answer["token"] = json!(token);
    }
    Ok(Json(answer))
}

/// The body of a withdrawal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Withdraw {
    player: PlayerId,
}

/// `POST /api/tournament/{id}/withdraw` (the arbiter, or the player): the
/// player is paired in no round after the last one paired.
pub async fn withdraw(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let Withdraw { player } = json_body(&body)?;
    let (live, me) = as_arbiter_or_player(&services, &id, &headers, player).await?;
    live.act_now(&me.id, EventKind::Withdrawn { player })
        .await?;
    Ok(Json(json!({"ok": true})))
}

/// The body of a bye request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Bye {
    player: PlayerId,
    round: u32,
    #[serde(default = "half")]
    kind: ByeKind,
}

fn half() -> ByeKind {
    ByeKind::Half
}

/// `POST /api/tournament/{id}/bye` (the arbiter, or the player): a bye
/// asked for a round not yet paired (`half` by default, `zero`, `full`).
pub async fn bye(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let Bye {
        player,
        round,
        kind,
    } = json_body(&body)?;
    let (live, me) = as_arbiter_or_player(&services, &id, &headers, player).await?;
    live.act_now(
        &me.id,
        EventKind::ByeRequested {
            player,
            round,
            bye: kind,
        },
    )
    .await?;
    Ok(Json(json!({"ok": true})))
}

/// The body of a pairing given by the arbiter (a round as he pairs it, or
/// a change of the round paired last).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GivenPairing {
    #[serde(default)]
    round: Option<u32>,
    boards: Vec<Board>,
    #[serde(default)]
    bye: Option<PlayerId>,
    #[serde(default)]
    reason: String,
}

/// `POST /api/tournament/{id}/lots` (the arbiter): a round robin's pairing
/// numbers drawn by lot now (FIDE Tournament Rules, C.06 II), again if
/// drawn before, until round 1 is paired; the numbers, number 1 first. In a
/// knockout, the matches of the current round level after every stage are
/// decided by lot (`lots` is then null: the bracket says who went through).
pub async fn draw_lots(arbiter: TheArbiter) -> Answer {
    let TheArbiter { live, me } = arbiter;
    live.draw_lots(&me.id).await?;
    let order = live.read(|d| d.lots().map(<[PlayerId]>::to_vec)).await;
    Ok(Json(json!({ "lots": order })))
}

/// `POST /api/tournament/{id}/pair` (the arbiter): the next round, by the
/// event's system, or as given in the body (`{"boards": [...], "bye":
/// n}`), which the tournament checks. Not yet published. A round robin by
/// lot whose lots nobody drew has them drawn first; round 1 paired by
/// hand in the settings is paired so (the director's one operation, as
/// the schedule's).
pub async fn pair(arbiter: TheArbiter, body: Bytes) -> Answer {
    let given: Option<GivenPairing> = if body.is_empty() {
        None
    } else {
        json_body(&body)?
    };
    let given = given.map(|g| GivenRound {
        boards: g.boards,
        bye: g.bye,
    });
    let round = arbiter.live.pair_next_round(&arbiter.me.id, given).await?;
    Ok(Json(json!({ "round": round })))
}

/// `POST /api/tournament/{id}/pairing` (the arbiter): the round paired
/// last, not yet published, changed by hand, with the reason; the change
/// is kept with who made it.
pub async fn change_pairing(arbiter: TheArbiter, body: Bytes) -> Answer {
    let g: GivenPairing = json_body(&body)?;
    let round = match g.round {
        Some(r) => r,
        None => arbiter.live.read(|d| d.rounds_paired()).await,
    };
    arbiter
        .act(EventKind::PairingChanged {
            round,
            boards: g.boards,
            bye: g.bye,
            reason: field("reason", &g.reason)?,
        })
        .await?;
    Ok(Json(json!({ "round": round })))
}

/// `POST /api/tournament/{id}/publish` (the arbiter): the round paired
/// last is published; each board's game is made, and online started.
pub async fn publish(arbiter: TheArbiter) -> Answer {
    let TheArbiter { live, me } = arbiter;
    let started = std::time::Instant::now();
    let round = live.publish(&me.id).await?;
    let games = live
        .read(|d| {
            d.round(round)
                .map(|r| r.boards.iter().filter_map(|b| b.game.clone()).collect())
                .unwrap_or_else(Vec::new)
        })
        .await;
    tracing::info!(
        "tournament {}: round {round} published ({} games) in {:.1} ms",
        live.id,
        games.len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    Ok(Json(json!({ "round": round, "games": games })))
}

/// The body of a result, a correction or a forfeit.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardAct {
    round: u32,
    board: u32,
    #[serde(default)]
    result: Option<BoardResult>,
    #[serde(default)]
    absent: Option<Absent>,
    #[serde(default)]
    reason: String,
}

fn required<T>(value: Option<T>, name: &str) -> Result<T, ApiError> {
    value.ok_or_else(|| {
        ApiError::BadRequest(Problem::Required {
            field: name.to_string(),
        })
    })
}

/// `POST /api/tournament/{id}/result` (the arbiter): a board's result,
/// for a game played elsewhere.
pub async fn result(arbiter: TheArbiter, body: Bytes) -> Answer {
    let a: BoardAct = json_body(&body)?;
    arbiter
        .record(EventKind::ResultRecorded {
            round: a.round,
            board: a.board,
            result: required(a.result, "result")?,
            game: None,
        })
        .await
}

/// `POST /api/tournament/{id}/correct` (the arbiter): a recorded result
/// corrected, with the reason; the correction is kept.
pub async fn correct(arbiter: TheArbiter, body: Bytes) -> Answer {
    let a: BoardAct = json_body(&body)?;
    arbiter
        .record(EventKind::ResultCorrected {
            round: a.round,
            board: a.board,
            result: required(a.result, "result")?,
            reason: field("reason", &a.reason)?,
        })
        .await
}

/// `POST /api/tournament/{id}/forfeit` (the arbiter): a board whose
/// player (`white`, `black` or `both`) did not come.
pub async fn forfeit(arbiter: TheArbiter, body: Bytes) -> Answer {
    let a: BoardAct = json_body(&body)?;
    arbiter
        .record(EventKind::Forfeited {
            round: a.round,
            board: a.board,
            absent: required(a.absent, "absent")?,
        })
        .await
}

/// The body of leaving FIDE mode.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Leave {
    #[serde(default)]
    reason: String,
}

/// `POST /api/tournament/{id}/fide-mode/leave` (the arbiter): the event
/// leaves FIDE mode, with the reason, so that the arbiter may do what it
/// refuses (C.04.A: warned, not prevented); the log keeps it and the TRF
/// writes it (record `NFM`).
pub async fn leave_fide_mode(arbiter: TheArbiter, body: Bytes) -> Answer {
    let Leave { reason } = json_body(&body)?;
    arbiter
        .record(EventKind::FideModeLeft {
            reason: field("reason", &reason)?,
        })
        .await
}

/// The body of setting the broadcast delay.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Delay {
    minutes: u32,
}

/// `POST /api/tournament/{id}/broadcast-delay` (the arbiter): the public
/// sees each game in progress `minutes` behind the board from now on (0:
/// live; 15: increased protection); the log keeps the change.
pub async fn set_broadcast_delay(arbiter: TheArbiter, body: Bytes) -> Answer {
    let Delay { minutes } = json_body(&body)?;
    arbiter
        .record(EventKind::BroadcastDelaySet { minutes })
        .await
}

/// `GET /api/tournament/{id}/boards` (the arbiter): the operator's screen
/// of the electronic boards of the last round published: for each board,
/// whether its reader is connected, what the board shows beside the
/// game, the last readings, and the cases it left to the arbiter with the
/// ruling each got.
pub async fn boards(arbiter: TheArbiter) -> Answer {
    let (round, boards) = arbiter.live.boards_desk().await.unzip();
    Ok(Json(
        json!({ "round": round, "boards": boards.unwrap_or_default() }),
    ))
}

/// `GET /api/tournament/{id}/trf`: the event as TRF at this moment.
pub async fn get_trf(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let live = tournament(&services, &id)?;
    let text = live.read(|d| trf::write(&d.tournament())).await;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}
