//! Crash safety: `arbiter serve` killed with SIGKILL in the middle of
//! games, restarted on the same database, finds every acknowledged move
//! and clock and finishes the games; `arbiter verify` then passes, and
//! finds a record altered in the database.

mod serve;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use assert_cmd::Command;
use serve::{Client, Process};

/// Four knights out, then back: the starting position comes back every
/// eight plies, so 25 plies make at most a fourfold repetition, which is
/// only claimable (fivefold would end the game by itself, FIDE 9.6.1).
const SHUFFLE: [&str; 8] = [
    "g1f3", "g8f6", "b1c3", "b8c6", "f3g1", "f6g8", "c3b1", "c6b8",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_mid_game_then_restarted_every_acknowledged_move_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let mut server = Process::start(&db, &[]);
    let client = Arc::new(Client::new(&server.base));

    // Three games, each played by its own task as fast as it is answered.
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(client.create("600+0").await);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let acked_total = Arc::new(AtomicUsize::new(0));
    let mut players = Vec::new();
    for g in &games {
        let (client, stop, acked_total) = (client.clone(), stop.clone(), acked_total.clone());
        let id = g["id"].as_str().unwrap().to_string();
        let tokens = [
            g["white_token"].as_str().unwrap().to_string(),
            g["black_token"].as_str().unwrap().to_string(),
        ];
        players.push(tokio::spawn(async move {
            let mut acknowledged = Vec::new();
            // Four repetitions would be fivefold: stop short of it.
            for (i, m) in SHUFFLE.iter().cycle().take(24).enumerate() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                match client.mv(&id, &tokens[i % 2], m).await {
                    Ok(200) => {
                        acknowledged.push(m.to_string());
                        acked_total.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => break,
                }
            }
            (id, tokens, acknowledged)
        }));
    }
    // Kill while the games are being played: after a third of the moves.
    while acked_total.load(Ordering::Relaxed) < 24 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    server.kill();
    stop.store(true, Ordering::Relaxed);
    let mut played = Vec::new();
    for p in players {
        played.push(p.await.unwrap());
    }
    assert!(
        played.iter().any(|(_, _, acked)| acked.len() < 24),
        "the kill cut games short"
    );

    let server = Process::start(&db, &[]);
    let client = Client::new(&server.base);
    for (id, tokens, acked) in &played {
        let view = client.view(id).await;
        let moves: Vec<String> = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["uci"].as_str().unwrap().to_string())
            .collect();
        // Every acknowledged move is there; at most one more (committed,
        // its answer lost in the kill).
        assert!(
            moves.len() >= acked.len() && moves.len() <= acked.len() + 1,
            "{id}: acked {acked:?}, stored {moves:?}"
        );
        assert_eq!(&moves[..acked.len()], &acked[..], "{id}");
        assert_eq!(view["status"], "started", "{id}: {view}");
        // Both clocks as they were: ten minutes less the little used.
        for side in ["white_ms", "black_ms"] {
            let ms = view["clock"][side].as_i64().unwrap();
            assert!((590_000..=600_000).contains(&ms), "{id} {side} {ms}");
        }
        // The games go on, and end: one more move, then a resignation.
        let turn = usize::from(view["turn"] == "black");
        let next = SHUFFLE[moves.len() % SHUFFLE.len()];
        assert_eq!(
            client.mv(id, &tokens[turn], next).await.unwrap(),
            200,
            "{id} {next}"
        );
        let r = client
            .http
            .post(format!("{}/api/games/{id}/events", client.base))
            .bearer_auth(&tokens[1 - turn])
            .json(&serde_json::json!({"kind": "resign"}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(client.view(id).await["status"], "over");
    }
    drop(server);

    let ok = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["verify", "--db"])
        .arg(&db)
        .assert()
        .success();
    let out = String::from_utf8(ok.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains("3 games") && out.contains("every record is intact"),
        "{out}"
    );

    // Alter one stored move behind the server's back.
    let (victim, _, _) = &played[0];
    let store = arbiter_server::Store::open(db.as_str()).await.unwrap();
    store
        .execute_raw(&format!("UPDATE events SET event = replace(event, 'g1f3', 'g1h3') WHERE game_id = '{victim}' AND seq = 1"))
        .await
        .unwrap();
    store.close().await;
    let failed = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["verify", "--db"])
        .arg(&db)
        .assert()
        .code(1);
    let out = String::from_utf8(failed.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains(&format!("game {victim} event 1: hash chain broken")),
        "{out}"
    );
}
