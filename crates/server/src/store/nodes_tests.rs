//! Leases of games on PostgreSQL: which games a node has lost. These tests
//! need PostgreSQL whatever `ARBITER_TEST_DB` says (scripts/test runs them
//! in its PostgreSQL part); their names start with `several_nodes`.

use super::cluster_log_tests::new_game;
use super::{Database, Fence, Op, Store, pg};

/// A node told it lost games asks about the games it held, and learns
/// exactly those taken over by another node or finished: never one it
/// still holds, nor (since it is not asked about) one it took or made
/// after it read what it held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_node_learns_which_of_its_games_it_lost() {
    let name = format!("arbiter_leases_{}", &crate::token::new_token()[..12]);
    let store = Store::open(Database::Postgres(pg::url(&name)))
        .await
        .unwrap();
    let a = store.node_writer("a").await.unwrap();
    for id in ["taken", "kept", "ended"] {
        a.write(vec![new_game(id)]).await.unwrap();
    }
    let nodes = store.nodes().unwrap();
    // Node a never joined, so nothing renews its leases: b may take any
    // of its games.
    let taken = nodes
        .take_over("b", false, Some("taken"), 10)
        .await
        .unwrap();
    assert_eq!(taken.len(), 1);
    let fence = Fence {
        game_id: "ended".to_string(),
        epoch: 1,
    };
    let finish = Op::Finish {
        game_id: "ended".to_string(),
        result: "1-0".to_string(),
    };
    a.write_fenced(vec![finish], fence).await.unwrap();

    let held = ["taken", "kept", "ended"].map(|id| (id.to_string(), 1));
    let mut lost = nodes.lost("a", &held).await.unwrap();
    lost.sort();
    assert_eq!(
        lost,
        [("ended".to_string(), 1), ("taken".to_string(), 1)],
        "a lost the game b took and the game that ended, not the other"
    );
    // b holds the game it took at the next epoch, and has lost nothing.
    let of_b = [("taken".to_string(), 2)];
    assert_eq!(nodes.lost("b", &of_b).await.unwrap(), []);
    // A stale epoch is a game lost, even if the node holds it again.
    let stale = [("taken".to_string(), 1)];
    assert_eq!(nodes.lost("b", &stale).await.unwrap(), stale);
}
