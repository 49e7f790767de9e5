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
    /// signed log, in one transaction: all or none, durably. (A tournament
    /// is held by one process, which appends through the pool rather than
    /// the writer: its leaves take their indices as a writer's batch
    /// does.) Under a node's `fence`, the lease's row is locked first and
    /// must still name the node at its epoch: a takeover, which updates the
    /// row, comes wholly before or after the append.
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
        let mut tx = self.pool.begin().await?;
        if let Some(fence) = fence {
            let held: Option<i32> = sqlx::query_scalar(
                "SELECT 1 FROM tournament_leases \
                 WHERE tournament_id = $1 AND node = $2 AND epoch = $3 FOR SHARE",
            )
            .bind(tournament)
            .bind(&fence.node)
            .bind(fence.epoch)
            .fetch_optional(&mut *tx)
            .await?;
            if held.is_none() {
                return Err(StoreError::TournamentLeaseLost(tournament.to_string()));
            }
        }
        Queries::<Postgres>::insert_tournament_events(&mut tx, tournament, rows).await?;
        sqlx::query(
            "WITH head AS (UPDATE log_head SET size = size + cardinality($1::text[]) \
             WHERE id = 0 RETURNING size - cardinality($1::text[]) AS first) \
             INSERT INTO log_leaves (idx, data) \
             SELECT head.first + l.n - 1, l.data FROM head, UNNEST($1::text[]) WITH ORDINALITY AS l (data, n)",
        )
        .bind(&data[..])
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
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
