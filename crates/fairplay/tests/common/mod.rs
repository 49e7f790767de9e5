//! What the pure tests share: a game from PGN text.

use arbiter_fairplay::PlayedGame;

/// The one game of `pgn`, replayed.
pub fn game(pgn: &str) -> PlayedGame {
    let game = arbiter_pgn::Reader::new(pgn.as_bytes())
        .read_game()
        .expect("the test game reads")
        .expect("one game");
    PlayedGame::from_pgn(&game, 1).expect("the test game is legal")
}
