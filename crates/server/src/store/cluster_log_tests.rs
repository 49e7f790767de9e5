//! The signed log on PostgreSQL: one tree for every node sharing the
//! database, its leaves ordered by the database, signed only by the node
//! holding the signing lease. These tests need PostgreSQL whatever
//! `ARBITER_TEST_DB` says (scripts/test runs them in its PostgreSQL part);
//! their names start with `several_nodes`.

use std::time::Duration;

use arbiter_tlog::{
    Checkpoint, KeyKind, MemoryTree, Note, SigningKey, Verifier, check_consistency,
    consistency_ranges,
};

use super::postgres::signer::{Round, Signer};
use super::{Backend, Database, NewGameRow, Op, Store, pg};

/// A new game, as the server stores one.
pub(super) fn new_game(id: &str) -> Op {
    let setup = arbiter_referee::GameSetup::default();
    Op::NewGame(NewGameRow {
        id: id.to_string(),
        setup_json: serde_json::to_string(&setup).unwrap(),
        created_unix_ms: 0,
        tokens: ["w", "b", "a"].map(|t| crate::token::TokenDigest::of(t).to_hex()),
        accounts: [None, None],
    })
}

fn key(seed: u8) -> SigningKey {
    SigningKey::from_seed("arbiter.test/cluster", KeyKind::Ed25519, [seed; 32]).unwrap()
}

/// The signer of node `node` on `store`, with leases of 300 ms.
fn signer(store: &Store, node: &str, key: SigningKey) -> Signer {
    let Backend::Postgres(s) = &store.0 else {
        panic!("a PostgreSQL store");
    };
    Signer::new(s.pool().clone(), key, node, Duration::from_millis(300))
}

/// The tree of every leaf stored, in order.
async fn stored_tree(store: &Store) -> MemoryTree {
    let mut tree = MemoryTree::new();
    for (i, (idx, data, _)) in store
        .log_leaves(0, 10_000)
        .await
        .unwrap()
        .iter()
        .enumerate()
    {
        assert_eq!(*idx, i as u64, "the leaves have no gap");
        tree.append(arbiter_tlog::Hash::of_leaf(data.as_bytes()));
    }
    tree
}

/// The checkpoint signed at `size`, opened with `key`.
async fn checkpoint_at(store: &Store, size: u64, key: &SigningKey) -> Checkpoint {
    let note = store
        .checkpoint_at(size)
        .await
        .unwrap()
        .expect("a checkpoint");
    let note = Note::parse(note.as_bytes()).unwrap();
    let verifier = key.verifier();
    let keys: [&dyn Verifier; 1] = [&verifier];
    note.verified_by(&keys).unwrap();
    Checkpoint::parse(note.text()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_one_tree_in_database_order_and_a_lapsed_signer_cannot_sign() {
    let name = format!("arbiter_log_{}", &crate::token::new_token()[..12]);
    let store = Store::open(Database::Postgres(pg::url(&name)))
        .await
        .unwrap();
    let (a, b) = (
        store.node_writer("a").await.unwrap(),
        store.node_writer("b").await.unwrap(),
    );
    // Two nodes write at once: the database gives each leaf its place,
    // and each receipt is the tree's size just after its write.
    let mut sizes = Vec::new();
    for round in 0..10 {
        let (x, y) = tokio::join!(
            a.write(vec![new_game(&format!("a{round}"))]),
            b.write(vec![new_game(&format!("b{round}"))]),
        );
        sizes.extend([x.unwrap().tree_size.unwrap(), y.unwrap().tree_size.unwrap()]);
    }
    sizes.sort_unstable();
    assert_eq!(sizes, (1..=20).collect::<Vec<u64>>());

    // a takes the lease and signs; b may not.
    let (signer_a, signer_b) = (signer(&store, "a", key(7)), signer(&store, "b", key(7)));
    assert_eq!(signer_a.claim().await.unwrap(), Some(1));
    assert_eq!(signer_b.claim().await.unwrap(), None);
    assert_eq!(signer_b.round(1, true).await.unwrap(), Round::NotHolder);
    // Between checkpoints the leaves are hashed in rounds that sign
    // nothing; the next round that may sign signs what they hashed.
    assert_eq!(signer_a.round(1, false).await.unwrap(), Round::Hashed(20));
    assert!(store.checkpoints().await.unwrap().is_empty());
    assert_eq!(signer_a.round(1, false).await.unwrap(), Round::Unchanged);
    assert_eq!(signer_a.round(1, true).await.unwrap(), Round::Signed(20));
    assert_eq!(signer_a.round(1, true).await.unwrap(), Round::Unchanged);
    let first = checkpoint_at(&store, 20, &key(7)).await;
    assert_eq!(Some(first.root), stored_tree(&store).await.root_at(20));

    // a stops renewing (paused past its lease): b takes the lease over,
    // and a, waking under its old epoch, signs nothing.
    tokio::time::sleep(Duration::from_millis(400)).await;
    for i in 0..5 {
        a.write(vec![new_game(&format!("late{i}"))]).await.unwrap();
    }
    assert_eq!(signer_b.claim().await.unwrap(), Some(2));
    assert_eq!(signer_a.round(1, true).await.unwrap(), Round::NotHolder);
    assert_eq!(store.checkpoints().await.unwrap().len(), 1);
    assert_eq!(signer_b.round(2, true).await.unwrap(), Round::Signed(25));
    // The tree b signed extends the one a signed.
    let second = checkpoint_at(&store, 25, &key(7)).await;
    let tree = stored_tree(&store).await;
    assert_eq!(Some(second.root), tree.root_at(25));
    let proof = store
        .log_proof(&consistency_ranges(20, 25))
        .await
        .unwrap()
        .unwrap();
    check_consistency(20, &first.root, 25, &second.root, &proof).unwrap();

    // A node with another key does not sign this log.
    let stranger = signer(&store, "c", key(8));
    assert!(stranger.claim().await.is_err());
    drop((a, b));
    store.close().await;
}
