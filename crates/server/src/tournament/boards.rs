//! The operator's screen of an event's electronic boards: for each board
//! of the round being played, what its board's reader has told the game
//! (see `game::desk`).

use serde::Serialize;

use super::LiveTournament;
use crate::game::DeskView;

/// One board of the round, as the operator's screen shows it.
#[derive(Debug, Serialize)]
pub struct BoardDesk {
    /// The board's number, from 1.
    pub board: u32,
    /// White's name, as registered.
    pub white: String,
    /// Black's name, as registered.
    pub black: String,
    /// The board's game.
    pub game: String,
    /// What the game's board has told it (`None`: the game cannot be read
    /// now).
    pub desk: Option<DeskView>,
}

impl LiveTournament {
    /// The last round published, with each of its boards' desks (`None`:
    /// no round is published yet).
    pub async fn boards_desk(&self) -> Option<(u32, Vec<BoardDesk>)> {
        let (round, boards) = self
            .read(|d| {
                let round = d.rounds().iter().rev().find(|r| r.published)?;
                let name = |p| d.player(p).map(|p| p.registration.name.clone());
                let boards: Vec<(u32, String, String, String)> = round
                    .boards
                    .iter()
                    .zip(1..)
                    .filter_map(|(b, n)| {
                        let game = b.game.clone()?;
                        let white = name(b.board.white).unwrap_or_default();
                        let black = name(b.board.black).unwrap_or_default();
                        Some((n, white, black, game))
                    })
                    .collect();
                Some((round.number, boards))
            })
            .await?;
        let mut desks = Vec::with_capacity(boards.len());
        for (board, white, black, game) in boards {
            let desk = match self.venue.games.game(&game).await {
                Ok(Some(handle)) => handle.desk().await.ok(),
                _ => None,
            };
            desks.push(BoardDesk {
                board,
                white,
                black,
                game,
                desk,
            });
        }
        Some((round, desks))
    }
}
