//! Tournaments in the store: a row per tournament (its id and the team it
//! belongs to) and its events, each sealed by its link in the hash chain
//! ([`chain::tournament_genesis`], then [`chain::next`] as for a game's).
//!
//! A tournament's events are few (a registration, a pairing, a result).
//! On SQLite, while the server runs, they go through the games'
//! group-commit writer, which makes them leaves of the signed log (in a
//! savepoint of their own); otherwise they are written through the read
//! pool, one statement each. On PostgreSQL they go through the pool with
//! their leaves, in one transaction. The primary key on
//! `(tournament_id, seq)` refuses a second event in the same place. Their
//! SQL is with every other query of both backends, in `queries`.

use super::{Backend, Damage, Store, StoreError, chain};

/// A tournament's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// The public id.
    pub id: String,
    /// The team it belongs to (lichess's `teamId`).
    pub team: String,
    /// When it was made, ms since 1970.
    pub created_unix_ms: i64,
}

/// The lease a node appends to a tournament's log under (on several
/// nodes): the append is refused unless the lease still names the node at
/// this epoch ([`StoreError::TournamentLeaseLost`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentFence {
    /// The node.
    pub node: String,
    /// The epoch it took the tournament with.
    pub epoch: i64,
}

/// A stored tournament event with its place in the chain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentEventRow {
    /// 0, 1, 2…
    pub seq: i64,
    /// The event as stored (JSON).
    pub event_json: String,
    /// Its link in the chain.
    pub hash: String,
}

impl Store {
    /// Adds a tournament's row; its events follow with
    /// [`Store::append_tournament_events`].
    pub async fn add_tournament(&self, row: &TournamentRow) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().add_tournament(row).await)
    }

    /// Every tournament, oldest first.
    pub async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        on_backend!(self, s => s.queries().tournaments().await)
    }

    /// Appends events to a tournament's log in one transaction: all or
    /// none, durably (committed when this returns). Under a `fence` (a
    /// node's), only while the node still holds the tournament's lease at
    /// that epoch.
    pub async fn append_tournament_events(
        &self,
        tournament: &str,
        rows: &[TournamentEventRow],
        fence: Option<&TournamentFence>,
    ) -> Result<(), StoreError> {
        // On SQLite, while the server runs, through its writer: in the
        // signed log.
        if let Backend::Sqlite(s) = &self.0
            && let Some(writer) = s.running_writer()
        {
            let op = super::Op::TournamentEvents {
                tournament: tournament.to_string(),
                rows: rows.to_vec(),
            };
            return writer.write(vec![op]).await.map(|_| ());
        }
        match &self.0 {
            Backend::Sqlite(s) => s.queries().append_tournament_events(tournament, rows).await,
            Backend::Postgres(s) => s.append_tournament_events(tournament, rows, fence).await,
        }
    }

    /// A tournament's stored events, in order, with their links.
    pub async fn tournament_events(
        &self,
        tournament: &str,
    ) -> Result<Vec<TournamentEventRow>, StoreError> {
        self.tournament_events_from(tournament, 0).await
    }

    /// A tournament's stored events from the seq `from` on, in order, with
    /// their links: what a node's copy of the log lacks.
    pub async fn tournament_events_from(
        &self,
        tournament: &str,
        from: i64,
    ) -> Result<Vec<TournamentEventRow>, StoreError> {
        on_backend!(self, s => s.queries().tournament_events(tournament, from).await)
    }
}

/// Where a tournament's stored chain first fails: the seq of the first
/// event missing or altered, and what is wrong.
pub fn check_chain(id: &str, rows: &[TournamentEventRow]) -> Result<String, (i64, Damage)> {
    let events = rows
        .iter()
        .map(|r| (r.seq, r.event_json.as_str(), r.hash.as_str()));
    chain::follow(chain::tournament_genesis(id), events, Damage::ChainBroken)
}
