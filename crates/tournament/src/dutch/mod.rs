//! The FIDE (Dutch) system, C.04.3 in the rules in force from 2026.
//!
//! [`pair`] pairs one round from the engine's view of each player
//! ([`PairingCard`]): score, colours, floats, bye history and the opponents it may
//! not meet. Brackets are paired from the top score down. For each bracket
//! the criteria of article 2 are packed into one weight per possible game
//! (the `criteria` module) and the best pairing is a maximum-weight matching over the
//! bracket and everyone below it, so that the rest of the round always stays
//! pairable (C4). Among pairings equal on every criterion, the one that comes
//! first in article 4's order (fewest exchanges, smallest exchanged numbers,
//! then S1 players taking the highest S2 opponents) is chosen by fixing the
//! players one at a time.

use arbiter_rules::Color;

mod check;
mod checklist;
mod colour;
mod criteria;
mod entrant;
mod generate;
mod matching;
mod procedure;
mod view;
mod wide;

pub use check::{RoundCheck, boards_in_file, check};
pub use checklist::checklist;
pub use entrant::{Float, PairingCard};
pub use generate::{ConfigError, Dice, GeneratorConfig, generate};
pub use view::{Acceleration, round_to_pair, rounds_paired};

/// One board of a round: `black` is `None` for the pairing-allocated bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// The id of the player with white (or the bye).
    pub white: usize,
    /// The id of the player with black; `None` for the bye.
    pub black: Option<usize>,
}

/// What the round's pairing needs beyond the players.
#[derive(Debug, Clone)]
pub struct Round {
    /// The players to pair (absent players are left out).
    pub entrants: Vec<PairingCard>,
    /// How many rounds have been played before this one.
    pub rounds_played: usize,
    /// The colour the top-ranked player gets when nothing else decides.
    pub initial_colour: Color,
}

/// No pairing of the round meets the absolute criteria (C1-C3) and gives
/// every player but at most one an opponent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no pairing of the round meets the absolute criteria C1-C3 (C4)")]
pub struct NoPairing;

/// Pairs the round: boards in the printed order (highest score first, the
/// bye last).
pub fn pair(round: &Round) -> Result<Vec<Board>, NoPairing> {
    procedure::pair(round)
}
