//! Exhaustive exploration: every position reachable from the root, each
//! visited once, breadth first. When the positions run out without the
//! winner's mate, that is a proof; blocked positions where only kings and a
//! few pawns can move are settled this way in a few thousand positions.

use super::budget::Budget;
use super::key::{PositionKey, PositionSet};
use super::search::Outcome;
use crate::{Color, Move, MoveList, Position};

/// A reached position and how it was first reached.
struct Reached {
    pos: Position,
    parent: usize,
    last: Option<Move>,
}

/// Explores every position reachable from `root` (at most `capacity` of
/// them) looking for `winner`'s mate. Positions where `winner` lacks mating
/// material are not expanded: nothing after them can be a mate.
pub(super) fn explore(
    root: &Position,
    winner: Color,
    capacity: usize,
    budget: &mut Budget,
) -> Outcome {
    let mut seen = PositionSet::default();
    seen.insert(PositionKey::of(root));
    let mut reached = vec![Reached {
        pos: root.clone(),
        parent: 0,
        last: None,
    }];
    let mut head = 0;
    while head < reached.len() {
        let pos = reached[head].pos.clone();
        if is_mate_by(&pos, winner) {
            return Outcome::Mate(line_to(&reached, head));
        }
        if !pos.has_insufficient_material(winner) {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            for &m in &moves {
                if !budget.spend(1) {
                    return Outcome::CutShort;
                }
                let next = pos.after(m);
                if !seen.insert(PositionKey::of(&next)) {
                    continue;
                }
                if reached.len() >= capacity {
                    return Outcome::CutShort;
                }
                reached.push(Reached {
                    pos: next,
                    parent: head,
                    last: Some(m),
                });
                if is_mate_by(&reached[reached.len() - 1].pos, winner) {
                    return Outcome::Mate(line_to(&reached, reached.len() - 1));
                }
            }
        }
        head += 1;
    }
    Outcome::NoMate
}

/// `true` if `pos` is checkmate with `winner` the one delivering it.
pub(super) fn is_mate_by(pos: &Position, winner: Color) -> bool {
    pos.turn() != winner && pos.is_check() && !pos.has_legal_moves()
}

fn line_to(reached: &[Reached], mut at: usize) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some(m) = reached[at].last {
        line.push(m);
        at = reached[at].parent;
    }
    line.reverse();
    line
}
