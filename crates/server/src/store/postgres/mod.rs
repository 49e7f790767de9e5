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
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgPool, Postgres};

use super::queries::{Dialect, Queries};
use super::{StoreError, Writer, migrations};

/// Connections of the read pool: reads are short (a game's events by its
/// key), and the requests that need one are those loading a game or
/// listing games and accounts, not the moves.
const READ_CONNECTIONS: u32 = 8;

/// The error PostgreSQL gives when a database already exists.
const DUPLICATE_DATABASE: &str = "42P04";

/// PostgreSQL's own statements.
const DIALECT: Dialect = Dialect {
    events: "SELECT game_id, seq, event, hash FROM events WHERE game_id = $1 ORDER BY seq",
    // The row is locked until the commit: a second server starting at the
    // same moment waits, then finds this one's heartbeat.
    last_heartbeat: "SELECT unix_ms FROM heartbeat WHERE id = 0 FOR UPDATE",
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

    /// Starts the writer on a connection of its own: the database's one
    /// server's, or the node `node`'s.
    pub async fn writer(&self, node: Option<&str>) -> Result<Writer, StoreError> {
        writer::start(self.options.clone(), node.map(str::to_string)).await
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
