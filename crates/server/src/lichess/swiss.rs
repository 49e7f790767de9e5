//! lichess's Swiss API, as berserk calls it: a Swiss is an Arbiter
//! tournament paired by Arbiter's Dutch engine, its games refereed like
//! every other; a team is a name, made on first use.

use std::collections::HashMap;
use std::sync::Arc;

use arbiter_referee::{Bonus, TimeControl};
use arbiter_tournament::director::{Director, EventKind, PlayerId, Registration, Settings};
use arbiter_tournament::trf;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::routes::{account, line, params, standard_chess};
use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::request::seat::sight_of;
use crate::services::Services;
use crate::store::Account;
use crate::time::{date_of, unix_ms};
use crate::tournament::LiveTournament;

type Ok200 = Result<Json<Value>, ApiError>;

/// lichess's "rounds are started by hand": a round interval this long or
/// longer (`99999999` seconds in its documentation).
const MANUAL_INTERVAL_S: u64 = 99_999_999;

/// When a Swiss starts if the request does not say (lichess: ten minutes
/// after creation).
const DEFAULT_START_MS: i64 = 10 * 60 * 1000;

/// The longest event (lichess allows 100 rounds).
const MOST_ROUNDS: u32 = 100;

/// A moment as lichess writes it: `2026-12-02T10:00:00.000Z`.
fn instant(unix_ms: i64) -> String {
    let s = unix_ms.div_euclid(1000).rem_euclid(86_400);
    format!(
        "{}T{:02}:{:02}:{:02}.{:03}Z",
        date_of(unix_ms),
        s / 3600,
        s / 60 % 60,
        s % 60,
        unix_ms.rem_euclid(1000)
    )
}

fn number<T: std::str::FromStr>(
    p: &HashMap<String, String>,
    key: &str,
) -> Result<Option<T>, ApiError> {
    p.get(key)
        .filter(|v| !v.is_empty())
        .map(|v| {
            v.parse::<T>().map_err(|_| {
                ApiError::BadRequest(Problem::NotANumber {
                    field: key.to_string(),
                })
            })
        })
        .transpose()
}

/// Pairs of user names as lichess takes them: two names a line,
/// separated by a space (blank lines skipped). A line of another shape is
/// refused with its number.
fn name_pairs(p: &HashMap<String, String>, key: &str) -> Result<Vec<[String; 2]>, ApiError> {
    let Some(text) = p.get(key) else {
        return Ok(Vec::new());
    };
    let mut pairs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let names: Vec<&str> = line.split_whitespace().collect();
        match names[..] {
            [] => {}
            [a, b] => pairs.push([a.to_lowercase(), b.to_lowercase()]),
            _ => {
                return Err(ApiError::BadRequest(Problem::NotTwoNames {
                    field: key.to_string(),
                    line: i + 1,
                }));
            }
        }
    }
    Ok(pairs)
}

/// `POST /api/swiss/new/{teamId}`: `clock.limit`, `clock.increment`
/// (seconds), `nbRounds`, `name`, `startsAt` (ms), `roundInterval`
/// (seconds; 99999999: rounds started by hand), `forbiddenPairings`
/// (players never paired together) and `manualPairings` (round 1 by
/// hand; the players on no valid line get a bye worth a point), each two
/// user names a line, `password` (the entry code a player gives to
/// join; an empty one is none), and `conditions.allowList` (the only
/// accounts that may join, by user name, separated by commas or lines).
/// Other conditions (ratings, rated games, titles) are refused rather
/// than ignored: the server has none of what they ask to check.
pub async fn create(
    State(services): State<Arc<Services>>,
    Path(team): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let me = account(&services, &headers).await?;
    let p = params(&headers, &body)?;
    standard_chess(&p)?;
    let limit: u64 = number(&p, "clock.limit")?.ok_or_else(|| {
        ApiError::BadRequest(Problem::Required {
            field: "clock.limit".into(),
        })
    })?;
    let increment: u64 = number(&p, "clock.increment")?.unwrap_or(0);
    if limit > 3 * 3600 || increment > 180 || limit + increment == 0 {
        return Err(ApiError::BadRequest(Problem::SwissClockOutOfRange));
    }
    let rounds: u32 = number(&p, "nbRounds")?.ok_or_else(|| {
        ApiError::BadRequest(Problem::Required {
            field: "nbRounds".into(),
        })
    })?;
    if !(1..=MOST_ROUNDS).contains(&rounds) {
        return Err(ApiError::BadRequest(Problem::RoundsOutOfRange {
            most: MOST_ROUNDS,
        }));
    }
    let time_control = TimeControl::sudden_death(
        limit * 1000,
        if increment > 0 {
            Bonus::Increment(increment * 1000)
        } else {
            Bonus::None
        },
    );
    let name = p
        .get("name")
        .filter(|n| !n.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| format!("{team} Swiss"));
    let starts_at: i64 = number(&p, "startsAt")?.unwrap_or_else(|| unix_ms() + DEFAULT_START_MS);
    let interval: Option<u64> = number(&p, "roundInterval")?;
    let mut settings = Settings::swiss(name, rounds, time_control);
    settings.start_date = date_of(starts_at);
    settings.chief_arbiter = me.name.clone();
    settings.starts_at_ms = Some(starts_at);
    // lichess's default: a pause chosen by the clock; rounds here follow
    // one another after a short pause unless started by hand.
    settings.round_interval_ms = match interval {
        Some(s) if s >= MANUAL_INTERVAL_S => None,
        Some(s) => Some(s * 1000),
        None => Some(limit.clamp(10, 120) * 1000),
    };
    // A player who has not moved this long after his clock started loses
    // by default (FIDE 6.7.1), as on lichess.
    settings.default_time_ms = Some(services.config.default_time.as_millis() as u64);
    settings.forbidden_pairs = name_pairs(&p, "forbiddenPairings")?;
    settings.manual_pairings = name_pairs(&p, "manualPairings")?;
    // lichess's round 1 by hand is not the pairing system's: FIDE mode
    // refuses it (C.04.2 1.5, VCL.07), so such a Swiss is made outside it.
    settings.fide_mode = settings.manual_pairings.is_empty();
    settings.entry_code = p
        .get("password")
        .map(|code| code.trim().to_string())
        .filter(|code| !code.is_empty());
    settings.allowed_accounts = allow_list(&p)?;
    // Arbiter's extension: the broadcast delay, in minutes.
    settings.broadcast_delay_minutes = number(&p, "broadcastDelay")?.unwrap_or(0);
    let live = services.tournaments.create(&team, &me.id, settings).await?;
    Ok(Json(info(&live).await))
}

/// The accounts of `conditions.allowList`, lower-cased; an entry
/// condition the server cannot check (any other `conditions.…` given a
/// value, or `%titled` in the list) is refused.
fn allow_list(p: &HashMap<String, String>) -> Result<Vec<String>, ApiError> {
    const ALLOW_LIST: &str = "conditions.allowList";
    let unchecked = |field: &str| {
        ApiError::BadRequest(Problem::ConditionNotChecked {
            field: field.to_string(),
        })
    };
    if let Some((field, _)) = p
        .iter()
        .find(|(k, v)| k.starts_with("conditions.") && *k != ALLOW_LIST && !v.trim().is_empty())
    {
        return Err(unchecked(field));
    }
    let names = p.get(ALLOW_LIST).map_or("", String::as_str);
    let names: Vec<String> = names
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|n| !n.is_empty())
        .map(str::to_lowercase)
        .collect();
    if names.iter().any(|n| n.starts_with('%')) {
        return Err(unchecked(&format!("{ALLOW_LIST} %titled")));
    }
    Ok(names)
}

/// The lichess JSON of a Swiss.
async fn info(live: &LiveTournament) -> Value {
    let mut json = live
        .read(|d| {
            let next = d.next_round_at();
            let s = d.settings().expect("a created Swiss");
            let status = if d.is_finished() {
                "finished"
            } else if d.rounds_paired() > 0 {
                "started"
            } else {
                "created"
            };
            let ongoing: Vec<String> = d
                .rounds()
                .last()
                .map(|r| {
                    r.boards
                        .iter()
                        .filter(|b| b.result.is_none())
                        .filter_map(|b| b.game.clone())
                        .collect()
                })
                .unwrap_or_default();
            let mut json = json!({
                "id": live.id,
                "createdBy": d.created_by(),
                "startsAt": instant(s.starts_at_ms.unwrap_or(live.created_unix_ms)),
                "name": s.name,
                "clock": {
                    "limit": s.time_control.initial_ms() / 1000,
                    "increment": increment_s(&s.time_control),
                },
                "variant": "standard",
                "round": d.rounds_paired(),
                "nbRounds": s.rounds,
                "nbPlayers": d.players().len(),
                "nbOngoing": ongoing.len(),
                "status": status,
                "rated": false,
                "verified": false,
            });
            // As lichess: whether a password is asked, never the password.
            if d.has_entry_code() {
                json["password"] = json!(true);
            }
            if d.rounds_paired() == 0 && next.is_none() {
                json["nextRound"] = next_round(s.starts_at_ms);
            } else if !d.is_finished() && next.is_some() {
                json["nextRound"] = next_round(next);
            }
            json
        })
        .await;
    if json.get("nextRound").is_some_and(Value::is_null) {
        json.as_object_mut().map(|o| o.remove("nextRound"));
    }
    json
}

fn next_round(at: Option<i64>) -> Value {
    match at {
        Some(at) => json!({"at": instant(at), "in": ((at - unix_ms()) / 1000).max(0)}),
        None => Value::Null,
    }
}

fn increment_s(tc: &TimeControl) -> u64 {
    match tc.period(0).map(|p| p.bonus) {
        Some(Bonus::Increment(ms)) => ms / 1000,
        _ => 0,
    }
}

fn swiss(services: &Services, id: &str) -> Result<Arc<LiveTournament>, ApiError> {
    services
        .tournaments
        .get(id)
        .ok_or(ApiError::NotFound(Problem::SwissNotFound))
}

/// `GET /api/swiss/{id}`.
pub async fn get(State(services): State<Arc<Services>>, Path(id): Path<String>) -> Ok200 {
    let live = swiss(&services, &id)?;
    Ok(Json(info(&live).await))
}

/// `POST /api/swiss/{id}/join` (form or JSON `password`, when the Swiss
/// has one): the account enters, with its name. A wrong or missing
/// password is refused with 400, as lichess refuses it.
pub async fn join(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Ok200 {
    let me = account(&services, &headers).await?;
    let live = swiss(&services, &id)?;
    let p = params(&headers, &body)?;
    // The password and the allow list are the director's to check, as he
    // applies the entry.
    let player = Registration {
        name: me.name.clone(),
        account: Some(me.id.clone()),
        ..Registration::default()
    };
    let entry_code = p.get("password").cloned();
    live.act_now(&me.id, EventKind::Registered { player, entry_code })
        .await?;
    Ok(Json(json!({"ok": true})))
}

async fn player_of(live: &LiveTournament, me: &Account) -> Result<PlayerId, ApiError> {
    live.read(|d| d.player_of_account(&me.id).map(|p| p.id))
        .await
        .ok_or(ApiError::BadRequest(Problem::NotInSwiss))
}

/// `POST /api/swiss/{id}/withdraw`: the account leaves; it is paired in
/// no round after the last one paired.
pub async fn withdraw(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Ok200 {
    let me = account(&services, &headers).await?;
    let live = swiss(&services, &id)?;
    let player = player_of(&live, &me).await?;
    live.act_now(&me.id, EventKind::Withdrawn { player })
        .await?;
    Ok(Json(json!({"ok": true})))
}

/// Only the Swiss's creator directs it.
async fn director(
    services: &Services,
    id: &str,
    headers: &HeaderMap,
) -> Result<(Arc<LiveTournament>, Account), ApiError> {
    let me = account(services, headers).await?;
    let live = swiss(services, id)?;
    let creator = live.read(|d| d.created_by().to_string()).await;
    if creator != me.id {
        return Err(ApiError::Forbidden(Problem::OnlySwissCreator));
    }
    Ok((live, me))
}

/// `POST /api/swiss/{id}/schedule-next-round` (`date`, ms): the next round
/// starts then, or as soon as the last result of the round before is in.
pub async fn schedule_next_round(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Ok200 {
    let (live, me) = director(&services, &id, &headers).await?;
    let p = params(&headers, &body)?;
    let at: i64 = number(&p, "date")?.unwrap_or_else(unix_ms);
    live.schedule_next_round(&me.id, at).await?;
    Ok(Json(json!({"ok": true})))
}

/// `POST /api/swiss/{id}/terminate`.
pub async fn terminate(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Ok200 {
    let (live, me) = director(&services, &id, &headers).await?;
    live.act_now(&me.id, EventKind::Terminated).await?;
    Ok(Json(json!({"ok": true})))
}

/// The standings as lichess's results lines: rank, points, the first
/// tie-break after the points, the player's account.
fn results(d: &Director) -> Vec<Value> {
    let standings = d.standings();
    let starts = d.start_order();
    standings
        .rows
        .iter()
        .map(|row| {
            let player = d
                .player(starts[row.start_no as usize - 1])
                .expect("a ranked player is registered");
            let value = |i: usize| -> Value {
                row.values
                    .get(i)
                    .copied()
                    .flatten()
                    .and_then(|v| v.to_string().parse::<f64>().ok())
                    .map_or(Value::Null, |v| json!(v))
            };
            let mut line = json!({
                "rank": row.rank,
                "points": value(0),
                "tieBreak": value(1),
                "rating": player.registration.rating,
                "username": player.registration.account.as_deref().unwrap_or(&player.registration.name),
            });
            if let Some(t) = &player.registration.title {
                line["title"] = json!(t.to_uppercase());
            }
            line
        })
        .collect()
}

/// `GET /api/swiss/{id}/results` (NDJSON, `nb` lines at most): the
/// standings by the event's tie-breaks, after the rounds complete.
pub async fn get_results(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let live = swiss(&services, &id)?;
    let nb: usize = number(&q, "nb")?.unwrap_or(usize::MAX);
    let lines = live.read(results).await;
    let mut body = Vec::new();
    for l in lines.iter().take(nb) {
        body.extend_from_slice(&line(l));
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// `GET /api/swiss/{id}/games`: every game of the rounds, in PGN (a game
/// in progress behind the broadcast delay for the public).
pub async fn get_games(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let live = swiss(&services, &id)?;
    let mut body = String::new();
    for id in live.games().await {
        if let Some(game) = services.games.game(&id).await? {
            // A game in progress as the caller sees it: the public behind
            // the event's broadcast delay.
            let sight = sight_of(&services, &game, &headers).await;
            body.push_str(&game.read_seen(sight, |g| g.to_pgn()).await?);
            if !body.ends_with("\n\n") {
                body.push('\n');
            }
        }
    }
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        body,
    )
        .into_response())
}

/// `GET /swiss/{id}.trf`: the event as a TRF at this moment (the rounds
/// whose results are all in).
pub async fn get_trf(
    State(services): State<Arc<Services>>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let id = file
        .strip_suffix(".trf")
        .ok_or(ApiError::NotFound(Problem::SwissNotFound))?;
    let live = swiss(&services, id)?;
    let text = live.read(|d| trf::write(&d.tournament())).await;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `GET /api/team/{teamId}/swiss` (NDJSON, `max` at most): the team's
/// Swiss events, the most recent first.
pub async fn of_team(
    State(services): State<Arc<Services>>,
    Path(team): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let max: usize = number(&q, "max")?.unwrap_or(100);
    let mut body = Vec::new();
    for live in services.tournaments.of_team(&team).into_iter().take(max) {
        body.extend_from_slice(&line(&info(&live).await));
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_are_written_as_lichess_writes_them() {
        assert_eq!(instant(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(instant(1_764_633_600_123), "2025-12-02T00:00:00.123Z");
    }
}
