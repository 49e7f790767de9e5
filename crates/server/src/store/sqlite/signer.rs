//! Signs the log's checkpoints: at most one a second, and only when the
//! tree grew. Every checkpoint signed is kept (`log_checkpoints`), so that
//! `arbiter verify` can check the tree against each.

use std::time::Duration;

use arbiter_tlog::{Checkpoint, SigningKey};
use sqlx::SqlitePool;
use tokio::sync::watch;

use super::super::log::TreeHead;

/// Least time between two checkpoints.
const EVERY_AT_MOST: Duration = Duration::from_secs(1);

/// Signs the tree as the writer found it at start, if no checkpoint holds
/// all of it (after a crash, the leaves of its last second): before the
/// server's start-up writes (which read, then write, in one transaction,
/// and would find the database written under them). Returns whether it
/// signed.
pub(super) async fn catch_up(pool: &SqlitePool, key: &SigningKey, head: TreeHead) -> bool {
    let signed: i64 = sqlx::query_scalar("SELECT coalesce(max(size), 0) FROM log_checkpoints")
        .fetch_one(pool)
        .await
        .unwrap_or(0);
    if head.size as i64 <= signed {
        return false;
    }
    match sign(pool, key, head).await {
        Ok(()) => true,
        Err(e) => {
            tracing::error!("the log's checkpoint at {} leaves: {e}", head.size);
            false
        }
    }
}

/// Starts the signer on the writer's published `head`, after
/// [`catch_up`] (`rest_first`: it just signed).
pub(super) fn start(
    pool: SqlitePool,
    key: SigningKey,
    mut head: watch::Receiver<TreeHead>,
    rest_first: bool,
) {
    tokio::spawn(async move {
        if rest_first {
            tokio::time::sleep(EVERY_AT_MOST).await;
        }
        let mut signed: i64 =
            sqlx::query_scalar("SELECT coalesce(max(size), 0) FROM log_checkpoints")
                .fetch_one(&pool)
                .await
                .unwrap_or(0);
        loop {
            let now = *head.borrow_and_update();
            if now.size as i64 > signed {
                match sign(&pool, &key, now).await {
                    Ok(()) => signed = now.size as i64,
                    Err(e) => tracing::error!("the log's checkpoint at {} leaves: {e}", now.size),
                }
                tokio::time::sleep(EVERY_AT_MOST).await;
            }
            // Ends when the writer is gone.
            if head.changed().await.is_err() {
                return;
            }
        }
    });
}

async fn sign(pool: &SqlitePool, key: &SigningKey, head: TreeHead) -> Result<(), String> {
    let note = Checkpoint {
        origin: key.name().to_string(),
        size: head.size,
        root: head.root,
        extensions: vec![],
    }
    .sign(key)
    .map_err(|e| e.to_string())?;
    sqlx::query(
        "INSERT INTO log_checkpoints (size, note, signed_unix_ms) VALUES ($1, $2, $3) \
         ON CONFLICT (size) DO NOTHING",
    )
    .bind(head.size as i64)
    .bind(note.to_text())
    .bind(crate::time::unix_ms())
    .execute(pool)
    .await
    .map_err(|e| e.to_string())?;
    Ok(())
}
