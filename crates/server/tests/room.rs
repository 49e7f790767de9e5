//! Around the game, over the web page's WebSocket: who is at the board and
//! how many watch, and a rematch once both players want one, each player
//! handed the token of their own new seat, colours reversed.

mod common;

use arbiter_protocol::ws::ClientMessage;
use common::ws::{Ws, auth, connect, next_of, next_where, send};
use common::{Server, tokens};
use serde_json::{Value, json};

async fn seat(s: &Server, id: &str, token: &str) -> Ws {
    let mut ws = connect(s, id).await;
    send(&mut ws, &auth(token)).await;
    next_of(&mut ws, "role").await;
    ws
}

/// What `token` may do in game `id`.
async fn role(s: &Server, id: &str, token: &str) -> String {
    let r: Value = s
        .get_with(&format!("/api/games/{id}/role"), token)
        .await
        .json()
        .await
        .unwrap();
    r["role"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn presence_counts_the_players_and_the_spectators() {
    let s = Server::start().await;
    let created = s
        .create(json!({"white": "Ann", "black": "Bob", "time_control": "300+3"}))
        .await;
    let (id, white, black, arbiter) = tokens(&created);
    let mut w = seat(&s, &id, &white).await;
    next_where(&mut w, "presence", |p| {
        p["white"] == true && p["black"] == false
    })
    .await;
    let b = seat(&s, &id, &black).await;
    next_where(&mut w, "presence", |p| p["black"] == true).await;
    let spectator = connect(&s, &id).await;
    let p = next_where(&mut w, "presence", |p| p["spectators"] == 1).await;
    assert_eq!(
        (p["white"].clone(), p["black"].clone()),
        (json!(true), json!(true))
    );
    // The arbiter is not counted among the spectators.
    let _a = seat(&s, &id, &arbiter).await;
    drop(spectator);
    let p = next_where(&mut w, "presence", |p| p["spectators"] == 0).await;
    assert_eq!(p["black"], true);
    drop(b);
    next_where(&mut w, "presence", |p| p["black"] == false).await;
}

#[tokio::test]
async fn a_rematch_needs_both_players_and_reverses_the_colours() {
    let s = Server::start().await;
    let created = s
        .create(json!({"white": "Ann", "black": "Bob", "time_control": "180+2", "ruleset": "fide-blitz", "event": "Blitz night"}))
        .await;
    let (id, white, black, _) = tokens(&created);
    let mut w = seat(&s, &id, &white).await;
    let mut b = seat(&s, &id, &black).await;
    let mut spectator = connect(&s, &id).await;
    // No rematch while the game goes on.
    send(&mut w, &ClientMessage::Rematch).await;
    let refused = next_where(&mut w, "error", |_| true).await;
    assert_eq!(refused["error"], "the game is not over");
    assert_eq!(
        s.event(&id, Some(&white), json!({"kind": "resign"}))
            .await
            .0,
        200
    );
    // A spectator cannot ask for one.
    send(&mut spectator, &ClientMessage::Rematch).await;
    next_where(&mut spectator, "error", |_| true).await;
    send(&mut w, &ClientMessage::Rematch).await;
    let offer = next_where(&mut b, "rematch", |_| true).await;
    assert_eq!(offer["offered_by"], "white");
    send(&mut b, &ClientMessage::Rematch).await;
    let for_white = next_where(&mut w, "rematch", |m| m["link"].is_string()).await;
    let for_black = next_where(&mut b, "rematch", |m| m["link"].is_string()).await;
    let for_spectator = next_where(&mut spectator, "rematch", |m| m["link"].is_string()).await;
    let new_id = for_white["game"].as_str().unwrap().to_string();
    assert_ne!(new_id, id);
    assert_eq!(for_spectator["link"], format!("/game/{new_id}"));
    // Each link's token is its holder's new seat: Ann now plays Black.
    let token_of = |m: &Value| {
        m["link"]
            .as_str()
            .unwrap()
            .split('#')
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_eq!(role(&s, &new_id, &token_of(&for_white)).await, "black");
    assert_eq!(role(&s, &new_id, &token_of(&for_black)).await, "white");
    let view = s.view(&new_id).await;
    assert_eq!(view["head"]["white"], "Bob");
    assert_eq!(view["head"]["black"], "Ann");
    assert_eq!(view["head"]["time_control"], "180+2");
    assert_eq!(view["head"]["event"], "Blitz night");
    // Once made, a rematch is not made twice.
    send(&mut w, &ClientMessage::Rematch).await;
    let again = next_where(&mut w, "error", |_| true).await;
    assert_eq!(again["error"], "the rematch is already made");
}
