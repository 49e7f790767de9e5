//! A round of an Arbiter tournament pushed to a broadcast twice, on a
//! second `arbiter serve` that speaks lichess's broadcast API: once by a
//! script that speaks it as a broadcaster on lichess does (berserk and a
//! plain POST, `broadcast_push.py`), once by `arbiter broadcast push`.
//! Both rounds read back (`GET /api/broadcast/round/ID.pgn`) the same,
//! and as the source round: its games, their tags as lichess keeps them
//! (the round's own `Date`), their moves and clocks, their results. One game has ended
//! and one is being played, so the second's clocks now
//! (`WhiteClock`/`BlackClock`) run on between the two pushes: they are
//! there in both, and the rest is equal.

mod serve;

use std::process::Command;
use std::time::Duration;

use arbiter_pgn::{Game, GameResult};
use serde_json::{Value, json};
use serve::pgn::{clocked_moves, games};
use serve::{Process, add_account, database, python};

const PLAYERS: [(&str, &str, u64); 4] = [
    ("ann", "Carlsen, Magnus", 1_503_014),
    ("bob", "Caruana, Fabiano", 2_020_009),
    ("cat", "Hou, Yifan", 8_602_980),
    ("dan", "Ju, Wenjun", 8_603_006),
];

struct Http {
    client: reqwest::Client,
    base: String,
}

impl Http {
    fn new(base: &str) -> Http {
        Http {
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(20))
                .build()
                .unwrap(),
            base: base.to_string(),
        }
    }

    async fn post(&self, path: &str, token: &str, body: Value) -> Value {
        let r = self
            .client
            .post(format!("{}{path}", self.base))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status();
        let body: Value = r.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{path}: {status} {body}");
        body
    }

    async fn get_text(&self, path: &str) -> String {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{path}: {}", r.status());
        r.text().await.unwrap()
    }
}

/// A game with its clocks now and its date (each round's own) taken out,
/// and its tags in one order.
fn settled(g: &Game) -> Game {
    let mut g = g.clone();
    for tag in ["WhiteClock", "BlackClock", "Date"] {
        g.tags.remove(tag);
    }
    let mut tags: Vec<(String, String)> =
        g.tags.iter().map(|(n, v)| (n.into(), v.into())).collect();
    tags.sort();
    g.tags = tags.into_iter().collect();
    g
}

#[tokio::test]
async fn a_round_pushed_by_a_lichess_script_and_by_arbiter_broadcast_push_reads_the_same() {
    // The source: a tournament's round 1, board 1 finished, board 2 going on.
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let director = add_account(&db, "director", false);
    let tokens: Vec<String> = PLAYERS
        .iter()
        .map(|p| add_account(&db, p.0, false))
        .collect();
    let source = Process::start(&db, &[]);
    let a = Http::new(&source.base);
    let settings = json!({
        "name": "Relay Open", "place": "Stavanger", "start_date": "2026-12-05",
        "chief_arbiter": "Ana Arbiter", "system": {"kind": "dutch"}, "rounds": 1,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
        "tiebreaks": ["PTS"],
    });
    let id = a.post("/api/tournament", &director, settings).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    for (account, name, fide_id) in PLAYERS {
        let player = json!({"name": name, "rating": 2700, "fide_id": fide_id, "account": account});
        a.post(&format!("/api/tournament/{id}/players"), &director, player)
            .await;
    }
    a.post(
        &format!("/api/tournament/{id}/pair"),
        &director,
        json!(null),
    )
    .await;
    a.post(
        &format!("/api/tournament/{id}/publish"),
        &director,
        json!(null),
    )
    .await;
    let state: Value =
        serde_json::from_str(&a.get_text(&format!("/api/tournament/{id}")).await).unwrap();
    let boards = state["rounds"][0]["boards"].as_array().unwrap().clone();
    let seat =
        |b: usize, color: &str| tokens[boards[b][color].as_u64().unwrap() as usize - 1].clone();
    let game = |b: usize| boards[b]["game"].as_str().unwrap().to_string();
    for b in 0..2 {
        for (color, mv) in [("white", "d2d4"), ("black", "g8f6"), ("white", "c2c4")] {
            a.post(
                &format!("/api/board/game/{}/move/{mv}", game(b)),
                &seat(b, color),
                json!(null),
            )
            .await;
        }
    }
    a.post(
        &format!("/api/board/game/{}/resign", game(0)),
        &seat(0, "black"),
        json!(null),
    )
    .await;
    let source_url = format!("{}/api/broadcast/{id}/round/1.pgn", source.base);

    // The broadcast: a second server, and its broadcaster's account.
    let relay_dir = tempfile::tempdir().unwrap();
    let relay_db = database(relay_dir.path());
    let broadcaster = add_account(&relay_db, "broadcaster", false);
    let relay = Process::start(&relay_db, &[]);
    let b = Http::new(&relay.base);

    // Pushed by the lichess script.
    let said = python(
        "broadcast_push.py",
        [&relay.base, &broadcaster, &source_url],
    );
    let tour = serve::said(&said, "tour ");
    let by_script = serve::said(&said, "round ");
    assert_eq!(said.lines().count(), 4, "{said}");
    // Pushed by `arbiter broadcast push`, into a second round.
    let made = b
        .post(
            &format!("/broadcast/{tour}/new"),
            &broadcaster,
            json!({"name": "Round 1 again"}),
        )
        .await;
    let by_arbiter = made["round"]["id"].as_str().unwrap().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "broadcast",
            "push",
            "--round",
            &source_url,
            "--token",
            &broadcaster,
            "--to",
        ])
        // The round as its creation names it (`url`: its PGN).
        .arg(format!(
            "{}{}",
            relay.base,
            made["round"]["url"].as_str().unwrap()
        ))
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 2, "{printed}");
    assert!(
        lines[0].starts_with("1.1 ") && lines[0].ends_with(": 3 moves"),
        "{printed}"
    );
    assert!(
        lines[1].starts_with("1.2 ") && lines[1].ends_with(": 3 moves"),
        "{printed}"
    );

    let source_games = games(
        &a.get_text(&format!("/api/broadcast/{id}/round/1.pgn"))
            .await,
    );
    let script_games = games(
        &b.get_text(&format!("/api/broadcast/round/{by_script}.pgn"))
            .await,
    );
    let arbiter_games = games(
        &b.get_text(&format!("/api/broadcast/round/{by_arbiter}.pgn"))
            .await,
    );
    assert_eq!(script_games.len(), 2);
    assert_eq!(
        script_games.iter().map(settled).collect::<Vec<_>>(),
        arbiter_games.iter().map(settled).collect::<Vec<_>>()
    );
    for (pushed, source) in script_games.iter().zip(&source_games) {
        assert_eq!(pushed.tags.get("GameId"), source.tags.get("GameId"));
        for tag in [
            "Round",
            "Board",
            "White",
            "Black",
            "WhiteFideId",
            "BlackFideId",
            "Event",
            "Site",
        ] {
            assert_eq!(pushed.tags.get(tag), source.tags.get(tag), "{tag}");
        }
        // lichess dates the game by its broadcast round, not the source.
        let date = pushed.tags.get("Date").unwrap();
        assert!(date.len() == 10 && !date.contains('?'), "{date}");
        assert_eq!(clocked_moves(pushed), clocked_moves(source));
        assert!(
            clocked_moves(pushed)
                .iter()
                .all(|(_, clock)| clock.is_some())
        );
        assert_eq!(pushed.recorded_result(), source.recorded_result());
    }
    assert_eq!(script_games[0].recorded_result(), GameResult::WhiteWins);
    assert_eq!(script_games[1].recorded_result(), GameResult::Unknown);
    for g in [&script_games[1], &arbiter_games[1]] {
        assert!(g.tags.get("WhiteClock").is_some() && g.tags.get("BlackClock").is_some());
    }
}
