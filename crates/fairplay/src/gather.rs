//! Players' scored moves gathered from analysed games.

use std::collections::BTreeMap;

use arbiter_rules::Color;

use crate::player::PlayerMoves;
use crate::{GameAnalysis, PlayedGame, Settings, score_side};

/// Each player's scored moves over `games` (analysed by `analyses`, in the
/// same order), by name: the order is the names', not the games'.
pub fn gather(
    games: &[PlayedGame],
    analyses: &[GameAnalysis],
    settings: &Settings,
) -> Vec<PlayerMoves> {
    let mut players: BTreeMap<String, PlayerMoves> = BTreeMap::new();
    for (game, analysis) in games.iter().zip(analyses) {
        for color in [Color::White, Color::Black] {
            let who = game.players.get(color);
            let entry = players
                .entry(who.name.clone())
                .or_insert_with(|| PlayerMoves {
                    name: who.name.clone(),
                    ..PlayerMoves::default()
                });
            entry.games += 1;
            entry.ratings.extend(who.rating);
            entry.moves.extend(
                score_side(game, analysis, color, settings)
                    .into_iter()
                    .flatten(),
            );
        }
    }
    players.into_values().collect()
}
