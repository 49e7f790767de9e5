//! Leases of tournaments on PostgreSQL: an append fenced by the epoch, a
//! takeover, the tournaments a node lost. These tests need PostgreSQL
//! whatever `ARBITER_TEST_DB` says (scripts/test runs them in its
//! PostgreSQL part); their names start with `several_nodes`.

use super::{
    Database, Store, StoreError, TournamentEventRow, TournamentFence, TournamentRow, chain, pg,
};

/// The event `seq` of the tournament `t`, linked after `link`.
fn event(link: &str, seq: i64) -> TournamentEventRow {
    let event_json = format!("{{\"seq\":{seq}}}");
    TournamentEventRow {
        seq,
        hash: chain::next(link, &event_json),
        event_json,
    }
}

fn fence(node: &str, epoch: i64) -> TournamentFence {
    TournamentFence {
        node: node.to_string(),
        epoch,
    }
}

/// A fresh database with the tournament `t`, held by the node `a` at
/// epoch 1: the store, and the database's URL.
async fn held_by_a() -> (Store, String) {
    let name = format!("arbiter_tleases_{}", &crate::token::new_token()[..12]);
    let url = pg::url(&name);
    let store = Store::open(Database::Postgres(url.clone())).await.unwrap();
    let row = TournamentRow {
        id: "t".to_string(),
        team: "club".to_string(),
        created_unix_ms: 0,
    };
    let nodes = store.nodes().unwrap();
    nodes.add_held_tournament(&row, "a").await.unwrap();
    (store, url)
}

/// A node appends to a tournament's log only while it holds its lease at
/// its epoch: once another node took the tournament over (the first never
/// renewed its lease), the first's append is refused and nothing of it is
/// stored, and the new holder appends at the next epoch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_tournament_taken_over_refuses_its_old_holders_appends() {
    let (store, _) = held_by_a().await;
    let nodes = store.nodes().unwrap();
    let genesis = chain::tournament_genesis("t");
    let first = event(&genesis, 0);
    store
        .append_tournament_events("t", std::slice::from_ref(&first), Some(&fence("a", 1)))
        .await
        .unwrap();

    // Node a never joined, so nothing renews its lease: b takes the
    // tournament, at epoch 2.
    let taken = nodes.take_over_tournaments("b", false, None).await.unwrap();
    assert_eq!(taken.len(), 1);
    assert_eq!((taken[0].tournament_id.as_str(), taken[0].epoch), ("t", 2));
    let stale = event(&first.hash, 1);
    let refused = store
        .append_tournament_events("t", std::slice::from_ref(&stale), Some(&fence("a", 1)))
        .await;
    assert!(
        matches!(refused, Err(StoreError::TournamentLeaseLost(ref t)) if t == "t"),
        "{refused:?}"
    );
    assert_eq!(
        store.tournament_events("t").await.unwrap(),
        std::slice::from_ref(&first)
    );
    // Nor may b append at a's epoch; at its own, it may.
    let at_old_epoch = store
        .append_tournament_events("t", std::slice::from_ref(&stale), Some(&fence("b", 1)))
        .await;
    assert!(at_old_epoch.is_err(), "{at_old_epoch:?}");
    store
        .append_tournament_events("t", std::slice::from_ref(&stale), Some(&fence("b", 2)))
        .await
        .unwrap();
    assert_eq!(store.tournament_events("t").await.unwrap(), [first, stale]);

    // a learns it lost the tournament; b has lost nothing.
    let of_a = [("t".to_string(), 1)];
    assert_eq!(nodes.tournaments_lost("a", &of_a).await.unwrap(), of_a);
    let of_b = [("t".to_string(), 2)];
    assert_eq!(nodes.tournaments_lost("b", &of_b).await.unwrap(), []);
}

/// An append that stalls once begun (here: waiting for a lock on the
/// events' table, as a node stopped by SIGSTOP between two statements of
/// it would wait) holds no lock on the lease's row: another node takes
/// the tournament over meanwhile, at once, rather than after the stalled
/// transaction is given up (`idle_in_transaction_session_timeout`, 60 s);
/// and the append, when it goes on, is refused and stores nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_stalled_append_does_not_hold_its_tournament_from_a_takeover() {
    use sqlx::Connection as _;

    let (store, url) = held_by_a().await;
    let nodes = store.nodes().unwrap();
    let first = event(&chain::tournament_genesis("t"), 0);
    store
        .append_tournament_events("t", std::slice::from_ref(&first), Some(&fence("a", 1)))
        .await
        .unwrap();

    // Another session holds the events' table, so that a's next append
    // stalls on its way.
    let mut blocker = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN").execute(&mut blocker).await.unwrap();
    sqlx::query("LOCK TABLE tournament_events IN EXCLUSIVE MODE")
        .execute(&mut blocker)
        .await
        .unwrap();
    let appending = {
        let store = store.clone();
        let second = event(&first.hash, 1);
        tokio::spawn(async move {
            store
                .append_tournament_events("t", &[second], Some(&fence("a", 1)))
                .await
        })
    };
    let started = std::time::Instant::now();
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(&mut blocker)
        .await
        .unwrap();
        if waiting > 0 {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "the append never waited"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    // a never joined, so its lease is dead: b takes the tournament now.
    let taken = nodes.take_over_tournaments("b", false, None).await.unwrap();
    assert_eq!(
        taken.len(),
        1,
        "the stalled append holds the lease's row: no takeover"
    );
    sqlx::query("COMMIT").execute(&mut blocker).await.unwrap();
    let refused = appending.await.unwrap();
    assert!(
        matches!(refused, Err(StoreError::TournamentLeaseLost(ref t)) if t == "t"),
        "{refused:?}"
    );
    assert_eq!(store.tournament_events("t").await.unwrap(), [first]);
}
