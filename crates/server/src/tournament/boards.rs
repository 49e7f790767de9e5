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
        let (round, mut boards) = self
            .read(|d| {
                let round = d.rounds().iter().rev().find(|r| r.published)?;
                let name = |p| d.player(p).map(|p| p.registration.name.clone());
                let boards: Vec<BoardDesk> = round
                    .boards
                    .iter()
                    .zip(1..)
                    .filter_map(|(b, board)| {
                        Some(BoardDesk {
                            board,
                            white: name(b.board.white).unwrap_or_default(),
                            black: name(b.board.black).unwrap_or_default(),
                            game: b.game.clone()?,
                            desk: None,
                        })
                    })
                    .collect();
                Some((round.number, boards))
            })
            .await?;
        for b in &mut boards {
            if let Ok(Some(handle)) = self.venue.games.game(&b.game).await {
                b.desk = handle.desk().await.ok();
            }
        }
        Some((round, boards))
    }
}
