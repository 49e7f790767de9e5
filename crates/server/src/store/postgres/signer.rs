//! The signer of the cluster's log: one tree for every node sharing the
//! database, signed by the one node holding the signing lease.
//!
//! The writers give each leaf its index in their batch's own statement
//! (see `writer`): the database orders the leaves. The signer hashes them:
//! at most once a second, when the tree grew, it reads the leaves added
//! since its last round, stores the subtrees each completes (a row of
//! `log_nodes` a leaf, inserted once: the leaf's own row is not written
//! again), and signs a checkpoint of the new tree, all in one transaction.
//!
//! # The lease
//!
//! The lease is a row (`log_signer`) naming the node and an epoch, renewed
//! on the database's clock; a node that has not renewed it for its length
//! has lost it, and the next node to ask takes it with the epoch one up,
//! as game leases are taken over (`store::nodes`). Each round locks the
//! row only if it still names this node at the epoch the node holds: a
//! node that was paused past its lease, and wakes believing it still
//! signs, finds the epoch changed and signs nothing. A takeover waits for
//! a round under way to commit, so two signers never grow the tree
//! together. The row also names the log's verifier key: a node with
//! another key does not sign, so that the log has one origin.

use std::time::Duration;

use arbiter_tlog::{Checkpoint, Frontier, SigningKey, VerifierKey};
use sqlx::{PgPool, Row as _};

use super::super::StoreError;
use super::super::log::{self, LogTree};

/// Least time between two checkpoints.
const EVERY_AT_MOST: Duration = Duration::from_secs(1);

/// How often the new leaves are hashed and their subtrees stored, between
/// checkpoints: a second's leaves in one transaction was a burst of
/// hashing, inserts and WAL that the moves committed behind it waited for
/// (p99 15-19 ms against 5 ms unsigned, bench/runs/2026-12-05-vm-tlog-nodes).
const HASH_EVERY: Duration = Duration::from_millis(100);

/// Most leaves hashed in one round (a round catching up on a long backlog
/// commits every this many).
const ROUND_LEAVES: i64 = 50_000;

/// The database's clock, ms since 1970.
const NOW_MS: &str = "(extract(epoch FROM clock_timestamp()) * 1000)::int8";

/// A node's claim to sign.
#[derive(Clone, Debug)]
pub struct Signer {
    pool: PgPool,
    key: SigningKey,
    /// The node's name (empty for the database's one server).
    node: String,
    lease: Duration,
}

/// What a round did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// It signed a checkpoint of this many leaves.
    Signed(u64),
    /// It hashed the tree up to this many leaves, and signed nothing (a
    /// checkpoint was not due).
    Hashed(u64),
    /// The tree had not grown since the last checkpoint.
    Unchanged,
    /// The lease names another node, or another epoch: nothing signed.
    NotHolder,
}

impl Signer {
    /// The signer of node `node` (empty: the one server) with `key`,
    /// holding the lease for `lease` at a time.
    pub fn new(pool: PgPool, key: SigningKey, node: &str, lease: Duration) -> Signer {
        Signer {
            pool,
            key,
            node: node.to_string(),
            lease,
        }
    }

    /// Takes the lease if it is free (never taken, or not renewed in time)
    /// or renews it if this node holds it: the epoch held, or `None` if
    /// another node holds it. A log signed with another key is refused.
    pub async fn claim(&self) -> Result<Option<i64>, StoreError> {
        let verifier = self.key.verifier().to_string();
        let row = sqlx::query(&format!(
            "INSERT INTO log_signer (id, node, epoch, renewed_ms, lease_ms, hashed, key) \
             VALUES (0, $1, 1, {NOW_MS}, $2, 0, $3) \
             ON CONFLICT (id) DO UPDATE SET \
               epoch = CASE WHEN log_signer.node = excluded.node THEN log_signer.epoch \
                            ELSE log_signer.epoch + 1 END, \
               node = excluded.node, renewed_ms = excluded.renewed_ms, \
               lease_ms = excluded.lease_ms \
             WHERE log_signer.key = excluded.key AND (log_signer.node = excluded.node \
               OR log_signer.renewed_ms + log_signer.lease_ms < excluded.renewed_ms) \
             RETURNING epoch"
        ))
        .bind(&self.node)
        .bind(self.lease.as_millis() as i64)
        .bind(&verifier)
        .fetch_optional(&self.pool)
        .await?;
        if let Some(row) = row {
            return Ok(Some(row.get(0)));
        }
        let named: String = sqlx::query_scalar("SELECT key FROM log_signer WHERE id = 0")
            .fetch_one(&self.pool)
            .await?;
        if named != verifier {
            return Err(StoreError::LogKey(format!(
                "the log is signed with the key {named}, not {verifier}"
            )));
        }
        Ok(None)
    }

    /// One round at `epoch`: hashes the leaves added since the last one
    /// and stores their subtrees; with `sign`, also signs the tree hashed
    /// so far if no checkpoint has its size yet. Nothing, if the lease no
    /// longer names this node at `epoch` when the round locks it.
    pub async fn round(&self, epoch: i64, sign: bool) -> Result<Round, StoreError> {
        let mut tx = self.pool.begin().await?;
        let hashed: Option<i64> = sqlx::query_scalar(
            "SELECT hashed FROM log_signer WHERE id = 0 AND node = $1 AND epoch = $2 FOR UPDATE",
        )
        .bind(&self.node)
        .bind(epoch)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(hashed) = hashed else {
            return Ok(Round::NotHolder);
        };
        let size: i64 = sqlx::query_scalar("SELECT size FROM log_head WHERE id = 0")
            .fetch_one(&mut *tx)
            .await?;
        let signed: i64 = sqlx::query_scalar("SELECT coalesce(max(size), 0) FROM log_checkpoints")
            .fetch_one(&mut *tx)
            .await?;
        if size == hashed && (!sign || signed >= hashed) {
            return Ok(Round::Unchanged);
        }
        let mut tree = LogTree::new(frontier(&mut tx, hashed).await?);
        let rows =
            sqlx::query("SELECT idx, data FROM log_leaves WHERE idx >= $1 ORDER BY idx LIMIT $2")
                .bind(hashed)
                .bind(ROUND_LEAVES)
                .fetch_all(&mut *tx)
                .await?;
        let (mut indices, mut nodes) = (Vec::new(), Vec::new());
        for row in rows {
            let idx: i64 = row.get(0);
            let stored = tree.append_data(row.get(1));
            if stored.idx != idx {
                return Err(StoreError::Writer(format!(
                    "the log lacks leaf {} (found {idx})",
                    stored.idx
                )));
            }
            indices.push(idx);
            nodes.push(stored.nodes);
        }
        if !indices.is_empty() {
            sqlx::query(
                "INSERT INTO log_nodes (idx, nodes) SELECT * FROM UNNEST($1::int8[], $2::bytea[]) \
                 ON CONFLICT (idx) DO UPDATE SET nodes = EXCLUDED.nodes",
            )
            .bind(&indices[..])
            .bind(&nodes[..])
            .execute(&mut *tx)
            .await?;
            sqlx::query("UPDATE log_signer SET hashed = $1 WHERE id = 0")
                .bind(tree.head().size as i64)
                .execute(&mut *tx)
                .await?;
        }
        let head = tree.head();
        if !sign || signed >= head.size as i64 {
            tx.commit().await?;
            return Ok(Round::Hashed(head.size));
        }
        let note = Checkpoint {
            origin: self.key.name().to_string(),
            size: head.size,
            root: head.root,
            extensions: vec![],
        }
        .sign(&self.key)
        .map_err(|e| StoreError::LogKey(e.to_string()))?;
        sqlx::query(
            "INSERT INTO log_checkpoints (size, note, signed_unix_ms, signer) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (size) DO NOTHING",
        )
        .bind(head.size as i64)
        .bind(note.to_text())
        .bind(crate::time::unix_ms())
        .bind(&self.node)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Round::Signed(head.size))
    }

    /// Claims the lease every `renew` (less than the lease; at once when
    /// it holds none), hashes the new leaves every `HASH_EVERY` and signs
    /// at most every second under the epoch it holds; ends when `alive`
    /// says the server stopped. A node that does not renew in time keeps
    /// trying its rounds under its old epoch, and hashes and signs nothing
    /// once another node took the lease.
    pub fn start(self, renew: Duration, alive: impl Fn() -> bool + Send + 'static) {
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(renew.min(HASH_EVERY));
            let mut held: Option<(i64, tokio::time::Instant)> = None;
            let mut last_signed = None::<tokio::time::Instant>;
            while alive() {
                interval.tick().await;
                if held.is_none_or(|(_, at)| at.elapsed() >= renew) {
                    match self.claim().await {
                        Ok(epoch) => held = epoch.map(|e| (e, tokio::time::Instant::now())),
                        Err(e) => tracing::error!("the log's signing lease: {e}"),
                    }
                }
                let Some((epoch, _)) = held else { continue };
                let sign = last_signed.is_none_or(|at| at.elapsed() >= EVERY_AT_MOST);
                match self.round(epoch, sign).await {
                    Ok(Round::Signed(_)) => last_signed = Some(tokio::time::Instant::now()),
                    Ok(Round::NotHolder) => {
                        tracing::warn!("the log's signing lease went to another node");
                        held = None;
                    }
                    Ok(Round::Hashed(_) | Round::Unchanged) => {}
                    Err(e) => tracing::error!("the log's checkpoint: {e}"),
                }
            }
        });
    }
}

/// The tree's right edge at `size` leaves, from the rows that hold it.
async fn frontier(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    size: i64,
) -> Result<Frontier, StoreError> {
    let wanted = Frontier::nodes(size as u64);
    let rows: Vec<i64> = log::rows_holding(&wanted);
    let found: std::collections::HashMap<i64, Vec<u8>> =
        sqlx::query("SELECT idx, nodes FROM log_nodes WHERE idx = ANY($1)")
            .bind(&rows[..])
            .fetch_all(&mut **tx)
            .await?
            .into_iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
    log::nodes_from_rows(&wanted, &found)
        .and_then(|h| {
            Frontier::from_nodes(
                size as u64,
                &wanted.iter().map(|n| h[n]).collect::<Vec<_>>(),
            )
        })
        .ok_or_else(|| {
            StoreError::Writer(format!(
                "the log's tree of {size} leaves is missing rows of its right edge"
            ))
        })
}

/// The log's verifier key, as the database names it.
pub(super) async fn verifier(pool: &PgPool) -> Result<VerifierKey, StoreError> {
    let named: Option<String> = sqlx::query_scalar("SELECT key FROM log_signer WHERE id = 0")
        .fetch_optional(pool)
        .await?;
    let named = named.ok_or(StoreError::LogNotKept)?;
    VerifierKey::parse(&named).map_err(|e| StoreError::LogKey(format!("{named}: {e}")))
}
