//! The SQLite backend: one file in WAL mode with full synchronisation.
//!
//! Reads go through a small `sqlx` pool. Writes go through the writer
//! thread (see `writer`), which appends the events of each group commit to
//! a journal in commit order; they are filed into their game's home in
//! bulk later (see `filing`), and reads of a game's events look in both.

mod checkpoint;
mod filing;
pub(super) mod writer;

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row as _, SqlitePool};

use super::{Account, EventRow, GameColumns, GameRow, StoreError, Writer, migrations};

/// An open SQLite database.
#[derive(Debug)]
pub struct SqliteStore {
    pub(super) pool: SqlitePool,
    path: PathBuf,
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
            .busy_timeout(Duration::from_secs(10))
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
        migrations::SQLITE.migrator().await?.run(&pool).await?;
        file_journal(&pool).await?;
        Ok(SqliteStore {
            pool,
            path: path.to_path_buf(),
        })
    }

    /// Starts the writer on its own connection and thread, and the
    /// checkpointer on another connection.
    pub async fn writer(&self) -> Result<Writer, StoreError> {
        let checkpoint_wanted = Arc::new(AtomicBool::new(false));
        let writer = writer::start(&self.path, filing::Pace::DEFAULT, checkpoint_wanted.clone())?;
        let checkpointer = self.pool.acquire().await?.detach();
        checkpoint::start(checkpointer, checkpoint_wanted);
        Ok(writer)
    }

    pub async fn games(&self, unfinished_only: bool) -> Result<Vec<GameRow>, StoreError> {
        let sql = if unfinished_only {
            "SELECT * FROM games WHERE result = '*' ORDER BY created_unix_ms"
        } else {
            "SELECT * FROM games ORDER BY created_unix_ms"
        };
        let rows = sqlx::query(sql).fetch_all(&self.pool).await?;
        rows.iter().map(game_row).collect()
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_row).transpose()
    }

    pub async fn recent_games(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM games ORDER BY created_unix_ms DESC LIMIT ?")
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_row).collect()
    }

    /// The first events from their home, the rest from the journal (where
    /// a round being filed may still hold copies of some already home).
    pub async fn events(&self, game_id: &str) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, seq, event, hash FROM events WHERE game_id = ?1 \
             UNION ALL \
             SELECT game_id, seq, event, hash FROM journal WHERE game_id = ?1 \
             AND seq > coalesce((SELECT max(seq) FROM events WHERE game_id = ?1), -1) \
             ORDER BY seq",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| EventRow {
                game_id: r.get(0),
                seq: r.get(1),
                event_json: r.get(2),
                hash: r.get(3),
            })
            .collect())
    }

    pub async fn add_account(&self, a: &Account, token_digest: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO accounts (id, name, token, bot, created_unix_ms) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(&a.id)
        .bind(&a.name)
        .bind(token_digest)
        .bind(a.bot)
        .bind(a.created_unix_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn account_by_token(&self, digest: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE token = ?")
            .bind(digest)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(account_row))
    }

    pub async fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(account_row))
    }

    pub async fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        let rows = sqlx::query("SELECT * FROM accounts ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(account_row).collect())
    }

    pub async fn delete_account(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM accounts WHERE id = ?")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn replace_token(&self, id: &str, digest: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE accounts SET token = ? WHERE id = ?")
            .bind(digest)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn make_bot(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET bot = 1 WHERE id = ?")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn games_of_account(
        &self,
        id: &str,
        finished: bool,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = if finished {
            "SELECT * FROM games WHERE (white_account = ?1 OR black_account = ?1) \
             AND result != '*' ORDER BY created_unix_ms DESC LIMIT ?2"
        } else {
            "SELECT * FROM games WHERE (white_account = ?1 OR black_account = ?1) \
             AND result = '*' ORDER BY created_unix_ms DESC LIMIT ?2"
        };
        let rows = sqlx::query(sql)
            .bind(id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_row).collect()
    }

    pub async fn account_has_games(&self, id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM games WHERE white_account = ?1 OR black_account = ?1 LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    pub async fn resume_after_downtime(&self, now_unix_ms: i64) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let last: Option<i64> = sqlx::query("SELECT unix_ms FROM heartbeat WHERE id = 0")
            .fetch_optional(&mut *tx)
            .await?
            .map(|r| r.get(0));
        let downtime = last.map_or(0, |hb| (now_unix_ms - hb).max(0));
        if downtime > 0 {
            sqlx::query("UPDATE games SET epoch_unix_ms = epoch_unix_ms + ? WHERE result = '*'")
                .bind(downtime)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO heartbeat (id, unix_ms) VALUES (0, ?) \
             ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms",
        )
        .bind(now_unix_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(downtime)
    }

    pub async fn execute_raw(&self, sql: &str) -> Result<u64, StoreError> {
        Ok(sqlx::query(sql).execute(&self.pool).await?.rows_affected())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
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

fn game_row(r: &sqlx::sqlite::SqliteRow) -> Result<GameRow, StoreError> {
    GameRow::parse(GameColumns {
        id: r.get("id"),
        setup_json: r.get("setup"),
        created_unix_ms: r.get("created_unix_ms"),
        epoch_unix_ms: r.get("epoch_unix_ms"),
        tokens: [
            r.get("white_token"),
            r.get("black_token"),
            r.get("arbiter_token"),
        ],
        white_account: r.get("white_account"),
        black_account: r.get("black_account"),
        result: r.get("result"),
    })
}

fn account_row(r: &sqlx::sqlite::SqliteRow) -> Account {
    Account {
        name: r.get("name"),
        id: r.get("id"),
        bot: r.get("bot"),
        created_unix_ms: r.get("created_unix_ms"),
    }
}
