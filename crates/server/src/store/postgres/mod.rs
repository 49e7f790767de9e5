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

pub(super) mod signer;
mod writer;

use std::str::FromStr;

use sqlx::migrate::MigrateDatabase as _;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection as _, PgConnection, PgPool, Postgres};

use super::lock_wait::LOCK_WAIT;
use super::queries::{Dialect, Queries};
use super::{StoreError, Writer, migrations};

/// Connections of the read pool: reads are short (a game's events by its
/// key), and the requests that need one are those loading a game or
/// listing games and accounts, not the moves.
const READ_CONNECTIONS: u32 = 8;

/// PostgreSQL's own statements.
const DIALECT: Dialect = Dialect {
    events: "SELECT game_id, seq, event, hash FROM events WHERE game_id = $1 ORDER BY seq",
    // The row is locked until the commit: a second server starting at the
    // same moment waits, then finds this one's heartbeat.
    last_heartbeat: "SELECT unix_ms FROM heartbeat WHERE id = 0 FOR UPDATE",
    begin_writing: "BEGIN",
};

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
            // No wait of the server's on the database is unbounded: a lock
            // held by a session that went astray (a transaction left open
            // by a cancelled request) fails the statements waiting for it
            // instead of stopping them for good, and the session itself is
            // ended, which lets its locks go.
            .options([
                ("synchronous_commit", "on"),
                ("lock_timeout", "30s"),
                ("idle_in_transaction_session_timeout", "60s"),
            ]);
        if !Postgres::database_exists(url).await? {
            // Another process may make it meanwhile: PostgreSQL then
            // refuses this one (as a duplicate database, or a duplicate
            // key of its catalogue when both were made at once), and the
            // database is there.
            if let Err(e) = Postgres::create_database(url).await
                && !Postgres::database_exists(url).await?
            {
                return Err(e.into());
            }
        }
        let pool = PgPoolOptions::new()
            .max_connections(READ_CONNECTIONS)
            .connect_with(options.clone())
            .await?;
        migrate(&options).await?;
        Ok(PgStore { pool, options })
    }

    /// Starts the writer on a connection of its own: the database's one
    /// server's, or the node `node`'s.
    pub async fn writer(&self, node: Option<&str>) -> Result<Writer, StoreError> {
        writer::start(self.options.clone(), node.map(str::to_string)).await
    }

    /// The log's verifier key, as the database names it.
    pub async fn log_verifier(&self) -> Result<arbiter_tlog::VerifierKey, StoreError> {
        signer::verifier(&self.pool).await
    }

    /// Appends events to a tournament's log and their leaves to the
    /// signed log in one statement ([`TOURNAMENT_APPEND`]): all or none,
    /// durably. (A tournament is held by one process, which appends
    /// through the pool rather than the writer: its leaves take their
    /// indices as a writer's batch does.) Under a node's `fence`, the
    /// lease's row is locked and must still name the node at its epoch:
    /// a takeover, which updates the row, comes wholly before or after the
    /// append. One statement, so that the lock lasts while the database
    /// runs it and no longer: a node stopped (SIGSTOP) between the
    /// statements of a transaction would hold the row, and keep every
    /// takeover off the tournament, until PostgreSQL ended the idle
    /// transaction (`idle_in_transaction_session_timeout`, 60 s).
    pub async fn append_tournament_events(
        &self,
        tournament: &str,
        rows: &[super::TournamentEventRow],
        fence: Option<&super::TournamentFence>,
    ) -> Result<(), StoreError> {
        let mut leaves = Vec::new();
        let op = super::Op::TournamentEvents {
            tournament: tournament.to_string(),
            rows: rows.to_vec(),
        };
        super::log::leaves_of(&op, &mut leaves);
        let data: Vec<String> = leaves.iter().map(|l| l.data()).collect();
        let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
        let events: Vec<&str> = rows.iter().map(|r| r.event_json.as_str()).collect();
        let hashes: Vec<&str> = rows.iter().map(|r| r.hash.as_str()).collect();
        let held: bool = sqlx::query_scalar(TOURNAMENT_APPEND)
            .bind(tournament)
            .bind(&seqs[..])
            .bind(&events[..])
            .bind(&hashes[..])
            .bind(fence.map(|f| f.node.as_str()))
            .bind(fence.map(|f| f.epoch))
            .bind(&data[..])
            .fetch_one(&self.pool)
            .await?;
        if !held {
            return Err(StoreError::TournamentLeaseLost(tournament.to_string()));
        }
        Ok(())
    }

    /// The read pool.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// The queries, on the read pool.
    pub fn queries(&self) -> Queries<'_, Postgres> {
        Queries {
            pool: &self.pool,
            dialect: &DIALECT,
        }
    }
}

/// The one statement of a tournament's append: its events (`$2` to `$4`:
/// seqs, events, hashes) into the log of the tournament `$1`, and their
/// leaves (`$7`) into the signed log, kept only if the node `$5` holds the
/// tournament's lease at the epoch `$6` (or `$5` is null: the database's
/// one server, unfenced). Returns whether they were kept.
const TOURNAMENT_APPEND: &str = "\
WITH leased AS (
    SELECT 1 FROM tournament_leases
    WHERE tournament_id = $1 AND node = $5 AND epoch = $6
    FOR SHARE
), held AS (
    SELECT $5::text IS NULL OR EXISTS (SELECT 1 FROM leased) AS ok
), new_events AS (
    INSERT INTO tournament_events (tournament_id, seq, event, hash)
    SELECT $1, e.seq, e.event, e.hash
    FROM UNNEST($2::int8[], $3::text[], $4::text[]) AS e (seq, event, hash), held
    WHERE held.ok
), head AS (
    UPDATE log_head SET size = size + cardinality($7::text[])
    WHERE id = 0 AND cardinality($7::text[]) > 0 AND (SELECT ok FROM held)
    RETURNING size - cardinality($7::text[]) AS first
), leaves AS (
    INSERT INTO log_leaves (idx, data)
    SELECT head.first + l.n - 1, l.data FROM head, UNNEST($7::text[]) WITH ORDINALITY AS l (data, n)
)
SELECT ok FROM held";

/// Brings the schema up to date on a connection of its own. `sqlx`'s
/// migrator holds an advisory lock (named after the database) while it
/// runs, so that processes starting together apply each migration once;
/// this connection waits for it at most [`LOCK_WAIT`] (`lock_timeout`,
/// which advisory locks obey too), then gives up with
/// [`StoreError::Locked`].
async fn migrate(options: &PgConnectOptions) -> Result<(), StoreError> {
    let timeout = format!("{}ms", LOCK_WAIT.as_millis());
    let options = options
        .clone()
        .options([("lock_timeout", timeout.as_str())]);
    let mut conn = PgConnection::connect_with(&options).await?;
    let done = migrations::POSTGRES
        .migrator()
        .await?
        .run_direct(&mut conn)
        .await;
    conn.close().await?;
    Ok(done?)
}
