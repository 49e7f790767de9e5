//! Broadcasts pushed through lichess's broadcast API, in the store: a row
//! per tour, and a row per round with its games as last pushed (PGN). Their
//! SQL is with every other query of both backends, in `queries`.

use super::{Backend, Store, StoreError};

/// A broadcast tour's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelayTourRow {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The account that made it.
    pub owner: String,
    /// When it was made, ms since 1970.
    pub created_unix_ms: i64,
}

/// A broadcast round's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelayRoundRow {
    /// Its id.
    pub id: String,
    /// Its tour's id.
    pub tour: String,
    /// Its place among its tour's rounds, from 0.
    pub position: i64,
    /// Its name.
    pub name: String,
    /// When it was made, ms since 1970.
    pub created_unix_ms: i64,
    /// Its games as last pushed, as PGN.
    pub pgn: String,
}

impl Store {
    /// Keeps a new tour.
    pub async fn add_relay_tour(&self, tour: &RelayTourRow) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().add_relay_tour(tour).await)
    }

    /// The tour `id`.
    pub async fn relay_tour(&self, id: &str) -> Result<Option<RelayTourRow>, StoreError> {
        on_backend!(self, s => s.queries().relay_tour(id).await)
    }

    /// Keeps a new round, after its tour's others.
    pub async fn add_relay_round(&self, round: &RelayRoundRow) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().add_relay_round(round).await)
    }

    /// The round `id`.
    pub async fn relay_round(&self, id: &str) -> Result<Option<RelayRoundRow>, StoreError> {
        on_backend!(self, s => s.queries().relay_round(id).await)
    }

    /// The ids of the rounds of tour `tour`, in order.
    pub async fn relay_rounds_of(&self, tour: &str) -> Result<Vec<String>, StoreError> {
        on_backend!(self, s => s.queries().relay_rounds_of(tour).await)
    }

    /// Keeps round `id`'s games as last pushed.
    pub async fn keep_relay_games(&self, id: &str, pgn: &str) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().keep_relay_games(id, pgn).await)
    }
}
