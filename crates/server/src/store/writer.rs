//! The one writer: group commit.
//!
//! Every game actor hands its writes to this task and waits. The task takes
//! whatever is pending from all games, writes it in one transaction, and
//! answers everybody once the transaction has committed. Under load a batch
//! holds hundreds of events and costs one `fsync`; when idle a batch holds
//! one event and is committed at once, so nobody waits for a timer.

use sqlx::{Connection as _, QueryBuilder, Sqlite, SqliteConnection};
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

/// Most events written by one multi-row INSERT (4 parameters each, well
/// under SQLite's limit of 32,766 parameters).
const ROWS_PER_INSERT: usize = 2000;
/// Most requests folded into one transaction.
const MAX_BATCH: usize = 8192;

impl Writer {
    pub(super) fn start(conn: SqliteConnection) -> Writer {
        let (tx, rx) = mpsc::channel(65536);
        tokio::spawn(run(conn, rx));
        Writer { tx }
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
            Ok(Err(e)) => Err(StoreError::Database(sqlx::Error::Protocol(e))),
            Err(_) => Err(StoreError::WriterGone),
        }
    }
}

async fn run(mut conn: SqliteConnection, mut rx: mpsc::Receiver<Request>) {
    let mut batch: Vec<Request> = Vec::new();
    while let Some(first) = rx.recv().await {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        let outcome = commit(&mut conn, &batch).await.map_err(|e| e.to_string());
        if let Err(e) = &outcome {
            tracing::error!("group commit of {} writes failed: {e}", batch.len());
        }
        for request in batch.drain(..) {
            let _ = request.done.send(outcome.clone());
        }
    }
}

async fn commit(conn: &mut SqliteConnection, batch: &[Request]) -> Result<(), sqlx::Error> {
    let mut tx = conn.begin().await?;
    let mut events: Vec<&EventRow> = Vec::new();
    for op in batch.iter().flat_map(|r| &r.ops) {
        match op {
            Op::Event(row) => events.push(row),
            other => {
                // Keep the order between a game's row and its first events.
                flush_events(&mut tx, &mut events).await?;
                write_other(&mut tx, other).await?;
            }
        }
    }
    flush_events(&mut tx, &mut events).await?;
    tx.commit().await
}

async fn flush_events(
    conn: &mut SqliteConnection,
    events: &mut Vec<&EventRow>,
) -> Result<(), sqlx::Error> {
    for chunk in events.chunks(ROWS_PER_INSERT) {
        let mut q: QueryBuilder<Sqlite> =
            QueryBuilder::new("INSERT INTO events (game_id, seq, event, hash) ");
        q.push_values(chunk, |mut b, row| {
            b.push_bind(&row.game_id)
                .push_bind(row.seq)
                .push_bind(&row.event_json)
                .push_bind(&row.hash);
        });
        q.build().execute(&mut *conn).await?;
    }
    events.clear();
    Ok(())
}

async fn write_other(conn: &mut SqliteConnection, op: &Op) -> Result<(), sqlx::Error> {
    match op {
        Op::NewGame {
            id,
            setup_json,
            created_unix_ms,
            tokens,
            accounts,
        } => {
            sqlx::query(
                "INSERT INTO games (id, setup, created_unix_ms, epoch_unix_ms, white_token, \
                 black_token, arbiter_token, white_account, black_account) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(id)
            .bind(setup_json)
            .bind(created_unix_ms)
            .bind(created_unix_ms)
            .bind(&tokens[0])
            .bind(&tokens[1])
            .bind(&tokens[2])
            .bind(&accounts[0])
            .bind(&accounts[1])
            .execute(&mut *conn)
            .await?;
        }
        Op::Finish { game_id, result } => {
            let stored = if result == "*" { "-" } else { result.as_str() };
            sqlx::query("UPDATE games SET result = ? WHERE id = ?")
                .bind(stored)
                .bind(game_id)
                .execute(&mut *conn)
                .await?;
        }
        Op::Heartbeat(ms) => {
            sqlx::query(
                "INSERT INTO heartbeat (id, unix_ms) VALUES (0, ?) \
                 ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms",
            )
            .bind(ms)
            .execute(&mut *conn)
            .await?;
        }
        // Events go in bulk through `flush_events`.
        Op::Event(_) => {}
    }
    Ok(())
}
