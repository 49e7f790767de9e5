//! The signed log as the store keeps it (SQLite): every game's creation
//! and event is a leaf, in commit order, grown in the writer's batches;
//! the tree read back gives the same roots and proofs as the tree of the
//! leaves themselves; checkpoints are signed as it grows, and the tree is
//! picked up again after a restart.

use std::time::Duration;

use arbiter_tlog::record::Leaf;
use arbiter_tlog::{
    Checkpoint, MemoryTree, Note, Verifier, check_consistency, check_inclusion, consistency_ranges,
    inclusion_ranges,
};

use super::{EventRow, NewGameRow, Op, Store};

fn new_game(id: &str) -> Op {
    Op::NewGame(NewGameRow {
        id: id.to_string(),
        setup_json: format!("{{\"game\":\"{id}\"}}"),
        created_unix_ms: 0,
        tokens: ["w", "b", "a"].map(String::from),
        accounts: [None, None],
    })
}

fn event(game: &str, seq: i64) -> Op {
    Op::Event(EventRow {
        game_id: game.to_string(),
        seq,
        event_json: format!("{{\"n\":{seq}}}"),
        hash: format!("{game}{seq:063}"),
    })
}

/// The tree of the leaves the ops should make.
#[derive(Default)]
struct Expected {
    tree: MemoryTree,
    leaves: Vec<String>,
}

impl Expected {
    fn record(&mut self, op: &Op) {
        let mut leaves = Vec::new();
        super::log::leaves_of(op, &mut leaves);
        for leaf in leaves {
            self.tree.append(leaf.hash());
            self.leaves.push(leaf.data());
        }
    }
}

/// Waits for the signer to sign a checkpoint of `size` leaves.
async fn checkpoint_of(store: &Store, size: u64) -> String {
    for _ in 0..100 {
        if let Some((s, note)) = store.latest_checkpoint().await.unwrap()
            && s == size
        {
            return note;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no checkpoint of {size} leaves was signed");
}

#[tokio::test]
async fn every_record_is_a_leaf_in_commit_order_and_the_stored_tree_proves_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let store = Store::open(&db).await.unwrap();
    let writer = store.writer().await.unwrap();
    let mut expected = Expected::default();
    let mut batch = vec![new_game("a"), new_game("b")];
    batch.iter().for_each(|op| expected.record(op));
    writer.write(std::mem::take(&mut batch)).await.unwrap();
    for seq in 0..20 {
        // Two games' moves interleave, a few per batch.
        for game in ["a", "b"] {
            batch.push(event(game, seq));
        }
        batch.push(Op::Heartbeat(seq));
        batch.iter().for_each(|op| expected.record(op));
        writer.write(std::mem::take(&mut batch)).await.unwrap();
    }
    let size = expected.tree.size();
    let leaves = expected.leaves.clone();
    assert_eq!(size, 42);
    let stored = store.log_leaves(0, 100).await.unwrap();
    assert_eq!(
        stored.iter().map(|l| l.1.clone()).collect::<Vec<_>>(),
        leaves
    );
    assert_eq!(
        leaves[3],
        Leaf::GameEvent {
            game: "b".into(),
            seq: 0,
            link: format!("b{:063}", 0)
        }
        .data()
    );

    // The signed checkpoint states the tree's root, under the key kept
    // beside the database.
    let key = store.log_verifier().await.unwrap();
    let note = checkpoint_of(&store, size).await;
    let opened = Note::parse(note.as_bytes()).unwrap();
    let keys: [&dyn Verifier; 1] = [&key];
    opened.verified_by(&keys).unwrap();
    let checkpoint = Checkpoint::parse(opened.text()).unwrap();
    assert_eq!(checkpoint.origin, key.name());
    assert_eq!(checkpoint.root, expected.tree.root_at(size).unwrap());

    // Proofs from the stored subtrees.
    for index in [0, 3, 17, 41] {
        let path = store
            .log_proof(&inclusion_ranges(index, size))
            .await
            .unwrap()
            .unwrap();
        let leaf = arbiter_tlog::Hash::of_leaf(leaves[index as usize].as_bytes());
        check_inclusion(leaf, index, size, &path, &checkpoint.root).unwrap();
    }
    for old in [1, 2, 7, 32, 41] {
        let path = store
            .log_proof(&consistency_ranges(old, size))
            .await
            .unwrap()
            .unwrap();
        let old_root = expected.tree.root_at(old).unwrap();
        check_consistency(old, &old_root, size, &checkpoint.root, &path).unwrap();
    }
    assert_eq!(store.leaf_index(&leaves[17]).await.unwrap(), Some(17));

    // Its key is its owner's alone.
    use std::os::unix::fs::PermissionsExt;
    let key_file = dir.path().join("arbiter.db.log-key");
    let mode = std::fs::metadata(&key_file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);

    // Opened again, the writer goes on growing the same tree.
    drop(writer);
    store.close().await;
    let store = Store::open(&db).await.unwrap();
    let writer = store.writer().await.unwrap();
    let op = event("a", 20);
    expected.record(&op);
    writer.write(vec![op]).await.unwrap();
    let note = checkpoint_of(&store, size + 1).await;
    let grown = Checkpoint::parse(Note::parse(note.as_bytes()).unwrap().text()).unwrap();
    assert_eq!(grown.root, expected.tree.root_at(size + 1).unwrap());
    assert_eq!(store.log_verifier().await.unwrap(), key);
    let kept: Vec<u64> = store
        .checkpoints()
        .await
        .unwrap()
        .iter()
        .map(|c| c.0)
        .collect();
    // Signed as the tree grew (the first batch may have had its own),
    // each kept.
    assert!(kept.windows(2).all(|w| w[0] < w[1]), "{kept:?}");
    assert_eq!(kept[kept.len() - 2..], [size, size + 1]);
}

fn tournament_events(tournament: &str, seqs: std::ops::Range<i64>) -> Op {
    Op::TournamentEvents {
        tournament: tournament.to_string(),
        rows: seqs
            .map(|seq| super::TournamentEventRow {
                seq,
                event_json: format!("{{\"t\":{seq}}}"),
                hash: format!("{tournament}{seq:063}"),
            })
            .collect(),
    }
}

#[tokio::test]
async fn a_tournaments_events_are_leaves_and_one_refused_leaves_its_batch_and_the_tree_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("arbiter.db")).await.unwrap();
    let writer = store.writer().await.unwrap();
    let mut expected = Expected::default();
    let game = new_game("a");
    expected.record(&game);
    writer.write(vec![game]).await.unwrap();
    let row = super::TournamentRow {
        id: "t".into(),
        team: String::new(),
        created_unix_ms: 0,
    };
    store.add_tournament(&row).await.unwrap();
    // Through the store, as the tournament service writes them.
    let Op::TournamentEvents { rows, .. } = tournament_events("t", 0..2) else {
        unreachable!()
    };
    store
        .append_tournament_events("t", &rows, None)
        .await
        .unwrap();
    expected.record(&tournament_events("t", 0..2));
    // An event in a place already taken is refused, alone: the game's
    // event sent with it is written, and the tree holds its leaf only.
    let (refused, written) = tokio::join!(
        writer.write(vec![tournament_events("t", 1..3)]),
        writer.write(vec![event("a", 0)]),
    );
    assert!(refused.is_err());
    written.unwrap();
    expected.record(&event("a", 0));
    let stored: Vec<String> = store
        .log_leaves(0, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.1)
        .collect();
    assert_eq!(stored, expected.leaves);
    assert_eq!(store.tournament_events("t").await.unwrap().len(), 2);
    assert_eq!(store.events("a").await.unwrap().len(), 1);
    // The tree the writer grows is still the one stored.
    let note = checkpoint_of(&store, expected.tree.size()).await;
    let checkpoint = Checkpoint::parse(Note::parse(note.as_bytes()).unwrap().text()).unwrap();
    assert_eq!(
        checkpoint.root,
        expected.tree.root_at(expected.tree.size()).unwrap()
    );
    drop(writer);
    store.close().await;
}

/// A write's receipt is the tree's size just after its last leaf, even
/// when several writes share a batch; a write that adds no leaf has none.
#[tokio::test]
async fn each_writes_receipt_is_the_tree_size_just_after_its_last_leaf() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("arbiter.db")).await.unwrap();
    let writer = store.writer().await.unwrap();
    let games = writer
        .write(vec![new_game("a"), new_game("b")])
        .await
        .unwrap();
    assert_eq!(games.tree_size, Some(2));
    // Sent together, so that they are likely to share a batch.
    let (a, b, beat) = tokio::join!(
        writer.write(vec![event("a", 0), event("a", 1)]),
        writer.write(vec![event("b", 0)]),
        writer.write(vec![Op::Heartbeat(0)]),
    );
    assert_eq!(beat.unwrap().tree_size, None);
    for (op, receipt) in [(event("a", 1), a), (event("b", 0), b)] {
        let mut leaves = Vec::new();
        super::log::leaves_of(&op, &mut leaves);
        let index = store.leaf_index(&leaves[0].data()).await.unwrap().unwrap();
        assert_eq!(receipt.unwrap().tree_size, Some(index + 1));
    }
    drop(writer);
    store.close().await;
}
