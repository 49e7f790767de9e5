//! The queries of both backends, written once: the games' rows, their
//! events, the accounts and the heartbeat, generic over `sqlx`'s database
//! and run by each backend on its own read pool, so that SQLite and
//! PostgreSQL cannot drift apart. Both read `$1`, `$2`… placeholders.
//! Where their SQL must differ, each backend gives its own ([`Dialect`]);
//! the writers, which differ in everything, are the backends' own.

use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

use super::{Account, EventRow, GameColumns, GameRow, StoreError};

/// How many rows a statement changed: `sqlx` gives each backend a result
/// type of its own.
pub(super) trait RowsAffected {
    /// The count.
    fn rows_affected(&self) -> u64;
}

impl RowsAffected for sqlx::sqlite::SqliteQueryResult {
    fn rows_affected(&self) -> u64 {
        self.rows_affected()
    }
}

impl RowsAffected for sqlx::postgres::PgQueryResult {
    fn rows_affected(&self) -> u64 {
        self.rows_affected()
    }
}

/// The statements whose SQL differs between the backends.
pub(super) struct Dialect {
    /// A game's events (`$1`), in order: `game_id, seq, event, hash`.
    /// SQLite looks in its journal too.
    pub(super) events: &'static str,
    /// The last heartbeat, read in the transaction that records the next:
    /// PostgreSQL locks the row, so that a second server starting at the
    /// same moment waits for the first's.
    pub(super) last_heartbeat: &'static str,
}

/// A backend's read pool, seen through the queries of both backends.
pub(super) struct Queries<'a, DB: Database> {
    /// The pool.
    pub(super) pool: &'a Pool<DB>,
    /// The backend's own statements.
    pub(super) dialect: &'static Dialect,
}

impl<DB> Queries<'_, DB>
where
    DB: Database,
    DB::QueryResult: RowsAffected,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB> + ColumnIndex<DB::Row>,
    usize: ColumnIndex<DB::Row>,
    i64: for<'q> Encode<'q, DB> + for<'r> Decode<'r, DB> + Type<DB>,
    bool: for<'q> Encode<'q, DB> + for<'r> Decode<'r, DB> + Type<DB>,
    String: for<'r> Decode<'r, DB> + Type<DB>,
{
    /// Every game, or only the unfinished ones, oldest first.
    pub(super) async fn games(&self, unfinished_only: bool) -> Result<Vec<GameRow>, StoreError> {
        let sql = if unfinished_only {
            "SELECT * FROM games WHERE result = '*' ORDER BY created_unix_ms"
        } else {
            "SELECT * FROM games ORDER BY created_unix_ms"
        };
        let rows = sqlx::query(sql).fetch_all(self.pool).await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// One game's row.
    pub(super) async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool)
            .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// The most recent games.
    pub(super) async fn recent_games(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM games ORDER BY created_unix_ms DESC LIMIT $1")
            .bind(limit)
            .fetch_all(self.pool)
            .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// The games the account `id` plays (unfinished) or played (finished),
    /// the most recent first.
    pub(super) async fn games_of_account(
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
            .fetch_all(self.pool)
            .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// `true` if a game names the account `id` at one of its seats.
    pub(super) async fn account_has_games(&self, id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM games WHERE white_account = $1 OR black_account = $1 LIMIT 1",
        )
        .bind(id)
        .fetch_optional(self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// A game's stored events, in order, with their links.
    pub(super) async fn events(&self, game_id: &str) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(self.dialect.events)
            .bind(game_id)
            .fetch_all(self.pool)
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

    /// Moves every unfinished game's epoch forward by the time since the
    /// last heartbeat and records `now` as the new one, in one
    /// transaction; the downtime.
    pub(super) async fn resume_after_downtime(&self, now_unix_ms: i64) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let last: Option<i64> = sqlx::query(self.dialect.last_heartbeat)
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

    /// Adds the account `a`, whose token has this digest.
    pub(super) async fn add_account(&self, a: &Account, digest: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO accounts (id, name, token, bot, created_unix_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(a.id.as_str())
        .bind(a.name.as_str())
        .bind(digest)
        .bind(a.bot)
        .bind(a.created_unix_ms)
        .execute(self.pool)
        .await?;
        Ok(())
    }

    /// The account whose token has this digest.
    pub(super) async fn account_by_token(
        &self,
        digest: &str,
    ) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE token = $1")
            .bind(digest)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.as_ref().map(Self::account_row))
    }

    /// The account `id`.
    pub(super) async fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.as_ref().map(Self::account_row))
    }

    /// Every account, by id.
    pub(super) async fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        let rows = sqlx::query("SELECT * FROM accounts ORDER BY id")
            .fetch_all(self.pool)
            .await?;
        Ok(rows.iter().map(Self::account_row).collect())
    }

    /// Removes the account `id`; `false` if there was none.
    pub(super) async fn delete_account(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM accounts WHERE id = $1")
            .bind(id)
            .execute(self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Gives the account `id` the token of this digest; `false` if there
    /// is no such account.
    pub(super) async fn replace_token(&self, id: &str, digest: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE accounts SET token = $1 WHERE id = $2")
            .bind(digest)
            .bind(id)
            .execute(self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Makes the account `id` a bot account.
    pub(super) async fn make_bot(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET bot = $1 WHERE id = $2")
            .bind(true)
            .bind(id)
            .execute(self.pool)
            .await?;
        Ok(())
    }

    /// Runs raw SQL; the number of rows it changed.
    pub(super) async fn execute_raw(&self, sql: &str) -> Result<u64, StoreError> {
        Ok(sqlx::query(sql).execute(self.pool).await?.rows_affected())
    }

    /// Closes the pool's connections.
    pub(super) async fn close(&self) {
        self.pool.close().await;
    }

    fn game_row(r: &DB::Row) -> Result<GameRow, StoreError> {
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

    fn account_row(r: &DB::Row) -> Account {
        Account {
            name: r.get("name"),
            id: r.get("id"),
            bot: r.get("bot"),
            created_unix_ms: r.get("created_unix_ms"),
        }
    }
}
