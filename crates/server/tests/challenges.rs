//! Open challenges are kept in the store: a restart keeps them, another
//! connection to the same database (another node) sees them, and of two
//! requests accepting the same challenge one makes the game.

mod common;

use std::time::Duration;

use common::{Server, account};
use serde_json::{Value, json};

/// Alice challenges Bob: 3+2, Alice Black, from a position; the answer.
async fn alice_challenges_bob(s: &Server, alice: &str) -> Value {
    let r = s
        .http
        .post(s.url("/api/challenge/bob"))
        .bearer_auth(alice)
        .json(
            &json!({"clock.limit": 180, "clock.increment": 2, "color": "black",
                      "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

#[test]
fn a_challenge_made_before_a_restart_is_accepted_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (alice, bob, made) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let alice = account(&s, "Alice").await;
        let bob = account(&s, "Bob").await;
        let made = alice_challenges_bob(&s, &alice).await;
        (alice, bob, made)
    });
    let id = made["id"].as_str().unwrap().to_string();
    // The server stops with every task it ran.
    drop(first);
    std::thread::sleep(Duration::from_millis(200));
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        // Both sides still see it, as it was made.
        let bobs = s.get_json_as("/api/challenge", &bob).await;
        assert_eq!(bobs["in"], json!([made["challenge"]]), "{bobs}");
        assert_eq!(bobs["out"], json!([]));
        let alices = s.get_json_as("/api/challenge", &alice).await;
        assert_eq!(alices["out"], json!([made["challenge"]]), "{alices}");
        // And Bob accepts it: the game has its id, its clock, its
        // position, and Alice plays Black as she asked.
        let (status, body) = s
            .post_as(&format!("/api/challenge/{id}/accept"), &bob)
            .await;
        assert_eq!(status, 200, "{body}");
        let view = s.view(&id).await;
        assert_eq!(view["status"], "started", "{view}");
        assert_eq!(view["head"]["white"], "Bob", "{view}");
        assert_eq!(view["head"]["black"], "Alice", "{view}");
        assert_eq!(view["fen"], "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        // White's clock runs from the acceptance (FIDE 6.5), on 3 minutes.
        let white_ms = view["clock"]["white_ms"].as_i64().unwrap();
        assert!((170_000..=180_000).contains(&white_ms), "{view}");
        assert_eq!(view["clock"]["running"], "white", "{view}");
        let (status, body) = s
            .post_as(&format!("/api/board/game/{id}/move/e2e4"), &bob)
            .await;
        assert_eq!(status, 200, "{body}");
        // Accepted, it is open no more.
        let bobs = s.get_json_as("/api/challenge", &bob).await;
        assert_eq!(bobs["in"], json!([]), "{bobs}");
        let (status, _) = s
            .post_as(&format!("/api/challenge/{id}/accept"), &bob)
            .await;
        assert_eq!(status, 404);
    });
}

/// A challenge is read from the database, not from the server's memory:
/// one closed through another connection (as another node would) is
/// closed for the server, and one stored through another connection is
/// listed and accepted by it.
#[tokio::test]
async fn the_open_challenges_are_those_in_the_database() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    let made = alice_challenges_bob(&s, &alice).await;
    let id = made["id"].as_str().unwrap();
    let other = common::open_store(&s.path).await;
    let closed = other
        .execute_raw(&format!("DELETE FROM challenges WHERE id = '{id}'"))
        .await
        .unwrap();
    assert_eq!(closed, 1);
    let (status, _) = s
        .post_as(&format!("/api/challenge/{id}/accept"), &bob)
        .await;
    assert_eq!(status, 404);
    let (status, _) = s
        .post_as(&format!("/api/challenge/{id}/cancel"), &alice)
        .await;
    assert_eq!(status, 404);

    other
        .execute_raw(
            "INSERT INTO challenges (id, challenger, dest, clock_limit, clock_increment, \
             color, final_color, fen, created_unix_ms) \
             VALUES ('Elsewhr1', 'alice', 'bob', 60, 1, 'random', 'white', NULL, 1000)",
        )
        .await
        .unwrap();
    other.close().await;
    let bobs = s.get_json_as("/api/challenge", &bob).await;
    let listed = &bobs["in"][0];
    assert_eq!(listed["id"], "Elsewhr1", "{bobs}");
    assert_eq!(listed["challenger"]["name"], "Alice");
    assert_eq!(listed["timeControl"]["limit"], 60);
    assert_eq!(listed["finalColor"], "white");
    let (status, body) = s.post_as("/api/challenge/Elsewhr1/accept", &bob).await;
    assert_eq!(status, 200, "{body}");
    let view = s.view("Elsewhr1").await;
    assert_eq!(view["head"]["white"], "Alice", "{view}");
    assert_eq!(view["status"], "started", "{view}");
}

#[tokio::test]
async fn of_two_accepts_of_one_challenge_one_makes_the_game() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    for _ in 0..5 {
        let made = alice_challenges_bob(&s, &alice).await;
        let accept = format!("/api/challenge/{}/accept", made["id"].as_str().unwrap());
        let (a, b) = tokio::join!(s.post_as(&accept, &bob), s.post_as(&accept, &bob));
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(statuses, [200, 404], "{a:?} {b:?}");
    }
    let games = s.get_json_as("/api/account/playing", &bob).await;
    assert_eq!(games["nowPlaying"].as_array().unwrap().len(), 5, "{games}");
}

#[tokio::test]
async fn a_challenge_to_a_variant_is_refused_not_played_as_chess() {
    let s = Server::start().await;
    let alice = account(&s, "alice").await;
    account(&s, "bob").await;
    let challenge = |variant: &'static str| {
        s.http
            .post(s.url("/api/challenge/bob"))
            .bearer_auth(&alice)
            .json(&json!({"clock.limit": 180, "clock.increment": 2, "variant": variant}))
            .send()
    };
    let refused = challenge("atomic").await.unwrap();
    assert_eq!(refused.status(), 400);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        body["error"],
        "variant \"atomic\" is not played here: games follow the Laws of Chess \
         (standard, or from a position)"
    );
    assert_eq!(challenge("standard").await.unwrap().status(), 200);
}
