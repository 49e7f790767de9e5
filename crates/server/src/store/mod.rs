//! Storage: every game is its event log in SQLite (WAL), each event sealed
//! by a hash chain; accounts; the server's heartbeat.
//!
//! # What is stored
//!
//! A game is the events the referee accepted, in order: the setup, then
//! each event as the JSON of `arbiter replay`'s logs, with its link in the
//! hash chain. The game's state is never stored: it is rebuilt by
//! replaying the log (`Game::replay`) when the server starts and whenever
//! a finished game is opened again, so what is stored and what the referee
//! decides cannot disagree.
//!
//! - **Rejected events are not stored.** They change nothing, so the log
//!   replays to the same game without them, and storing them would let any
//!   client fill the durable record with junk. The sender gets the refusal
//!   and its rule at once.
//! - **A hash chain seals each game** ([`chain`]): changing, inserting,
//!   deleting or reordering an event breaks every link after it, and
//!   `arbiter verify` finds the first broken one. Someone with write access
//!   who recomputes every later link is not caught by the chain alone: the
//!   last link, which the log endpoint shows, anchors a finished game when
//!   it is published or printed.
//! - Chat lines are not stored: they are not part of the game.
//!
//! # Durability, and what it costs
//!
//! A move is acknowledged to its player, and broadcast to the watchers,
//! only once its transaction has committed, in WAL mode with
//! `synchronous=FULL`: a committed move survives a crash of the process and
//! of the machine. A synced write takes 0.2 to 8 ms on the shared virtual
//! disks the server was measured on (`bench/runs/`); one per move would
//! bound the server by the disk, so the writes are shaped around it:
//!
//! - **Group commit** ([`Writer`]). One thread owns the write connection.
//!   Game actors hand it their events and wait; it takes everything pending
//!   from all games, writes it in one transaction, commits and answers them
//!   all, so a batch of dozens of events costs one `fsync`. A move reaching
//!   an idle writer is committed at once; under load, commits are paced a
//!   couple of milliseconds apart so that each carries more events. Reads
//!   go through a small pool and never wait for the writer.
//! - **Journal, then home** (`filing`). A new event is appended to the
//!   journal, a table in commit order, where the events of one batch, from
//!   many games, fill a page or two; written straight into `events`, ordered
//!   by game, each would dirty its own game's 4 KiB page, one more WAL frame
//!   to write and sync before the batch is acknowledged. The writer files
//!   the journal home a large round at a time, grouped by game, a slice in
//!   each batch's own transaction, so that filing adds no commit of its own
//!   and a game's events land on its page together. A game's log is read
//!   from both tables; opening the database files whatever the journal
//!   holds.
//! - **Checkpoints off the commit path** (`checkpoint`). A connection of
//!   its own copies the WAL into the database a few times a second with
//!   passive checkpoints, which never block the writer; the writer only
//!   finishes the last few pages between two batches so that the WAL can
//!   start over. SQLite's own checkpoint inside a commit, which would hold
//!   every move of that batch while it copies and syncs the database, is
//!   kept only as a backstop.
//! - **One actor per game** (outside this module): a game's events are
//!   decided one at a time in the order they arrive, and games never
//!   contend. If a write fails, the actor rebuilds its game from what is
//!   durable and answers 503: nothing was changed.
//!
//! # Clocks across restarts
//!
//! The server records a heartbeat every half second. At start it moves
//! every unfinished game's epoch forward by the time since the last
//! heartbeat, in the transaction that records the new one: the downtime is
//! charged to nobody.
pub mod chain;
mod checkpoint;
mod filing;
mod schema;
mod writer;

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use arbiter_referee::{Event, GameSetup};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row as _, SqlitePool};

use crate::token::TokenDigest;
pub use writer::{Op, Writer};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite said no.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored row cannot be read back.
    #[error("game {game}: stored {what} is unreadable: {detail}")]
    Corrupt {
        /// The id of the game whose row is unreadable.
        game: String,
        /// What was being read.
        what: &'static str,
        /// Why it failed.
        detail: String,
    },
    /// The writer's connection failed.
    #[error("database: {0}")]
    Writer(String),
    /// The writer task has stopped.
    #[error("the database writer has stopped")]
    WriterGone,
}

/// A game's row: everything but its events.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The public id.
    pub id: String,
    /// The setup, as stored (JSON).
    pub setup_json: String,
    /// The setup, read back from its JSON.
    pub setup: GameSetup,
    /// Wall-clock time of creation, ms since 1970.
    pub created_unix_ms: i64,
    /// Wall-clock time of `at_ms = 0` on the game's time line; moved
    /// forward over server downtime so that downtime is charged to nobody.
    pub epoch_unix_ms: i64,
    /// Digests of the seat tokens and the arbiter's.
    pub white: TokenDigest,
    /// Black's seat.
    pub black: TokenDigest,
    /// The arbiter's.
    pub arbiter: TokenDigest,
    /// Accounts playing the seats, for games made by challenge.
    pub white_account: Option<String>,
    /// Black's account.
    pub black_account: Option<String>,
    /// `*` while the game goes on.
    pub result: String,
}

/// A stored event with its place in the chain.
#[derive(Clone, Debug, Default)]
pub struct EventRow {
    /// The game.
    pub game_id: String,
    /// 0, 1, 2...
    pub seq: i64,
    /// The event as stored (JSON).
    pub event_json: String,
    /// Its link in the chain.
    pub hash: String,
}

/// An API account.
#[derive(Clone, Debug)]
pub struct Account {
    /// The name as given (`Alice`).
    pub name: String,
    /// The lower-case id (`alice`).
    pub id: String,
    /// A bot account (lichess title `BOT`).
    pub bot: bool,
    /// When it was made, ms since 1970.
    pub created_unix_ms: i64,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    path: PathBuf,
}

impl Store {
    /// Opens (creating if needed) the database at `path`, in WAL mode with
    /// full synchronisation: a committed transaction survives a crash of
    /// the process and of the machine.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
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
        schema::create(&pool).await?;
        file_journal(&pool).await?;
        Ok(Store {
            pool,
            path: path.to_path_buf(),
        })
    }

    /// Starts the writer on its own connection and thread, and the
    /// checkpointer on another connection.
    pub async fn writer(&self) -> Result<Writer, StoreError> {
        let checkpoint_wanted = Arc::new(AtomicBool::new(false));
        let writer = Writer::start(&self.path, filing::Pace::DEFAULT, checkpoint_wanted.clone())?;
        let checkpointer = self.pool.acquire().await?.detach();
        checkpoint::start(checkpointer, checkpoint_wanted);
        Ok(writer)
    }

    /// Every game, unfinished first.
    pub async fn games(&self, unfinished_only: bool) -> Result<Vec<GameRow>, StoreError> {
        let sql = if unfinished_only {
            "SELECT * FROM games WHERE result = '*' ORDER BY created_unix_ms"
        } else {
            "SELECT * FROM games ORDER BY created_unix_ms"
        };
        let rows = sqlx::query(sql).fetch_all(&self.pool).await?;
        rows.iter().map(game_row).collect()
    }

    /// One game's row.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_row).transpose()
    }

    /// The most recent games (for the lobby).
    pub async fn recent_games(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM games ORDER BY created_unix_ms DESC LIMIT ?")
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_row).collect()
    }

    /// A game's stored events, in order, with their links: the first ones
    /// from their home, the rest from the journal (where a round being
    /// filed may still hold copies of some already home).
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

    /// Parses stored events.
    pub fn parse_events(game_id: &str, rows: &[EventRow]) -> Result<Vec<Event>, StoreError> {
        rows.iter()
            .map(|r| {
                serde_json::from_str(&r.event_json).map_err(|e| StoreError::Corrupt {
                    game: game_id.to_string(),
                    what: "event",
                    detail: format!("seq {}: {e}", r.seq),
                })
            })
            .collect()
    }

    /// Adds an account; its token is given by the caller, stored as a digest.
    pub async fn add_account(
        &self,
        name: &str,
        token: &str,
        bot: bool,
        now_unix_ms: i64,
    ) -> Result<Account, StoreError> {
        let id = name.to_lowercase();
        sqlx::query(
            "INSERT INTO accounts (id, name, token, bot, created_unix_ms) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(&id)
        .bind(name)
        .bind(TokenDigest::of(token).to_hex())
        .bind(bot)
        .bind(now_unix_ms)
        .execute(&self.pool)
        .await?;
        Ok(Account {
            name: name.to_string(),
            id,
            bot,
            created_unix_ms: now_unix_ms,
        })
    }

    /// The account whose token has this digest.
    pub async fn account_by_token(
        &self,
        digest: &TokenDigest,
    ) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE token = ?")
            .bind(digest.to_hex())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(account_row))
    }

    /// The account with this id (lower-case name).
    pub async fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE id = ?")
            .bind(id.to_lowercase())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(account_row))
    }

    /// Every account, by id.
    pub async fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        let rows = sqlx::query("SELECT * FROM accounts ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(account_row).collect())
    }

    /// Removes the account `id`; `false` if there was none.
    pub async fn delete_account(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM accounts WHERE id = ?")
            .bind(id.to_lowercase())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Gives the account `id` a new token (stored as a digest), so that the
    /// old one no longer works; `false` if there is no such account.
    pub async fn replace_token(&self, id: &str, token: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE accounts SET token = ? WHERE id = ?")
            .bind(TokenDigest::of(token).to_hex())
            .bind(id.to_lowercase())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Makes the account `id` a bot account (lichess's `BOT` title).
    pub async fn make_bot(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET bot = 1 WHERE id = ?")
            .bind(id.to_lowercase())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The games the account `id` plays or played, the most recent first:
    /// unfinished ones only, or finished ones only.
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
            .bind(id.to_lowercase())
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_row).collect()
    }

    /// `true` if a game was ever played by an account named `id` (its name
    /// stays taken after the account is deleted: the games keep it).
    pub async fn account_has_games(&self, id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM games WHERE white_account = ?1 OR black_account = ?1 LIMIT 1",
        )
        .bind(id.to_lowercase())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Called once at start: moves every unfinished game's epoch forward by
    /// the time since the last heartbeat (the server's downtime), so that
    /// downtime is charged to nobody, and records `now` as the new
    /// heartbeat, in one transaction. Returns the downtime.
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

    /// Runs raw SQL (tests use it to alter a record the way an intruder would).
    pub async fn execute_raw(&self, sql: &str) -> Result<u64, StoreError> {
        Ok(sqlx::query(sql).execute(&self.pool).await?.rows_affected())
    }

    /// Closes the pool.
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
    let id: String = r.get("id");
    let corrupt = |what, detail: String| StoreError::Corrupt {
        game: id.clone(),
        what,
        detail,
    };
    let setup_json: String = r.get("setup");
    let setup: GameSetup =
        serde_json::from_str(&setup_json).map_err(|e| corrupt("setup", e.to_string()))?;
    let digest = |col: &str| {
        let text: String = r.get(col);
        TokenDigest::from_hex(&text).ok_or_else(|| corrupt("token digest", col.to_string()))
    };
    Ok(GameRow {
        setup,
        setup_json,
        created_unix_ms: r.get("created_unix_ms"),
        epoch_unix_ms: r.get("epoch_unix_ms"),
        white: digest("white_token")?,
        black: digest("black_token")?,
        arbiter: digest("arbiter_token")?,
        white_account: r.get("white_account"),
        black_account: r.get("black_account"),
        result: r.get("result"),
        id,
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
