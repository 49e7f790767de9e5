//! Broadcasts pushed in the way lichess's broadcast API takes them: a
//! broadcaster makes a tour (`POST /broadcast/new`), its rounds (`POST
//! /broadcast/{tour}/new`), and pushes each round's games as PGN (`POST
//! /api/broadcast/round/{round}/push`); anyone reads a round back (`GET
//! /api/broadcast/round/{round}.pgn`). Each push is read game by game
//! ([`push`]) and each game takes the place of the round's game it is the
//! same game as, by lichess's rule ([`same_game`]), or joins the round.
//!
//! The broadcasts are kept in the store (a tour's row, and each round's
//! games as last pushed, as PGN): a restart forgets none, and every node
//! sharing a database reads the same ones. The pushes of one process are
//! applied one at a time.

mod push;
mod same_game;

pub use push::{Pushed, RelayGame};
pub use same_game::same_game;

use crate::store::{RelayRoundRow, RelayTourRow, Store, StoreError};
use crate::time::unix_ms;
use crate::token::new_id;

/// lichess's ids of tours and rounds: eight letters and digits.
const ID_LENGTH: usize = 8;

/// A broadcast: its rounds are pushed to by its owner.
#[derive(Debug, Clone)]
pub struct Tour {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The account that made it.
    pub owner: String,
    /// When it was made, ms since 1970.
    pub created_at: i64,
    /// Its rounds' ids, in order.
    pub rounds: Vec<String>,
}

/// A round of a broadcast: its games as last pushed.
#[derive(Debug, Clone)]
pub struct Round {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// When it was made, ms since 1970.
    pub created_at: i64,
    /// Its games, in the order they first came.
    pub games: Vec<RelayGame>,
}

/// Every broadcast of the server, in its store.
#[derive(Debug)]
pub struct Relays {
    store: Store,
    /// Held while a round is read, changed and kept again.
    pushing: tokio::sync::Mutex<()>,
}

/// Why a broadcast act failed.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// No such tour or round.
    #[error("no such broadcast")]
    NotFound,
    /// The account does not own the broadcast.
    #[error("not the broadcast's owner")]
    NotOwner,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Tour {
    fn of(row: RelayTourRow, rounds: Vec<String>) -> Tour {
        Tour {
            id: row.id,
            name: row.name,
            description: row.description,
            owner: row.owner,
            created_at: row.created_unix_ms,
            rounds,
        }
    }
}

impl Round {
    fn of(row: RelayRoundRow) -> Round {
        // The games were read from a push and written by `RelayGame::pgn`:
        // they read back as they were.
        let games = push::read(&row.pgn)
            .iter()
            .filter_map(|p| p.game().cloned())
            .collect();
        Round {
            id: row.id,
            name: row.name,
            created_at: row.created_unix_ms,
            games,
        }
    }

    /// The round's games as PGN, dated the day it was made.
    pub fn pgn(&self) -> String {
        let date = arbiter_pgn::Date::from_unix_ms(self.created_at).to_string();
        let mut text = String::new();
        for game in &self.games {
            text.push_str(&game.pgn(&date));
            if !text.ends_with("\n\n") {
                text.push('\n');
            }
        }
        text
    }
}

impl Relays {
    /// The broadcasts kept in `store`.
    pub fn new(store: Store) -> Relays {
        Relays {
            store,
            pushing: tokio::sync::Mutex::new(()),
        }
    }

    /// A new tour named `name`, owned by `owner`.
    pub async fn new_tour(
        &self,
        owner: &str,
        name: String,
        description: String,
    ) -> Result<Tour, RelayError> {
        let row = RelayTourRow {
            id: new_id(ID_LENGTH),
            name,
            description,
            owner: owner.to_string(),
            created_unix_ms: unix_ms(),
        };
        self.store.add_relay_tour(&row).await?;
        Ok(Tour::of(row, Vec::new()))
    }

    /// The tour `id`, with its rounds.
    async fn tour(&self, id: &str) -> Result<Tour, RelayError> {
        let row = self
            .store
            .relay_tour(id)
            .await?
            .ok_or(RelayError::NotFound)?;
        let rounds = self.store.relay_rounds_of(id).await?;
        Ok(Tour::of(row, rounds))
    }

    /// A new round named `name` of tour `tour`, made by its owner: the
    /// round, and the tour.
    pub async fn new_round(
        &self,
        by: &str,
        tour: &str,
        name: String,
    ) -> Result<(Round, Tour), RelayError> {
        let _one_at_a_time = self.pushing.lock().await;
        let mut t = self.tour(tour).await?;
        if t.owner != by {
            return Err(RelayError::NotOwner);
        }
        let row = RelayRoundRow {
            id: new_id(ID_LENGTH),
            tour: tour.to_string(),
            position: t.rounds.len() as i64,
            name,
            created_unix_ms: unix_ms(),
            pgn: String::new(),
        };
        self.store.add_relay_round(&row).await?;
        t.rounds.push(row.id.clone());
        Ok((Round::of(row), t))
    }

    /// The round `id` and its tour.
    pub async fn round(&self, id: &str) -> Result<(Round, Tour), RelayError> {
        let row = self
            .store
            .relay_round(id)
            .await?
            .ok_or(RelayError::NotFound)?;
        let tour = self.tour(&row.tour).await?;
        Ok((Round::of(row), tour))
    }

    /// Pushes `pgn` into round `id` by `by`, its tour's owner: each game
    /// read (at most [`push::MAX_GAMES_PER_PUSH`]) takes the place of the same
    /// game in the round, or joins it; the round is kept. What became of
    /// each game.
    pub async fn push(&self, by: &str, id: &str, pgn: &str) -> Result<Vec<Pushed>, RelayError> {
        let _one_at_a_time = self.pushing.lock().await;
        let (mut round, tour) = self.round(id).await?;
        if tour.owner != by {
            return Err(RelayError::NotOwner);
        }
        let pushed = push::read(pgn);
        // As lichess: a game of the round takes one pushed game at most.
        let mut updated = Vec::new();
        for game in pushed.iter().filter_map(|p| p.game()) {
            let slot = (0..round.games.len())
                .find(|&i| !updated.contains(&i) && same_game(&round.games[i].tags, &game.tags));
            let i = match slot {
                Some(i) => {
                    round.games[i] = game.clone();
                    i
                }
                None => {
                    round.games.push(game.clone());
                    round.games.len() - 1
                }
            };
            updated.push(i);
        }
        self.store.keep_relay_games(id, &round.pgn()).await?;
        Ok(pushed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(board: u32, moves: &str) -> String {
        format!(
            "[Event \"Open\"]\n[Site \"Oslo\"]\n[Round \"1.{board}\"]\n[White \"W{board}\"]\n[Black \"B{board}\"]\n\n{moves} *\n\n"
        )
    }

    async fn store(dir: &tempfile::TempDir) -> Store {
        let db = crate::store::test_db::database(dir.path());
        Store::open(db).await.unwrap()
    }

    /// Broadcasts in `dir`'s store, with Ann's tour "Open".
    async fn anns_tour(dir: &tempfile::TempDir) -> (Relays, Tour) {
        let relays = Relays::new(store(dir).await);
        let tour = relays
            .new_tour("ann", "Open".into(), "by the sea".into())
            .await
            .unwrap();
        (relays, tour)
    }

    #[tokio::test]
    async fn a_push_replaces_the_games_it_matches_and_adds_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let (relays, tour) = anns_tour(&dir).await;
        let (round, _) = relays
            .new_round("ann", &tour.id, "Round 1".into())
            .await
            .unwrap();
        let first = format!("{}{}", game(1, "1. e4"), game(2, "1. d4"));
        let pushed = relays.push("ann", &round.id, &first).await.unwrap();
        assert_eq!(pushed.len(), 2);
        // Board 1 again, one move on; board 3 is new.
        let second = format!("{}{}", game(1, "1. e4 e5"), game(3, "1. c4"));
        relays.push("ann", &round.id, &second).await.unwrap();
        let (round, _) = relays.round(&round.id).await.unwrap();
        let boards: Vec<(&str, usize)> = round
            .games
            .iter()
            .map(|g| (g.tags.get("Round").unwrap(), g.moves.len()))
            .collect();
        assert_eq!(boards, [("1.1", 2), ("1.2", 1), ("1.3", 1)]);
        // The same game twice in one push: the second is a game of its own.
        relays
            .push("ann", &round.id, &game(2, "1. d4 d5").repeat(2))
            .await
            .unwrap();
        assert_eq!(relays.round(&round.id).await.unwrap().0.games.len(), 4);
    }

    #[tokio::test]
    async fn only_the_tours_account_makes_rounds_and_pushes() {
        let dir = tempfile::tempdir().unwrap();
        let (relays, tour) = anns_tour(&dir).await;
        let by_bob = relays.new_round("bob", &tour.id, "Round 1".into()).await;
        assert!(matches!(by_bob, Err(RelayError::NotOwner)));
        let (round, _) = relays
            .new_round("ann", &tour.id, "Round 1".into())
            .await
            .unwrap();
        let pushed = relays.push("bob", &round.id, &game(1, "1. e4")).await;
        assert!(matches!(pushed, Err(RelayError::NotOwner)));
        let pushed = relays.push("ann", "nosuch", &game(1, "1. e4")).await;
        assert!(matches!(pushed, Err(RelayError::NotFound)));
        assert!(relays.round(&round.id).await.unwrap().0.games.is_empty());
    }

    /// A restart forgets no broadcast: the tour, its rounds in order, and
    /// each round's games as last pushed, with their clocks.
    #[tokio::test]
    async fn the_broadcasts_outlive_the_server() {
        let dir = tempfile::tempdir().unwrap();
        let (relays, tour) = anns_tour(&dir).await;
        let mut rounds = Vec::new();
        for name in ["Round 1", "Round 2"] {
            let (round, _) = relays
                .new_round("ann", &tour.id, name.into())
                .await
                .unwrap();
            rounds.push(round.id);
        }
        let clocked = game(1, "1. e4 { [%clk 0:04:58] } e5 { [%clk 0:04:57] }");
        relays.push("ann", &rounds[0], &clocked).await.unwrap();
        let before = relays.round(&rounds[0]).await.unwrap().0.pgn();
        assert!(before.contains("[%clk 0:04:57]"), "{before}");
        drop(relays);

        let relays = Relays::new(store(&dir).await);
        let (round, tour_after) = relays.round(&rounds[0]).await.unwrap();
        assert_eq!(round.pgn(), before);
        assert_eq!(tour_after.rounds, rounds);
        assert_eq!(tour_after.description, "by the sea");
        // And it goes on from where it stood.
        relays
            .push("ann", &rounds[0], &game(1, "1. e4 e5 2. Nf3"))
            .await
            .unwrap();
        assert_eq!(
            relays.round(&rounds[0]).await.unwrap().0.games[0]
                .moves
                .len(),
            3
        );
    }
}
