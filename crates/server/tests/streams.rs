//! The web page's WebSocket and lichess's NDJSON streams, watched by real
//! clients while a game is played.

mod common;

use std::time::Duration;

use arbiter_referee::EventKind;
use common::ws::{Ws, auth, connect, next_json, next_of, play, send};
use common::{Lines, Server, account, json_answer, tokens};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn players_act_over_the_socket_and_a_spectator_sees_every_move() {
    let s = Server::start().await;
    let created = s
        .create(json!({"white": "Ann", "black": "Bob", "time_control": "300+3"}))
        .await;
    let (id, white, black, _) = tokens(&created);
    let mut spectator = connect(&s, &id).await;
    let full = next_of(&mut spectator, "full").await;
    assert_eq!(full["view"]["status"], "created");
    assert_eq!(full["view"]["head"]["white"], "Ann");
    let mut w = connect(&s, &id).await;
    let mut b = connect(&s, &id).await;
    send(&mut w, &auth(&white)).await;
    assert_eq!(next_of(&mut w, "role").await["role"], "white");
    send(&mut b, &auth(&black)).await;
    assert_eq!(next_of(&mut b, "role").await["role"], "black");
    // Both players are at the board: the server starts White's clock.
    let started = next_of(&mut spectator, "update").await;
    assert_eq!(started["view"]["status"], "started");
    assert_eq!(started["view"]["clock"]["running"], "white");
    // The head never changes: only the whole view carries it.
    assert!(started["view"].get("head").is_none(), "{started}");
    assert!(
        started["view"]["dests"]["e2"]
            .as_array()
            .unwrap()
            .contains(&json!("e4"))
    );

    let moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    for (i, m) in moves.iter().enumerate() {
        let ws = if i % 2 == 0 { &mut w } else { &mut b };
        send(ws, &play(i as u64, m)).await;
        let verdict = next_of(ws, "verdict").await;
        assert_eq!(verdict["verdict"]["verdict"], "accepted", "{verdict}");
        let seen = next_of(&mut spectator, "update").await;
        assert_eq!(seen["view"]["moves_from"], i);
        assert_eq!(seen["view"]["moves"][0]["uci"], *m);
    }
    let last = s.view(&id).await;
    assert_eq!(last["outcome"]["termination"], "checkmate");
    assert_eq!(last["result"], "0-1");

    // A spectator's action is refused, and a refused move names its rule.
    send(&mut spectator, &common::ws::act(9, EventKind::Resign, None)).await;
    assert_spectators(&next_of(&mut spectator, "verdict").await);
    send(&mut w, &play(10, "e2e4")).await;
    let refused = next_of(&mut w, "verdict").await;
    assert_eq!(refused["verdict"]["verdict"], "rejected");
    assert_eq!(refused["verdict"]["rule"], "FIDE 5.1.1");
    // Garbage does not close the connection.
    w.send(Message::text("{not json")).await.unwrap();
    assert_eq!(next_json(&mut w).await["type"], "error");
}

/// A move, as an action's event.
fn mv(uci: &str) -> Value {
    json!({"kind": "move", "move": uci})
}

/// Asserts that an action was refused as a spectator's.
fn assert_spectators(answer: &Value) {
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(error.contains("spectators"), "{answer}");
}

/// Sends an action over `ws`, with `token` when given, and returns its verdict.
async fn act(ws: &mut Ws, id: u64, event: Value, token: Option<&str>) -> Value {
    let event: EventKind = serde_json::from_value(event).expect("an event");
    send(ws, &common::ws::act(id, event, token)).await;
    next_of(ws, "verdict").await
}

#[tokio::test]
async fn one_connection_relays_both_players_moves_with_their_tokens() {
    let s = Server::start().await;
    let created = s
        .create(json!({"white": "Ann", "black": "Bob", "time_control": "300+3", "start_now": true}))
        .await;
    let (id, white, black, _) = tokens(&created);
    let other = s
        .create(json!({"white": "Cid", "black": "Dee", "time_control": "300+3", "start_now": true}))
        .await;
    let (_, other_white, _, _) = tokens(&other);
    let mut relay = connect(&s, &id).await;
    assert_eq!(
        next_of(&mut relay, "full").await["view"]["status"],
        "started"
    );

    let e4 = mv("e2e4");
    // Without a token the connection is a spectator's; with a forged one,
    // or another game's, it still is.
    assert_spectators(&act(&mut relay, 1, e4.clone(), None).await);
    let forged = format!("{}x", &white[..white.len() - 1]);
    for token in [forged.as_str(), other_white.as_str()] {
        assert_spectators(&act(&mut relay, 2, e4.clone(), Some(token)).await);
    }
    assert!(s.view(&id).await["moves"].as_array().unwrap().is_empty());

    // Black's token does not move White's pieces.
    let out_of_turn = act(&mut relay, 3, e4.clone(), Some(&black)).await;
    assert_eq!(
        out_of_turn["verdict"]["verdict"], "rejected",
        "{out_of_turn}"
    );

    for (i, (m, token)) in [("e2e4", &white), ("e7e5", &black), ("g1f3", &white)]
        .into_iter()
        .enumerate()
    {
        let verdict = act(&mut relay, 10 + i as u64, mv(m), Some(token)).await;
        assert_eq!(verdict["verdict"]["verdict"], "accepted", "{verdict}");
    }
    let view = s.view(&id).await;
    let played: Vec<_> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].clone())
        .collect();
    assert_eq!(played, [json!("e2e4"), json!("e7e5"), json!("g1f3")]);
    // The connection's own role never changed.
    assert_spectators(&act(&mut relay, 20, json!({"kind": "resign"}), None).await);
    assert!(s.view(&id).await["outcome"].is_null());
}

#[tokio::test]
async fn a_relayed_action_refused_is_told_to_the_room_a_page_s_own_is_not() {
    let s = Server::start().await;
    let created = s
        .create(json!({"white": "Ann", "black": "Bob", "time_control": "300+3", "start_now": true}))
        .await;
    let (id, white, black, _) = tokens(&created);
    let mut spectator = connect(&s, &id).await;
    next_of(&mut spectator, "full").await;
    let mut relay = connect(&s, &id).await;
    next_of(&mut relay, "full").await;

    // The relay (an electronic board) moves Black's pawn on White's turn.
    let answer = act(&mut relay, 1, mv("e7e5"), Some(&black)).await;
    assert_eq!(answer["verdict"]["verdict"], "rejected", "{answer}");
    let told = next_of(&mut spectator, "refused").await;
    assert_eq!(told["actor"], "black");
    assert_eq!(told["kind"], "move");
    // The very verdict the relay had, rule and both languages.
    assert_eq!(told["verdict"], answer["verdict"]);
    assert!(told["verdict"]["message"]["zh"].as_str().unwrap() != "");

    // White's own page tries an illegal move: only that page hears why.
    let mut w = connect(&s, &id).await;
    send(&mut w, &auth(&white)).await;
    next_of(&mut w, "role").await;
    let own = act(&mut w, 2, mv("e2e5"), None).await;
    assert_eq!(own["verdict"]["verdict"], "rejected", "{own}");
    // The next thing the spectator hears of the game is White's move.
    let accepted = act(&mut relay, 3, mv("e2e4"), Some(&white)).await;
    assert_eq!(accepted["verdict"]["verdict"], "accepted", "{accepted}");
    loop {
        let v = next_json(&mut spectator).await;
        assert_ne!(v["type"], "refused", "{v}");
        if v["type"] == "update" {
            assert_eq!(v["view"]["moves"][0]["uci"], "e2e4");
            break;
        }
    }
}

#[tokio::test]
async fn a_lichess_client_plays_through_challenges_and_streams() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    assert_eq!(s.get_json_as("/api/account", &alice).await["id"], "alice");
    assert_eq!(s.get_with("/api/account", "nope").await.status(), 401);
    let tested = json_answer(
        s.http
            .post(s.url("/api/token/test"))
            .body(format!("{alice},bogus")),
    )
    .await;
    assert_eq!(tested[&alice]["userId"], "alice");
    assert_eq!(tested["bogus"], Value::Null);

    let mut alice_events = Lines::open(&s, "/api/stream/event", &alice).await;
    let mut bob_events = Lines::open(&s, "/api/stream/event", &bob).await;
    let challenge = json_answer(
        s.http
            .post(s.url("/api/challenge/bob"))
            .bearer_auth(&alice)
            .form(&[
                ("clock.limit", "300"),
                ("clock.increment", "2"),
                ("color", "white"),
            ]),
    )
    .await;
    let cid = challenge["id"].as_str().unwrap().to_string();
    let incoming = bob_events.next().await;
    assert_eq!(incoming["type"], "challenge");
    assert_eq!(incoming["challenge"]["challenger"]["id"], "alice");
    let r = s
        .post_with(&format!("/api/challenge/{cid}/accept"), &bob)
        .await;
    assert_eq!(r.status(), 200);
    let start = alice_events.next().await;
    assert_eq!(start["type"], "gameStart");
    assert_eq!(start["game"]["color"], "white");
    let game_id = start["game"]["gameId"].as_str().unwrap().to_string();
    // The game is the challenge's, and has started already.
    assert_eq!(game_id, cid);
    assert_eq!(start["game"]["status"]["name"], "started");
    assert_eq!(bob_events.next().await["game"]["color"], "black");

    let mut alice_game =
        Lines::open(&s, &format!("/api/board/game/stream/{game_id}"), &alice).await;
    let full = alice_game.next().await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["white"]["id"], "alice");
    assert_eq!(full["clock"]["initial"], 300_000);
    assert_eq!(full["clock"]["increment"], 2000);
    assert_eq!(full["state"]["moves"], "");
    assert_eq!(full["state"]["status"], "started");
    let mut bob_game = Lines::open(&s, &format!("/api/bot/game/stream/{game_id}"), &bob).await;
    assert_eq!(bob_game.next().await["type"], "gameFull");

    let post = |path: String, token: &str| {
        let req = s.http.post(s.url(&path)).bearer_auth(token.to_string());
        async move { req.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(
        post(format!("/api/board/game/{game_id}/move/e2e4"), &alice).await,
        200
    );
    let state = bob_game.next().await;
    let state = if state["moves"] == "" {
        bob_game.next().await
    } else {
        state
    };
    assert_eq!(state["type"], "gameState");
    assert_eq!(state["moves"], "e2e4");
    assert_eq!(
        post(
            format!("/api/board/game/{game_id}/move/e7e5?offeringDraw=true"),
            &bob
        )
        .await,
        200
    );
    // Alice declines with "no", then resigns; the takeback is refused by rule.
    assert_eq!(
        post(format!("/api/board/game/{game_id}/takeback/yes"), &alice).await,
        400
    );
    assert_eq!(
        post(format!("/api/board/game/{game_id}/draw/no"), &alice).await,
        200
    );
    assert_eq!(
        post(format!("/api/board/game/{game_id}/move/e1e2"), &bob).await,
        400
    );
    let chat = s
        .http
        .post(s.url(&format!("/api/board/game/{game_id}/chat")))
        .bearer_auth(&alice)
        .form(&[("room", "player"), ("text", "gg <b>")])
        .send()
        .await
        .unwrap();
    assert_eq!(chat.status(), 200);
    assert_eq!(
        post(format!("/api/board/game/{game_id}/resign"), &alice).await,
        200
    );
    let mut last = bob_game.next().await;
    let mut saw_chat = false;
    while last["status"] != "resign" {
        saw_chat |= last["type"] == "chatLine" && last["text"] == "gg <b>";
        last = bob_game.next().await;
    }
    assert!(saw_chat);
    assert_eq!(last["winner"], "black");
    assert_eq!(last["moves"], "e2e4 e7e5");
    let finish = alice_events.next().await;
    assert_eq!(finish["type"], "gameFinish");
    assert_eq!(finish["game"]["winner"], "black");
}

#[tokio::test]
async fn a_player_who_leaves_loses_on_the_opponents_claim() {
    let s = Server::start().await;
    let created = s
        .create(json!({"white": "Ann", "black": "Bob", "time_control": "300+3"}))
        .await;
    let (id, white, black, _) = tokens(&created);
    // White plays with a lichess client on her seat token; Black in the browser.
    let mut white_stream = Lines::open(&s, &format!("/api/board/game/stream/{id}"), &white).await;
    assert_eq!(white_stream.next().await["type"], "gameFull");
    let mut b = connect(&s, &id).await;
    send(&mut b, &auth(&black)).await;
    assert_eq!(next_of(&mut b, "role").await["role"], "black");
    assert_eq!(white_stream.next().await["status"], "started");
    // Too early: Black is still there.
    let claim = format!("/api/board/game/{id}/claim-victory");
    let r = s.post_with(&claim, &white).await;
    assert_eq!(r.status(), 400);
    drop(b);
    let gone = white_stream.next().await;
    assert_eq!(gone["type"], "opponentGone", "{gone}");
    assert_eq!(gone["gone"], true);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let r = s.post_with(&claim, &white).await;
    assert_eq!(r.status(), 200);
    let last = white_stream.next().await;
    assert_eq!(last["winner"], "white", "{last}");
    let view = s.view(&id).await;
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 11.2.3");
}

#[tokio::test]
async fn challenges_are_declined_by_their_receiver_and_cancelled_by_their_sender() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    let mut alice_events = Lines::open(&s, "/api/stream/event", &alice).await;
    let mut bob_events = Lines::open(&s, "/api/stream/event", &bob).await;
    let challenge = |token: String| {
        let s = &s;
        async move {
            let c = json_answer(
                s.http
                    .post(s.url("/api/challenge/bob"))
                    .bearer_auth(token)
                    .form(&[("clock.limit", "300"), ("clock.increment", "2")]),
            )
            .await;
            c["id"].as_str().unwrap().to_string()
        }
    };
    let post = |path: String, token: String| {
        let s = &s;
        async move { s.post_with(&path, &token).await.status() }
    };

    let first = challenge(alice.clone()).await;
    assert_eq!(bob_events.next().await["type"], "challenge");
    // Only the receiver declines, only the sender cancels.
    let decline = format!("/api/challenge/{first}/decline");
    assert_eq!(post(decline.clone(), alice.clone()).await, 403);
    assert_eq!(post(decline.clone(), bob.clone()).await, 200);
    let declined = alice_events.next().await;
    assert_eq!(declined["type"], "challengeDeclined");
    assert_eq!(declined["challenge"]["id"], first.as_str());
    assert_eq!(post(decline, bob.clone()).await, 404);

    let second = challenge(alice.clone()).await;
    assert_eq!(bob_events.next().await["type"], "challenge");
    let cancel = format!("/api/challenge/{second}/cancel");
    assert_eq!(post(cancel.clone(), bob.clone()).await, 403);
    assert_eq!(post(cancel, alice.clone()).await, 200);
    assert_eq!(bob_events.next().await["type"], "challengeCanceled");
}
