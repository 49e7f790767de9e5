//! Helpers of the tournament tests: the arbiter's acts through the
//! native API, and games played to their end through the Board API.

use std::time::Duration;

use serde_json::Value;

use super::Server;

/// `POST path` with a JSON body and a token: status and body.
pub async fn post(s: &Server, path: &str, token: &str, body: Value) -> (u16, Value) {
    let r = s
        .http
        .post(s.url(path))
        .json(&body)
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A round's boards in the native API's JSON, as (White, Black) player ids.
pub fn boards(round: &Value) -> Vec<(u64, u64)> {
    round["boards"]
        .as_array()
        .expect("a round has boards")
        .iter()
        .map(|b| (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()))
        .collect()
}

/// How a game ends, after 1.e4 e5 (a game one player never moved in would
/// be unplayed, a forfeit for the event): White wins (Black resigns), a
/// draw agreed, or Black wins (White resigns).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending {
    WhiteWins,
    Draw,
    BlackWins,
}

/// Plays a game to `end` through the Board API, with the players'
/// tokens.
pub async fn play(s: &Server, game: &str, white: &str, black: &str, end: Ending) {
    let path = |p: &str| format!("/api/board/game/{game}/{p}");
    let opening = |black_move: &str| vec![(white, path("move/e2e4")), (black, path(black_move))];
    let steps: Vec<(&str, String)> = match end {
        Ending::WhiteWins => [opening("move/e7e5"), vec![(black, path("resign"))]].concat(),
        Ending::BlackWins => [opening("move/e7e5"), vec![(white, path("resign"))]].concat(),
        Ending::Draw => [
            opening("move/e7e5?offeringDraw=true"),
            vec![(white, path("draw/yes"))],
        ]
        .concat(),
    };
    for (token, step) in steps {
        let (status, body) = s.post_as(&step, token).await;
        assert_eq!(status, 200, "{step}: {body}");
    }
}

/// Waits until round `round` of tournament `id` has every result; the
/// state then.
pub async fn wait_complete(s: &Server, id: &str, round: usize) -> Value {
    for _ in 0..400 {
        let st = s.get_json(&format!("/api/tournament/{id}")).await;
        if st["rounds"][round - 1]["complete"] == true {
            return st;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("round {round} never complete");
}
