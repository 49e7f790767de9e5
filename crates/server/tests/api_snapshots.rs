//! Snapshots of the API's JSON: short scripted games played through
//! Arbiter's own API, lichess's API and the game page's WebSocket, and the
//! bodies the main endpoints return, compared with the snapshots under
//! `tests/snapshots/`. Clients read these bodies, so they must not change by
//! accident.
//!
//! What differs from run to run is redacted: game ids and tokens by their
//! value (wherever they appear, URLs and PGN tags included), times and
//! clock readings by their field (insta redactions), PGN dates and clock
//! comments by their pattern.
//!
//! A changed snapshot is a changed API: review it with `cargo insta review`
//! and give the reason in the commit (CONTRIBUTING.md, "Snapshot tests").

mod common;

use arbiter_referee::EventKind;
use common::ws::{act, auth, connect, next_of, play, send};
use common::{Lines, Server, account, challenge_accepted, tokens};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Fields whose values are times or clock readings, which depend on when
/// the test runs and how fast.
const VARYING: &[&str] = &[
    "at_ms",
    "remaining_ms",
    "createdAt",
    "lastMoveAt",
    "seenAt",
    "playedAt",
    "wtime",
    "btime",
    "white_ms",
    "black_ms",
    "hash",
    "prev",
    "next_deadline_ms",
    "deadline_ms",
    "created_unix_ms",
    "server_unix_ms",
    "clock_ms",
    "elapsed_ms",
    "date",
    "time",
];

/// The fields of an event's receipt (see `Scrub::json`).
const RECEIPTS: &[&str] = &["tree_size", "treeSize"];

/// Replaces the values that differ from run to run.
#[derive(Default)]
struct Scrub {
    /// Values seen in this run (ids, tokens) and the placeholder of each.
    values: Vec<(String, String)>,
}

impl Scrub {
    /// Replaces `value` by `[placeholder]` wherever it appears.
    fn name(&mut self, value: &str, placeholder: &str) {
        self.values
            .push((value.to_string(), format!("[{placeholder}]")));
        // The longest first, so that no value is replaced inside another.
        self.values.sort_by_key(|(v, _)| std::cmp::Reverse(v.len()));
    }

    /// Names a created game's id and its three tokens (as [`tokens`]
    /// gives them, which it returns).
    fn game(&mut self, created: &Value) -> (String, String, String, String) {
        let (id, white, black, arbiter) = tokens(created);
        self.name(&id, "game");
        self.name(&white, "white-token");
        self.name(&black, "black-token");
        self.name(&arbiter, "arbiter-token");
        (id, white, black, arbiter)
    }

    fn text(&self, text: &str) -> String {
        let mut out = text.to_string();
        for (value, placeholder) in &self.values {
            out = out.replace(value.as_str(), placeholder);
        }
        let tags = regex::Regex::new(
            r#"\[(Date|UTCDate|UTCTime|Time|StartTime|EndDate|EndTime|GameStartTime|GameEndTime) "[^"]*"\]"#,
        )
        .unwrap();
        let out = tags.replace_all(&out, "[$1 \"[when]\"]");
        let clocks = regex::Regex::new(r"\[%(clk|emt)\s+[0-9:.]+\]").unwrap();
        let out = clocks.replace_all(&out, "[%$1 [clock]]");
        // The record's place in the signed log (see `Scrub::json`).
        let log_tags = regex::Regex::new(r#"\[Log(Origin|Index|Proof) "[^"]*"\]\n"#).unwrap();
        let out = log_tags.replace_all(&out, "");
        if out.contains("[Event ") {
            unwrap_movetext(&out)
        } else {
            out.into_owned()
        }
    }

    /// Scrubs every string of `value`, keys included, as text. An
    /// event's receipt (`tree_size`, lichess's `treeSize`) is left out, as
    /// are the scoresheet's and the PGN's references to the record's place
    /// in the signed log: they depend on the backend (on PostgreSQL, on a
    /// server signing with `--log-key`), and tests/signed_log.rs checks
    /// them against the tree.
    fn json(&self, value: &Value) -> Value {
        match value {
            Value::String(s) => Value::String(self.text(s)),
            Value::Array(items) => Value::Array(items.iter().map(|v| self.json(v)).collect()),
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(k, _)| !RECEIPTS.contains(&k.as_str()))
                    .map(|(k, v)| (self.text(k), self.json(v)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    /// Snapshots a JSON body, its varying fields redacted.
    fn snap(&self, name: &str, value: &Value) {
        let value = self.json(value);
        let mut settings = insta::Settings::clone_current();
        for key in VARYING {
            settings.add_redaction(
                format!(".**.{key}").as_str(),
                insta::dynamic_redaction(|content, _| match content.as_str() {
                    Some(_) => "[time]".into(),
                    None if content.as_u64().is_some() || content.as_i64().is_some() => {
                        "[ms]".into()
                    }
                    None => content,
                }),
            );
        }
        settings.bind(|| insta::assert_json_snapshot!(name, value));
    }

    /// Snapshots a text body (PGN, NDJSON).
    fn snap_text(&self, name: &str, text: &str) {
        insta::assert_snapshot!(name, self.text(text));
    }

    /// Snapshots NDJSON lines, each redacted as JSON.
    fn snap_lines(&self, name: &str, text: &str) {
        let lines: Vec<Value> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        self.snap(name, &Value::Array(lines));
    }
}

/// PGN with each game's movetext on one line: where the exporter wraps it
/// depends on the clock comments' lengths, which vary with the time taken.
fn unwrap_movetext(pgn: &str) -> String {
    let mut out = String::new();
    let mut previous = "";
    for (i, line) in pgn.split('\n').enumerate() {
        let continues = !line.is_empty() && !previous.is_empty() && !previous.starts_with('[');
        if i > 0 {
            out.push(if continues { ' ' } else { '\n' });
        }
        out.push_str(line);
        previous = line;
    }
    out
}

/// `GET path` with an `accept` header: the status and the body as text.
async fn get_text(s: &Server, path: &str, accept: &str) -> (u16, String) {
    let r = s
        .http
        .get(s.url(path))
        .header("accept", accept)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// A status and body as one value, so that a snapshot holds both.
fn answer((status, body): (u16, Value)) -> Value {
    json!({"status": status, "body": body})
}

#[tokio::test]
async fn arbiters_own_api() {
    let s = Server::start().await;
    let mut scrub = Scrub::default();
    let created = s
        .create(
            json!({"white": "Ann", "black": "Bob", "time_control": "300+3",
                       "ruleset": "fide-blitz", "start_now": true}),
        )
        .await;
    let (id, white, black, arbiter) = scrub.game(&created);
    scrub.snap("own_created", &created);

    scrub.snap(
        "own_move_accepted",
        &answer(s.mv(&id, &white, "e2e4").await),
    );
    scrub.snap(
        "own_move_out_of_turn",
        &answer(s.mv(&id, &white, "d2d4").await),
    );
    scrub.snap("own_move_illegal", &answer(s.mv(&id, &black, "e7e4").await));
    scrub.snap(
        "own_move_by_the_arbiter",
        &answer(s.mv(&id, &arbiter, "e7e5").await),
    );
    assert_eq!(s.mv(&id, &black, "e7e5").await.0, 200);
    assert_eq!(s.mv(&id, &white, "g1f3").await.0, 200);
    scrub.snap(
        "own_offer_draw",
        &answer(
            s.event(&id, Some(&white), json!({"kind": "offer_draw"}))
                .await,
        ),
    );
    scrub.snap("own_view_offer_pending", &s.view(&id).await);
    scrub.snap(
        "own_decline_draw",
        &answer(
            s.event(&id, Some(&black), json!({"kind": "decline_draw"}))
                .await,
        ),
    );
    scrub.snap(
        "own_claim_refused",
        &answer(
            s.event(
                &id,
                Some(&black),
                json!({"kind": "claim_draw", "claim": "threefold"}),
            )
            .await,
        ),
    );
    assert_eq!(s.mv(&id, &black, "b8c6").await.0, 200);
    scrub.snap(
        "own_resign",
        &answer(s.event(&id, Some(&white), json!({"kind": "resign"})).await),
    );
    scrub.snap(
        "own_move_after_the_end",
        &answer(s.mv(&id, &black, "g8f6").await),
    );

    scrub.snap("own_view", &s.view(&id).await);
    let mut scoresheet = s.get_json(&format!("/api/games/{id}/scoresheet")).await;
    // The record's place in the signed log (see `Scrub::json`).
    scoresheet.as_object_mut().unwrap().remove("log");
    scrub.snap("own_scoresheet", &scoresheet);
    scrub.snap(
        "own_log",
        &s.get_json(&format!("/api/games/{id}/log")).await,
    );
    scrub.snap(
        "own_rulings",
        &s.get_json(&format!("/api/games/{id}/rulings")).await,
    );
    let (status, pgn) = get_text(&s, &format!("/api/games/{id}/pgn"), "*/*").await;
    assert_eq!(status, 200);
    scrub.snap_text("own_pgn", &pgn);

    // A second game, called off before anyone moved.
    let (aborted, w2, b2, a2) = tokens(&s.started_game("60+0").await);
    scrub.name(&aborted, "aborted-game");
    scrub.name(&w2, "white-token-2");
    scrub.name(&b2, "black-token-2");
    scrub.name(&a2, "arbiter-token-2");
    scrub.snap(
        "own_abort",
        &answer(s.event(&aborted, Some(&b2), json!({"kind": "abort"})).await),
    );
    scrub.snap("own_view_aborted", &s.view(&aborted).await);

    scrub.snap("own_list", &s.get_json("/api/games").await);
    let (status, missing) = get_text(&s, "/api/games/nosuchgame", "*/*").await;
    scrub.snap_text("own_unknown_game", &format!("{status}\n{missing}"));
}

/// Events from `lines` up to and including the first of type `kind`.
async fn until(lines: &mut Lines, kind: &str) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let e = lines.next().await;
        let last = e["type"] == kind;
        seen.push(e);
        if last {
            return seen;
        }
    }
}

#[tokio::test]
async fn lichess_api() {
    let s = Server::start().await;
    let mut scrub = Scrub::default();
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    scrub.name(&alice, "alice-token");
    scrub.name(&bob, "bob-token");
    scrub.snap(
        "lichess_account",
        &s.get_json_as("/api/account", &alice).await,
    );
    let mut bob_events = Lines::open(&s, "/api/stream/event", &bob).await;

    // A game to mate, with a takeback asked, a draw offered and declined,
    // and an illegal move refused on the way.
    let (challenge, id) = challenge_accepted(&s, &alice, &bob).await;
    scrub.name(&id, "game");
    scrub.snap("lichess_challenge", &challenge);
    // An action of the board API on the game: `move/e2e4`, `draw/yes`…
    let board = |token: &str, action: &str| {
        let path = format!("/api/board/game/{id}/{action}");
        let token = token.to_string();
        let s = &s;
        async move { s.post_as(&path, &token).await }
    };
    scrub.snap("lichess_move", &answer(board(&alice, "move/f2f3").await));
    assert_eq!(board(&bob, "move/e7e5").await.0, 200);
    for (name, token, action) in [
        ("lichess_takeback_refused", &alice, "takeback/yes"),
        ("lichess_draw_offered", &alice, "draw/yes"),
        ("lichess_draw_declined", &bob, "draw/no"),
        ("lichess_move_illegal", &alice, "move/e1e3"),
        ("lichess_move_not_uci", &alice, "move/Nf3"),
    ] {
        scrub.snap(name, &answer(board(token, action).await));
    }
    assert_eq!(board(&alice, "move/g2g4").await.0, 200);
    assert_eq!(board(&bob, "move/d8h4").await.0, 200);
    scrub.snap(
        "lichess_abort_refused",
        &answer(board(&alice, "abort").await),
    );
    scrub.snap(
        "lichess_event_stream",
        &Value::Array(until(&mut bob_events, "gameFinish").await),
    );

    let (status, export) = get_text(&s, &format!("/game/export/{id}"), "*/*").await;
    assert_eq!(status, 200);
    scrub.snap_text("lichess_export_pgn", &export);
    let (status, export) = get_text(
        &s,
        &format!("/game/export/{id}?pgnInJson=true"),
        "application/json",
    )
    .await;
    assert_eq!(status, 200);
    scrub.snap(
        "lichess_export_json",
        &serde_json::from_str(&export).unwrap(),
    );
    let (_, games) = get_text(&s, "/api/games/user/bob", "application/x-ndjson").await;
    scrub.snap_lines("lichess_user_games", &games);
    let (_, user) = get_text(&s, "/api/user/alice", "*/*").await;
    scrub.snap("lichess_user", &serde_json::from_str(&user).unwrap());
    let (_, streamed) = get_text(&s, &format!("/api/stream/game/{id}"), "*/*").await;
    scrub.snap_lines("lichess_stream_game", &streamed);
    let mut board = Lines::open(&s, &format!("/api/board/game/stream/{id}"), &alice).await;
    scrub.snap("lichess_board_stream_full", &board.next().await);

    // A game resigned, and one aborted before Black moved: each ended by
    // Bob, on the bot and on the board API.
    for (ending, api, action) in [("resigned", "bot", "resign"), ("aborted", "board", "abort")] {
        let (_, game) = challenge_accepted(&s, &alice, &bob).await;
        scrub.name(&game, &format!("{ending}-game"));
        let opening = format!("/api/board/game/{game}/move/e2e4");
        assert_eq!(s.post_as(&opening, &alice).await.0, 200);
        let ending_route = format!("/api/{api}/game/{game}/{action}");
        let ended = s.post_as(&ending_route, &bob).await;
        scrub.snap(&format!("lichess_{action}"), &answer(ended));
        let (_, export) = get_text(&s, &format!("/game/export/{game}"), "application/json").await;
        scrub.snap(
            &format!("lichess_export_{ending}"),
            &serde_json::from_str(&export).unwrap(),
        );
    }
}

#[tokio::test]
async fn the_game_pages_websocket() {
    let s = Server::start().await;
    let mut scrub = Scrub::default();
    let created = s
        .create(json!({"white": "Ann", "black": "Bob", "time_control": "300+3"}))
        .await;
    let (id, white, black, _) = scrub.game(&created);
    let mut spectator = connect(&s, &id).await;
    scrub.snap(
        "ws_full_before_start",
        &next_of(&mut spectator, "full").await,
    );
    let mut w = connect(&s, &id).await;
    let mut b = connect(&s, &id).await;
    send(&mut w, &auth(&white)).await;
    scrub.snap("ws_role_white", &next_of(&mut w, "role").await);
    send(&mut b, &auth(&black)).await;
    assert_eq!(next_of(&mut b, "role").await["role"], "black");
    scrub.snap(
        "ws_update_started",
        &next_of(&mut spectator, "update").await,
    );

    let mut verdicts = Vec::new();
    let mut updates = Vec::new();
    for (i, m) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let ws = if i % 2 == 0 { &mut w } else { &mut b };
        send(ws, &play(i as u64, m)).await;
        verdicts.push(next_of(ws, "verdict").await);
        updates.push(next_of(&mut spectator, "update").await);
    }
    scrub.snap("ws_move_verdicts", &Value::Array(verdicts));
    scrub.snap("ws_spectator_updates", &Value::Array(updates));

    send(&mut spectator, &act(9, EventKind::Resign, None)).await;
    scrub.snap(
        "ws_spectator_refused",
        &next_of(&mut spectator, "verdict").await,
    );
    send(&mut w, &play(10, "e2e4")).await;
    scrub.snap("ws_move_after_mate", &next_of(&mut w, "verdict").await);
    w.send(Message::text("{not json")).await.unwrap();
    scrub.snap("ws_malformed", &next_of(&mut w, "error").await);
    let mut late = connect(&s, &id).await;
    scrub.snap("ws_full_after_mate", &next_of(&mut late, "full").await);
}
