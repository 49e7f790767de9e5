//! Tournaments in the service: rounds make refereed games whose results
//! enter the tournament at once, a player who does not come loses by
//! default (FIDE 6.7.1), the tournament is its hash-chained log, replayed
//! on start, and `arbiter verify` finds a tournament event altered behind
//! its back.

mod common;

use std::time::Duration;

use common::{Lines, Server, account, accounts};
use serde_json::{Value, json};

/// Creates a Swiss of `rounds` rounds started by hand; its id.
async fn create_swiss(s: &Server, creator: &str, rounds: u32) -> String {
    let settings = json!({"clock.limit": 300, "clock.increment": 2, "nbRounds": rounds,
                          "name": "Club Swiss", "roundInterval": 99999999});
    let swiss = s.created_swiss(creator, &settings).await;
    assert_eq!(swiss["status"], "created");
    assert_eq!(swiss["clock"], json!({"limit": 300, "increment": 2}));
    swiss["id"].as_str().unwrap().to_string()
}

/// Waits until the Swiss's `key` is `value`.
async fn wait_for(s: &Server, id: &str, key: &str, value: Value) -> Value {
    for _ in 0..200 {
        let swiss = s.get_json(&format!("/api/swiss/{id}")).await;
        if swiss[key] == value {
            return swiss;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{key} never became {value}");
}

/// Each game of the round: 1.e4 e5, then White resigns (before a move of
/// each, a game is unplayed, a forfeit): every game ends 0-1.
async fn e4_e5_then_white_resigns(s: &Server, tokens: &[String]) {
    let mut seats = Vec::new();
    for t in tokens {
        let playing = s.get_json_as("/api/account/playing", t).await;
        let game = &playing["nowPlaying"][0];
        let gid = game["gameId"].as_str().unwrap().to_string();
        seats.push((t, gid, game["color"] == "white"));
    }
    for (step, by_white) in [("move/e2e4", true), ("move/e7e5", false), ("resign", true)] {
        for (t, gid, white) in &seats {
            if *white == by_white {
                let (status, body) = s.post_as(&format!("/api/board/game/{gid}/{step}"), t).await;
                assert_eq!(status, 200, "{step}: {body}");
            }
        }
    }
}

#[test]
fn a_round_makes_refereed_games_whose_results_enter_the_tournament_and_survive_a_restart() {
    common::across_a_restart(
        async |s| {
            let creator = account(s, "Director").await;
            let tokens = accounts(s, &["Ann", "Bob", "Cat", "Dan"]).await;
            let id = create_swiss(s, &creator, 2).await;
            for t in &tokens {
                assert_eq!(s.post_as(&format!("/api/swiss/{id}/join"), t).await.0, 200);
            }
            let (status, again) = s
                .post_as(&format!("/api/swiss/{id}/join"), &tokens[0])
                .await;
            assert_eq!(status, 400);
            assert_eq!(again["error"], "the account ann is already registered");
            // Only the creator starts rounds.
            let (status, _) = s
                .post_as(&format!("/api/swiss/{id}/schedule-next-round"), &tokens[0])
                .await;
            assert_eq!(status, 403);
            let mut ann_events = Lines::open(s, "/api/stream/event", &tokens[0]).await;
            let (status, _) = s
                .post_as(&format!("/api/swiss/{id}/schedule-next-round"), &creator)
                .await;
            assert_eq!(status, 200);
            // Ann's game starts on her event stream, as on lichess.
            let start = ann_events.next().await;
            assert_eq!(start["type"], "gameStart", "{start}");
            let swiss = wait_for(s, &id, "round", json!(1)).await;
            assert_eq!(swiss["status"], "started");
            assert_eq!(swiss["nbOngoing"], 2);
            // The two games end 0-1, and the results enter the tournament.
            e4_e5_then_white_resigns(s, &tokens).await;
            wait_for(s, &id, "nbOngoing", json!(0)).await;
            let text = s.get_text(&format!("/swiss/{id}.trf")).await;
            assert!(text.contains("012 Club Swiss"), "{text}");
            assert_eq!(text.matches(" w 0").count(), 2, "{text}");
            assert_eq!(text.matches(" b 1").count(), 2, "{text}");
            (id, tokens)
        },
        async |s, (id, tokens)| {
            // The tournament is back from its log, and goes on.
            let swiss = s.get_json(&format!("/api/swiss/{id}")).await;
            assert_eq!(swiss["round"], 1);
            assert_eq!(swiss["nbPlayers"], 4);
            let team = s.get_text("/api/team/club/swiss").await;
            assert_eq!(team.lines().count(), 1, "{team}");
            let results = s.get_text(&format!("/api/swiss/{id}/results")).await;
            let lines: Vec<Value> = results
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(lines.len(), 4);
            assert_eq!(lines[0]["points"], 1.0);
            assert_eq!(lines[3]["points"], 0.0);
            let ann = &tokens[0];
            let (status, _) = s.post_as(&format!("/api/swiss/{id}/withdraw"), ann).await;
            assert_eq!(status, 200);
            let store = common::open_store(&s.path).await;
            let report = arbiter_server::verify(&store).await.unwrap();
            assert!(report.is_clean(), "{report:?}");
            assert_eq!(report.tournaments.tournaments, 1);
            // created, 4 joined, round scheduled, paired, published, 2
            // results, withdrawn
            assert_eq!(report.tournaments.events, 11);
            // Someone gives round 1's second result to White in the database.
            let changed = store
            .execute_raw(&format!(
                "UPDATE tournament_events SET event = replace(event, 'black_wins', 'white_wins') \
                 WHERE tournament_id = '{id}' AND seq = 9"
            ))
            .await
            .unwrap();
            assert_eq!(changed, 1);
            let report = arbiter_server::verify(&store).await.unwrap();
            assert!(!report.is_clean());
            let found = &report.tournaments.findings;
            assert_eq!(found.len(), 1, "{found:?}");
            assert_eq!(
                (found[0].tournament.as_str(), found[0].seq),
                (id.as_str(), 9)
            );
            assert_eq!(found[0].problem, arbiter_server::Damage::ChainBroken);
            // `arbiter verify --json` writes it in English, as it always has.
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(
                json["tournaments"]["findings"][0]["problem"],
                "hash chain broken: this event, or one before it, was altered"
            );
            store.close().await;
        },
    );
}

#[test]
fn the_round_interval_counts_from_the_last_result_across_a_restart() {
    // roundInterval 6 s; round 1's games end; the server restarts 1.5 s
    // later. Round 2 starts 6 s after that result, as the log dates it, not
    // 6 s after the restart (what a node taking the event over does too).
    const INTERVAL_S: u64 = 6;
    common::across_a_restart(
        async |s| {
            let creator = account(s, "Director").await;
            let tokens = accounts(s, &["Ann", "Bob", "Cat", "Dan"]).await;
            let settings = json!({"clock.limit": 300, "clock.increment": 2, "nbRounds": 2,
                                  "name": "Interval Swiss", "roundInterval": INTERVAL_S});
            let swiss = s.created_swiss(&creator, &settings).await;
            let id = swiss["id"].as_str().unwrap().to_string();
            s.joined_and_started(&id, &creator, &tokens).await;
            wait_for(s, &id, "round", json!(1)).await;
            let ending = std::time::Instant::now();
            e4_e5_then_white_resigns(s, &tokens).await;
            wait_for(s, &id, "nbOngoing", json!(0)).await;
            tokio::time::sleep(Duration::from_millis(1500)).await;
            (id, ending, std::time::Instant::now())
        },
        async |s, (id, ending, stopped)| {
            wait_for(s, &id, "round", json!(2)).await;
            let (since_result, since_restart) = (ending.elapsed(), stopped.elapsed());
            assert!(
                since_result >= Duration::from_secs(INTERVAL_S),
                "round 2 {since_result:?} after round 1's last result"
            );
            assert!(
                since_restart < Duration::from_millis(INTERVAL_S * 1000 - 500),
                "round 2 {since_restart:?} after the restart: the interval began again"
            );
        },
    );
}

#[tokio::test]
async fn a_swiss_of_a_variant_is_refused_not_played_as_chess() {
    let s = Server::start().await;
    let creator = account(&s, "Director").await;
    let create = |variant: &'static str| {
        let settings = json!({"clock.limit": 300, "clock.increment": 2, "nbRounds": 3,
                              "variant": variant});
        let (s, creator) = (&s, &creator);
        async move { s.new_swiss(creator, &settings).await }
    };
    let refused = create("chess960").await;
    assert_eq!(refused.status(), 400);
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("variant \"chess960\" is not played here"),
        "{body}"
    );
    assert_eq!(s.get_text("/api/team/club/swiss").await, "");
    assert_eq!(create("standard").await.status(), 200);
}

#[tokio::test]
async fn a_player_who_does_not_come_loses_by_default_and_the_round_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::config(dir.path());
    config.default_time = Duration::from_millis(600);
    let s = Server::start_with(dir, config).await;
    let creator = account(&s, "Director").await;
    let tokens = accounts(&s, &["Ann", "Bob", "Cat"]).await;
    let id = create_swiss(&s, &creator, 1).await;
    for t in &tokens {
        assert_eq!(s.post_as(&format!("/api/swiss/{id}/join"), t).await.0, 200);
    }
    s.post_as(&format!("/api/swiss/{id}/schedule-next-round"), &creator)
        .await;
    // Three players: one game and a bye. Nobody moves: White loses by
    // default once the default time has passed (FIDE 6.7.1), and the
    // tournament records a forfeit, not a game.
    let swiss = wait_for(&s, &id, "status", json!("finished")).await;
    assert_eq!(swiss["nbOngoing"], 0);
    let text = s.get_text(&format!("/swiss/{id}.trf")).await;
    assert!(text.contains(" w -"), "{text}");
    assert!(text.contains(" b +"), "{text}");
    assert!(text.contains("0000 - U"), "{text}");
    let games = s.get_text(&format!("/api/swiss/{id}/games")).await;
    assert!(games.contains("[Result \"0-1\"]"), "{games}");
    assert!(games.contains("[Round \"1.1\"]"), "{games}");
    // The creator may terminate it; a second time is refused.
    let (status, body) = s
        .post_as(&format!("/api/swiss/{id}/terminate"), &creator)
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = s
        .post_as(&format!("/api/swiss/{id}/terminate"), &creator)
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "the tournament is over: it was terminated");
}

/// Issue 33's first correction as it was met: a 60+0 Swiss run through
/// the lichess API (here 1+0, the default time 3 s) in which White never
/// opens his game. His flag falls before the default time, yet the game was
/// not played: the event counts a forfeit (TRF `-`/`+`), not a loss on the
/// board (`0`/`1`), and the game's record says it was not played.
#[tokio::test]
async fn a_flag_fallen_before_the_first_move_is_a_forfeit_for_the_swiss() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::config(dir.path());
    config.default_time = Duration::from_secs(3);
    let s = Server::start_with(dir, config).await;
    let creator = account(&s, "Director").await;
    let tokens = accounts(&s, &["Ann", "Bob"]).await;
    let settings = json!({"clock.limit": 1, "clock.increment": 0, "nbRounds": 1,
                          "name": "Bullet Swiss", "roundInterval": 99999999});
    let swiss = s.created_swiss(&creator, &settings).await;
    let id = swiss["id"].as_str().unwrap().to_string();
    for t in &tokens {
        assert_eq!(s.post_as(&format!("/api/swiss/{id}/join"), t).await.0, 200);
    }
    s.post_as(&format!("/api/swiss/{id}/schedule-next-round"), &creator)
        .await;
    wait_for(&s, &id, "status", json!("finished")).await;
    let text = s.get_text(&format!("/swiss/{id}.trf")).await;
    let cells: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| l[91..].trim())
        .collect();
    assert_eq!(cells.len(), 2, "{text}");
    assert!(
        cells.iter().any(|c| c.ends_with(" w -")) && cells.iter().any(|c| c.ends_with(" b +")),
        "{text}"
    );
    let games = s.get_text(&format!("/api/swiss/{id}/games")).await;
    assert!(games.contains("[Result \"0-1\"]"), "{games}");
    let state = s.get_json(&format!("/api/tournament/{id}")).await;
    let game = state["rounds"][0]["boards"][0]["game"]
        .as_str()
        .unwrap_or_else(|| panic!("the board's game in {state}"))
        .to_string();
    let view = s.view(&game).await;
    assert_eq!(view["outcome"]["termination"], "unplayed", "{view}");
    // The flag decided it (FIDE 6.9), not the default time (6.7).
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 6.9", "{view}");
}

/// Joins Swiss `id` as `token` with a form body (`password=…` as
/// lichess's page sends it, or none): status and body.
async fn join_with(s: &Server, id: &str, token: &str, form: Option<&str>) -> (u16, Value) {
    let mut r = s
        .http
        .post(s.url(&format!("/api/swiss/{id}/join")))
        .bearer_auth(token);
    if let Some(form) = form {
        r = r
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form.to_string());
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// lichess's `conditions.allowList`: only the accounts named join
/// themselves (by the lichess API or the event's link); a condition the
/// server cannot check is refused, not ignored.
#[tokio::test]
async fn a_swiss_with_an_allow_list_admits_only_the_accounts_on_it() {
    let s = Server::start().await;
    let creator = account(&s, "Director").await;
    let tokens = accounts(&s, &["Ann", "Bob"]).await;
    let create = |body: Value| {
        let (s, creator) = (&s, &creator);
        async move { s.new_swiss(creator, &body).await }
    };
    let r = create(json!({"clock.limit": 300, "nbRounds": 3, "conditions.minRating.rating": 1500}))
        .await;
    assert_eq!(r.status(), 400);
    let body: Value = r.json().await.unwrap();
    assert_eq!(
        body["error"],
        "conditions.minRating.rating: this server cannot check that entry condition (it checks conditions.allowList)"
    );
    // berserk sends the conditions it was not given as nulls: no condition.
    let r = create(
        json!({"clock.limit": 300, "nbRounds": 3, "conditions.maxRating.rating": null,
                          "conditions.allowList": "ANN, carol"}),
    )
    .await;
    assert_eq!(r.status(), 200);
    let id = r.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = join_with(&s, &id, &tokens[1], None).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "bob is not on the list of accounts this tournament admits"
    );
    assert_eq!(join_with(&s, &id, &tokens[0], None).await.0, 200);
    // Through the event's link: without an account, refused before one is made.
    let r = s
        .post_json(
            &format!("/api/tournament/{id}/join"),
            &json!({"name": "Carol"}),
        )
        .await;
    assert_eq!(r.status(), 400);
    let body: Value = r.json().await.unwrap();
    assert_eq!(
        body["message"]["zh"],
        "本赛事只接受名单中的账户报名：请用你的账户报名"
    );
    assert_eq!(
        s.get_json(&format!("/api/swiss/{id}")).await["nbPlayers"],
        1
    );
}

#[test]
fn a_swiss_with_a_password_admits_only_who_gives_it_and_keeps_it_across_a_restart() {
    common::across_a_restart(
        async |s| {
            let creator = account(s, "Director").await;
            let tokens = accounts(s, &["Ann", "Bob", "Cat"]).await;
            let settings = json!({"clock.limit": 300, "clock.increment": 2, "nbRounds": 3,
                              "name": "Members' Swiss", "password": "knight-42"});
            let swiss = s.created_swiss(&creator, &settings).await;
            // As lichess: that a password is asked, never the password.
            assert_eq!(swiss["password"], true, "{swiss}");
            assert!(!swiss.to_string().contains("knight-42"), "{swiss}");
            let id = swiss["id"].as_str().unwrap().to_string();
            // Without it, or with another, lichess's 400 and its reason.
            let (status, body) = join_with(s, &id, &tokens[0], None).await;
            assert_eq!(status, 400);
            assert_eq!(body["error"], "wrong entry code");
            assert_eq!(body["message"]["zh"], "参赛码错误");
            let (status, _) = join_with(s, &id, &tokens[0], Some("password=knight-43")).await;
            assert_eq!(status, 400);
            let (status, body) = join_with(s, &id, &tokens[0], Some("password=knight-42")).await;
            assert_eq!(status, 200, "{body}");
            // A Swiss without one says nothing of it and admits anyone.
            let open = create_swiss(s, &creator, 1).await;
            let swiss = s.get_json(&format!("/api/swiss/{open}")).await;
            assert_eq!(swiss.get("password"), None, "{swiss}");
            assert_eq!(join_with(s, &open, &tokens[1], None).await.0, 200);
            (id, tokens)
        },
        async |s, (id, tokens)| {
            // The password came back with the Swiss's log, still unshown.
            let swiss = s.get_json(&format!("/api/swiss/{id}")).await;
            assert_eq!(swiss["password"], true);
            assert_eq!(swiss["nbPlayers"], 1);
            let team = s.get_text("/api/team/club/swiss").await;
            assert!(!team.contains("knight-42"), "{team}");
            let (status, body) = join_with(s, &id, &tokens[1], Some("password=bishop")).await;
            assert_eq!(status, 400);
            assert_eq!(body["error"], "wrong entry code");
            let (status, body) = join_with(s, &id, &tokens[1], Some("password=knight-42")).await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(
                s.get_json(&format!("/api/swiss/{id}")).await["nbPlayers"],
                2
            );
        },
    );
}
