//! Tournaments in the store: a row per tournament (its id and the team it
//! belongs to) and its events, each sealed by its link in the hash chain
//! ([`chain::tournament_genesis`], then [`chain::next`] as for a game's).
//!
//! A tournament's events are few (a registration, a pairing, a result),
//! so they are written through the read pool, one statement each, not
//! through the games' group-commit writer; the primary key on
//! `(tournament_id, seq)` refuses a second event in the same place.

use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Row, Type};

use super::queries::{Queries, RowsAffected};
use super::{Backend, Store, StoreError, chain};

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
{
    async fn add_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO tournaments (id, team, created_unix_ms) VALUES ($1, $2, $3)")
            .bind(t.id.as_str())
            .bind(t.team.as_str())
            .bind(t.created_unix_ms)
            .execute(self.pool)
            .await?;
        Ok(())
    }

    async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM tournaments ORDER BY created_unix_ms, id")
            .fetch_all(self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| TournamentRow {
                id: r.get("id"),
                team: r.get("team"),
                created_unix_ms: r.get("created_unix_ms"),
            })
            .collect())
    }

    async fn append_tournament_event(
        &self,
        tournament: &str,
        row: &TournamentEventRow,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO tournament_events (tournament_id, seq, event, hash) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(tournament)
        .bind(row.seq)
        .bind(row.event_json.as_str())
        .bind(row.hash.as_str())
        .execute(self.pool)
        .await?;
        Ok(())
    }

    async fn tournament_events(
        &self,
        tournament: &str,
    ) -> Result<Vec<TournamentEventRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, event, hash FROM tournament_events \
             WHERE tournament_id = $1 ORDER BY seq",
        )
        .bind(tournament)
        .fetch_all(self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| TournamentEventRow {
                seq: r.get("seq"),
                event_json: r.get("event"),
                hash: r.get("hash"),
            })
            .collect())
    }
}

impl Store {
    /// Adds a tournament's row; its events follow with
    /// [`Store::append_tournament_event`].
    pub async fn add_tournament(&self, row: &TournamentRow) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().add_tournament(row).await)
    }

    /// Every tournament, oldest first.
    pub async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        on_backend!(self, s => s.queries().tournaments().await)
    }

    /// Appends an event to a tournament's log, durably (committed when
    /// this returns).
    pub async fn append_tournament_event(
        &self,
        tournament: &str,
        row: &TournamentEventRow,
    ) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().append_tournament_event(tournament, row).await)
    }

    /// A tournament's stored events, in order, with their links.
    pub async fn tournament_events(
        &self,
        tournament: &str,
    ) -> Result<Vec<TournamentEventRow>, StoreError> {
        on_backend!(self, s => s.queries().tournament_events(tournament).await)
    }
}

/// Where a tournament's stored chain first fails: the seq of the first
/// event missing or altered, and what is wrong.
pub fn check_chain(id: &str, rows: &[TournamentEventRow]) -> Result<String, (i64, String)> {
    let mut link = chain::tournament_genesis(id);
    for (i, row) in rows.iter().enumerate() {
        if row.seq != i as i64 {
            return Err((
                row.seq,
                format!("event {i} is missing (found {} in its place)", row.seq),
            ));
        }
        link = chain::next(&link, &row.event_json);
        if link != row.hash {
            return Err((
                row.seq,
                "hash chain broken: this event, or one before it, was altered".into(),
            ));
        }
    }
    Ok(link)
}
