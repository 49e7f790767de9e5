//! The games of an event that FIDE rates.

use arbiter_rules::PlayerResult;

use crate::player::StartNo;
use crate::result::ResultCode;
use crate::tournament::{Entrant, Tournament};

/// One rated game, from the player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RatedGame {
    /// The round, from 1.
    pub round: u32,
    /// The opponent's start number.
    pub opponent: StartNo,
    /// The opponent's rating (never 0).
    pub opponent_rating: u32,
    /// The player's result.
    pub result: PlayerResult,
}

/// The games of `entrant` that count for rating: played over the board
/// and written `1`, `=` or `0`, against a rated opponent.
///
/// B.02 5.1: "Whether these occur because of forfeiture or any other
/// reason, [unplayed games] are not counted", so a `+`/`-` cell is not a
/// game, and `W`/`D`/`L` are games the file itself says are not rated (a
/// game in which a player made no move). 8.3.1 and 8.2.2 count only games
/// "against a rated player" for a rated player's change and an unrated
/// player's first rating alike.
pub fn rated_games(tournament: &Tournament, entrant: &Entrant) -> Vec<RatedGame> {
    entrant
        .rounds
        .iter()
        .zip(1..)
        .filter_map(|(cell, round)| {
            let result = match cell.code {
                ResultCode::Win => PlayerResult::Win,
                ResultCode::Draw => PlayerResult::Draw,
                ResultCode::Loss => PlayerResult::Loss,
                _ => return None,
            };
            let opponent = cell.opponent?;
            let opponent_rating = tournament.entrant(opponent)?.player.rating;
            (opponent_rating > 0 && cell.colour.is_some()).then_some(RatedGame {
                round,
                opponent,
                opponent_rating,
                result,
            })
        })
        .collect()
}

/// The points of some games in half points (1, ½, 0 each, whatever the
/// event's point system).
pub fn half_points(games: &[RatedGame]) -> u32 {
    games
        .iter()
        .map(|g| u32::from(g.result.half_points()))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Player, RoundEntry};
    use arbiter_rules::Color;

    #[test]
    fn forfeits_unrated_games_and_unrated_opponents_are_not_rated() {
        let mut t = Tournament::default();
        for (no, rating) in [(1, 2000), (2, 1900), (3, 0), (4, 1800)] {
            let mut p = Player::new(no, format!("P{no}"));
            p.rating = rating;
            t.register(p);
        }
        t.record_game(1, 1, 2, PlayerResult::Win);
        t.record_game(2, 1, 3, PlayerResult::Win);
        let forfeit = |opponent, code| RoundEntry {
            opponent: Some(opponent),
            colour: None,
            code,
        };
        t.set_cell(1, 3, forfeit(4, ResultCode::ForfeitWin));
        t.set_cell(4, 3, forfeit(1, ResultCode::ForfeitLoss));
        let unrated_game = |opponent, colour, code| RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            code,
        };
        t.set_cell(1, 4, unrated_game(4, Color::Black, ResultCode::UnratedDraw));
        t.set_cell(4, 4, unrated_game(1, Color::White, ResultCode::UnratedDraw));
        t.set_cell(1, 5, RoundEntry::unpaired(ResultCode::HalfPointBye));
        let games = rated_games(&t, t.entrant(1).unwrap());
        assert_eq!(
            games,
            [RatedGame {
                round: 1,
                opponent: 2,
                opponent_rating: 1900,
                result: PlayerResult::Win
            }]
        );
        assert_eq!(half_points(&games), 2);
    }
}
