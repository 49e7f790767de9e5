//! A round as one PGN file, the file lichess's relay and DGT LiveChess
//! viewers poll. Besides the game's own tags, each game carries what a
//! relay matches games by across polls (lichess's: `GameId`, else the
//! round `N.B` with the players' FIDE ids or names) and its `Board`, and
//! while it is played the clocks now (`WhiteClock`, `BlackClock`, as
//! `H:MM:SS`), which a relay gives the last moves when it lacks them.

use arbiter_pgn::ClockTime;
use arbiter_rules::Color;

use super::{PublicBoard, PublicRound};

impl PublicRound {
    /// The round's boards as one PGN file, board 1 first; empty before
    /// the round is published.
    pub fn pgn(&self) -> String {
        let mut file = String::new();
        for board in &self.boards {
            file.push_str(&arbiter_pgn::export(&board.broadcast_record()));
            if !file.ends_with("\n\n") {
                file.push('\n');
            }
        }
        file
    }
}

impl PublicBoard {
    /// The game's record with the broadcast's tags.
    pub fn broadcast_record(&self) -> arbiter_pgn::Game {
        let mut record = self.record.clone();
        let tags = &mut record.tags;
        tags.insert("GameId", self.game.clone());
        tags.insert("Board", self.board.to_string());
        if let Some(clock) = &self.clock {
            for (tag, color) in [("WhiteClock", Color::White), ("BlackClock", Color::Black)] {
                tags.insert(tag, whole_seconds(clock.reading.remaining(color)));
            }
        }
        record
    }
}

/// A clock's time as `H:MM:SS`, the fraction dropped (a clock shows the
/// seconds left begun).
fn whole_seconds(ms: i64) -> String {
    ClockTime::from_millis((ms.max(0) as u64) / 1000 * 1000).to_string()
}
