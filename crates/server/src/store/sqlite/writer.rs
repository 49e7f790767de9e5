//! The one writer: group commit.
//!
//! Every game actor hands its writes to this writer and waits. The writer
//! takes whatever is pending from all games, writes it in one transaction,
//! and answers everybody once the transaction has committed. Under load a
//! batch holds dozens of events and costs one `fsync`; when idle a batch
//! holds one event and is committed at once, so nobody waits for a timer.
//!
//! Under load, commits are paced: one starts at least `COMMIT_GAP` after
//! the one before. Without that pause the writer committed as soon as one
//! move was waiting, about a thousand times a second at 10,000 moves a
//! second, and each commit's `fsync` and page-cache upkeep cost the server
//! an eighth of its CPU. A move arriving at an idle writer (the last
//! commit longer ago than the gap) is committed at once.
//!
//! It runs on a thread of its own with a plain SQLite connection and
//! prepared statements: going through the async pool cost three round
//! trips to the pool's worker thread per batch and a statement parsed
//! anew for every batch (a multi-row insert has as many rows as the batch).
//!
//! Events go to the journal, in commit order, and are filed into their
//! game's home later, a slice per batch (see `filing`).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use std::collections::HashMap;

use arbiter_tlog::Frontier;
use rusqlite::{Connection, OpenFlags, params};
use tokio::sync::{mpsc, watch};

use super::super::lock_wait::LOCK_WAIT;
use super::super::log::{self, LogTree, TreeHead};
use super::super::{EventRow, MAX_BATCH, Op, Receipt, Request, StoreError, Unwritten, Writer};
use super::filing::{Filing, Pace, Step};

/// Least time from the start of one commit to the start of the next.
/// Measured at 10,000 moves a second (1,100 games, two cores, single
/// runs): with no gap, 1,000 commits a second of 10 events and 104 µs of
/// server CPU per move; with 2 ms, 400 commits of 25 events and 90 µs
/// (103 and 108 in two more runs, the last with a fifth of the machine
/// stolen by its host); with 4 ms, 230 commits and 92 µs, for twice the
/// wait.
const COMMIT_GAP: Duration = Duration::from_millis(2);

/// The writer's own checkpoints pause it (copying, then syncing the
/// database file): should the WAL fail to start over after one (a
/// reader still using it), the next waits this long.
const CHECKPOINT_EVERY_AT_MOST: Duration = Duration::from_secs(1);

/// Opens the writer's connection to the database at `path` (already
/// created, in WAL mode) and starts its thread. Whenever the checkpointer
/// sets `checkpoint_wanted`, the writer checkpoints between two batches
/// (see `checkpoint`).
/// After each commit it publishes the log's new head on `head`.
pub(super) fn start(
    path: &Path,
    pace: Pace,
    checkpoint_wanted: Arc<AtomicBool>,
    head: watch::Sender<TreeHead>,
) -> Result<Writer, StoreError> {
    let conn = open(path).map_err(writer_error)?;
    let first_id = conn
        .query_row("SELECT coalesce(max(id), 0) + 1 FROM journal", [], |r| {
            r.get(0)
        })
        .map_err(writer_error)?;
    let tree = LogTree::new(read_frontier(&conn)?);
    head.send_replace(tree.head());
    let (writer, rx) = Writer::channel();
    std::thread::Builder::new()
        .name("arbiter-writer".into())
        .spawn(move || {
            let filing = Filing::new(pace, first_id);
            let log = Log { tree, head };
            run(conn, rx, filing, first_id, &checkpoint_wanted, log)
        })
        .map_err(|e| StoreError::Writer(format!("cannot start the writer thread: {e}")))?;
    Ok(writer)
}

fn writer_error(e: rusqlite::Error) -> StoreError {
    StoreError::Writer(e.to_string())
}

/// The log's right edge, read back from the rows of its last leaves.
fn read_frontier(conn: &Connection) -> Result<Frontier, StoreError> {
    let size: i64 = conn
        .query_row(
            "SELECT coalesce(max(idx) + 1, 0) FROM log_leaves",
            [],
            |r| r.get(0),
        )
        .map_err(writer_error)?;
    let nodes = Frontier::nodes(size as u64);
    let mut rows = HashMap::new();
    let mut select = conn
        .prepare("SELECT nodes FROM log_leaves WHERE idx = ?1")
        .map_err(writer_error)?;
    for idx in log::rows_holding(&nodes) {
        let blob: Option<Vec<u8>> = select
            .query_row([idx], |r| r.get(0))
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })
            .map_err(writer_error)?;
        rows.extend(blob.map(|b| (idx, b)));
    }
    let hashes = log::nodes_from_rows(&nodes, &rows);
    hashes
        .and_then(|h| {
            Frontier::from_nodes(size as u64, &nodes.iter().map(|n| h[n]).collect::<Vec<_>>())
        })
        .ok_or_else(|| {
            StoreError::Writer(format!(
                "the log's tree of {size} leaves is missing rows of its right edge"
            ))
        })
}

/// The log as the writer grows it: the tree, and where it tells its new
/// head.
struct Log {
    tree: LogTree,
    head: watch::Sender<TreeHead>,
}

/// The writer's connection, set up as the pool's (see `Store::open`):
/// `synchronous=FULL`, so that a commit survives a crash of the machine.
fn open(path: &Path) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(LOCK_WAIT)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // The checkpointer copies the WAL (see `checkpoint`): a commit that
    // checkpoints holds up every move waiting on it. This is a backstop
    // should the checkpointer fall behind.
    conn.pragma_update(None, "wal_autocheckpoint", 50_000)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.pragma_update(None, "cache_size", -32_768)?;
    conn.set_prepared_statement_cache_capacity(8);
    Ok(conn)
}

/// Commits batch after batch; `next_id` is the journal id of the next
/// event.
fn run(
    mut conn: Connection,
    mut rx: mpsc::Receiver<Request>,
    mut filing: Filing,
    mut next_id: i64,
    checkpoint_wanted: &AtomicBool,
    mut log: Log,
) {
    let mut batch: Vec<Request> = Vec::new();
    let mut journaled: Vec<EventRow> = Vec::new();
    let mut last_checkpoint: Option<Instant> = None;
    let mut last_commit: Option<Instant> = None;
    while let Some(first) = rx.blocking_recv() {
        // Whatever else arrives in the rest of the gap joins this batch.
        if let Some(wait) = last_commit.and_then(|at| COMMIT_GAP.checked_sub(at.elapsed())) {
            std::thread::sleep(wait);
        }
        last_commit = Some(Instant::now());
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        let journaling = batch
            .iter()
            .flat_map(|r| &r.ops)
            .filter(|op| matches!(op, Op::Event(_)))
            .count();
        let step = filing.step(journaling);
        // The tree grows with the transaction, or not at all.
        let before = log.tree.clone();
        let outcome = commit(&mut conn, &batch, &filing, &step, next_id, &mut log.tree)
            .map_err(|e| e.to_string());
        let (outcome, mut answers) = match outcome {
            Ok((next, answers)) => (Ok(next), answers),
            Err(e) => (Err(e), Vec::new()),
        };
        if outcome.is_err() {
            log.tree = before;
        } else if log.tree.size() != before.size() {
            log.head.send_replace(log.tree.head());
        }
        if let Err(e) = &outcome {
            tracing::error!("group commit of {} writes failed: {e}", batch.len());
        }
        answers.resize(batch.len(), Ok(Receipt::default()));
        for (Request { ops, done, .. }, alone) in batch.drain(..).zip(answers) {
            let answer = match (&outcome, alone) {
                (Err(e), _) => Err(Unwritten::Failed(e.clone())),
                (Ok(_), Err(e)) => Err(Unwritten::Failed(e)),
                (Ok(_), Ok(receipt)) => Ok(receipt),
            };
            let _ = done.send(answer);
            if outcome.is_ok() {
                journaled.extend(ops.into_iter().filter_map(|op| match op {
                    Op::Event(row) => Some(row),
                    _ => None,
                }));
            }
        }
        if let Ok(next) = outcome {
            let up_to = (next > next_id).then_some(next - 1);
            next_id = next;
            filing.committed(&step, journaled.drain(..), up_to, Instant::now());
        }
        // A request that comes too soon after the last checkpoint stays
        // pending until one is allowed, rather than being dropped.
        if last_checkpoint.is_none_or(|at| at.elapsed() >= CHECKPOINT_EVERY_AT_MOST)
            && checkpoint_wanted.swap(false, Ordering::Acquire)
        {
            finish_checkpoint(&conn);
            last_checkpoint = Some(Instant::now());
        }
    }
}

/// Copies into the database what the checkpointer left in the WAL (what
/// was committed while it ran), so that the next transaction writes the
/// WAL from its start. Done between batches, after the last one was
/// answered.
fn finish_checkpoint(conn: &Connection) {
    if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
        tracing::warn!("WAL checkpoint failed: {e}");
    }
}

/// Each request's answer once its batch commits: its receipt, or why it
/// was refused alone.
type Answers = Vec<Result<Receipt, String>>;

/// Writes the batch (its events journaled from id `first_id` on), their
/// leaves in the log's `tree`, and the filing step in one transaction;
/// returns the id of the next event, and each request's answer should
/// the transaction commit: its receipt, or why it was refused alone (a
/// tournament's, in a savepoint of its own).
fn commit(
    conn: &mut Connection,
    batch: &[Request],
    filing: &Filing,
    step: &Step,
    first_id: i64,
    tree: &mut LogTree,
) -> Result<(i64, Answers), rusqlite::Error> {
    let mut tx = conn.transaction()?;
    let mut next_id = first_id;
    let mut answers = Vec::with_capacity(batch.len());
    let mut leaves = Vec::new();
    for request in batch {
        let size_before = tree.size();
        let alone = request
            .ops
            .iter()
            .any(|op| matches!(op, Op::TournamentEvents { .. }));
        if !alone {
            write_request(&tx, &request.ops, &mut next_id, tree, &mut leaves)?;
            answers.push(Ok(receipt(size_before, tree)));
            continue;
        }
        let (before, id_before) = (tree.clone(), next_id);
        let savepoint = tx.savepoint()?;
        match write_request(&savepoint, &request.ops, &mut next_id, tree, &mut leaves) {
            Ok(()) => {
                savepoint.commit()?;
                answers.push(Ok(receipt(size_before, tree)));
            }
            // Dropped, the savepoint rolls back what the request wrote.
            Err(e) => {
                drop(savepoint);
                (*tree, next_id) = (before, id_before);
                answers.push(Err(e.to_string()));
            }
        }
    }
    file(&tx, filing.events(step.slice.clone()), step.clear_up_to)?;
    tx.commit()?;
    Ok((next_id, answers))
}

/// The receipt of a request that grew the tree from `size_before` to
/// `tree`'s size: that size, if it added a leaf.
fn receipt(size_before: u64, tree: &LogTree) -> Receipt {
    Receipt {
        tree_size: (tree.size() > size_before).then_some(tree.size()),
    }
}

/// Writes a request's ops (events journaled from id `next_id` on, which
/// it advances) and their leaves.
fn write_request(
    conn: &Connection,
    ops: &[Op],
    next_id: &mut i64,
    tree: &mut LogTree,
    leaves: &mut Vec<arbiter_tlog::record::Leaf>,
) -> Result<(), rusqlite::Error> {
    for op in ops {
        if write(conn, op, *next_id)? {
            *next_id += 1;
        }
        leaves.clear();
        log::leaves_of(op, leaves);
        for leaf in leaves.iter() {
            let row = tree.append(leaf);
            conn.prepare_cached("INSERT INTO log_leaves (idx, data, nodes) VALUES (?1, ?2, ?3)")?
                .execute(params![row.idx, row.data, row.nodes])?;
        }
    }
    Ok(())
}

/// Inserts `events` into their home and deletes the journal up to
/// `clear_up_to`. Another connection may have filed them already (the
/// store files the whole journal when it opens): those are left as they
/// are.
fn file<'a>(
    conn: &Connection,
    events: impl Iterator<Item = &'a EventRow>,
    clear_up_to: Option<i64>,
) -> Result<(), rusqlite::Error> {
    let mut events = events.peekable();
    if events.peek().is_some() {
        let mut insert = conn.prepare_cached(
            "INSERT OR IGNORE INTO events (game_id, seq, event, hash) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for row in events {
            insert.execute(params![row.game_id, row.seq, row.event_json, row.hash])?;
        }
    }
    if let Some(id) = clear_up_to {
        conn.prepare_cached("DELETE FROM journal WHERE id <= ?1")?
            .execute(params![id])?;
    }
    Ok(())
}

/// Writes one op, an event at journal id `journal_id`; `true` if it was
/// an event (and took that id).
fn write(conn: &Connection, op: &Op, journal_id: i64) -> Result<bool, rusqlite::Error> {
    match op {
        Op::Event(row) => {
            conn.prepare_cached(
                "INSERT INTO journal (id, game_id, seq, event, hash) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                journal_id,
                row.game_id,
                row.seq,
                row.event_json,
                row.hash
            ])?;
            return Ok(true);
        }
        Op::NewGame(game) => {
            conn.prepare_cached(
                "INSERT INTO games (id, setup, created_unix_ms, epoch_unix_ms, white_token, \
                 black_token, arbiter_token, white_account, black_account) \
                 VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                game.id,
                game.setup_json,
                game.created_unix_ms,
                game.tokens[0],
                game.tokens[1],
                game.tokens[2],
                game.accounts[0],
                game.accounts[1],
            ])?;
        }
        Op::Finish { game_id, result } => {
            conn.prepare_cached("UPDATE games SET result = ?1 WHERE id = ?2")?
                .execute(params![Op::stored_result(result), game_id])?;
        }
        Op::Heartbeat(ms) => {
            conn.prepare_cached(
                "INSERT INTO heartbeat (id, unix_ms) VALUES (0, ?1) \
                 ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms",
            )?
            .execute(params![ms])?;
        }
        Op::TournamentEvents { tournament, rows } => {
            let mut insert = conn.prepare_cached(
                "INSERT INTO tournament_events (tournament_id, seq, event, hash) \
                 VALUES (?1, ?2, ?3, ?4)",
            )?;
            for row in rows {
                insert.execute(params![tournament, row.seq, row.event_json, row.hash])?;
            }
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::super::super::NewGameRow;
    use super::super::SqliteStore;
    use super::*;

    fn event(game: &str, seq: i64) -> Op {
        Op::Event(EventRow {
            game_id: game.to_string(),
            seq,
            event_json: format!("{{\"{game}\":{seq}}}"),
            hash: format!("{game}-{seq}"),
        })
    }

    fn new_game(id: &str) -> Op {
        Op::NewGame(NewGameRow {
            id: id.to_string(),
            setup_json: "{}".to_string(),
            created_unix_ms: 0,
            tokens: [id, id, id].map(|t| format!("{t}-token")),
            accounts: [None, None],
        })
    }

    async fn seqs(store: &SqliteStore, game: &str) -> Vec<i64> {
        let rows = store.queries().events(game).await.unwrap();
        for r in &rows {
            assert_eq!(r.event_json, format!("{{\"{game}\":{}}}", r.seq));
            assert_eq!(r.hash, format!("{game}-{}", r.seq));
        }
        rows.iter().map(|r| r.seq).collect()
    }

    async fn count(store: &SqliteStore, table: &str) -> i64 {
        use sqlx::Row as _;
        sqlx::query(&format!("SELECT count(*) FROM {table}"))
            .fetch_one(&store.pool)
            .await
            .unwrap()
            .get(0)
    }

    /// Games whose moves interleave, read back after every batch: each
    /// reads whole and in order while its events move from the journal to
    /// their home, round after round, and the journal ends up empty.
    #[tokio::test]
    async fn events_read_whole_while_rounds_file_them_home() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("filing.db");
        let store = SqliteStore::open(&path).await.unwrap();
        let pace = Pace {
            round_events: 7,
            round_age: Duration::from_secs(60),
            min_slice: 3,
            clear_chunk: 4,
        };
        let writer = start(
            &path,
            pace,
            Arc::new(AtomicBool::new(false)),
            watch::channel(TreeHead::default()).0,
        )
        .unwrap();
        let games = ["a", "b", "c"];
        writer
            .write(games.iter().map(|g| new_game(g)).collect())
            .await
            .unwrap();
        for seq in 0..20 {
            for (i, game) in games.iter().enumerate() {
                // Game `a` moves every time, `b` every other, `c` every third.
                if seq % (i as i64 + 1) == 0 {
                    let n = seq / (i as i64 + 1);
                    writer.write(vec![event(game, n)]).await.unwrap();
                }
            }
            for (i, game) in games.iter().enumerate() {
                let expected: Vec<i64> = (0..=seq / (i as i64 + 1)).collect();
                assert_eq!(seqs(&store, game).await, expected, "game {game}");
            }
        }
        assert!(count(&store, "events").await > 0);
        assert!(count(&store, "journal").await > 0);
        // Idle batches (heartbeats) finish the round under way; what waits
        // for the next one is filed when the store is opened again.
        for _ in 0..10 {
            writer.write(vec![Op::Heartbeat(0)]).await.unwrap();
        }
        let reopened = SqliteStore::open(&path).await.unwrap();
        assert_eq!(count(&reopened, "journal").await, 0);
        assert_eq!(count(&reopened, "events").await, 20 + 10 + 7);
        assert_eq!(seqs(&reopened, "c").await, (0..7).collect::<Vec<_>>());
        // The writer goes on after another connection emptied its journal.
        writer.write(vec![event("c", 7)]).await.unwrap();
        for _ in 0..10 {
            writer.write(vec![Op::Heartbeat(0)]).await.unwrap();
        }
        assert_eq!(seqs(&store, "c").await, (0..8).collect::<Vec<_>>());
    }

    /// Asked by the checkpointer, the writer copies the WAL home between
    /// two batches, and the commits after it write the WAL from its start
    /// again: the file grows no further. (No checkpointer runs here, and
    /// the writer's own automatic checkpoint is far off.)
    #[tokio::test]
    async fn asked_to_finish_a_checkpoint_the_writer_lets_the_wal_start_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("checkpoint.db");
        let wal = dir.path().join("checkpoint.db-wal");
        let store = SqliteStore::open(&path).await.unwrap();
        let wanted = Arc::new(AtomicBool::new(false));
        let writer = start(
            &path,
            Pace::DEFAULT,
            wanted.clone(),
            watch::channel(TreeHead::default()).0,
        )
        .unwrap();
        writer.write(vec![new_game("a")]).await.unwrap();
        let wal_size = || std::fs::metadata(&wal).unwrap().len();
        let start = wal_size();
        for seq in 0..60 {
            writer.write(vec![event("a", seq)]).await.unwrap();
        }
        assert!(wal_size() > start, "each commit appends to the WAL");
        // The checkpoint follows the batch that finds the request.
        wanted.store(true, Ordering::Release);
        writer.write(vec![Op::Heartbeat(0)]).await.unwrap();
        let grown = wal_size();
        for seq in 60..90 {
            writer.write(vec![event("a", seq)]).await.unwrap();
        }
        assert!(!wanted.load(Ordering::Acquire));
        assert_eq!(
            wal_size(),
            grown,
            "the WAL started over from its first frame"
        );
        assert_eq!(seqs(&store, "a").await, (0..90).collect::<Vec<_>>());
    }
}
