//! Arbiter's own API against a real server: games played to their end,
//! every refusal with its rule, flags falling on time, PGN and scoresheet.

mod common;

use std::time::Duration;

use common::{Server, tokens};
use serde_json::json;

#[tokio::test]
async fn a_game_is_played_to_mate_and_kept() {
    let s = Server::start().await;
    let created = s.started_game("300+3").await;
    let (id, white, black, _) = tokens(&created);
    for (i, m) in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
        .iter()
        .enumerate()
    {
        let token = if i % 2 == 0 { &white } else { &black };
        let (status, body) = s.mv(&id, token, m).await;
        assert_eq!(status, 200, "{m}: {body}");
        assert_eq!(body["verdict"]["verdict"], "accepted");
    }
    let view = s.view(&id).await;
    assert_eq!(view["status"], "over");
    assert_eq!(view["result"], "1-0");
    assert_eq!(view["outcome"]["termination"], "checkmate");
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 5.1.1");
    let sans: Vec<&str> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    assert_eq!(view["moves"][6]["chinese"], "后×f7#");

    let pgn = s.get(&format!("/api/games/{id}/pgn")).await;
    assert!(
        pgn.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("attachment")
    );
    let pgn = pgn.text().await.unwrap();
    // The movetext wraps wherever the live clocks' comments put the break.
    let words = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        pgn.contains("[White \"Ann\"]") && words.contains("4. Qxf7#"),
        "{pgn}"
    );
    assert!(pgn.contains("1-0"));

    let sheet: serde_json::Value = s.get_json(&format!("/api/games/{id}/scoresheet")).await;
    assert_eq!(sheet["rows"].as_array().unwrap().len(), 4);
    assert_eq!(sheet["header"]["white"]["name"], "Ann");
    assert_eq!(sheet["result"], "1-0");

    let log: serde_json::Value = s.get_json(&format!("/api/games/{id}/log")).await;
    let events = log["events"].as_array().unwrap();
    // The start and seven moves, each sealed by its own link.
    assert_eq!(events.len(), 8);
    assert_eq!(events[0]["event"]["kind"], "start");
    assert_ne!(events[1]["hash"], events[2]["hash"]);
}

#[tokio::test]
async fn refusals_name_their_rule_and_change_nothing() {
    let s = Server::start().await;
    let (id, white, black, arbiter) = tokens(&s.started_game("300+3").await);
    // Black moving on White's turn.
    let (status, body) = s.mv(&id, &black, "e7e5").await;
    assert_eq!(status, 422, "{body}");
    assert!(body["rule"].as_str().unwrap().starts_with("FIDE"), "{body}");
    assert!(!body["message"]["zh"].as_str().unwrap().is_empty());
    // An illegal move.
    let (status, body) = s.mv(&id, &white, "e2e5").await;
    assert_eq!(status, 422);
    assert!(
        body["error"].as_str().unwrap().contains("not a legal move"),
        "{body}"
    );
    // The arbiter does not move for the players.
    let (status, _) = s.mv(&id, &arbiter, "e2e4").await;
    assert_eq!(status, 422);
    let view = s.view(&id).await;
    assert_eq!(view["moves"].as_array().unwrap().len(), 0);
    assert_eq!(view["seq"], 1);
}

#[tokio::test]
async fn a_flag_falls_on_time_with_nobody_moving() {
    let s = Server::start().await;
    let (id, white, _, _) = tokens(&s.started_game("1+0").await);
    assert_eq!(s.mv(&id, &white, "e2e4").await.0, 200);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let view = s.view(&id).await;
    assert_eq!(view["status"], "over", "{view}");
    assert_eq!(view["result"], "1-0");
    // Black never moved: his flag decides a game that was not played.
    assert_eq!(view["outcome"]["termination"], "unplayed");
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 6.9");
    assert_eq!(view["clock"]["black_ms"], 0);
    // The flag's own event is on the record: a tick at the deadline.
    let log: serde_json::Value = s.get_json(&format!("/api/games/{id}/log")).await;
    assert_eq!(
        log["events"].as_array().unwrap().last().unwrap()["event"]["kind"],
        "tick"
    );
}

#[tokio::test]
async fn draws_offered_declined_and_claimed_with_a_declared_move() {
    let s = Server::start().await;
    let (id, white, black, _) = tokens(&s.started_game("600+5").await);
    let play = [
        ("w", "g1f3"),
        ("b", "g8f6"),
        ("w", "f3g1"),
        ("b", "f6g8"),
        ("w", "g1f3"),
        ("b", "g8f6"),
        ("w", "f3g1"),
    ];
    for (who, m) in play {
        let t = if who == "w" { &white } else { &black };
        assert_eq!(s.mv(&id, t, m).await.0, 200, "{m}");
    }
    // White offers; Black declines.
    let (status, body) = s
        .event(&id, Some(&white), json!({"kind": "offer_draw"}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(s.view(&id).await["pending_offer"], "white");
    assert_eq!(
        s.event(&id, Some(&black), json!({"kind": "decline_draw"}))
            .await
            .0,
        200
    );
    assert_eq!(s.view(&id).await["pending_offer"], serde_json::Value::Null);
    // Black claims threefold by declaring Ng8, which repeats the start the third time.
    let (status, body) = s
        .event(
            &id,
            Some(&black),
            json!({"kind": "claim_draw", "claim": "threefold", "move": "Ng8"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let view = s.view(&id).await;
    assert_eq!(view["result"], "1/2-1/2");
    assert_eq!(view["outcome"]["termination"], "threefold_claimed");
}

#[tokio::test]
async fn games_are_listed_and_unknown_ones_are_404() {
    let s = Server::start().await;
    let (id, ..) = tokens(&s.started_game("-").await);
    let list: serde_json::Value = s.get_json("/api/games").await;
    assert_eq!(list["games"][0]["id"], id.as_str());
    let r = s.get("/api/games/nosuchgame").await;
    assert_eq!(r.status(), 404);
    let r = s.get("/api/games/..%2F..%2Fetc").await;
    assert_eq!(r.status(), 404);
}

#[tokio::test]
async fn the_rulings_are_made_again_from_the_record() {
    let s = Server::start().await;
    let (id, white, black, _) = tokens(&s.started_game("600+5").await);
    for (t, m) in [(&white, "e2e4"), (&black, "e7e5"), (&white, "g1f3")] {
        assert_eq!(s.mv(&id, t, m).await.0, 200);
    }
    let offer = s
        .event(&id, Some(&white), json!({"kind": "offer_draw"}))
        .await;
    assert_eq!(offer.0, 200, "{}", offer.1);
    // A refusal is not on the record, so not among the rulings.
    assert_eq!(s.mv(&id, &black, "e5e4").await.0, 422);
    assert_eq!(s.view(&id).await["pending_offer"], "white");
    let decline = s
        .event(&id, Some(&black), json!({"kind": "decline_draw"}))
        .await;
    assert_eq!(decline.0, 200);
    let rulings = s.get_json(&format!("/api/games/{id}/rulings")).await;
    let rulings = rulings["rulings"].as_array().unwrap();
    let kinds: Vec<&str> = rulings
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "start",
            "move",
            "move",
            "move",
            "offer_draw",
            "decline_draw"
        ]
    );
    let plies: Vec<u64> = rulings
        .iter()
        .map(|r| r["plies"].as_u64().unwrap())
        .collect();
    assert_eq!(plies, [0, 1, 2, 3, 3, 3]);
    // The verdict on each, as the referee gave it when the event came.
    let offered = &rulings[4]["verdict"]["consequences"][0];
    assert_eq!(offered["effect"], "draw_offered");
    assert_eq!(offered["ruling"]["rule"], "FIDE 9.1.2.1");
    assert_eq!(
        rulings[5]["verdict"]["consequences"][0]["effect"],
        "offer_ended"
    );
    assert_eq!(rulings[1]["actor"], "white");
    // White offered on Black's time: White's Nf3 carries the mark.
    let view = s.view(&id).await;
    let offers: Vec<bool> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["offered_draw"].as_bool().unwrap())
        .collect();
    assert_eq!(offers, [false, false, true]);
    let pgn = s.get_text(&format!("/api/games/{id}/pgn")).await;
    assert!(pgn.contains("(=)"), "{pgn}");
    let r = s.get("/api/games/nosuchgame/rulings").await;
    assert_eq!(r.status(), 404);
}

#[tokio::test]
async fn the_list_tells_waiting_games_from_those_being_played() {
    let s = Server::start().await;
    let (started, ..) = tokens(&s.started_game("600+5").await);
    let waiting = s
        .create(
            json!({"white": "A", "black": "B", "time_control": "600+5", "mode": "over_the_board"}),
        )
        .await;
    let (waiting, ..) = tokens(&waiting);
    let list = s.get_json("/api/games").await;
    let status = |id: &str| {
        list["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .map(|g| g["status"].clone())
    };
    assert_eq!(status(&started), Some(json!("started")));
    assert_eq!(status(&waiting), Some(json!("created")));
}

#[tokio::test]
async fn the_favicon_is_served() {
    let s = Server::start().await;
    for path in ["/favicon.ico", "/assets/favicon.svg"] {
        let r = s.get(path).await;
        assert_eq!(r.status(), 200, "{path}");
        assert_eq!(r.headers()["content-type"], "image/svg+xml");
        assert!(r.text().await.unwrap().contains("<svg"));
    }
}

#[tokio::test]
async fn takebacks_and_a_claim_on_a_player_who_left_are_events_the_referee_decides() {
    let s = Server::start().await;
    let (id, white, black, arbiter) = tokens(&s.started_game("300+3").await);
    assert_eq!(s.mv(&id, &white, "e2e4").await.0, 200);
    // A takeback is taken onto the record and refused.
    let (status, body) = s
        .event(&id, Some(&white), json!({"kind": "request_takeback"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let refused = &body["verdict"]["consequences"][0];
    assert_eq!(refused["effect"], "takeback_refused", "{body}");
    assert_eq!(refused["ruling"]["rule"], "FIDE 4.7");
    // Nobody has left: no claim.
    let (status, body) = s
        .event(&id, Some(&black), json!({"kind": "claim_victory"}))
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["rule"], "FIDE 11.2.3");
    assert_eq!(body["message"]["en"], "White has not left the game");
    assert_eq!(body["message"]["zh"], "白方并未离开对局");
    // Only the arbiter notes who left.
    let left = json!({"kind": "player_left", "side": "black", "claim_after_ms": 0});
    let (status, body) = s.event(&id, Some(&white), left.clone()).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["rule"], "FIDE 12.1");
    let (status, body) = s.event(&id, Some(&arbiter), left).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["verdict"]["consequences"][0]["effect"], "player_left");
    let (status, body) = s
        .event(&id, Some(&white), json!({"kind": "claim_victory"}))
        .await;
    assert_eq!(status, 200, "{body}");
    let view = s.view(&id).await;
    assert_eq!(view["result"], "1-0");
    // Black, who left, never moved: the game was not played.
    assert_eq!(view["outcome"]["termination"], "unplayed");
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 11.2.3");
    let log = s.get_json(&format!("/api/games/{id}/log")).await;
    let kinds: Vec<&str> = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "start",
            "move",
            "request_takeback",
            "player_left",
            "claim_victory"
        ]
    );
}

#[tokio::test]
async fn the_page_reads_the_message_catalogues_as_a_module() {
    let s = Server::start().await;
    let r = s.get("/assets/catalogues.js").await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    let module = r.text().await.unwrap();
    let object = module
        .strip_prefix("export const CATALOGUES = ")
        .and_then(|rest| rest.trim_end().strip_suffix(';'))
        .expect("one exported object");
    // Every catalogue, entry for entry, as the server renders from it.
    let served: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(object).expect("the object is JSON");
    assert_eq!(served.len(), arbiter_messages::catalogues().len());
    for catalogue in arbiter_messages::catalogues() {
        let entries = served[catalogue.language()].as_object().unwrap();
        assert_eq!(entries.len(), catalogue.keys().count());
        for key in catalogue.keys() {
            assert_eq!(
                entries[key].as_str(),
                catalogue.template(key),
                "{} {key}",
                catalogue.language()
            );
        }
    }
    assert_eq!(served["zh"]["page-rulesetClassic"], "经典规则");
}
