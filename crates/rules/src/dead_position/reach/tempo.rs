//! Tempo: how many moves pieces need to get somewhere, and how many moves a
//! side can make at all.
//!
//! Distances are taken in the same generous move graph as the reaches, so a
//! piece never gets anywhere in fewer moves than its distance says. A side
//! whose king and pieces never move, and whose pawns never promote, has only
//! pawn steps left, each taking a pawn at least one rank forward: at most
//! as many moves as the ranks its pawns may still advance. When that side
//! has run out, it is stalemated (or was mated): so the other side, moving in
//! turn, gets at most one move more.

use std::collections::VecDeque;

use super::{Reach, Unit};
use crate::{Color, Rank, Role};

/// "Never": the distance to a square a piece cannot reach.
pub(super) const NEVER: u8 = u8::MAX;

impl Reach {
    /// The fewest moves unit `i` needs to stand on each square.
    pub(super) fn distances(&self, i: usize) -> [u8; 64] {
        let unit = self.units[i];
        let last_rank = Rank::Eighth.relative_to(unit.color);
        // A pawn is followed as a pawn and, once promoted, as a new piece.
        let mut as_is = [NEVER; 64];
        let mut promoted = [NEVER; 64];
        let mut queue = VecDeque::new();
        if unit.promoted {
            promoted[unit.home.index()] = 0;
        } else {
            as_is[unit.home.index()] = 0;
        }
        queue.push_back((unit.home, unit.promoted));
        while let Some((from, is_promoted)) = queue.pop_front() {
            let d = if is_promoted {
                promoted[from.index()]
            } else {
                as_is[from.index()]
            };
            let mover = Unit {
                promoted: is_promoted,
                ..unit
            };
            for to in self.moves_from(i, &mover, from).live {
                let promotes = is_promoted || (unit.role == Role::Pawn && to.rank() == last_rank);
                let table = if promotes { &mut promoted } else { &mut as_is };
                if table[to.index()] == NEVER {
                    table[to.index()] = d.saturating_add(1).min(NEVER - 1);
                    queue.push_back((to, promotes));
                }
            }
        }
        // Every square of the reach was reached by these same moves; should
        // one not be, claiming nothing about it keeps the bound sound.
        core::array::from_fn(|sq| match as_is[sq].min(promoted[sq]) {
            NEVER if unit.reach.contains(crate::Square::from_index(sq)) => 0,
            d => d,
        })
    }

    /// The most moves `color` can still make in the whole game, when its
    /// king and pieces never move and its pawns never promote.
    pub(super) fn move_cap(&self, color: Color) -> Option<u32> {
        let mut cap = 0;
        for unit in self.units.iter().filter(|u| u.color == color) {
            if !unit.is_pawn() {
                if !unit.stays() {
                    return None;
                }
                continue;
            }
            let last = Rank::Eighth.relative_to(color);
            if unit.promoted || unit.visits.intersects(crate::Bitboard::rank(last)) {
                return None;
            }
            let home = unit.home.rank().index() as i32;
            let farthest = if color.is_white() {
                unit.visits
                    .last()
                    .map_or(home, |sq| sq.rank().index() as i32)
            } else {
                unit.visits
                    .first()
                    .map_or(home, |sq| sq.rank().index() as i32)
            };
            cap += (farthest - home).unsigned_abs();
        }
        Some(cap)
    }
}
