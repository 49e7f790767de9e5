//! Reading the signed log: checkpoints, leaves, and the subtrees proofs
//! are made of.

use std::collections::HashMap;

use arbiter_tlog::{Hash, Node};
use sqlx::{Row as _, SqlitePool};

use super::super::StoreError;
use super::super::log::{nodes_from_rows, rows_holding};

/// The latest checkpoint signed: its size and note.
pub(crate) async fn latest_checkpoint(
    pool: &SqlitePool,
) -> Result<Option<(u64, String)>, StoreError> {
    let row = sqlx::query("SELECT size, note FROM log_checkpoints ORDER BY size DESC LIMIT 1")
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| (r.get::<i64, _>(0) as u64, r.get(1))))
}

/// Every checkpoint signed, smallest first.
pub(crate) async fn checkpoints(pool: &SqlitePool) -> Result<Vec<(u64, String)>, StoreError> {
    let rows = sqlx::query("SELECT size, note FROM log_checkpoints ORDER BY size")
        .fetch_all(pool)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.get::<i64, _>(0) as u64, r.get(1)))
        .collect())
}

/// The index of the leaf whose data is `data`, looked for from the end
/// (a game's proof is mostly asked for soon after it ends).
pub(crate) async fn leaf_index(pool: &SqlitePool, data: &str) -> Result<Option<u64>, StoreError> {
    let idx: Option<i64> =
        sqlx::query_scalar("SELECT idx FROM log_leaves WHERE data = $1 ORDER BY idx DESC LIMIT 1")
            .bind(data)
            .fetch_optional(pool)
            .await?;
    Ok(idx.map(|i| i as u64))
}

/// The hashes of `wanted` subtrees; `None` if a row is missing.
pub(crate) async fn nodes(
    pool: &SqlitePool,
    wanted: &[Node],
) -> Result<Option<HashMap<Node, Hash>>, StoreError> {
    let rows = rows_holding(wanted);
    if rows.is_empty() {
        return Ok(Some(HashMap::new()));
    }
    let list: Vec<String> = rows.iter().map(i64::to_string).collect();
    // Integers only: nothing a client sent is in this text.
    let sql = format!(
        "SELECT idx, nodes FROM log_leaves WHERE idx IN ({})",
        list.join(",")
    );
    let found: HashMap<i64, Vec<u8>> = sqlx::query(&sql)
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    Ok(nodes_from_rows(wanted, &found))
}

/// The leaves from `start` on, at most `limit`: index, data, and the
/// leaf's own hash as stored.
pub(crate) async fn leaves(
    pool: &SqlitePool,
    start: u64,
    limit: u64,
) -> Result<Vec<(u64, String, Vec<u8>)>, StoreError> {
    let rows = sqlx::query(
        "SELECT idx, data, substr(nodes, 1, 32) FROM log_leaves WHERE idx >= $1 ORDER BY idx LIMIT $2",
    )
    .bind(start as i64)
    .bind(limit as i64)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.get::<i64, _>(0) as u64, r.get(1), r.get(2)))
        .collect())
}

/// The checkpoint signed at `size` leaves, if one was.
pub(crate) async fn checkpoint_at(
    pool: &SqlitePool,
    size: u64,
) -> Result<Option<String>, StoreError> {
    Ok(
        sqlx::query_scalar("SELECT note FROM log_checkpoints WHERE size = $1")
            .bind(size as i64)
            .fetch_optional(pool)
            .await?,
    )
}
