//! The SQLite backend: one file in WAL mode with full synchronisation.
//!
//! Reads go through a small `sqlx` pool. Writes go through the writer
//! thread (see `writer`), which appends the events of each group commit to
//! a journal in commit order; they are filed into their game's home in
//! bulk later (see `filing`), and reads of a game's events look in both.

mod checkpoint;
mod filing;
mod signer;
pub(super) mod writer;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection as _, Sqlite, SqlitePool};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use arbiter_tlog::KeyKind;
use tokio::sync::watch;

use super::lock_wait::LOCK_WAIT;
use super::log::{self, TreeHead};
use super::queries::{Dialect, Queries};
use super::{StoreError, WeakWriter, Writer, migrations};

/// SQLite's own statements.
const DIALECT: Dialect = Dialect {
    // The first events from their home, the rest from the journal (where a
    // round being filed may still hold copies of some already home).
    events: "SELECT game_id, seq, event, hash FROM events WHERE game_id = $1 \
             UNION ALL \
             SELECT game_id, seq, event, hash FROM journal WHERE game_id = $1 \
             AND seq > coalesce((SELECT max(seq) FROM events WHERE game_id = $1), -1) \
             ORDER BY seq",
    last_heartbeat: "SELECT unix_ms FROM heartbeat WHERE id = 0",
    // The write lock from the start: a transaction that reads first and
    // then writes cannot wait for a writer of another process (SQLite
    // answers "locked" at once, to avoid a deadlock).
    begin_writing: "BEGIN IMMEDIATE",
};

/// An open SQLite database.
#[derive(Debug)]
pub struct SqliteStore {
    pub(super) pool: SqlitePool,
    path: PathBuf,
    /// The log's head, as the writer publishes it after each commit.
    head: watch::Sender<TreeHead>,
    /// The writer started, while it runs.
    running: std::sync::Mutex<Option<WeakWriter>>,
    /// Whether the writer started next signs the log's checkpoints (it
    /// keeps the leaves either way): see [`SqliteStore::leave_unsigned`].
    signing: AtomicBool,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`, in WAL mode with
    /// full synchronisation: a committed transaction survives a crash of
    /// the process and of the machine.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite:")?
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(LOCK_WAIT)
            .foreign_keys(true)
            // The WAL is copied into the database by its own connection
            // (see `checkpoint`), off the writer's commit path. A commit
            // still checkpoints past 10,000 pages (about 40 MiB of WAL),
            // which only finishes what that connection has mostly copied
            // and lets the WAL start over: it keeps the WAL bounded.
            .pragma("wal_autocheckpoint", "10000")
            // Sorts (filing the journal when the store opens) and
            // statement journals stay in memory rather than in files.
            .pragma("temp_store", "memory")
            // 32 MiB of pages per connection (the default is 2 MiB):
            // reading a game's events scans the journal and walks the
            // events table, and each page read back from the file costs
            // a system call. (The writer sets its own connection up the
            // same way, see `writer::open`.)
            .pragma("cache_size", "-32768");
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        migrate(&pool).await?;
        file_journal(&pool).await?;
        Ok(SqliteStore {
            pool,
            path: path.to_path_buf(),
            head: watch::channel(TreeHead::default()).0,
            running: std::sync::Mutex::new(None),
            signing: AtomicBool::new(true),
        })
    }

    /// The writer started by [`SqliteStore::writer`], if it still runs.
    pub(super) fn running_writer(&self) -> Option<Writer> {
        let running = self.running.lock().expect("writer lock");
        running.as_ref().and_then(WeakWriter::upgrade)
    }

    /// Where the log's signing key is kept: beside the database, the
    /// database's name with `.log-key` added.
    pub fn log_key_path(&self) -> PathBuf {
        let mut path = self.path.clone().into_os_string();
        path.push(".log-key");
        PathBuf::from(path)
    }

    /// The writer started next keeps the log's leaves but signs no
    /// checkpoint (`arbiter serve --unsigned`), as a PostgreSQL server
    /// started without a key: the next server that signs signs the whole
    /// tree at its start.
    pub fn leave_unsigned(&self) {
        self.signing.store(false, Ordering::Relaxed);
    }

    /// Starts the writer on its own connection and thread, the
    /// checkpointer on another connection, and the signer (unless
    /// [`SqliteStore::leave_unsigned`]).
    pub async fn writer(&self) -> Result<Writer, StoreError> {
        let checkpoint_wanted = Arc::new(AtomicBool::new(false));
        let key = if self.signing.load(Ordering::Relaxed) {
            Some(log::load_or_make_key(
                &self.log_key_path(),
                None,
                KeyKind::Ed25519,
            )?)
        } else {
            None
        };
        let writer = writer::start(
            &self.path,
            filing::Pace::DEFAULT,
            checkpoint_wanted.clone(),
            self.head.clone(),
        )?;
        let checkpointer = self.pool.acquire().await?.detach();
        checkpoint::start(checkpointer, checkpoint_wanted);
        if let Some(key) = key {
            let head = self.head.subscribe();
            let now = *head.borrow();
            let signed = signer::catch_up(&self.pool, &key, now).await;
            signer::start(self.pool.clone(), key, head, signed);
        }
        *self.running.lock().expect("writer lock") = Some(writer.downgrade());
        Ok(writer)
    }

    /// The queries, on the read pool.
    pub fn queries(&self) -> Queries<'_, Sqlite> {
        Queries {
            pool: &self.pool,
            dialect: &DIALECT,
        }
    }
}

/// Brings the schema up to date under an exclusive transaction. `sqlx`'s
/// migrator takes no lock on SQLite: two processes opening a fresh
/// database together both applied the first migration, and the second
/// failed on `_sqlx_migrations`' key. Here the first to take the lock
/// migrates; the others wait for it (the busy timeout), then find every
/// migration applied. (Each migration runs in a savepoint of this
/// transaction.)
async fn migrate(pool: &SqlitePool) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await?;
    let mut tx = conn.begin_with("BEGIN EXCLUSIVE").await?;
    let migrator = migrations::SQLITE.migrator().await?;
    migrator.run_direct(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Files every event left in the journal (by a server that stopped, or
/// one still running) into its home and empties the journal, in one
/// transaction. Events already home are left as they are.
async fn file_journal(pool: &SqlitePool) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT OR IGNORE INTO events (game_id, seq, event, hash) \
         SELECT game_id, seq, event, hash FROM journal ORDER BY game_id, seq",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM journal").execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}
