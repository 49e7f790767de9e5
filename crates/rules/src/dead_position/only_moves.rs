//! Moves that are the only legal move: playing them changes nothing about
//! who can mate, so the analysis starts after them.

use super::key::{PositionKey, PositionSet};
use crate::{Move, Position};

/// Where a run of only moves led.
#[derive(Clone, Debug)]
pub(super) struct ForcedRun {
    /// The first position with a choice of moves, or where the game ended.
    pub(super) pos: Position,
    /// The only moves played to get there.
    pub(super) line: Vec<Move>,
    /// The only moves went round in a circle: the game can never leave it.
    pub(super) cycles: bool,
}

/// Plays only moves from `pos` until a position offers a choice, the game
/// ends, or a position repeats (at most `limit` moves; stopping early keeps
/// the analysis sound, it only skips less).
pub(super) fn play_only_moves(pos: &Position, limit: usize) -> ForcedRun {
    let mut run = ForcedRun {
        pos: pos.clone(),
        line: Vec::new(),
        cycles: false,
    };
    let mut seen = PositionSet::default();
    while run.line.len() < limit {
        let moves = run.pos.legal_moves();
        if moves.len() != 1 {
            break;
        }
        if !seen.insert(PositionKey::of(&run.pos)) {
            run.cycles = true;
            break;
        }
        run.pos.play_unchecked(moves[0]);
        run.line.push(moves[0]);
    }
    run
}
