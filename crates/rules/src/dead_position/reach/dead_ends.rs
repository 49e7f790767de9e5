//! Moves after which the game is over without the winner's mate: the
//! analysis leaves them out of the reaches (see the module above for why
//! that is sound).

use super::Reach;
use super::Unit;
use crate::attacks::{
    between, bishop_attacks, king_attacks, king_attacks_of_set, line, rook_attacks,
};
use crate::{Bitboard, Color, Role, Square};

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
        let winner_from = match (king.color == self.winner, from) {
            (false, _) => None,
            (true, Some(from)) => Some(from),
            // A winner's king from anywhere is taken to uncover a check.
            (true, None) => return Bitboard::EMPTY,
        };
        let their_fixed = facts.fixed & self.homes(them);
        let ours_guarded = *facts.guarded.get(king.color);
        // Asked only of a move that leaves the loser's king stuck, which
        // few do: the lines through `from` cost more than the rest.
        let mut uncovered = None;
        let mut out = Bitboard::EMPTY;
        for to in targets {
            let near = king_attacks(to).with(to);
            let kings = their_king - near;
            // Stuck: no square the king may stand on has a neighbour it
            // could step to. Kings attack each other, so that is the
            // neighbours of every such free square, found at once.
            let free = !((their_fixed - to) | ours_guarded | near);
            if kings.intersects(king_attacks_of_set(free)) {
                continue;
            }
            // The winner's king may give a discovered mate instead.
            if let Some(from) = winner_from {
                let uncovered = *uncovered
                    .get_or_insert_with(|| self.uncovered_by_leaving(king.color, from, their_king));
                if (uncovered & kings)
                    .into_iter()
                    .any(|k| !line(k, from).contains(to))
                {
                    continue;
                }
            }
            out.add(to);
        }
        out
    }

    /// Of the squares `kings`, those on which an enemy king would be
    /// checked by a slider of `color` once a king of `color` on `from`
    /// stepped off the line between them (a step along it uncovers
    /// nothing).
    fn uncovered_by_leaving(&self, color: Color, from: Square, kings: Bitboard) -> Bitboard {
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
        let mut uncovered = Bitboard::EMPTY;
        for (rays, sliders) in lines {
            for k in rays & kings {
                let through = line(k, from);
                let beyond = rays & (through - between(k, from) - k);
                if beyond.intersects(sliders) {
                    uncovered.add(k);
                }
            }
        }
        uncovered
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
        // king to take back, unless another piece of the loser's, standing
        // where it stands while the game goes on, guards the square.
        let king_may_take = king_attacks(king.home) - self.held_guard_without(i);
        let opened = if self.facts.held.contains(unit.home) {
            self.opened_by_leaving(unit.home)
        } else {
            Bitboard::EMPTY
        };
        let mut out = Bitboard::EMPTY;
        for to in targets - defenders - king_may_take - opened {
            if self.attacks_from(unit, to, blockers).contains(king.home)
                && !between(to, king.home).intersects(opened)
            {
                out.add(to);
            }
        }
        out
    }

    /// Squares a piece of the winner's might reach through `home` once the
    /// held piece standing there has left it: the reaches, computed with
    /// that piece in place, do not show them, so a check whose checker or
    /// line lies there might still be answered by a capture or a block.
    /// Every line through `home` that a slider of the winner's (a promoted
    /// pawn moving like a queen) might stand on counts as opened whole; a
    /// pawn passes through `home` only by its double step.
    fn opened_by_leaving(&self, home: Square) -> Bitboard {
        let blockers = !self.facts.clear - home;
        let diagonal = bishop_attacks(home, blockers);
        let straight = rook_attacks(home, blockers);
        let mut opened = Bitboard::EMPTY;
        for u in self.units.iter().filter(|u| u.color == self.winner) {
            if u.is_pawn() {
                let forward = if u.color.is_white() { 8 } else { -8 };
                if let (Some(behind), Some(ahead)) = (home.offset(-forward), home.offset(forward))
                    && u.visits.contains(behind)
                {
                    opened.add(ahead);
                }
                continue;
            }
            // A pawn still here has promoted: it may move like a queen.
            let (diagonally, straight_on) = match u.role {
                Role::Pawn | Role::Queen => (true, true),
                Role::Bishop => (true, false),
                Role::Rook => (false, true),
                Role::Knight | Role::King => (false, false),
            };
            if diagonally && u.visits.intersects(diagonal) {
                opened |= diagonal;
            }
            if straight_on && u.visits.intersects(straight) {
                opened |= straight;
            }
        }
        opened
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
        let loser = !self.winner;
        let guard = self.held_guard_without(i);
        let own = facts.held & self.homes(self.winner);
        let flights = king_attacks(king.home) - own - guard - *facts.kept.get(loser);
        flights.is_empty()
    }

    /// Squares the loser's held pieces other than unit `i` attack: they
    /// stand on their squares while the game goes on, whatever `i` does.
    fn held_guard_without(&self, i: usize) -> Bitboard {
        let blockers = !self.facts.clear;
        let loser = !self.winner;
        let mut guard = Bitboard::EMPTY;
        for (j, u) in self.units.iter().enumerate() {
            if j != i && u.color == loser && self.facts.held.contains(u.home) {
                guard |= crate::attacks::attacks(u.color, u.role, u.home, blockers);
            }
        }
        guard
    }

    /// Of the loser's unit `i`'s `targets` from `from`, those that uncover a
    /// check of a held slider of the loser's on the winner's immovable,
    /// boxed-in king, where no piece of the winner's can take the slider or
    /// step between (a pawn of the winner's behind `from` might push into
    /// the square left empty): the winner is mated and the game ends. The slider
    /// stands on its square while the game goes on; the squares between it
    /// and the king other than `from` are clear (nothing ever stands there),
    /// so leaving `from` for a square off the line opens the check.
    pub(super) fn uncovering_mate(&self, i: usize, from: Square, targets: Bitboard) -> Bitboard {
        let king = self.king(self.winner);
        if !king.stays() {
            return Bitboard::EMPTY;
        }
        let facts = &self.facts;
        let blockers = !facts.clear - from;
        let defenders = *facts.takes_all.get(self.winner);
        let interposers = self
            .units
            .iter()
            .filter(|u| u.color == self.winner && u.role != Role::King)
            .fold(Bitboard::EMPTY, |acc, u| acc | u.visits);
        let mut gaps = Bitboard::EMPTY;
        let mut uncovers = false;
        for (j, u) in self.loser_held_sliders() {
            if j == i {
                continue;
            }
            let gap = between(u.home, king.home);
            if !gap.contains(from)
                || defenders.contains(u.home)
                || gap.intersects(interposers)
                || !crate::attacks::attacks(u.color, u.role, u.home, blockers).contains(king.home)
            {
                continue;
            }
            uncovers = true;
            gaps |= gap;
        }
        if !uncovers || !self.king_boxed_without(i, king) || self.may_step_in(from) {
            return Bitboard::EMPTY;
        }
        // A move along the line keeps it shut.
        targets - gaps
    }

    /// The squares between the loser's held sliders and the winner's king:
    /// only a move from one of them can uncover mate
    /// ([`Reach::uncovering_mate`] asks nothing of any other `from`).
    pub(super) fn lines_to_uncover(&self) -> Bitboard {
        let king = self.king(self.winner).home;
        self.loser_held_sliders()
            .fold(Bitboard::EMPTY, |lines, (_, u)| {
                lines | between(u.home, king)
            })
    }

    /// The loser's bishops, rooks and queens that stand on their squares
    /// while the game goes on, with their indices.
    fn loser_held_sliders(&self) -> impl Iterator<Item = (usize, &Unit)> {
        let loser = !self.winner;
        self.units.iter().enumerate().filter(move |(_, u)| {
            u.color == loser
                && self.facts.held.contains(u.home)
                && matches!(u.role, Role::Bishop | Role::Rook | Role::Queen)
        })
    }

    /// `true` if a pawn of the winner's might push onto `from` once the
    /// piece standing there has left: the reaches, computed with that piece
    /// in place, do not show it.
    fn may_step_in(&self, from: Square) -> bool {
        let file = Bitboard::file(from.file());
        self.units.iter().any(|u| {
            u.color == self.winner
                && u.is_pawn()
                && (u.visits & file).into_iter().any(|sq| {
                    if u.color.is_white() {
                        sq < from
                    } else {
                        sq > from
                    }
                })
        })
    }

    /// Of the `targets` of unit `i`, the winner's only piece besides its
    /// king, those where it checks the loser's king from next to it and is
    /// taken at once. When that king never moves and each other square
    /// around it holds a piece of the loser's that never moves or is
    /// attacked by the checking piece or by the winner's king that never
    /// moves, the check can be neither blocked (the checker stands next to
    /// the king) nor fled: every answer takes the checker. One exists when
    /// the winner's king never guards the square (the loser's king may
    /// take), or when a held piece of the loser's attacks it (nothing can
    /// pin it: the winner has no other piece). A bare king never mates.
    pub(super) fn sacrificing_check(&self, i: usize, unit: &Unit, targets: Bitboard) -> Bitboard {
        if self.sole_winning_piece() != Some(i) || unit.role == Role::Pawn || unit.promoted {
            return Bitboard::EMPTY;
        }
        let loser = !self.winner;
        let loser_king = self.king(loser);
        if loser_king.reach != Bitboard::from(loser_king.home) {
            return Bitboard::EMPTY;
        }
        let winner_king = self.king(self.winner);
        let king_guard = winner_king
            .reach
            .into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc | king_attacks(sq));
        let held_loser = self.facts.held & self.homes(loser);
        let mut walls = held_loser;
        if winner_king.reach == Bitboard::from(winner_king.home) {
            walls |= king_attacks(winner_king.home);
        }
        let blockers = !self.facts.clear;
        let around = king_attacks(loser_king.home);
        let mut out = Bitboard::EMPTY;
        for to in targets & around {
            let checks = crate::attacks::attacks(unit.color, unit.role, to, Bitboard::EMPTY)
                .contains(loser_king.home);
            let covered = walls | self.attacks_from(unit, to, blockers);
            if !checks || !(around - to).is_subset(covered) {
                continue;
            }
            let recaptured = !king_guard.contains(to)
                || self.units.iter().any(|u| {
                    u.home != to
                        && u.role != Role::King
                        && held_loser.contains(u.home)
                        && crate::attacks::attacks(u.color, u.role, u.home, blockers).contains(to)
                });
            if recaptured {
                out.add(to);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::Reach;
    use crate::{Bitboard, Color, Position, Square};

    fn reach(fen: &str, winner: Color) -> Reach {
        Reach::of(&Position::from_fen(fen).unwrap(), winner).unwrap()
    }

    fn unit_on(reach: &Reach, sq: Square) -> &super::Unit {
        reach.units.iter().find(|u| u.home == sq).unwrap()
    }

    #[test]
    fn the_queen_against_the_walled_king_never_mates() {
        // positions.txt:2072, labelled: White cannot mate. The knight on b2
        // can only move by uncovering the bishop's check from a3 on the
        // boxed-in white king (mate), the queen on a2 only by mating on b1,
        // and every square around the black king the white queen could
        // take on is taken back at once.
        let reach = reach("8/5ppp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - - 0 1", Color::White);
        assert!(!reach.mate_conceivable());
        let knight = unit_on(&reach, Square::B2);
        assert_eq!(knight.reach, Bitboard::from(Square::B2));
        assert!(knight.visits.contains(Square::D1));
        let queen = unit_on(&reach, Square::H3);
        assert!(!queen.takes.contains(Square::C4) && !queen.takes.contains(Square::C2));
    }

    #[test]
    fn the_open_corner_leaves_the_queen_its_mate() {
        // positions.txt:2071, labelled: White can mate. Without the knight
        // on a1 the rook may step there, and the wall opens.
        let fen = "6Q1/8/4b3/8/ppp5/qkp3r1/rnp5/2K5 b - - 0 1";
        assert!(reach(fen, Color::White).mate_conceivable());
    }

    #[test]
    fn a_protected_neighbour_is_no_sacrifice_without_a_defender() {
        // The queen takes on c2 next to the black king, guarded by its own
        // king on c1, and no black piece attacks c2: the capture may mate.
        let reach = reach("8/8/8/8/ppp5/bkp4Q/qnp5/2K5 b - - 0 1", Color::White);
        let queen = unit_on(&reach, Square::H3);
        assert!(!queen.visits.is_empty());
        assert!(reach.mate_conceivable());
    }

    #[test]
    fn leaving_a_square_opens_the_line_of_a_slider_behind_it() {
        // The black knight on d4 stands between the white rook on d1 and
        // d5: once it leaves, the rook may reach d5 (to block a check
        // there, or take on it), which its reach with the knight in place
        // does not show.
        let rook_behind = reach("4k3/8/8/8/3n4/8/8/3RK3 w - - 0 1", Color::White);
        let opened = rook_behind.opened_by_leaving(Square::D4);
        assert!(opened.contains(Square::D5));
        // A knight jumps: nothing of the winner's passes through d4.
        let knight_only = reach("4k3/8/8/8/3n4/8/8/3NK3 w - - 0 1", Color::White);
        assert!(knight_only.opened_by_leaving(Square::D4).is_empty());
        // A pawn on its first rank passes d3 by its double step to d4.
        let pawn_behind = reach("4k3/8/8/8/8/3n4/3P4/4K3 w - - 0 1", Color::White);
        assert!(
            pawn_behind
                .opened_by_leaving(Square::D3)
                .contains(Square::D4)
        );
    }
}
