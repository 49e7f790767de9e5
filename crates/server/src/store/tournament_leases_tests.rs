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

/// A node appends to a tournament's log only while it holds its lease at
/// its epoch: once another node took the tournament over (the first never
/// renewed its lease), the first's append is refused and nothing of it is
/// stored, and the new holder appends at the next epoch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_tournament_taken_over_refuses_its_old_holders_appends() {
    let name = format!("arbiter_tleases_{}", &crate::token::new_token()[..12]);
    let store = Store::open(Database::Postgres(pg::url(&name)))
        .await
        .unwrap();
    let nodes = store.nodes().unwrap();
    let row = TournamentRow {
        id: "t".to_string(),
        team: "club".to_string(),
        created_unix_ms: 0,
    };
    nodes.add_held_tournament(&row, "a").await.unwrap();
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
