//! A round's live broadcast: one PGN file with every board of the round,
//! each game as it stands at the moment of the request, `[%clk]` after
//! each move. It is the file a broadcast relay (lichess's, DGT LiveChess
//! viewers) polls: the games are read from their referees at each
//! request, so a move is in the file as soon as it is acknowledged.

use arbiter_pgn::GameResult;
use arbiter_referee::pgn_export::to_pgn_game;
use arbiter_tournament::director::BoardResult;

use super::Venue;
use super::{LiveTournament, TournamentError};
use crate::game::ActError;

impl LiveTournament {
    /// The round's boards as one PGN file, board 1 first (`None`: the
    /// round is not paired). Before the round is published its games do
    /// not exist and the file is empty.
    pub async fn round_pgn(&self, round: u32) -> Result<Option<String>, TournamentError> {
        let boards: Option<Vec<(String, Option<BoardResult>)>> = self
            .read(|d| {
                d.round(round).map(|r| {
                    r.boards
                        .iter()
                        .filter_map(|b| b.game.clone().map(|g| (g, b.result)))
                        .collect()
                })
            })
            .await;
        let Some(boards) = boards else {
            return Ok(None);
        };
        let records = futures_util::future::join_all(
            boards
                .iter()
                .map(|(game, result)| board_pgn(&self.venue, game, *result)),
        )
        .await;
        let mut file = String::new();
        for record in records {
            if let Some(text) = record? {
                file.push_str(&text);
                if !file.ends_with("\n\n") {
                    file.push('\n');
                }
            }
        }
        Ok(Some(file))
    }
}

/// One board's game as PGN now. A result the arbiter entered for a game
/// that has none of its own (played elsewhere, a forfeit he declared)
/// is the record's result, as the tournament counts it.
async fn board_pgn(
    venue: &Venue,
    game: &str,
    result: Option<BoardResult>,
) -> Result<Option<String>, TournamentError> {
    // A finished game's actor may stop between finding and reading it:
    // once more, then it is read back from its log.
    for _ in 0..2 {
        let Some(handle) = venue.games.game(game).await? else {
            return Ok(None);
        };
        match handle
            .read(move |g| {
                let mut record = to_pgn_game(g);
                if record.result == Some(GameResult::Unknown)
                    && let Some(r) = result
                    && let Ok(entered) = r.pgn().parse::<GameResult>()
                {
                    record.tags.insert("Result", r.pgn());
                    record.result = Some(entered);
                }
                arbiter_pgn::export(&record)
            })
            .await
        {
            Ok(text) => return Ok(Some(text)),
            Err(ActError::Stopped) => continue,
            Err(_) => return Ok(None),
        }
    }
    Ok(None)
}
