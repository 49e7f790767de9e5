//! Waiting for another process's lock on the database: how long, and the
//! error when that runs out.
//!
//! Several processes open one database: a server, or several nodes, and
//! the commands (`arbiter account`, `verify`, `key`...) run beside them.
//! One holding a write lock (SQLite's, a row's, or the migrations'
//! advisory lock on PostgreSQL) makes the others wait, for at most
//! [`LOCK_WAIT`]; past it, the wait ends in [`StoreError::Locked`],
//! which changes nothing, rather than in whatever error the driver
//! gives.

use std::time::Duration;

use sqlx::error::DatabaseError as _;
use sqlx::migrate::MigrateError;

use super::StoreError;

/// How long a process waits for another's lock: SQLite's busy timeout,
/// PostgreSQL's `lock_timeout` while the schema is brought up to date.
/// A server's batch holds SQLite's lock for milliseconds, and a migration
/// of the schema for well under a second.
pub(super) const LOCK_WAIT: Duration = Duration::from_secs(10);

/// SQLite's primary result code for a lock it could not take.
const SQLITE_BUSY: i32 = 5;

/// PostgreSQL's `lock_not_available`: `lock_timeout` ran out.
const LOCK_NOT_AVAILABLE: &str = "55P03";

/// Whether `e` is a wait for another process's lock that ran out.
fn waited_too_long(e: &sqlx::Error) -> bool {
    let sqlx::Error::Database(e) = e else {
        return false;
    };
    if let Some(e) = e.try_downcast_ref::<sqlx::sqlite::SqliteError>() {
        // Extended codes keep the primary one in their low byte.
        let code = e.code().and_then(|c| c.parse::<i32>().ok());
        return code.is_some_and(|c| c & 0xff == SQLITE_BUSY);
    }
    e.try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
        .is_some_and(|e| e.code() == LOCK_NOT_AVAILABLE)
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if waited_too_long(&e) {
            StoreError::Locked
        } else {
            StoreError::Database(e)
        }
    }
}

impl From<MigrateError> for StoreError {
    fn from(e: MigrateError) -> StoreError {
        match &e {
            MigrateError::Execute(inner) | MigrateError::ExecuteMigration(inner, _)
                if waited_too_long(inner) =>
            {
                StoreError::Locked
            }
            _ => StoreError::Migrate(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use sqlx::postgres::PgConnectOptions;
    use sqlx::sqlite::SqliteConnectOptions;
    use sqlx::{Connection as _, PgConnection, SqliteConnection};

    use super::super::{Database, Store, test_db};
    use super::*;

    /// A wait that runs out, for a lock another connection holds, is
    /// [`StoreError::Locked`], bare or as a migration's failure; any
    /// other failure stays the database's.
    #[tokio::test]
    async fn a_wait_for_a_lock_held_elsewhere_that_runs_out_is_locked() {
        let dir = tempfile::tempdir().unwrap();
        let [ran_out, again, other] = match test_db::database(dir.path()) {
            Database::Sqlite(path) => on_sqlite(&path).await,
            Database::Postgres(url) => on_postgres(&url).await,
        };
        let migration = MigrateError::ExecuteMigration(again, 1);
        assert!(matches!(StoreError::from(ran_out), StoreError::Locked));
        assert!(matches!(StoreError::from(migration), StoreError::Locked));
        assert!(matches!(StoreError::from(other), StoreError::Database(_)));
    }

    /// SQLite: a write waiting 50 ms for another connection's exclusive
    /// transaction, twice; and an insert into a table that is not there.
    async fn on_sqlite(path: &std::path::Path) -> [sqlx::Error; 3] {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .busy_timeout(std::time::Duration::from_millis(50));
        let mut holder = SqliteConnection::connect_with(&options).await.unwrap();
        let mut waiter = SqliteConnection::connect_with(&options).await.unwrap();
        sqlx::query("CREATE TABLE t (x)")
            .execute(&mut holder)
            .await
            .unwrap();
        let held = holder.begin_with("BEGIN EXCLUSIVE").await.unwrap();
        let insert = "INSERT INTO t VALUES (1)";
        let ran_out = sqlx::query(insert).execute(&mut waiter).await.unwrap_err();
        let again = sqlx::query(insert).execute(&mut waiter).await.unwrap_err();
        // (Reading the schema needs the lock too.)
        held.rollback().await.unwrap();
        let missing = sqlx::query("INSERT INTO missing VALUES (1)");
        [
            ran_out,
            again,
            missing.execute(&mut waiter).await.unwrap_err(),
        ]
    }

    /// PostgreSQL: an advisory lock waited for 50 ms, twice; and a table
    /// that is not there.
    async fn on_postgres(url: &str) -> [sqlx::Error; 3] {
        Store::open(url).await.unwrap().close().await;
        let options = PgConnectOptions::from_str(url).unwrap();
        let mut holder = PgConnection::connect_with(&options).await.unwrap();
        let waiting = options.options([("lock_timeout", "50ms")]);
        let mut waiter = PgConnection::connect_with(&waiting).await.unwrap();
        let lock = "SELECT pg_advisory_lock(37)";
        sqlx::query(lock).execute(&mut holder).await.unwrap();
        let ran_out = sqlx::query(lock).execute(&mut waiter).await.unwrap_err();
        let again = sqlx::query(lock).execute(&mut waiter).await.unwrap_err();
        let missing = sqlx::query("INSERT INTO missing VALUES (1)");
        [
            ran_out,
            again,
            missing.execute(&mut waiter).await.unwrap_err(),
        ]
    }
}
