//! A round's pairing, whatever system made it, and its bbpPairings/JaVaFo
//! text form.

use std::fmt::Write as _;

use crate::player::StartNo;

/// One board of a round, or the pairing-allocated bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pairing {
    /// Two players meet on a board.
    Game {
        /// The player with White.
        white: StartNo,
        /// The player with Black.
        black: StartNo,
    },
    /// The pairing-allocated bye.
    Bye(StartNo),
}

/// The pairing as bbpPairings and JaVaFo print it: the number of lines that
/// follow, then `WHITE BLACK` a line, `PLAYER 0` for the bye.
pub fn write_pairings(pairings: &[Pairing]) -> String {
    let mut out = format!("{}\n", pairings.len());
    for pairing in pairings {
        let _ = match pairing {
            Pairing::Game { white, black } => writeln!(out, "{white} {black}"),
            Pairing::Bye(player) => writeln!(out, "{player} 0"),
        };
    }
    out
}
