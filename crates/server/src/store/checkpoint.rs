//! The checkpointer: copies the WAL into the database off the commit path.
//!
//! With SQLite's automatic checkpoint alone, the commit that crosses the
//! threshold copies the whole WAL and syncs the database file before the
//! writer can start its next batch: every move waiting on that batch waits
//! for it too. Here a connection of its own runs a passive checkpoint a few
//! times a second, which never blocks the writer (SQLite lets one
//! checkpoint run beside one writer in WAL mode), so the automatic one in
//! the writer finds almost nothing left to copy.

use std::time::Duration;

use sqlx::SqliteConnection;

/// How often the WAL is copied. Seldom enough that the leaves rewritten by
/// many commits are copied once; often enough that the writer's own
/// checkpoint has little left.
const EVERY: Duration = Duration::from_millis(500);

/// Starts the checkpointer; it runs as long as the process.
pub(super) fn start(conn: SqliteConnection) {
    tokio::spawn(run(conn));
}

async fn run(mut conn: SqliteConnection) {
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&mut conn)
            .await
        {
            tracing::warn!("WAL checkpoint failed: {e}");
        }
    }
}
