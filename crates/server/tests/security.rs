//! Who may act, and what no request can do: each refusal with its status,
//! and the game unchanged after it.

mod common;

use common::{Server, tokens};
use serde_json::{Value, json};

async fn log_len(s: &Server, id: &str) -> usize {
    let log: Value = s.get_json(&format!("/api/games/{id}/log")).await;
    log["events"].as_array().unwrap().len()
}

#[tokio::test]
async fn only_a_seats_token_acts_for_that_seat() {
    let s = Server::start().await;
    let (id, white, black, _) = tokens(&s.started_game("300+3").await);
    let before = log_len(&s, &id).await;
    // The opponent's token moves for the opponent, who is not to move.
    assert_eq!(s.mv(&id, &black, "e2e4").await.0, 422);
    // A spectator (no token) cannot act.
    let (status, _) = s
        .event(&id, None, json!({"kind": "move", "move": "e2e4"}))
        .await;
    assert_eq!(status, 401);
    // A forged token: the right length, wrong bits; and white's with one digit changed.
    let forged = "0".repeat(64);
    assert_eq!(s.mv(&id, &forged, "e2e4").await.0, 401);
    let mut near = white.clone().into_bytes();
    near[10] = if near[10] == b'a' { b'b' } else { b'a' };
    assert_eq!(
        s.mv(&id, &String::from_utf8(near).unwrap(), "e2e4").await.0,
        401
    );
    // A seat token of another game.
    let (_, other_white, _, _) = tokens(&s.started_game("300+3").await);
    assert_eq!(s.mv(&id, &other_white, "e2e4").await.0, 401);
    // Lichess routes: the same rules.
    let r = s
        .post_with(&format!("/api/board/game/{id}/move/e2e4"), &forged)
        .await;
    assert_eq!(r.status(), 401);
    let r = s
        .post_with(&format!("/api/board/game/{id}/move/e7e5"), &black)
        .await;
    assert_eq!(r.status(), 400);
    assert_eq!(log_len(&s, &id).await, before);
    assert_eq!(s.view(&id).await["moves"].as_array().unwrap().len(), 0);
    // White's own token works.
    assert_eq!(s.mv(&id, &white, "e2e4").await.0, 200);
}

#[tokio::test]
async fn oversized_and_malformed_bodies_are_refused() {
    let s = Server::start().await;
    let (id, white, _, _) = tokens(&s.started_game("300+3").await);
    let url = s.url(&format!("/api/games/{id}/events"));
    let huge = format!(r#"{{"kind":"move","move":"{}"}}"#, "e".repeat(100_000));
    let r = s
        .http
        .post(&url)
        .bearer_auth(&white)
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 413);
    for body in [
        "",
        "{",
        "null",
        "[]",
        r#"{"kind":"teleport"}"#,
        r#"{"kind":"move"}"#,
        "\u{0}\u{1}",
        r#"{"kind":"move","move":12}"#,
    ] {
        let r = s
            .http
            .post(&url)
            .bearer_auth(&white)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400, "body {body:?}");
    }
    let r = s
        .http
        .post(s.url("/api/games"))
        .header("content-type", "application/json")
        .body(r#"{"white":"a"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let r = s
        .post_json(
            "/api/games",
            &json!({"white": "x".repeat(500), "black": "b"}),
        )
        .await;
    assert_eq!(r.status(), 400);
    let r = s
        .post_json(
            "/api/games",
            &json!({"white": "a", "black": "b", "fen": "not a fen"}),
        )
        .await;
    assert_eq!(r.status(), 400);
    let r = s
        .post_json(
            "/api/games",
            &json!({"white": "a", "black": "b", "time_control": "forever"}),
        )
        .await;
    assert_eq!(r.status(), 400);
    // The server still serves, and the game is untouched.
    assert_eq!(s.view(&id).await["seq"], 1);
}

#[tokio::test]
async fn a_finished_game_cannot_be_altered() {
    let s = Server::start().await;
    let (id, white, black, arbiter) = tokens(&s.started_game("300+3").await);
    assert_eq!(
        s.event(&id, Some(&white), json!({"kind": "resign"}))
            .await
            .0,
        200
    );
    let before = log_len(&s, &id).await;
    for (token, event) in [
        (&black, json!({"kind": "move", "move": "e7e5"})),
        (&white, json!({"kind": "move", "move": "e2e4"})),
        (&black, json!({"kind": "resign"})),
        (
            &arbiter,
            json!({"kind": "declare_result", "result": "0-1", "rule": "FIDE 12.2", "reason": "again"}),
        ),
        (&white, json!({"kind": "offer_draw"})),
    ] {
        let (status, body) = s.event(&id, Some(token), event).await;
        assert_eq!(status, 422, "{body}");
    }
    let (status, _) = s.event(&id, Some(&white), json!({"kind": "tick"})).await;
    assert_eq!(status, 400);
    assert_eq!(log_len(&s, &id).await, before);
    assert_eq!(s.view(&id).await["result"], "0-1");
}

#[tokio::test]
async fn names_are_stored_as_text_and_served_as_data() {
    let s = Server::start().await;
    let evil = "<script>alert(1)</script>";
    let created = s.create(json!({"white": evil, "black": "\"quoted\" & <b>", "event": "<img src=x onerror=alert(1)>"})).await;
    let id = created["id"].as_str().unwrap();
    let view = s.view(id).await;
    assert_eq!(view["head"]["white"], evil);
    // The pages never contain game data: they fetch it as JSON and set it as text.
    let page = s.get(&format!("/game/{id}")).await;
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(csp.contains("default-src 'self'"));
    assert!(!page.text().await.unwrap().contains("alert"));
    let pgn = s.get_text(&format!("/api/games/{id}/pgn")).await;
    assert!(
        pgn.contains(r#"[White "<script>alert(1)</script>"]"#),
        "{pgn}"
    );
    assert!(pgn.contains(r#"[Black "\"quoted\" & <b>"]"#), "{pgn}");
}

#[tokio::test]
async fn clients_over_their_rate_are_told_to_slow_down() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::config(dir.path());
    config.rate_per_second = 5;
    config.rate_burst = 10;
    let s = Server::start_with(dir, config).await;
    let mut statuses = Vec::new();
    let mut slow_down = None;
    for _ in 0..30 {
        let answer = s.get("/api/games").await;
        statuses.push(answer.status().as_u16());
        if answer.status() == 429 {
            assert_eq!(answer.headers()["retry-after"], "1");
            slow_down = Some(answer.json::<Value>().await.unwrap());
        }
    }
    assert!(statuses[..10].iter().all(|&c| c == 200), "{statuses:?}");
    let slow_down = slow_down.unwrap_or_else(|| panic!("no 429 in {statuses:?}"));
    assert_eq!(slow_down["error"], "too many requests");
    assert_eq!(slow_down["message"]["zh"], "请求过多");
}

#[tokio::test]
async fn the_test_clock_does_not_exist_without_its_variable() {
    // The variable is set by no test of this binary.
    assert!(std::env::var("ARBITER_TEST_CLOCK").is_err());
    let s = Server::start().await;
    let r = s
        .post_json("/api/test/clock", &json!({"forward_ms": 1_000_000}))
        .await;
    assert_eq!(r.status(), 404);
}
