//! The group-commit writer, on whichever backend the tests run on
//! (`ARBITER_TEST_DB=postgres`: a throwaway PostgreSQL cluster, as the
//! integration tests use).

use super::{EventRow, NewGameRow, Op, Store, test_db};

#[tokio::test]
async fn one_group_commit_keeps_every_event_of_a_large_batch_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(test_db::database(dir.path())).await.unwrap();
    let writer = store.writer().await.unwrap();
    // More events than most batches hold, written in one transaction.
    let count = 1279;
    let mut ops = vec![Op::NewGame(NewGameRow {
        id: "batch".to_string(),
        setup_json: "{}".to_string(),
        created_unix_ms: 0,
        tokens: ["w".to_string(), "b".to_string(), "a".to_string()],
        accounts: [None, None],
    })];
    ops.extend((0..count).map(|seq| {
        Op::Event(EventRow {
            game_id: "batch".to_string(),
            seq,
            event_json: format!("{{\"n\":{seq}}}"),
            hash: format!("h{seq}"),
        })
    }));
    writer.write(ops).await.unwrap();
    let rows = store.events("batch").await.unwrap();
    assert_eq!(rows.len(), count as usize);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.seq, i as i64);
        assert_eq!(row.event_json, format!("{{\"n\":{i}}}"));
        assert_eq!(row.hash, format!("h{i}"));
    }
}
