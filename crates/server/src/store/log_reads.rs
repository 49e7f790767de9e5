//! Reading the signed log, on both backends: checkpoints, leaves, and the
//! subtrees proofs are made of (the same tables and SQL on both).

use std::collections::HashMap;

use arbiter_tlog::{Hash, Node};
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Row, Type};

use super::StoreError;
use super::log::{nodes_from_rows, rows_holding};
use super::queries::{Queries, RowsAffected};

impl<DB> Queries<'_, DB>
where
    DB: Database,
    DB::QueryResult: RowsAffected,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB> + ColumnIndex<DB::Row>,
    usize: ColumnIndex<DB::Row>,
    i64: for<'q> Encode<'q, DB> + for<'r> Decode<'r, DB> + Type<DB>,
    String: for<'r> Decode<'r, DB> + Type<DB>,
    Option<Vec<u8>>: for<'r> Decode<'r, DB> + Type<DB>,
    Vec<u8>: Type<DB>,
{
    /// The latest checkpoint signed: its size and note.
    pub(super) async fn latest_checkpoint(&self) -> Result<Option<(u64, String)>, StoreError> {
        let row = sqlx::query("SELECT size, note FROM log_checkpoints ORDER BY size DESC LIMIT 1")
            .fetch_optional(self.pool)
            .await?;
        Ok(row.map(|r| (r.get::<i64, _>(0) as u64, r.get(1))))
    }

    /// Every checkpoint signed, smallest first.
    pub(super) async fn checkpoints(&self) -> Result<Vec<(u64, String)>, StoreError> {
        let rows = sqlx::query("SELECT size, note FROM log_checkpoints ORDER BY size")
            .fetch_all(self.pool)
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| (r.get::<i64, _>(0) as u64, r.get(1)))
            .collect())
    }

    /// The checkpoint signed at `size` leaves, if one was.
    pub(super) async fn checkpoint_at(&self, size: u64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT note FROM log_checkpoints WHERE size = $1")
            .bind(size as i64)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Replaces the checkpoint kept at `size` by `note` (the same, with
    /// witnesses' cosignatures added).
    pub(super) async fn replace_checkpoint(&self, size: u64, note: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE log_checkpoints SET note = $1 WHERE size = $2")
            .bind(note)
            .bind(size as i64)
            .execute(self.pool)
            .await?;
        Ok(())
    }

    /// The index of the leaf whose data is `data`, looked for from the end
    /// (a game's proof is mostly asked for soon after it ends).
    pub(super) async fn leaf_index(&self, data: &str) -> Result<Option<u64>, StoreError> {
        let row =
            sqlx::query("SELECT idx FROM log_leaves WHERE data = $1 ORDER BY idx DESC LIMIT 1")
                .bind(data)
                .fetch_optional(self.pool)
                .await?;
        Ok(row.map(|r| r.get::<i64, _>(0) as u64))
    }

    /// The hashes of `wanted` subtrees; `None` if a row is missing, or
    /// not hashed yet (on PostgreSQL, the signer hashes the leaves).
    pub(super) async fn log_nodes(
        &self,
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
            .fetch_all(self.pool)
            .await?
            .into_iter()
            .filter_map(|r| Some((r.get::<i64, _>(0), r.get::<Option<Vec<u8>>, _>(1)?)))
            .collect();
        Ok(nodes_from_rows(wanted, &found))
    }

    /// The leaves from `start` on, at most `limit`: index, data, and the
    /// leaf's own hash as stored (empty if not hashed yet).
    pub(super) async fn log_leaves(
        &self,
        start: u64,
        limit: u64,
    ) -> Result<Vec<(u64, String, Vec<u8>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT idx, data, substr(nodes, 1, 32) FROM log_leaves WHERE idx >= $1 \
             ORDER BY idx LIMIT $2",
        )
        .bind(start as i64)
        .bind(limit as i64)
        .fetch_all(self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let hash: Option<Vec<u8>> = r.get(2);
                (
                    r.get::<i64, _>(0) as u64,
                    r.get(1),
                    hash.unwrap_or_default(),
                )
            })
            .collect())
    }
}
