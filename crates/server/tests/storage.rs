//! What storage promises: a server brought back on the same database finds
//! every acknowledged move, and a record altered behind its back is found.

mod common;

use std::time::Duration;

use arbiter_server::Damage;
use common::{Server, tokens};

/// `arbiter verify` finds one thing wrong in `store`: the hash chain of game
/// `id`, broken at event `seq`.
async fn assert_chain_broken_at(store: &arbiter_server::Store, id: &str, seq: i64) {
    let report = arbiter_server::verify(store).await.unwrap();
    assert_eq!(report.findings.len(), 1, "{:?}", report.findings);
    assert_eq!(report.findings[0].game, id);
    assert_eq!(report.findings[0].seq, Some(seq));
    assert_eq!(report.findings[0].problem, Damage::GameChainBroken);
    // `arbiter verify` writes it in English, as it always has.
    assert_eq!(
        report.findings[0].problem.to_string(),
        "hash chain broken: this event, or the setup or an event before it, was altered"
    );
}

#[test]
fn a_restarted_server_resumes_every_game_where_it_stood() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (id, white, black, before) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let (id, white, black, _) = tokens(&s.started_game("600+0").await);
        for (i, m) in ["d2d4", "d7d5", "c2c4"].iter().enumerate() {
            let t = if i % 2 == 0 { &white } else { &black };
            assert_eq!(s.mv(&id, t, m).await.0, 200);
        }
        let before = s.view(&id).await;
        (id, white, black, before)
    });
    // The server stops with every task it ran, and stays down a while.
    drop(first);
    std::thread::sleep(Duration::from_millis(1500));
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let after = s.view(&id).await;
        assert_eq!(after["moves"], before["moves"]);
        assert_eq!(after["fen"], before["fen"]);
        assert_eq!(after["clock"]["running"], "black");
        // The downtime is charged to nobody: Black's clock resumes as it read
        // at the last heartbeat (at most half a second before the stop),
        // not 1.5 s lower.
        let lost = before["clock"]["black_ms"].as_i64().unwrap()
            - after["clock"]["black_ms"].as_i64().unwrap();
        assert!((-600..1000).contains(&lost), "black lost {lost} ms");
        assert_eq!(after["clock"]["white_ms"], before["clock"]["white_ms"]);
        // And the game goes on.
        assert_eq!(s.mv(&id, &black, "e7e6").await.0, 200);
        assert_eq!(s.mv(&id, &white, "b1c3").await.0, 200);
        let store = common::open_store(&path).await;
        assert!(
            arbiter_server::verify(&store)
                .await
                .unwrap()
                .findings
                .is_empty()
        );
    });
}

#[test]
fn verify_finds_an_altered_record_and_the_server_refuses_to_play_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (id, other) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let (id, white, black, _) = tokens(&s.started_game("600+0").await);
        for (i, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
            let t = if i % 2 == 0 { &white } else { &black };
            assert_eq!(s.mv(&id, t, m).await.0, 200);
        }
        let (other, ..) = tokens(&s.started_game("600+0").await);
        let store = common::open_store(&path).await;
        let clean = arbiter_server::verify(&store).await.unwrap();
        assert!(clean.findings.is_empty(), "{:?}", clean.findings);
        assert_eq!(clean.games, 2);
        // Someone turns Black's e5 into e6 in the database.
        let changed = store
            .execute_raw(&format!(
                "UPDATE events SET event = replace(event, 'e7e5', 'e7e6') WHERE game_id = '{id}' AND seq = 2"
            ))
            .await
            .unwrap();
        assert_eq!(changed, 1);
        assert_chain_broken_at(&store, &id, 2).await;
        store.close().await;
        (id, other)
    });
    // The server stops with every task it ran.
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        // A server opened on the altered database will not play the game on.
        let s = Server::start_in(&path, common::config(&path)).await;
        let r = s.get(&format!("/api/games/{id}")).await;
        assert_eq!(r.status(), 500);
        assert!(r.text().await.unwrap().contains("altered"));
        assert_eq!(s.view(&other).await["status"], "started");
        // A game result changed without its events is found too.
        let store = common::open_store(&path).await;
        store
            .execute_raw(&format!(
                "UPDATE games SET result = '1-0' WHERE id = '{other}'"
            ))
            .await
            .unwrap();
        let report = arbiter_server::verify(&store).await.unwrap();
        assert_eq!(report.findings.len(), 2, "{:?}", report.findings);
        let changed = report.findings.iter().find(|f| f.game == other);
        let differs = Damage::ResultDiffers {
            stored: "1-0".into(),
            replayed: "*".into(),
        };
        assert_eq!(changed.map(|f| &f.problem), Some(&differs));
        assert_eq!(
            differs.to_string(),
            "stored result 1-0 but the events give *"
        );
        store.close().await;
    });
}

#[tokio::test]
async fn a_record_altered_before_it_was_filed_home_is_found_too() {
    let s = Server::start().await;
    let (id, white, black, _) = tokens(&s.started_game("600+0").await);
    for (i, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        let t = if i % 2 == 0 { &white } else { &black };
        assert_eq!(s.mv(&id, t, m).await.0, 200);
    }
    // On SQLite, moves this recent wait in the journal for their round
    // (which the server starts a few seconds after the first); PostgreSQL
    // has no journal. Someone alters Black's e5 wherever it lies, without
    // going through the server (nor, on SQLite, through a store, which
    // would file the journal home when it opens).
    let alter = |table: &str| {
        format!(
            "UPDATE {table} SET event = replace(event, 'e7e5', 'e7e6') \
         WHERE game_id = '{id}' AND seq = 2"
        )
    };
    let altered = if common::db::on_postgres() {
        let store = common::open_store(&s.path).await;
        let altered = store.execute_raw(&alter("events")).await.unwrap();
        store.close().await;
        altered
    } else {
        let db = rusqlite::Connection::open(s.path.join("arbiter.db")).unwrap();
        let in_journal = db.execute(&alter("journal"), []).unwrap();
        (in_journal + db.execute(&alter("events"), []).unwrap()) as u64
    };
    assert!(altered >= 1);
    // Opening the store files the journal home; the chain finds the change.
    let store = common::open_store(&s.path).await;
    assert_chain_broken_at(&store, &id, 2).await;
    store.close().await;
}

/// On PostgreSQL a database is run by one server at a time: a second one
/// started beside it refuses to start (both would run the same games), and
/// starts once the first has stopped. (An SQLite file has no such guard.)
#[test]
fn a_second_server_on_the_same_postgres_database_refuses_to_start() {
    use arbiter_server::{GameError, ServeError, StoreError};
    if !common::db::on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let id = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let id = s.started_game("600+0").await["id"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(id.len(), 8);
        let second = arbiter_server::serve_with(
            "127.0.0.1:0".parse().unwrap(),
            common::config(&path),
            |_| panic!("a second server started"),
        );
        match second.await {
            Err(ServeError::Start(GameError::Store(StoreError::InUse))) => {}
            other => panic!("a second server started: {other:?}"),
        }
        id
    });
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let listed = s.get_json("/api/games").await;
        let games = listed["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "{listed}");
        assert_eq!(games[0]["id"], id.as_str());
        assert_eq!(games[0]["status"], "started");
    });
}
