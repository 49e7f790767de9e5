//! Broadcasts pushed in the way lichess's broadcast API takes them: a
//! broadcaster makes a tour (`POST /broadcast/new`), its rounds (`POST
//! /broadcast/{tour}/new`), and pushes each round's games as PGN (`POST
//! /api/broadcast/round/{round}/push`); anyone reads a round back (`GET
//! /api/broadcast/round/{round}.pgn`). Each push is read game by game
//! ([`push`]) and each game takes the place of the round's game it is the
//! same game as, by lichess's rule ([`same_game`]), or joins the round.
//!
//! The broadcasts are kept in the server's memory, as a relay's working
//! copy: a restart forgets them, and the broadcaster pushes again.

mod push;
mod same_game;

use std::collections::HashMap;
use std::sync::Mutex;

pub use push::{Pushed, RelayGame};
pub use same_game::same_game;

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
    /// Its tour's id.
    pub tour: String,
    /// Its name.
    pub name: String,
    /// When it was made, ms since 1970.
    pub created_at: i64,
    /// Its games, in the order they first came.
    pub games: Vec<RelayGame>,
}

/// Every broadcast of the server.
#[derive(Debug, Default)]
pub struct Relays {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    tours: HashMap<String, Tour>,
    rounds: HashMap<String, Round>,
}

/// Why a broadcast act failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelayRefusal {
    /// No such tour or round.
    NotFound,
    /// The account does not own the broadcast.
    NotOwner,
}

impl Relays {
    /// A new tour named `name`, owned by `owner`.
    pub fn new_tour(&self, owner: &str, name: String, description: String) -> Tour {
        let tour = Tour {
            id: new_id(ID_LENGTH),
            name,
            description,
            owner: owner.to_string(),
            created_at: unix_ms(),
            rounds: Vec::new(),
        };
        let mut state = self.state.lock().expect("relays lock");
        state.tours.insert(tour.id.clone(), tour.clone());
        tour
    }

    /// A new round named `name` of tour `tour`, made by its owner: the
    /// round, and the tour.
    pub fn new_round(
        &self,
        by: &str,
        tour: &str,
        name: String,
    ) -> Result<(Round, Tour), RelayRefusal> {
        let mut state = self.state.lock().expect("relays lock");
        let t = state.tours.get_mut(tour).ok_or(RelayRefusal::NotFound)?;
        if t.owner != by {
            return Err(RelayRefusal::NotOwner);
        }
        let round = Round {
            id: new_id(ID_LENGTH),
            tour: tour.to_string(),
            name,
            created_at: unix_ms(),
            games: Vec::new(),
        };
        t.rounds.push(round.id.clone());
        let t = t.clone();
        state.rounds.insert(round.id.clone(), round.clone());
        Ok((round, t))
    }

    /// The round `id` and its tour.
    pub fn round(&self, id: &str) -> Option<(Round, Tour)> {
        let state = self.state.lock().expect("relays lock");
        let round = state.rounds.get(id)?;
        let tour = state.tours.get(&round.tour)?;
        Some((round.clone(), tour.clone()))
    }

    /// Pushes `pgn` into round `id` by `by`, its tour's owner: each game
    /// read (at most [`push::MAX_GAMES_PER_PUSH`]) takes the place of the same
    /// game in the round, or joins it. What became of each game.
    pub fn push(&self, by: &str, id: &str, pgn: &str) -> Result<Vec<Pushed>, RelayRefusal> {
        let mut state = self.state.lock().expect("relays lock");
        let State { tours, rounds } = &mut *state;
        let round = rounds.get_mut(id).ok_or(RelayRefusal::NotFound)?;
        if tours.get(&round.tour).is_none_or(|t| t.owner != by) {
            return Err(RelayRefusal::NotOwner);
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

    #[test]
    fn a_push_replaces_the_games_it_matches_and_adds_the_others() {
        let relays = Relays::default();
        let tour = relays.new_tour("ann", "Open".into(), String::new());
        let (round, _) = relays.new_round("ann", &tour.id, "Round 1".into()).unwrap();
        let first = format!("{}{}", game(1, "1. e4"), game(2, "1. d4"));
        assert_eq!(relays.push("ann", &round.id, &first).unwrap().len(), 2);
        // Board 1 again, one move on; board 3 is new.
        let second = format!("{}{}", game(1, "1. e4 e5"), game(3, "1. c4"));
        relays.push("ann", &round.id, &second).unwrap();
        let (round, _) = relays.round(&round.id).unwrap();
        let boards: Vec<(&str, usize)> = round
            .games
            .iter()
            .map(|g| (g.tags.get("Round").unwrap(), g.moves.len()))
            .collect();
        assert_eq!(boards, [("1.1", 2), ("1.2", 1), ("1.3", 1)]);
        // The same game twice in one push: the second is a game of its own.
        relays
            .push("ann", &round.id, &game(2, "1. d4 d5").repeat(2))
            .unwrap();
        assert_eq!(relays.round(&round.id).unwrap().0.games.len(), 4);
    }

    #[test]
    fn only_the_tours_account_makes_rounds_and_pushes() {
        let relays = Relays::default();
        let tour = relays.new_tour("ann", "Open".into(), String::new());
        assert_eq!(
            relays
                .new_round("bob", &tour.id, "Round 1".into())
                .unwrap_err(),
            RelayRefusal::NotOwner
        );
        let (round, _) = relays.new_round("ann", &tour.id, "Round 1".into()).unwrap();
        assert_eq!(
            relays
                .push("bob", &round.id, &game(1, "1. e4"))
                .unwrap_err(),
            RelayRefusal::NotOwner
        );
        assert_eq!(
            relays.push("ann", "nosuch", &game(1, "1. e4")).unwrap_err(),
            RelayRefusal::NotFound
        );
        assert!(relays.round(&round.id).unwrap().0.games.is_empty());
    }
}
