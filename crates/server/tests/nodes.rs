//! Several nodes on one PostgreSQL database (`--node`): every node answers
//! every game, a game is run by one node at a time, and a node that lost a
//! game's lease cannot write to it (fencing). These tests need PostgreSQL
//! whatever `ARBITER_TEST_DB` says (scripts/test runs them in its
//! PostgreSQL part); their names start with `several_nodes`.

mod common;

use std::time::{Duration, Instant};

use arbiter_server::{Config, Database, NodeConfig, Store};
use common::view::moves;
use common::{Server, pg, tokens};
use serde_json::Value;

/// A fresh database on the throwaway cluster.
fn fresh_database() -> Database {
    let name = format!("arbiter_nodes_{}", &arbiter_server::new_token()[..12]);
    Database::Postgres(pg::url(&name))
}

/// The configuration of node `name` on `db`, renewing its leases every
/// `heartbeat`, leases of one second.
fn node(db: &Database, name: &str, heartbeat: Duration) -> Config {
    let mut config = Config::new(db.clone());
    config.rate_per_second = 0;
    config.heartbeat = heartbeat;
    config.node = Some(NodeConfig {
        lease: Duration::from_secs(1),
        ..NodeConfig::named(name)
    });
    config
}

/// Why a server on `config` does not start.
async fn refused(config: Config) -> String {
    arbiter_server::serve_with("127.0.0.1:0".parse().unwrap(), config, |_| {})
        .await
        .unwrap_err()
        .to_string()
}

async fn start(db: &Database, name: &str, heartbeat: Duration) -> Server {
    let dir = tempfile::tempdir().unwrap();
    Server::start_with(dir, node(db, name, heartbeat)).await
}

/// How many rows of `table` meet `condition`.
async fn rows(store: &Store, table: &str, condition: &str) -> u64 {
    // An update that changes nothing counts the rows it finds.
    let column = if table == "events" { "seq" } else { "game_id" };
    store
        .execute_raw(&format!(
            "UPDATE {table} SET {column} = {column} WHERE {condition}"
        ))
        .await
        .unwrap()
}

/// A tournament made on one node is the other's too: listed with its
/// team's, read, and joined through it (the join handed to the node that
/// holds the tournament).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_serve_a_tournament_made_on_one() {
    let db = fresh_database();
    let a = start(&db, "a", Duration::from_millis(200)).await;
    let b = start(&db, "b", Duration::from_millis(200)).await;
    let (creator, player) = (arbiter_server::new_token(), arbiter_server::new_token());
    let store = Store::open(db.clone()).await.unwrap();
    store.add_account("Carol", &creator, false).await.unwrap();
    store.add_account("Dave", &player, false).await.unwrap();
    store.close().await;
    let settings = serde_json::json!({"clock.limit": 300, "clock.increment": 2, "nbRounds": 3});
    let made = a.created_swiss(&creator, &settings).await;
    let id = made["id"].as_str().unwrap();
    // b hears of it from a (a notification): listed there within a moment.
    let started = Instant::now();
    while !b.get_text("/api/team/club/swiss").await.contains(id) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "b never listed {id}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, body) = b.post_as(&format!("/api/swiss/{id}/join"), &player).await;
    assert_eq!(status, 200, "{body}");
    for node in [&a, &b] {
        let info = node.get_json(&format!("/api/swiss/{id}")).await;
        assert_eq!(info["nbPlayers"], 1, "{info}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_answer_every_game_wherever_it_runs() {
    let db = fresh_database();
    let a = start(&db, "a", Duration::from_millis(200)).await;
    let b = start(&db, "b", Duration::from_millis(200)).await;
    // Made on a, the game is a's; played through both.
    let created = a.started_game("300+0").await;
    let (id, white, black, _) = tokens(&created);
    assert_eq!(a.mv(&id, &white, "e2e4").await.0, 200);
    let (status, body) = b.mv(&id, &black, "e7e5").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(b.mv(&id, &white, "g1f3").await.0, 200);
    // Both show the same game, and it is a's still.
    assert_eq!(moves(&a.view(&id).await), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(moves(&b.view(&id).await), ["e2e4", "e7e5", "g1f3"]);
    let store = Store::open(db.clone()).await.unwrap();
    let held_by_a = format!("game_id = '{id}' AND node = 'a' AND epoch = 1");
    assert_eq!(rows(&store, "leases", &held_by_a).await, 1);
    store.close().await;
}

/// Every node lists every game with its status, the games another node
/// runs included (read from their records).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_list_every_game_with_its_status() {
    let db = fresh_database();
    let a = start(&db, "a", Duration::from_millis(200)).await;
    let b = start(&db, "b", Duration::from_millis(200)).await;
    let started = a.started_game("300+0").await;
    let waiting = a
        .create(serde_json::json!({"white": "Cid", "black": "Dee", "time_control": "300+0"}))
        .await;
    let status_on = |list: &Value, game: &Value| {
        let id = game["id"].as_str().unwrap();
        let listed = list["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id);
        listed.map(|g| g["status"].as_str().unwrap().to_string())
    };
    for node in [&a, &b] {
        let list = node.get_json("/api/games").await;
        assert_eq!(status_on(&list, &started).as_deref(), Some("started"));
        assert_eq!(status_on(&list, &waiting).as_deref(), Some("created"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_node_that_lost_its_lease_cannot_write_to_the_game() {
    let db = fresh_database();
    // a renews its leases once, at its start, and never again: as a node
    // paused past its lease that still answers the requests it has.
    let a = start(&db, "a", Duration::from_secs(3600)).await;
    let b = start(&db, "b", Duration::from_millis(100)).await;
    let created = a.started_game("300+0").await;
    let (id, white, black, _) = tokens(&created);
    assert_eq!(a.mv(&id, &white, "e2e4").await.0, 200);

    // b takes the game over once a's lease has run out.
    let store = Store::open(db.clone()).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    let held_by_b = format!("game_id = '{id}' AND node = 'b' AND epoch = 2");
    loop {
        if rows(&store, "leases", &held_by_b).await == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "b did not take the game over");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // a still believes it runs the game: its actor decides the move, and
    // its write is refused, since a's epoch is no longer the lease's.
    let (status, body) = a.mv(&id, &black, "e7e5").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.to_string().contains("another node"), "{body}");
    assert_eq!(moves(&b.view(&id).await), ["e2e4"]);
    // Through b the move is made; through a, which let the game go, the
    // next one reaches b.
    assert_eq!(b.mv(&id, &black, "e7e5").await.0, 200);
    let (status, body) = a.mv(&id, &white, "g1f3").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(moves(&b.view(&id).await), ["e2e4", "e7e5", "g1f3"]);
    // The clock's start, then the three moves: nothing of a's refused try.
    let events = rows(&store, "events", &format!("game_id = '{id}'")).await;
    assert_eq!(events, 4);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_second_node_of_the_same_name_is_refused() {
    let db = fresh_database();
    let _a = start(&db, "a", Duration::from_millis(200)).await;
    let err = refused(node(&db, "a", Duration::from_millis(200))).await;
    assert!(err.contains("a node named a already runs"), "{err}");
    // Nor can a single server start beside nodes.
    let mut single = Config::new(db.clone());
    single.rate_per_second = 0;
    let err = refused(single).await;
    assert!(err.contains("another arbiter serve"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_cannot_start_beside_a_single_server() {
    let db = fresh_database();
    let mut single = Config::new(db.clone());
    single.rate_per_second = 0;
    let _one = Server::start_with(tempfile::tempdir().unwrap(), single).await;
    let err = refused(node(&db, "a", Duration::from_millis(200))).await;
    assert!(err.contains("started without --node"), "{err}");
}

#[tokio::test]
async fn a_node_needs_postgresql() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(Database::Sqlite(dir.path().join("arbiter.db")));
    config.node = Some(NodeConfig::named("a"));
    let err = refused(config).await;
    assert!(err.contains("need a PostgreSQL database"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_export_an_accounts_games_wherever_they_run() {
    let db = fresh_database();
    let a = start(&db, "a", Duration::from_millis(200)).await;
    let b = start(&db, "b", Duration::from_millis(200)).await;
    let store = Store::open(db.clone()).await.unwrap();
    let (alice, bob) = (arbiter_server::new_token(), arbiter_server::new_token());
    store.add_account("alice", &alice, false).await.unwrap();
    store.add_account("bob", &bob, false).await.unwrap();
    store.close().await;
    // Accepted on a, the game is a's.
    let (_, id) = common::challenge_accepted(&a, &alice, &bob).await;
    let (status, _) = a
        .post_as(&format!("/api/board/game/{id}/move/e2e4"), &alice)
        .await;
    assert_eq!(status, 200);
    // Either node lists it among Alice's games, as it stands on a.
    let mut pgns = Vec::new();
    for s in [&a, &b] {
        let r = s
            .http
            .get(s.url("/api/games/user/alice?ongoing=true"))
            .header("accept", "application/x-ndjson")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
        let text = r.text().await.unwrap();
        let games: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(games.len(), 1, "{text}");
        assert_eq!(games[0]["id"], id.as_str());
        assert_eq!(games[0]["moves"], "e4");
        let pgn = s.get_text("/api/games/user/alice?ongoing=true").await;
        assert!(pgn.contains("\n1. e4 {[%clk "), "{pgn}");
        pgns.push(pgn);
    }
    assert_eq!(pgns[0], pgns[1]);
}

/// How many checkpoints node `signer` signed.
async fn signed_by(store: &Store, signer: &str) -> u64 {
    // An update that changes nothing counts the rows it finds.
    store
        .execute_raw(&format!(
            "UPDATE log_checkpoints SET signer = signer WHERE signer = '{signer}'"
        ))
        .await
        .unwrap()
}

/// Waits until node `signer` has signed a checkpoint of every leaf.
async fn signed_whole_by(store: &Store, signer: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    let whole = format!("signer = '{signer}' AND size = (SELECT size FROM log_head)");
    while store
        .execute_raw(&format!(
            "UPDATE log_checkpoints SET signer = signer WHERE {whole}"
        ))
        .await
        .unwrap()
        == 0
    {
        assert!(
            Instant::now() < deadline,
            "{signer} signed no checkpoint of the whole log"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// One signed log for the cluster: each node's records are leaves of the
/// one tree; a node that stops renewing its leases (as one paused past
/// them) loses the signing lease too, and signs nothing once another node
/// took it over; every checkpoint, before the failover and after, is of
/// the same growing tree.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_sign_one_log_and_a_paused_node_cannot_sign() {
    let db = fresh_database();
    let keys = tempfile::tempdir().unwrap();
    let key_file = keys.path().join("log.key");
    let signing = |name: &str, heartbeat: Duration| {
        let mut config = node(&db, name, heartbeat);
        config.log_key = Some(key_file.clone());
        config
    };
    // a makes the key and signs first; it renews nothing after its start.
    let a = Server::start_with(
        tempfile::tempdir().unwrap(),
        signing("a", Duration::from_secs(3600)),
    )
    .await;
    let (first, white, _, _) = tokens(&a.started_game("300+0").await);
    assert_eq!(a.mv(&first, &white, "e2e4").await.0, 200);
    let store = Store::open(db.clone()).await.unwrap();
    signed_whole_by(&store, "a").await;

    // b, with a copy of the key, takes the lease once a's has run out.
    let b = Server::start_with(
        tempfile::tempdir().unwrap(),
        signing("b", Duration::from_millis(100)),
    )
    .await;
    let (second, white2, black2, _) = tokens(&b.started_game("300+0").await);
    for (token, mv) in [(&white2, "d2d4"), (&black2, "d7d5")] {
        assert_eq!(b.mv(&second, token, mv).await.0, 200);
    }
    signed_whole_by(&store, "b").await;
    let by_a = signed_by(&store, "a").await;
    assert!(by_a >= 1);

    // a, still running its rounds under its old epoch, signs no more.
    assert_eq!(b.mv(&second, &white2, "c2c4").await.0, 200);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    signed_whole_by(&store, "b").await;
    assert_eq!(signed_by(&store, "a").await, by_a);

    // Every checkpoint, a's and b's, is of the one tree the records make.
    let report = arbiter_server::verify(&store).await.unwrap();
    let log = report.log.expect("the log is kept on PostgreSQL");
    assert!(log.is_clean(), "{log:?}");
    assert!(log.checkpoints as u64 > by_a);
    // 2 games made, the clocks' 2 starts, 4 moves.
    assert_eq!(log.leaves, 8);
    let served = b.get_text("/checkpoint/key").await;
    let key =
        arbiter_server::load_or_make_key(&key_file, None, arbiter_tlog::KeyKind::Ed25519).unwrap();
    assert_eq!(served.trim(), key.verifier().to_string());
    store.close().await;
}
