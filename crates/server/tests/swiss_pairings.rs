//! lichess's `forbiddenPairings` and `manualPairings` on
//! `POST /api/swiss/new/{team}`: round 1 paired by hand (the players on
//! no valid line get a bye worth a point), the forbidden pairs never
//! paired, both kept in the exported TRF; and a round scheduled with
//! `schedule-next-round` starts at its time across a restart.

mod common;

use std::time::Duration;

use arbiter_tournament::trf;
use common::{Server, account};
use serde_json::Value;

const NAMES: [&str; 6] = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];

async fn swiss_json(s: &Server, id: &str) -> Value {
    s.get_json(&format!("/api/swiss/{id}")).await
}

/// Waits until the Swiss's `round` is `round` with no game going on.
async fn round_over(s: &Server, id: &str, round: u64) {
    for _ in 0..300 {
        let swiss = swiss_json(s, id).await;
        if swiss["round"] == round && swiss["nbOngoing"] == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("round {round} never ended: {}", swiss_json(s, id).await);
}

/// Each player with White in the current round resigns: a player's
/// game and colour, if he plays.
async fn white_resigns(s: &Server, tokens: &[String]) -> Vec<Option<(String, String)>> {
    let mut seats = Vec::new();
    for t in tokens {
        let playing = s.get_json_as("/api/account/playing", t).await;
        let game = &playing["nowPlaying"][0];
        let seat = game["gameId"]
            .as_str()
            .map(|g| (g.to_string(), game["color"].as_str().unwrap().to_string()));
        seats.push(seat);
    }
    for (seat, t) in seats.iter().zip(tokens) {
        if let Some((game, color)) = seat
            && color == "white"
        {
            let (status, _) = s
                .post_as(&format!("/api/board/game/{game}/resign"), t)
                .await;
            assert_eq!(status, 200);
        }
    }
    seats
}

/// Waits until every player of the round has his game (the round is
/// published); `players` of them play.
async fn published(s: &Server, tokens: &[String], players: usize) {
    for _ in 0..200 {
        let mut playing = 0;
        for t in tokens {
            let p = s.get_json_as("/api/account/playing", t).await;
            playing += p["nowPlaying"].as_array().map_or(0, Vec::len);
        }
        if playing == players {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the round was never published");
}

#[test]
fn manual_pairings_make_round_one_forbidden_pairs_never_meet_and_a_scheduled_round_survives_a_restart()
 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (id, creator, tokens, at) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let creator = account(&s, "Director").await;
        let mut tokens = Vec::new();
        for name in NAMES {
            tokens.push(account(&s, name).await);
        }
        // A line that is not two names is refused, with its place.
        let r = s
            .new_swiss_form(
                &creator,
                &[
                    ("clock.limit", "300"),
                    ("nbRounds", "3"),
                    ("forbiddenPairings", "ann bob\ncat dan eve"),
                ],
            )
            .await;
        assert_eq!(r.status(), 400);
        let body: Value = r.json().await.unwrap();
        assert_eq!(
            body["error"],
            "forbiddenPairings, line 2: two user names separated by a space expected"
        );
        // As berserk sends it: a form.
        let r = s
            .new_swiss_form(
                &creator,
                &[
                    ("clock.limit", "300"),
                    ("clock.increment", "2"),
                    ("nbRounds", "3"),
                    ("name", "Paired By Hand"),
                    ("roundInterval", "99999999"),
                    ("forbiddenPairings", "Ann Bob\n\ncat dan"),
                    // Eve with herself is no valid line: she and Fay get byes.
                    ("manualPairings", "Cat Ann\nbob DAN\neve eve"),
                ],
            )
            .await;
        assert_eq!(r.status(), 200);
        let created: Value = r.json().await.unwrap();
        let id = created["id"].as_str().unwrap().to_string();
        s.joined_and_started(&id, &creator, &tokens).await;
        published(&s, &tokens, 4).await;
        // Round 1 is the manual one: Cat has White against Ann, Bob
        // White against Dan, Eve and Fay do not play.
        let seats = white_resigns(&s, &tokens).await;
        let colour = |i: usize| seats[i].as_ref().map(|(_, c)| c.as_str());
        let game = |i: usize| seats[i].as_ref().map(|(g, _)| g.as_str());
        assert_eq!(
            (0..6).map(colour).collect::<Vec<_>>(),
            [
                Some("black"),
                Some("white"),
                Some("white"),
                Some("black"),
                None,
                None
            ]
        );
        assert_eq!(game(0), game(2));
        assert_eq!(game(1), game(3));
        round_over(&s, &id, 1).await;
        // Round 2 is set for two seconds from now; the server then stops.
        let at = now_ms() + 2000;
        let r = s
            .http
            .post(s.url(&format!("/api/swiss/{id}/schedule-next-round")))
            .bearer_auth(&creator)
            .form(&[("date", at.to_string())])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let next = swiss_json(&s, &id).await["nextRound"]["at"].clone();
        assert!(next.is_string(), "{next}");
        (id, creator, tokens, (at, next))
    });
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        // The record holds together.
        let store = common::open_store(&path).await;
        let report = arbiter_server::verify(&store).await.unwrap();
        assert!(report.is_clean(), "{report:?}");
        store.close().await;
        let s = Server::start_in(&path, common::config(&path)).await;
        let swiss = swiss_json(&s, &id).await;
        assert_eq!(swiss["round"], 1, "{swiss}");
        // The time set before the restart holds.
        assert_eq!(swiss["nextRound"]["at"], at.1, "{swiss}");
        // And the round starts then, by itself.
        published(&s, &tokens, 6).await;
        assert!(now_ms() >= at.0);
        white_resigns(&s, &tokens).await;
        round_over(&s, &id, 2).await;
        let (status, _) = s
            .post_as(&format!("/api/swiss/{id}/schedule-next-round"), &creator)
            .await;
        assert_eq!(status, 200);
        published(&s, &tokens, 6).await;
        white_resigns(&s, &tokens).await;
        round_over(&s, &id, 3).await;
        assert_eq!(swiss_json(&s, &id).await["status"], "finished");

        let text = s.get_text(&format!("/swiss/{id}.trf")).await;
        let t = trf::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let start = |name: &str| {
            t.entrants
                .iter()
                .find(|e| e.player.name == name)
                .unwrap_or_else(|| panic!("{name} in\n{text}"))
                .player
                .start_no
        };
        let pairs = |a: &str, b: &str| {
            let (a, b) = (start(a), start(b));
            vec![a.min(b), a.max(b)]
        };
        // The forbidden pairs are in the file, and were never paired.
        let mut forbidden = t.forbidden_pairs.clone();
        forbidden.sort();
        let mut expected = vec![pairs("Ann", "Bob"), pairs("Cat", "Dan")];
        expected.sort();
        assert_eq!(forbidden, expected, "{text}");
        for (a, b) in [("Ann", "Bob"), ("Cat", "Dan")] {
            let opponents: Vec<_> = t
                .entrants
                .iter()
                .find(|e| e.player.name == a)
                .unwrap()
                .rounds
                .iter()
                .filter_map(|r| r.opponent)
                .collect();
            assert!(!opponents.contains(&start(b)), "{a} met {b}:\n{text}");
        }
        // Eve's and Fay's round 1: a bye worth a point.
        assert_eq!(text.matches("0000 - F").count(), 2, "{text}");
    });
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}
