//! What the tests read of a PGN file the server writes (a round's
//! broadcast, a game's export). The cli's tests include this file too.
#![allow(dead_code)]

use arbiter_pgn::{Game, Reader};

/// Every game of `text`, which must read.
pub fn games(text: &str) -> Vec<Game> {
    Reader::new(text.as_bytes())
        .games()
        .map(|g| g.unwrap_or_else(|e| panic!("{e}: {text}")))
        .collect()
}

/// Each move of `game` with its `[%clk]`, ms.
pub fn clocked_moves(game: &Game) -> Vec<(String, Option<u64>)> {
    game.moves
        .iter()
        .map(|m| {
            (
                m.san.clone(),
                m.comments
                    .iter()
                    .find_map(|c| c.clock)
                    .map(|t| t.as_millis()),
            )
        })
        .collect()
}
