//! What the engine said about the positions of a game.

use arbiter_uci::protocol::Score;
use serde::{Deserialize, Serialize};

/// One principal variation: its first move and its score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The first move, in UCI notation.
    pub uci: String,
    /// The score from the side to move's view.
    pub score: Score,
}

/// The engine's lines in one position, best first (`MultiPV`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionAnalysis {
    /// The lines, best first.
    pub lines: Vec<Line>,
}

impl PositionAnalysis {
    /// The best line, if the engine gave any.
    pub fn best(&self) -> Option<&Line> {
        self.lines.first()
    }

    /// Where the move `uci` stands among the lines (0 is the best).
    pub fn rank_of(&self, uci: &str) -> Option<usize> {
        self.lines.iter().position(|l| l.uci == uci)
    }
}

/// The analyses of a game's positions: `positions[i]` is the position
/// before ply `i`, the last one the position after the last move. A
/// position not analysed (book moves, the end of a finished game) is
/// `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameAnalysis {
    /// One entry per position, `plies + 1` in all.
    pub positions: Vec<Option<PositionAnalysis>>,
}

impl GameAnalysis {
    /// The analysis of the position before ply `index`, if there is one.
    pub fn at(&self, index: usize) -> Option<&PositionAnalysis> {
        self.positions.get(index).and_then(Option::as_ref)
    }
}

/// The engine and settings an analysis was made with: what a report and a
/// baseline must name to be reproduced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineId {
    /// The engine's name and version, as it gives them (`id name`).
    pub name: String,
    /// Nodes searched per position.
    pub nodes: u64,
    /// Lines asked for (`MultiPV`).
    pub multipv: u32,
}
