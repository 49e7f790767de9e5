//! Several nodes on one PostgreSQL database: which node holds each
//! tournament.
//!
//! A tournament is held by one node at a time, as a game is run by one
//! (`nodes`): a row of `tournament_leases` names the node, with an epoch,
//! the fencing token. The node holds it for as long as it renews its own
//! row of `nodes`, the same heartbeat that keeps its games, so a
//! tournament is taken over within the games' bound. The holder appends to
//! the tournament's log only while the row still names it at the epoch it
//! took the tournament with, checked by the one statement that appends
//! (`postgres::append_tournament_events`): a node paused past its lease,
//! which wakes believing it still holds the tournament, cannot append
//! after another node took it over; and a node paused while it appends
//! holds no lock that keeps the others from taking the tournament.
//!
//! The other nodes keep a copy of the log, brought up to date from the
//! store when they read it and when the holder tells them it grew
//! ([`TOURNAMENTS`]); the holder hears through the same channel of the
//! games of its rounds that ended on other nodes.

use sqlx::Row;

use super::nodes::{NOW_MS, Nodes, Ownership};
use super::{StoreError, TournamentRow};

/// The notification channel of the tournaments: a log that grew, a game
/// of a round that ended.
const TOURNAMENTS: &str = "arbiter_tournaments";

/// A tournament a node holds, with the epoch it holds it at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldTournament {
    /// The tournament.
    pub tournament_id: String,
    /// The lease's epoch (the fencing token).
    pub epoch: i64,
}

impl Nodes {
    /// Adds a tournament's row held by the node `name` at the first
    /// epoch, in one statement: no other node can take a tournament made
    /// this way for one nobody holds.
    pub async fn add_held_tournament(
        &self,
        row: &TournamentRow,
        name: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "WITH t AS (INSERT INTO tournaments (id, team, created_unix_ms) VALUES ($1, $2, $3) \
             RETURNING id) \
             INSERT INTO tournament_leases (tournament_id, node, epoch) SELECT id, $4, 1 FROM t",
        )
        .bind(&row.id)
        .bind(&row.team)
        .bind(row.created_unix_ms)
        .bind(name)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Moves to the node `name` the leases of tournaments whose node is
    /// dead (with `own`, those already in its name too, as when it starts
    /// again), and gives it those nobody holds (a single server's, before
    /// the database had nodes): only the tournament `only` if given. Each
    /// lease's epoch goes one up, and each node that lost one is told so
    /// (`losses`), as for games.
    pub async fn take_over_tournaments(
        &self,
        name: &str,
        own: bool,
        only: Option<&str>,
    ) -> Result<Vec<HeldTournament>, StoreError> {
        let sql = format!(
            "WITH now AS (SELECT {NOW_MS} AS ms), \
             pick AS ( \
                 SELECT l.tournament_id, l.node FROM tournament_leases l \
                 LEFT JOIN nodes n ON n.name = l.node \
                 CROSS JOIN now \
                 WHERE ($2::text IS NULL OR l.tournament_id = $2) \
                   AND ((l.node = $1 AND $3) \
                        OR (l.node <> $1 AND (n.name IS NULL OR n.renewed_ms + n.lease_ms < now.ms))) \
                 FOR UPDATE OF l SKIP LOCKED \
             ), taken AS ( \
                 UPDATE tournament_leases l SET node = $1, epoch = l.epoch + 1 FROM pick \
                 WHERE l.tournament_id = pick.tournament_id RETURNING l.tournament_id, l.epoch \
             ), lost AS ( \
                 UPDATE nodes SET losses = losses + 1 \
                 WHERE name IN (SELECT node FROM pick WHERE node <> $1) \
             ), orphans AS ( \
                 INSERT INTO tournament_leases (tournament_id, node, epoch) \
                 SELECT t.id, $1, 1 FROM tournaments t \
                 WHERE ($2::text IS NULL OR t.id = $2) \
                   AND NOT EXISTS (SELECT 1 FROM tournament_leases l WHERE l.tournament_id = t.id) \
                 ON CONFLICT DO NOTHING RETURNING tournament_id, epoch \
             ) \
             SELECT tournament_id, epoch FROM taken \
             UNION ALL SELECT tournament_id, epoch FROM orphans"
        );
        let rows = sqlx::query(&sql)
            .bind(name)
            .bind(only)
            .bind(own)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| HeldTournament {
                tournament_id: r.get(0),
                epoch: r.get(1),
            })
            .collect())
    }

    /// Of the tournaments `mine` (each with the epoch this node holds it
    /// at), those the node `name` no longer holds.
    pub async fn tournaments_lost(
        &self,
        name: &str,
        mine: &[(String, i64)],
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let still_held = "SELECT 1 FROM tournament_leases l \
             WHERE l.tournament_id = m.id AND l.node = $3 AND l.epoch = m.epoch";
        self.not_held(still_held, name, mine).await
    }

    /// Who holds the tournament `id` (`None`: nobody, or no such
    /// tournament).
    pub async fn tournament_holder(&self, id: &str) -> Result<Option<Ownership>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT l.node, n.url, COALESCE(n.renewed_ms + n.lease_ms >= {NOW_MS}, false) \
             FROM tournament_leases l LEFT JOIN nodes n ON n.name = l.node \
             WHERE l.tournament_id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Ownership {
            finished: false,
            node: r.get(0),
            url: r.get(1),
            alive: r.get(2),
        }))
    }

    /// The nodes alive now, by name, each with where it is reached.
    pub async fn alive(&self) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT name, url FROM nodes WHERE renewed_ms + lease_ms >= {NOW_MS} ORDER BY name"
        ))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// Of the games `ids`, those that are over, as the store has them.
    pub async fn finished_among(&self, ids: &[String]) -> Result<Vec<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT id FROM games WHERE id = ANY($1) AND result <> '*'")
                .bind(ids)
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Tells every node's tournament listener (this one's too) `payload`.
    pub async fn tell_tournaments(&self, payload: &str) -> Result<(), StoreError> {
        self.notify(TOURNAMENTS, payload).await
    }

    /// A connection that hears what [`Nodes::tell_tournaments`] tells.
    pub async fn listen_tournaments(&self) -> Result<sqlx::postgres::PgListener, StoreError> {
        self.listen_to(TOURNAMENTS).await
    }
}
