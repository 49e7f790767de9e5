//! Scoring one move: left out when it cannot mean anything, else ranked
//! among the engine's lines with the centipawns and accuracy it lost.

use arbiter_rules::{Color, PositionOutcome};
use arbiter_uci::protocol::Score;
use serde::{Deserialize, Serialize};

use crate::accuracy::{bounded_cp, move_accuracy, win_percent};
use crate::{GameAnalysis, PlayedGame, Settings};

/// Why a move is not scored.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exclusion {
    /// One of the first moves of its side, or in the opening book:
    /// preparation.
    Book,
    /// It reaches a position already seen in the game: repeating moves.
    Repetition,
    /// One legal move, or only one move that does not lose.
    Forced,
    /// The position was already decided, one way or the other.
    Decided,
    /// The engine gave no line for the position (or for the one after).
    Unanalysed,
}

/// A scored move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveScore {
    /// Where the move stands among the engine's lines (0 is the best);
    /// `None` when it is not among them.
    pub rank: Option<usize>,
    /// Centipawns lost against the best line (0 or more), scores bounded at
    /// ±10.00 as for the accuracy.
    pub loss_cp: u32,
    /// lichess's accuracy of the move, 0 to 100.
    pub accuracy: f64,
    /// The second-best line was close to the best: the choice took thought.
    pub complex: bool,
    /// The time the move took, in milliseconds, when the record tells.
    pub spent_ms: Option<u64>,
    /// The engine's lines in the position, best first, in centipawns from
    /// the mover's view (bounded as for the loss): how hard the choice
    /// was, which the baseline's per-position expectation reads.
    #[serde(default)]
    pub lines_cp: Vec<i32>,
}

/// Scores ply `index` of `game`, or says why it is left out.
pub fn score_ply(
    game: &PlayedGame,
    analysis: &GameAnalysis,
    index: usize,
    settings: &Settings,
) -> Result<MoveScore, Exclusion> {
    let ply = &game.plies[index];
    if game.is_book(index, settings) {
        return Err(Exclusion::Book);
    }
    if ply.repeats {
        return Err(Exclusion::Repetition);
    }
    if ply.before.count_legal_moves() == 1 {
        return Err(Exclusion::Forced);
    }
    let Some(here) = analysis.at(index) else {
        return Err(Exclusion::Unanalysed);
    };
    let Some(best) = here.best() else {
        return Err(Exclusion::Unanalysed);
    };
    let best_cp = bounded_cp(best.score);
    if best_cp.abs() > settings.decided_cp {
        return Err(Exclusion::Decided);
    }
    let not_losing = here
        .lines
        .iter()
        .filter(|l| bounded_cp(l.score) > -settings.losing_cp)
        .count();
    if here.lines.len() >= 2 && not_losing == 1 {
        return Err(Exclusion::Forced);
    }
    let rank = here.rank_of(&ply.uci);
    let played = match rank {
        Some(r) => here.lines[r].score,
        None => score_after(game, analysis, index).ok_or(Exclusion::Unanalysed)?,
    };
    let played_cp = bounded_cp(played).min(best_cp);
    let complex = here
        .lines
        .get(1)
        .is_some_and(|second| best_cp - bounded_cp(second.score) <= settings.complex_gap_cp);
    Ok(MoveScore {
        rank,
        loss_cp: (best_cp - played_cp).unsigned_abs(),
        accuracy: move_accuracy(win_percent(best_cp), win_percent(played_cp)),
        complex,
        spent_ms: ply.spent_ms,
        lines_cp: here.lines.iter().map(|l| bounded_cp(l.score)).collect(),
    })
}

/// The score of the position after ply `index`, from its mover's view:
/// the next position's best line turned round, or what the game's end
/// gives (a mate delivered, a draw).
fn score_after(game: &PlayedGame, analysis: &GameAnalysis, index: usize) -> Option<Score> {
    if let Some(best) = analysis.at(index + 1).and_then(|a| a.best()) {
        return Some(match best.score {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(n) => Score::Mate(-n),
        });
    }
    let mover = game.plies[index].mover;
    match game.position(index + 1).outcome()? {
        PositionOutcome::Checkmate { winner } if winner == mover => Some(Score::Mate(1)),
        PositionOutcome::Checkmate { .. } => Some(Score::Mate(-1)),
        _ => Some(Score::Cp(0)),
    }
}

/// Every ply of `game` played by `color`, scored or left out, in order.
pub fn score_side(
    game: &PlayedGame,
    analysis: &GameAnalysis,
    color: Color,
    settings: &Settings,
) -> Vec<Result<MoveScore, Exclusion>> {
    (0..game.plies.len())
        .filter(|&i| game.plies[i].mover == color)
        .map(|i| score_ply(game, analysis, i, settings))
        .collect()
}
