//! Moves after which the game is over without the winner's mate: the
//! analysis leaves them out of the reaches (see the module above for why
//! that is sound).

use super::Reach;
use super::Unit;
use crate::attacks::{between, bishop_attacks, king_attacks, line, rook_attacks};
use crate::{Bitboard, Color, Square};

impl Reach {
    /// Of a king's `targets` from `from`, those that leave the opponent, who
    /// can only move its king, without a legal move: the game ends there in
    /// stalemate (or, when the loser's king moves, in the winner's defeat).
    /// The facts used hold right after the move: the opponent's other pieces
    /// never move at all, its king stands somewhere in its reach, and fixed
    /// pieces other than the captured one are still in place.
    ///
    /// Where the king comes from matters only to the winner's king, whose
    /// move may uncover a check: `from` may be `None` for the loser's (and
    /// a winner's king from anywhere is taken to uncover one).
    pub(super) fn stalemating(
        &self,
        king: &Unit,
        from: Option<Square>,
        targets: Bitboard,
    ) -> Bitboard {
        let facts = &self.facts;
        let them = !king.color;
        if !*facts.king_only.get(them) {
            return Bitboard::EMPTY;
        }
        let their_king = self.king(them).reach;
        let their_fixed = facts.fixed & self.homes(them);
        let ours_guarded = *facts.guarded.get(king.color);
        let mut out = Bitboard::EMPTY;
        for to in targets {
            let near = king_attacks(to).with(to);
            let kings = their_king - near;
            // The winner's king may give a discovered mate instead.
            if king.color == self.winner
                && from.is_none_or(|from| self.may_uncover_check(king.color, from, to, kings))
            {
                continue;
            }
            let stuck = kings
                .into_iter()
                .all(|k| (king_attacks(k) - (their_fixed - to) - ours_guarded - near).is_empty());
            if stuck {
                out.add(to);
            }
        }
        out
    }

    /// `true` if a king of `color` stepping from `from` to `to` might uncover
    /// a check of its sliders on an enemy king standing on one of `kings`.
    fn may_uncover_check(&self, color: Color, from: Square, to: Square, kings: Bitboard) -> bool {
        let fixed = self.facts.fixed;
        let lines = [
            (
                bishop_attacks(from, fixed),
                *self.facts.diagonal_sliders.get(color),
            ),
            (
                rook_attacks(from, fixed),
                *self.facts.straight_sliders.get(color),
            ),
        ];
        lines.into_iter().any(|(rays, sliders)| {
            (rays & kings).into_iter().any(|k| {
                let through = line(k, from);
                let beyond = rays & (through - between(k, from) - k);
                !through.contains(to) && beyond.intersects(sliders)
            })
        })
    }

    /// Of the loser's `targets`, those that would check the winner's
    /// immovable king where nothing can take the checker or step between:
    /// the winner is mated there and the game ends.
    pub(super) fn mating_the_winner(&self, i: usize, unit: &Unit, targets: Bitboard) -> Bitboard {
        let king = self.king(self.winner);
        if !king.stays() || !self.king_boxed_without(i, king) {
            return Bitboard::EMPTY;
        }
        let blockers = !self.facts.clear;
        let defenders = *self.facts.takes_all.get(self.winner);
        // Taking one of the winner's pieces next to its king may free the
        // king to take back, unless the square is guarded.
        let king_may_take = king_attacks(king.home) - *self.facts.guarded.get(!self.winner);
        let mut out = Bitboard::EMPTY;
        for to in targets - defenders - king_may_take {
            if self.attacks_from(unit, to, blockers).contains(king.home) {
                out.add(to);
            }
        }
        out
    }
}

impl Reach {
    /// `true` if the winner's `king` has no square to step to while unit
    /// `i` leaves its square: the king never moves as the analysis stands,
    /// but some of the squares it is kept from may be attacked by unit `i`
    /// itself (a piece that never moves while the game goes on guards
    /// squares), and those are open once `i` has moved.
    fn king_boxed_without(&self, i: usize, king: &Unit) -> bool {
        let facts = &self.facts;
        let mover = &self.units[i];
        if !facts.held.contains(mover.home) {
            return true;
        }
        let blockers = !facts.clear;
        let loser = !self.winner;
        let mut guard = Bitboard::EMPTY;
        for (j, u) in self.units.iter().enumerate() {
            if j != i && u.color == loser && facts.held.contains(u.home) {
                guard |= crate::attacks::attacks(u.color, u.role, u.home, blockers);
            }
        }
        let own = facts.held & self.homes(self.winner);
        let flights = king_attacks(king.home) - own - guard - *facts.kept.get(loser);
        flights.is_empty()
    }
}
