//! The lichess contract where Arbiter claims it: a challenge's game has
//! the challenge's id and has started as soon as it exists; players move
//! at once, in UCI only; the referee rules on absence (FIDE 6.7.1) and on
//! aborts; exports, short links and public data answer as lichess's do.

mod common;

use std::time::Duration;

use common::view::moves;
use common::{Lines, Server, account, challenge_accepted};
use serde_json::{Value, json};

/// The next event of type `kind` (challenges come first to the challenged).
async fn next_of(events: &mut Lines, kind: &str) -> Value {
    loop {
        let e = events.next().await;
        if e["type"] == kind {
            return e;
        }
    }
}

#[tokio::test]
async fn the_challenges_game_has_its_id_and_players_move_at_once_in_uci_only() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    let (_, id) = challenge_accepted(&s, &alice, &bob).await;
    let view = s.view(&id).await;
    assert_eq!(view["status"], "started", "{view}");
    // Nobody has opened a stream: both move all the same.
    for (token, mv) in [
        (&alice, "b2b3"),
        (&bob, "e7e5"),
        (&alice, "b1c3"),
        (&bob, "d7d5"),
    ] {
        let (status, body) = s
            .post_as(&format!("/api/board/game/{id}/move/{mv}"), token)
            .await;
        assert_eq!(status, 200, "{mv}: {body}");
    }
    // b1 is empty: `b1a3` is refused, never read as the bishop's Bc1-a3.
    let (status, body) = s
        .post_as(&format!("/api/bot/game/{id}/move/b1a3"), &alice)
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("no piece on b1"),
        "{body}"
    );
    // SAN is not lichess's: refused, though Nf3 is legal.
    let (status, _) = s
        .post_as(&format!("/api/board/game/{id}/move/Ng1-f3"), &alice)
        .await;
    assert_eq!(status, 400);
    let (status, _) = s
        .post_as(&format!("/api/board/game/{id}/move/Nf3"), &alice)
        .await;
    assert_eq!(status, 400);
    assert_eq!(moves(&s.view(&id).await), ["b2b3", "e7e5", "b1c3", "d7d5"]);
    // Arbiter's own API takes SAN, but reads well-formed UCI as UCI only.
    let created = s.started_game("300+2").await;
    let (gid, white, black, _) = common::tokens(&created);
    for (token, mv) in [
        (&white, "b3"),
        (&black, "e5"),
        (&white, "Nc3"),
        (&black, "d5"),
    ] {
        assert_eq!(s.mv(&gid, token, mv).await.0, 200, "{mv}");
    }
    let (status, refused) = s.mv(&gid, &white, "b1a3").await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(s.mv(&gid, &white, "Ba3").await.0, 200);
}

#[tokio::test]
async fn a_player_who_never_makes_a_first_move_loses_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::config(dir.path());
    config.default_time = Duration::from_millis(1500);
    let s = Server::start_with(dir, config).await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    let mut events = Lines::open(&s, "/api/stream/event", &bob).await;

    // White never moves.
    let (_, first) = challenge_accepted(&s, &alice, &bob).await;
    next_of(&mut events, "gameStart").await;
    let finish = next_of(&mut events, "gameFinish").await;
    assert_eq!(finish["game"]["gameId"], first.as_str());
    assert_eq!(finish["game"]["status"]["name"], "noStart");
    assert_eq!(finish["game"]["winner"], "black");
    let view = s.view(&first).await;
    assert_eq!(view["result"], "0-1");
    assert_eq!(view["outcome"]["termination"], "unplayed");
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 6.7.1");

    // White moves; Black never does: his default time runs from White's move.
    let (_, second) = challenge_accepted(&s, &alice, &bob).await;
    next_of(&mut events, "gameStart").await;
    let (status, _) = s
        .post_as(&format!("/api/board/game/{second}/move/e2e4"), &alice)
        .await;
    assert_eq!(status, 200);
    let finish = next_of(&mut events, "gameFinish").await;
    assert_eq!(finish["game"]["winner"], "white", "{finish}");
    let view = s.view(&second).await;
    assert_eq!(view["result"], "1-0");
    assert_eq!(moves(&view), ["e2e4"]);
}

#[tokio::test]
async fn the_referee_calls_a_game_off_only_before_both_have_moved() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    let (_, id) = challenge_accepted(&s, &alice, &bob).await;
    assert_eq!(
        s.post_as(&format!("/api/board/game/{id}/move/e2e4"), &alice)
            .await
            .0,
        200
    );
    assert_eq!(
        s.post_as(&format!("/api/bot/game/{id}/abort"), &bob)
            .await
            .0,
        200
    );
    let view = s.view(&id).await;
    assert_eq!(view["result"], "*");
    assert_eq!(view["outcome"]["termination"], "aborted");
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 12.2");
    let log = s.get_json(&format!("/api/games/{id}/log")).await;
    let last = &log["events"].as_array().unwrap().last().unwrap()["event"];
    assert_eq!(last["kind"], "abort");
    assert_eq!(last["actor"], "black");

    let (_, id) = challenge_accepted(&s, &alice, &bob).await;
    for (token, mv) in [(&alice, "e2e4"), (&bob, "e7e5")] {
        assert_eq!(
            s.post_as(&format!("/api/board/game/{id}/move/{mv}"), token)
                .await
                .0,
            200
        );
    }
    let (status, body) = s
        .post_as(&format!("/api/board/game/{id}/abort"), &alice)
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["rule"], "FIDE 12.2", "{body}");
    assert_eq!(s.view(&id).await["status"], "started");
}

/// The kinds of a game's stored events, in order.
async fn logged_kinds(s: &Server, id: &str) -> Vec<String> {
    let log = s.get_json(&format!("/api/games/{id}/log")).await;
    log["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap().to_string())
        .collect()
}

/// The consequences of the `seq`-th event, as the referee decides them again
/// from the stored record.
async fn ruled(s: &Server, id: &str, seq: usize) -> Value {
    let rulings = s.get_json(&format!("/api/games/{id}/rulings")).await;
    rulings["rulings"][seq]["verdict"].clone()
}

/// Opens Black's web page on a game (a player is present while one is open).
async fn black_at_the_board(s: &Server, id: &str, token: &str) -> common::ws::Ws {
    let mut ws = common::ws::connect(s, id).await;
    common::ws::send(&mut ws, &common::ws::auth(token)).await;
    assert_eq!(common::ws::next_of(&mut ws, "role").await["role"], "black");
    ws
}

#[test]
fn takebacks_aborts_and_claims_are_the_referees_rulings_on_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (asked, aborted, claimed) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let alice = account(&s, "Alice").await;
        let bob = account(&s, "Bob").await;

        // A takeback: the referee refuses it, and the request is on the record.
        let (_, asked) = challenge_accepted(&s, &alice, &bob).await;
        assert_eq!(
            s.post_as(&format!("/api/board/game/{asked}/move/e2e4"), &alice)
                .await
                .0,
            200
        );
        let (status, body) = s
            .post_as(&format!("/api/board/game/{asked}/takeback/yes"), &alice)
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["rule"], "FIDE 4.7", "{body}");
        assert_eq!(
            body["message"]["en"],
            "a move once made cannot be taken back"
        );
        assert_eq!(body["message"]["zh"], "着法一经完成不得收回");
        assert_eq!(body["verdict"]["verdict"], "accepted", "{body}");
        assert_eq!(
            body["verdict"]["consequences"][0]["effect"], "takeback_refused",
            "{body}"
        );
        // No request ever stands, so there is none to decline.
        let declined = s
            .post_as(&format!("/api/bot/game/{asked}/takeback/no"), &bob)
            .await;
        assert_eq!(declined, (200, json!({"ok": true})));
        assert_eq!(
            logged_kinds(&s, &asked).await,
            ["start", "move", "request_takeback"]
        );
        // The game goes on from where it stood.
        assert_eq!(
            s.post_as(&format!("/api/bot/game/{asked}/move/e7e5"), &bob)
                .await
                .0,
            200
        );

        // An abort before Black has moved.
        let (_, aborted) = challenge_accepted(&s, &alice, &bob).await;
        assert_eq!(
            s.post_as(&format!("/api/board/game/{aborted}/move/d2d4"), &alice)
                .await
                .0,
            200
        );
        assert_eq!(
            s.post_as(&format!("/api/bot/game/{aborted}/abort"), &bob)
                .await
                .0,
            200
        );

        // Black leaves a game; once the time given has passed, White's claim
        // wins it.
        let created = s
            .create(json!({"white": "Ann", "black": "Bob", "time_control": "300+3"}))
            .await;
        let (claimed, white, black, _) = common::tokens(&created);
        let mut white_board =
            Lines::open(&s, &format!("/api/board/game/stream/{claimed}"), &white).await;
        assert_eq!(white_board.next().await["type"], "gameFull");
        let ws = black_at_the_board(&s, &claimed, &black).await;
        assert_eq!(white_board.next().await["status"], "started");
        let claim = format!("/api/board/game/{claimed}/claim-victory");
        let (status, body) = s.post_as(&claim, &white).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["rule"], "FIDE 11.2.3", "{body}");
        assert_eq!(
            body["message"]["en"], "Black has not left the game",
            "{body}"
        );
        drop(ws);
        assert_eq!(white_board.next().await["type"], "opponentGone");
        let (status, body) = s.post_as(&claim, &white).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            body["message"]["zh"], "黑方离开对局的时间不足，不能要求判胜",
            "{body}"
        );
        tokio::time::sleep(Duration::from_millis(400)).await;
        let (status, body) = s.post_as(&claim, &white).await;
        assert_eq!((status, &body["ok"]), (200, &json!(true)), "{body}");
        assert!(body["treeSize"].is_u64(), "the claim's receipt: {body}");
        (asked, aborted, claimed)
    });
    // The server stops with every task it ran; another reads the record.
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;

        assert_eq!(
            logged_kinds(&s, &asked).await,
            ["start", "move", "request_takeback", "move"]
        );
        let refused = &ruled(&s, &asked, 2).await["consequences"][0];
        assert_eq!(refused["effect"], "takeback_refused", "{refused}");
        assert_eq!(refused["ruling"]["rule"], "FIDE 4.7");
        assert_eq!(s.view(&asked).await["status"], "started");

        assert_eq!(logged_kinds(&s, &aborted).await, ["start", "move", "abort"]);
        let view = s.view(&aborted).await;
        assert_eq!(view["result"], "*");
        assert_eq!(view["outcome"]["termination"], "aborted");
        assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 12.2");

        let kinds = logged_kinds(&s, &claimed).await;
        assert_eq!(kinds, ["start", "player_left", "claim_victory"]);
        let log = s.get_json(&format!("/api/games/{claimed}/log")).await;
        let left = &log["events"][1]["event"];
        assert_eq!(left["actor"], "arbiter");
        assert_eq!(left["side"], "black");
        assert_eq!(left["claim_after_ms"], 300);
        assert_eq!(log["events"][2]["event"]["actor"], "white");
        let won = &ruled(&s, &claimed, 2).await["consequences"][0];
        assert_eq!(won["effect"], "game_over", "{won}");
        // Nobody moved: the claim decides a game that was not played.
        assert_eq!(won["termination"], "unplayed");
        let view = s.view(&claimed).await;
        assert_eq!(view["result"], "1-0");
        assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 11.2.3");
        assert_eq!(
            view["outcome"]["ruling"]["message"]["en"],
            "Black left the game and did not come back in time: Black loses the game"
        );
        assert_eq!(
            view["outcome"]["ruling"]["message"]["zh"],
            "黑方离开对局且未按时回来：黑方判负"
        );
        let store = common::open_store(&path).await;
        let report = arbiter_server::verify(&store).await.unwrap();
        assert!(report.findings.is_empty(), "{:?}", report.findings);
        store.close().await;
    });
}

#[tokio::test]
async fn exports_short_links_and_public_data_answer_as_lichess() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let bob = account(&s, "Bob").await;
    let (_, id) = challenge_accepted(&s, &alice, &bob).await;
    for (token, mv) in [
        (&alice, "f2f3"),
        (&bob, "e7e5"),
        (&alice, "g2g4"),
        (&bob, "d8h4"),
    ] {
        assert_eq!(
            s.post_as(&format!("/api/board/game/{id}/move/{mv}"), token)
                .await
                .0,
            200
        );
    }
    let get = |path: String, accept: &'static str| {
        let req = s.http.get(s.url(&path)).header("accept", accept);
        async move { req.send().await.unwrap() }
    };
    // One game: PGN by default, JSON when asked.
    let pgn = get(format!("/game/export/{id}"), "*/*").await;
    assert_eq!(pgn.status(), 200);
    assert!(
        pgn.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("pgn")
    );
    let pgn = pgn.text().await.unwrap();
    // The movetext wraps at 80 columns wherever its clock comments put
    // the break, between a move's number and the move too.
    let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    for token in ["1. f3", "1... e5", "2. g4", "2... Qh4#"] {
        assert!(movetext.contains(token), "{pgn}");
    }
    let json: Value = get(
        format!("/game/export/{id}?pgnInJson=true"),
        "application/json",
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(json["id"], id.as_str());
    assert_eq!(json["status"], "mate");
    assert_eq!(json["winner"], "black");
    assert_eq!(json["moves"], "f3 e5 g4 Qh4#");
    assert_eq!(json["clock"]["initial"], 300);
    assert_eq!(json["players"]["white"]["user"]["id"], "alice");
    assert!(json["pgn"].as_str().unwrap().contains("Qh4#"));
    assert_eq!(get("/game/export/nosuch".into(), "*/*").await.status(), 404);

    // An account's games: NDJSON or PGN.
    let games = get("/api/games/user/bob".into(), "application/x-ndjson")
        .await
        .text()
        .await
        .unwrap();
    let games: Vec<Value> = games
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["id"], id.as_str());
    let pgns = get("/api/games/user/alice".into(), "*/*")
        .await
        .text()
        .await
        .unwrap();
    assert!(pgns.contains("Qh4#"));
    assert_eq!(
        get("/api/games/user/nobody".into(), "*/*").await.status(),
        404
    );

    // Public data.
    let user: Value = get("/api/user/alice".into(), "*/*")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(user["username"], "Alice");
    assert_eq!(user["count"]["all"], 1);
    assert_eq!(get("/api/user/nobody".into(), "*/*").await.status(), 404);

    // The public move stream of a finished game: its summary, and the end.
    let streamed = get(format!("/api/stream/game/{id}"), "*/*")
        .await
        .text()
        .await
        .unwrap();
    let first: Value = serde_json::from_str(streamed.lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "mate");
    assert_eq!(first["lastMove"], "d8h4");

    // Short links lead to the game page.
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for path in [
        format!("/{id}"),
        format!("/{id}/white"),
        format!("/{id}/black"),
    ] {
        let r = no_redirects.get(s.url(&path)).send().await.unwrap();
        assert_eq!(r.status(), 303, "{path}");
        assert_eq!(r.headers()["location"], format!("/game/{id}").as_str());
    }
    for path in [
        format!("/{id}/green"),
        "/nosuch".to_string(),
        "/nosuch/white".to_string(),
    ] {
        let r = no_redirects.get(s.url(&path)).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path}");
    }
}

#[tokio::test]
async fn bots_online_and_the_upgrade_to_bot() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let robo = account(&s, "Robo").await;
    let online = || async { s.get_text("/api/bot/online").await };
    // Robo becomes a bot (it has never played), once only.
    assert_eq!(s.post_as("/api/bot/account/upgrade", &robo).await.0, 200);
    assert_eq!(s.post_as("/api/bot/account/upgrade", &robo).await.0, 400);
    let me: Value = s
        .get_with("/api/account", &robo)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["title"], "BOT");
    // Online: while its event stream is open; humans are never listed.
    assert_eq!(online().await, "");
    let _robo_events = Lines::open(&s, "/api/stream/event", &robo).await;
    let _alice_events = Lines::open(&s, "/api/stream/event", &alice).await;
    let listed: Vec<Value> = online()
        .await
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["id"], "robo");
}

#[tokio::test]
async fn a_rotated_or_deleted_token_stops_working_on_a_running_server() {
    let s = Server::start().await;
    let alice = account(&s, "Alice").await;
    let status = |token: String| {
        let req = s.http.get(s.url("/api/account")).bearer_auth(token);
        async move { req.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(status(alice.clone()).await, 200);
    let store = common::open_store(&s.path).await;
    let fresh = arbiter_server::new_token();
    assert!(store.replace_token("Alice", &fresh).await.unwrap());
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(status(alice.clone()).await, 401);
    assert_eq!(status(fresh.clone()).await, 200);
    assert!(store.delete_account("alice").await.unwrap());
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(status(fresh).await, 401);
    store.close().await;
}
