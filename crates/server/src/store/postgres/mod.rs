//! The PostgreSQL backend: a database that several nodes can share.
//!
//! Reads go through an `sqlx` pool; writes through the writer's own
//! connection (see `writer`), one statement per group commit. Every
//! connection runs with `synchronous_commit = on`, whatever the server's
//! default: a commit returns once its WAL records are flushed to the
//! server's disk, so an acknowledged move survives a crash of the database
//! server's process or machine. With a synchronous standby listed in
//! `synchronous_standby_names`, the same commit also waits for the
//! standby to have flushed it, and survives the loss of the primary's disk.

mod writer;

use std::str::FromStr;

use sqlx::migrate::MigrateDatabase as _;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgRow};
use sqlx::{PgPool, Postgres, Row as _};

use super::{Account, EventRow, GameColumns, GameRow, StoreError, Writer, migrations};

/// Connections of the read pool: reads are short (a game's events by its
/// key), and the requests that need one are those loading a game or
/// listing games and accounts, not the moves.
const READ_CONNECTIONS: u32 = 8;

/// The error PostgreSQL gives when a database already exists.
const DUPLICATE_DATABASE: &str = "42P04";

/// An open PostgreSQL database.
#[derive(Debug)]
pub struct PgStore {
    pool: PgPool,
    options: PgConnectOptions,
}

impl PgStore {
    /// Connects to the database at `url`, creating it if missing (as the
    /// SQLite file is), and brings its schema up to date.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?
            .application_name("arbiter")
            .options([("synchronous_commit", "on")]);
        if !Postgres::database_exists(url).await? {
            match Postgres::create_database(url).await {
                Ok(()) => {}
                // Another node made it meanwhile.
                Err(sqlx::Error::Database(e))
                    if e.code().as_deref() == Some(DUPLICATE_DATABASE) => {}
                Err(e) => return Err(e.into()),
            }
        }
        let pool = PgPoolOptions::new()
            .max_connections(READ_CONNECTIONS)
            .connect_with(options.clone())
            .await?;
        migrations::POSTGRES.migrator().await?.run(&pool).await?;
        Ok(PgStore { pool, options })
    }

    /// Starts the writer on a connection of its own.
    pub async fn writer(&self) -> Result<Writer, StoreError> {
        writer::start(self.options.clone()).await
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
        let row = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_row).transpose()
    }

    pub async fn recent_games(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM games ORDER BY created_unix_ms DESC LIMIT $1")
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_row).collect()
    }

    pub async fn events(&self, game_id: &str) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, seq, event, hash FROM events WHERE game_id = $1 ORDER BY seq",
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
            "INSERT INTO accounts (id, name, token, bot, created_unix_ms) \
             VALUES ($1, $2, $3, $4, $5)",
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
        let row = sqlx::query("SELECT * FROM accounts WHERE token = $1")
            .bind(digest)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(account_row))
    }

    pub async fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE id = $1")
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
        let done = sqlx::query("DELETE FROM accounts WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn replace_token(&self, id: &str, digest: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE accounts SET token = $1 WHERE id = $2")
            .bind(digest)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn make_bot(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET bot = true WHERE id = $1")
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
            "SELECT * FROM games WHERE (white_account = $1 OR black_account = $1) \
             AND result != '*' ORDER BY created_unix_ms DESC LIMIT $2"
        } else {
            "SELECT * FROM games WHERE (white_account = $1 OR black_account = $1) \
             AND result = '*' ORDER BY created_unix_ms DESC LIMIT $2"
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
            "SELECT 1 FROM games WHERE white_account = $1 OR black_account = $1 LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    pub async fn resume_after_downtime(&self, now_unix_ms: i64) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        // The row is locked until the commit: a second server starting
        // at the same moment waits, then finds this one's heartbeat.
        let last: Option<i64> =
            sqlx::query("SELECT unix_ms FROM heartbeat WHERE id = 0 FOR UPDATE")
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| r.get(0));
        let downtime = last.map_or(0, |hb| (now_unix_ms - hb).max(0));
        if downtime > 0 {
            sqlx::query("UPDATE games SET epoch_unix_ms = epoch_unix_ms + $1 WHERE result = '*'")
                .bind(downtime)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO heartbeat (id, unix_ms) VALUES (0, $1) \
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

fn game_row(r: &PgRow) -> Result<GameRow, StoreError> {
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

fn account_row(r: &PgRow) -> Account {
    Account {
        name: r.get("name"),
        id: r.get("id"),
        bot: r.get("bot"),
        created_unix_ms: r.get("created_unix_ms"),
    }
}
