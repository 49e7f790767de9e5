//! On PostgreSQL, a connection lost under a commit leaves its outcome
//! unknown to the server: the commit may have happened, only its answer
//! lost. The server finds out and acts on what the database holds: an
//! acknowledged move is never lost, and no move is recorded twice.
//!
//! The connection is lost for real, by a proxy between the server and the
//! database (`common::proxy`) that drops it around the commit of a chosen
//! move. (SQLite is a file in the server's process: there is no
//! connection to lose, and these tests pass through on it.)

mod common;

use arbiter_server::{Database, Store};
use common::proxy::{Fault, Proxy};
use common::view::moves;
use common::{Server, tokens};

/// A server on a fresh database reached through `proxy`.
async fn server_behind(proxy: &Proxy, dir: &tempfile::TempDir) -> Server {
    let mut config = common::config(dir.path());
    config.db = database(proxy, dir);
    Server::start_in(dir.path(), config).await
}

/// The test's database, through `proxy`.
fn database(proxy: &Proxy, dir: &tempfile::TempDir) -> Database {
    Database::Postgres(proxy.url(&common::pg::database_name("arbiter", dir.path())))
}

/// The moves of the game's stored log, in order.
async fn logged_moves(s: &Server, id: &str) -> Vec<String> {
    let log = s.get_json(&format!("/api/games/{id}/log")).await;
    log["events"]
        .as_array()
        .unwrap_or_else(|| panic!("{log}"))
        .iter()
        .filter(|e| e["event"]["kind"] == "move")
        .map(|e| e["event"]["move"].as_str().unwrap().to_string())
        .collect()
}

/// Plays `fault` on the commit of `mv`, then checks that the move was
/// acknowledged, is in the record once, and that the game goes on.
async fn a_move_survives(fault: fn(&'static str) -> Fault) {
    if !common::db::on_postgres() {
        return;
    }
    let proxy = Proxy::start(common::pg::socket_dir()).await;
    let dir = tempfile::tempdir().unwrap();
    let s = server_behind(&proxy, &dir).await;
    let (id, white, black, _) = tokens(&s.started_game("600+0").await);
    assert_eq!(s.mv(&id, &white, "e2e4").await.0, 200);
    assert_eq!(s.mv(&id, &black, "e7e5").await.0, 200);

    proxy.arm(fault("\"move\":\"g1f3\""));
    let (status, body) = s.mv(&id, &white, "g1f3").await;
    assert_eq!(proxy.fired(), 1, "the commit of g1f3 was not interrupted");
    assert_eq!(status, 200, "{body}");
    assert_eq!(moves(&s.view(&id).await), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(logged_moves(&s, &id).await, ["e2e4", "e7e5", "g1f3"]);

    // The game goes on from there, on the new connection.
    assert_eq!(s.mv(&id, &black, "b8c6").await.0, 200);
    assert_eq!(s.mv(&id, &white, "f1b5").await.0, 200);
    let expected = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"];
    assert_eq!(moves(&s.view(&id).await), expected);
    assert_eq!(logged_moves(&s, &id).await, expected);
    let store = Store::open(database(&proxy, &dir)).await.unwrap();
    let verified = arbiter_server::verify(&store).await.unwrap();
    assert!(verified.findings.is_empty(), "{:?}", verified.findings);
}

/// The commit reaches the database and its answer is lost: the move was
/// kept, so it is acknowledged, and not written again.
#[tokio::test]
async fn a_move_committed_whose_answer_was_lost_is_acknowledged_once() {
    a_move_survives(Fault::LoseAnswer).await;
}

/// The connection is lost before the commit reaches the database: the
/// move was not kept, so it is sent again, and acknowledged once kept.
#[tokio::test]
async fn a_move_whose_commit_never_arrived_is_written_on_a_new_connection() {
    a_move_survives(Fault::LoseRequest).await;
}
