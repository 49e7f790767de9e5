//! The one writer: group commit.
//!
//! Every game actor hands its writes to this writer and waits. The writer
//! takes whatever is pending from all games, writes it in one transaction,
//! and answers everybody once the transaction has committed. Under load a
//! batch holds hundreds of events and costs one `fsync`; when idle a batch
//! holds one event and is committed at once, so nobody waits for a timer.
//!
//! It runs on a thread of its own with a plain SQLite connection and
//! prepared statements: going through the async pool cost three round
//! trips to the pool's worker thread per batch and a statement parsed
//! anew for every batch (a multi-row insert has as many rows as the batch).

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, params};
use tokio::sync::{mpsc, oneshot};

use super::{EventRow, StoreError};

/// One write.
#[derive(Clone, Debug)]
pub enum Op {
    /// A new game's row.
    NewGame {
        /// Id.
        id: String,
        /// Setup JSON.
        setup_json: String,
        /// Creation time and epoch, ms since 1970.
        created_unix_ms: i64,
        /// Token digests, hex: white, black, arbiter.
        tokens: [String; 3],
        /// Accounts of the seats, if any.
        accounts: [Option<String>; 2],
    },
    /// An accepted event.
    Event(EventRow),
    /// The game is over with this result.
    Finish {
        /// The game.
        game_id: String,
        /// `1-0`, `0-1`, `1/2-1/2` or `*` (`*` is stored as `-`: over, no result).
        result: String,
    },
    /// The server is alive at this time (ms since 1970).
    Heartbeat(i64),
}

struct Request {
    ops: Vec<Op>,
    done: oneshot::Sender<Result<(), String>>,
}

/// The handle games use to write.
#[derive(Clone, Debug)]
pub struct Writer {
    tx: mpsc::Sender<Request>,
}

/// Most requests folded into one transaction.
const MAX_BATCH: usize = 8192;

impl Writer {
    /// Opens the writer's connection to the database at `path` (already
    /// created, in WAL mode) and starts its thread.
    pub(super) fn start(path: &Path) -> Result<Writer, StoreError> {
        let conn = open(path).map_err(writer_error)?;
        let (tx, rx) = mpsc::channel(65536);
        std::thread::Builder::new()
            .name("arbiter-writer".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| StoreError::Writer(format!("cannot start the writer thread: {e}")))?;
        Ok(Writer { tx })
    }

    /// Writes `ops` in the next batch and returns once it has committed.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.tx
            .send(Request { ops, done })
            .await
            .map_err(|_| StoreError::WriterGone)?;
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Writer(e)),
            Err(_) => Err(StoreError::WriterGone),
        }
    }
}

fn writer_error(e: rusqlite::Error) -> StoreError {
    StoreError::Writer(e.to_string())
}

/// The writer's connection, set up as the pool's (see `Store::open`):
/// `synchronous=FULL`, so that a commit survives a crash of the machine.
fn open(path: &Path) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "wal_autocheckpoint", 10_000)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.pragma_update(None, "cache_size", -32_768)?;
    conn.set_prepared_statement_cache_capacity(8);
    Ok(conn)
}

fn run(mut conn: Connection, mut rx: mpsc::Receiver<Request>) {
    let mut batch: Vec<Request> = Vec::new();
    while let Some(first) = rx.blocking_recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        let outcome = commit(&mut conn, &batch).map_err(|e| e.to_string());
        if let Err(e) = &outcome {
            tracing::error!("group commit of {} writes failed: {e}", batch.len());
        }
        for request in batch.drain(..) {
            let _ = request.done.send(outcome.clone());
        }
    }
}

fn commit(conn: &mut Connection, batch: &[Request]) -> Result<(), rusqlite::Error> {
    let tx = conn.transaction()?;
    for op in batch.iter().flat_map(|r| &r.ops) {
        write(&tx, op)?;
    }
    tx.commit()
}

fn write(conn: &Connection, op: &Op) -> Result<(), rusqlite::Error> {
    match op {
        Op::Event(row) => {
            conn.prepare_cached(
                "INSERT INTO events (game_id, seq, event, hash) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![row.game_id, row.seq, row.event_json, row.hash])?;
        }
        Op::NewGame {
            id,
            setup_json,
            created_unix_ms,
            tokens,
            accounts,
        } => {
            conn.prepare_cached(
                "INSERT INTO games (id, setup, created_unix_ms, epoch_unix_ms, white_token, \
                 black_token, arbiter_token, white_account, black_account) \
                 VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                id,
                setup_json,
                created_unix_ms,
                tokens[0],
                tokens[1],
                tokens[2],
                accounts[0],
                accounts[1],
            ])?;
        }
        Op::Finish { game_id, result } => {
            let stored = if result == "*" { "-" } else { result.as_str() };
            conn.prepare_cached("UPDATE games SET result = ?1 WHERE id = ?2")?
                .execute(params![stored, game_id])?;
        }
        Op::Heartbeat(ms) => {
            conn.prepare_cached(
                "INSERT INTO heartbeat (id, unix_ms) VALUES (0, ?1) \
                 ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms",
            )?
            .execute(params![ms])?;
        }
    }
    Ok(())
}
