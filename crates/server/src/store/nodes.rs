//! Several nodes on one PostgreSQL database: which node runs each game.
//!
//! # Leases
//!
//! A game is run by one node at a time, the holder of its lease: a row of
//! `leases` naming the node, with an epoch (the fencing token). A node
//! holds its leases for as long as it renews its own row of `nodes` (every
//! half second); one that has not renewed it for its lease's length (two
//! seconds by default) is dead, and any other node may take its unfinished
//! games over: it moves each lease to itself with the epoch one higher, in
//! one transaction that also charges the clocks the time since the dead
//! node's last renewal to nobody. The owner's writer writes a game's
//! events only while the row still holds the epoch it took the game with
//! (`postgres::writer`), so a node that was paused past its lease, and
//! wakes up believing it still runs its games, cannot write to one another
//! node took over.
//!
//! Why rows, not advisory locks: a lock held by a session lasts as long as
//! its connection, and a paused process keeps its connection open, so its
//! games would stay locked and unplayed for as long as it is paused; and a
//! lock alone fences nothing, since a writer that lost it would still
//! commit. A row with an epoch is checked inside the writer's own
//! transaction, and renewing one row per node costs the same for ten games
//! as for ten thousand.
//!
//! Times are the database's clock, so that the nodes' clocks need not
//! agree for leases to expire when they should.

use sqlx::{PgPool, Row};

use super::StoreError;

/// The database's clock, ms since 1970.
pub(super) const NOW_MS: &str = "(extract(epoch FROM clock_timestamp()) * 1000)::int8";

/// The notification channel of the accounts' event streams.
const LOBBY: &str = "arbiter_lobby";

/// The nodes' queries, on the read pool.
#[derive(Clone, Debug)]
pub struct Nodes {
    pub(super) pool: PgPool,
}

/// A game a node holds, with the epoch it holds it at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    /// The game.
    pub game_id: String,
    /// The lease's epoch (the fencing token).
    pub epoch: i64,
}

/// Who runs a game.
#[derive(Clone, Debug)]
pub struct Ownership {
    /// The game is over (`result` is not `*`): any node may show it.
    pub finished: bool,
    /// The node holding the lease, if any.
    pub node: Option<String>,
    /// Where that node is reached.
    pub url: Option<String>,
    /// The node has renewed its lease in time.
    pub alive: bool,
}

/// What a node learns when it renews its lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Renewal {
    /// How many of its games other nodes have taken over, ever: when it
    /// grows, the node lets go of the games it lost.
    pub losses: i64,
}

impl Nodes {
    pub(super) fn new(pool: &PgPool) -> Nodes {
        Nodes { pool: pool.clone() }
    }

    /// Tells every node's listener (this one's too) `payload`, a line for
    /// an account's event stream.
    pub async fn publish(&self, payload: &str) -> Result<(), StoreError> {
        self.notify(LOBBY, payload).await
    }

    /// A connection that hears what [`Nodes::publish`] tells.
    pub async fn listen(&self) -> Result<sqlx::postgres::PgListener, StoreError> {
        self.listen_to(LOBBY).await
    }

    /// Tells every node listening to `channel` (this one too) `payload`.
    pub(super) async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(channel)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A connection that hears what is told on `channel`.
    pub(super) async fn listen_to(
        &self,
        channel: &str,
    ) -> Result<sqlx::postgres::PgListener, StoreError> {
        let mut listener = sqlx::postgres::PgListener::connect_with(&self.pool).await?;
        listener.listen(channel).await?;
        Ok(listener)
    }

    /// Records the node `name`, reached at `url`, alive now, with leases
    /// of `lease_ms`.
    pub async fn join(&self, name: &str, url: &str, lease_ms: i64) -> Result<Renewal, StoreError> {
        let losses = sqlx::query_scalar(&format!(
            "INSERT INTO nodes (name, url, lease_ms, renewed_ms) VALUES ($1, $2, $3, {NOW_MS}) \
             ON CONFLICT (name) DO UPDATE SET url = excluded.url, lease_ms = excluded.lease_ms, \
             renewed_ms = excluded.renewed_ms RETURNING losses"
        ))
        .bind(name)
        .bind(url)
        .bind(lease_ms)
        .fetch_one(&self.pool)
        .await?;
        Ok(Renewal { losses })
    }

    /// The nodes' shared secret: `candidate`, if no node has made one yet.
    pub async fn secret(&self, candidate: &str) -> Result<String, StoreError> {
        sqlx::query("INSERT INTO cluster (id, secret) VALUES (0, $1) ON CONFLICT (id) DO NOTHING")
            .bind(candidate)
            .execute(&self.pool)
            .await?;
        Ok(
            sqlx::query_scalar("SELECT secret FROM cluster WHERE id = 0")
                .fetch_one(&self.pool)
                .await?,
        )
    }

    /// Renews the node's lease (`None`: the node has no row).
    pub async fn renew(&self, name: &str) -> Result<Option<Renewal>, StoreError> {
        let losses = sqlx::query_scalar(&format!(
            "UPDATE nodes SET renewed_ms = {NOW_MS} WHERE name = $1 RETURNING losses"
        ))
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        Ok(losses.map(|losses| Renewal { losses }))
    }

    /// Moves to the node `name` the leases of unfinished games whose node
    /// is dead (and, with `own`, those already in its name, as when it
    /// starts again): only the game `only` if given, at most `limit`
    /// games. Each lease's epoch goes one up, each game's clocks are
    /// charged to nobody the time since its node was last known alive,
    /// and each node that lost a game is told so (`losses`).
    pub async fn take_over(
        &self,
        name: &str,
        own: bool,
        only: Option<&str>,
        limit: i64,
    ) -> Result<Vec<Held>, StoreError> {
        let sql = format!(
            "WITH now AS (SELECT {NOW_MS} AS ms), \
             pick AS ( \
                 SELECT l.game_id, l.node, n.renewed_ms FROM leases l \
                 JOIN games g ON g.id = l.game_id AND g.result = '*' \
                 LEFT JOIN nodes n ON n.name = l.node \
                 CROSS JOIN now \
                 WHERE ($2::text IS NULL OR l.game_id = $2) \
                   AND ((l.node = $1 AND $3) \
                        OR (l.node <> $1 AND (n.name IS NULL OR n.renewed_ms + n.lease_ms < now.ms))) \
                 ORDER BY l.game_id LIMIT $4 \
                 FOR UPDATE OF l SKIP LOCKED \
             ), taken AS ( \
                 UPDATE leases l SET node = $1, epoch = l.epoch + 1 FROM pick \
                 WHERE l.game_id = pick.game_id RETURNING l.game_id, l.epoch \
             ), shifted AS ( \
                 UPDATE games g SET epoch_unix_ms = g.epoch_unix_ms + GREATEST(0, now.ms - pick.renewed_ms) \
                 FROM pick, now WHERE g.id = pick.game_id AND pick.renewed_ms IS NOT NULL \
             ), lost AS ( \
                 UPDATE nodes SET losses = losses + 1 \
                 WHERE name IN (SELECT node FROM pick WHERE node <> $1) \
             ) \
             SELECT game_id, epoch FROM taken"
        );
        let rows = sqlx::query(&sql)
            .bind(name)
            .bind(only)
            .bind(own)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(held).collect())
    }

    /// Gives the node `name` a lease on every unfinished game that has none
    /// (games a single server ran before the database had nodes), charging
    /// the clocks the time since that server's last heartbeat to nobody.
    pub async fn adopt_orphans(&self, name: &str) -> Result<Vec<Held>, StoreError> {
        let sql = "WITH hb AS (SELECT unix_ms FROM heartbeat WHERE id = 0), \
             claimed AS ( \
                 INSERT INTO leases (game_id, node, epoch) \
                 SELECT g.id, $1, 1 FROM games g WHERE g.result = '*' \
                 AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.game_id = g.id) \
                 ON CONFLICT DO NOTHING RETURNING game_id, epoch \
             ), shifted AS ( \
                 UPDATE games g SET epoch_unix_ms = g.epoch_unix_ms + GREATEST(0, $2 - hb.unix_ms) \
                 FROM claimed, hb WHERE g.id = claimed.game_id \
             ) \
             SELECT game_id, epoch FROM claimed";
        let rows = sqlx::query(sql)
            .bind(name)
            .bind(crate::time::unix_ms())
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(held).collect())
    }

    /// Of the games `mine` (each with the epoch this node holds it at),
    /// those the node `name` no longer holds: taken over by another node,
    /// or finished. Only games this node already knew are asked about, so
    /// a game it takes or makes while this reads is never among them.
    pub async fn lost(
        &self,
        name: &str,
        mine: &[(String, i64)],
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let still_held = "SELECT 1 FROM leases l JOIN games g ON g.id = l.game_id \
             WHERE l.game_id = m.id AND l.node = $3 AND l.epoch = m.epoch AND g.result = '*'";
        self.not_held(still_held, name, mine).await
    }

    /// Of `mine` (ids, each with the epoch the node `name` holds it at),
    /// those for which `still_held` (a query of `m.id`, `m.epoch` and the
    /// node, `$3`) finds no row.
    pub(super) async fn not_held(
        &self,
        still_held: &str,
        name: &str,
        mine: &[(String, i64)],
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let (ids, epochs): (Vec<&str>, Vec<i64>) =
            mine.iter().map(|(id, epoch)| (id.as_str(), *epoch)).unzip();
        let rows = sqlx::query(&format!(
            "SELECT m.id, m.epoch FROM UNNEST($1::text[], $2::int8[]) AS m (id, epoch) \
             WHERE NOT EXISTS ({still_held})"
        ))
        .bind(&ids[..])
        .bind(&epochs[..])
        .bind(name)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// Who runs the game `game` (`None`: no such game).
    pub async fn ownership(&self, game: &str) -> Result<Option<Ownership>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT g.result, l.node, n.url, COALESCE(n.renewed_ms + n.lease_ms >= {NOW_MS}, false) \
             FROM games g LEFT JOIN leases l ON l.game_id = g.id \
             LEFT JOIN nodes n ON n.name = l.node WHERE g.id = $1"
        ))
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Ownership {
            finished: r.get::<String, _>(0) != "*",
            node: r.get(1),
            url: r.get(2),
            alive: r.get(3),
        }))
    }
}

pub(super) fn held(r: &sqlx::postgres::PgRow) -> Held {
    Held {
        game_id: r.get(0),
        epoch: r.get(1),
    }
}
