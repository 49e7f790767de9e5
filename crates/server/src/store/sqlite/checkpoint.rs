//! The checkpointer: copies the WAL into the database off the commit path.
//!
//! With SQLite's automatic checkpoint, the commit that crosses the
//! threshold copies every page not yet copied and syncs the database file
//! before it returns: every move waiting on that batch waits for it too
//! (single commits of 15 to 23 ms, once every two or three seconds under
//! load). Here a connection of its own runs a passive checkpoint a few
//! times a second, which never blocks the writer (SQLite lets one
//! checkpoint run beside one writer in WAL mode).
//!
//! A passive checkpoint cannot let the WAL start over while the writer
//! commits continuously: it copies what was committed when it began, and
//! the WAL is reused from its start only once everything in it has been
//! copied. So once the WAL is long, the checkpointer asks the writer to
//! finish the job right after a run of its own: between two batches the
//! writer copies what was committed meanwhile, and its next transaction
//! writes the WAL from the start again. Every move waits while the writer
//! copies, so the checkpointer first catches up with a few more runs of
//! its own, each copying what was committed during the one before, and
//! leaves the writer a few dozen pages (1 to 4 ms, where it had copied
//! 10 to 80 ms of commits in 14 to 45 ms).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sqlx::{Row as _, SqliteConnection};

/// How often the WAL is copied. Seldom enough that the leaves rewritten by
/// many commits are copied once; often enough that the writer's own
/// checkpoint has little left.
const EVERY: Duration = Duration::from_millis(500);

/// WAL frames (4 KiB pages) past which the writer is asked to let the
/// WAL start over (32 MiB, about two seconds of commits under full load):
/// each time costs the writer a pause between two batches.
const RESTART_AFTER_FRAMES: i64 = 8192;

/// Passive runs at most, one after another, to catch up with the writer.
const MAX_RUNS: u32 = 4;

/// Frames committed during a run that are not worth another.
const FEW_FRAMES_LEFT: i64 = 64;

/// Starts the checkpointer; it runs as long as the process. It sets
/// `checkpoint_wanted` when the writer should finish a checkpoint.
pub(super) fn start(conn: SqliteConnection, checkpoint_wanted: Arc<AtomicBool>) {
    tokio::spawn(run(conn, checkpoint_wanted));
}

async fn run(mut conn: SqliteConnection, checkpoint_wanted: Arc<AtomicBool>) {
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let mut frames = passive(&mut conn).await;
        // Each further run copies what was committed during the one
        // before (a run sees the WAL as it was when it began): a few of
        // them leave the writer little to copy.
        for _ in 1..MAX_RUNS {
            let Some(before) = frames else { break };
            frames = passive(&mut conn).await;
            if frames.is_none_or(|after| after - before <= FEW_FRAMES_LEFT) {
                break;
            }
        }
        if frames.is_some_and(|f| f >= RESTART_AFTER_FRAMES) {
            checkpoint_wanted.store(true, Ordering::Release);
        }
    }
}

/// Copies into the database what it can of the WAL without waiting;
/// returns the frames (4 KiB pages) the WAL held when it began.
async fn passive(conn: &mut SqliteConnection) -> Option<i64> {
    // One row: busy, frames in the WAL, frames copied.
    match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(conn)
        .await
    {
        Ok(row) => Some(row.try_get(1).unwrap_or(0)),
        Err(e) => {
            tracing::warn!("WAL checkpoint failed: {e}");
            None
        }
    }
}
