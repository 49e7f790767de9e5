//! Splitting on the fate of a piece that might be taken on its square.
//!
//! A piece walled in among its own pieces often cannot move until it is
//! taken: a rook in the corner behind its king and bishop, a pawn an enemy
//! bishop may capture. The saturation cannot tell "taken" from "moved": once
//! the piece is capturable it no longer blocks anything, and its neighbours,
//! then the piece itself, spread over the board although none of them can
//! ever make the first move while it stands there.
//!
//! Every continuation of the game falls into one of two cases for such a
//! piece `P`:
//!
//! * **kept** ([`Fate::KeptAtHome`]): `P` is never taken on its square
//!   before its first move. While `P` has not moved, no enemy lands on its
//!   square (that would take it), so an analysis in which enemies never
//!   land there as long as `P` is not seen to move, and `P` counts as never
//!   taken while it is not seen to move, covers every such continuation;
//! * **doomed** ([`Fate::NeverMoves`]): `P` is taken on its square before
//!   its first move, so it never moves at all. An analysis in which `P`
//!   makes no move covers every such continuation.
//!
//! In the kept case, `P` counts as never taken at home as long as it makes
//! no move after which the game goes on: a move of `P`'s that ends the
//! game (a knight's only move giving mate) leaves nothing to follow, so in
//! every continuation of the case that ends in the winner's mate `P` stays
//! on its square, never taken, to the end.
//!
//! The pieces split on are the first found that never move but might be
//! taken, then the first found that might be taken on their own square
//! although they seem to move (their only moves may turn out to end the
//! game once the kept case keeps the enemy off their square); the latter
//! only at the first level.
//!
//! Each analysis is an ordinary saturation with its case's restriction, so
//! the induction of [the module above](super) carries over: along any
//! continuation of its case, every piece stays within its reach. When
//! neither case admits a mate, no continuation ends in one. Cases nest: an
//! analysis under one assumption may split again on another piece.

use super::{Reach, Unit};

/// What an analysis assumes of one piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Fate {
    /// Nothing: the piece moves and is taken as the analysis finds.
    Free,
    /// The piece is never taken on its square before it first moves.
    KeptAtHome,
    /// The piece never moves (it is taken where it stands, or never).
    NeverMoves,
}

/// How many nested assumptions an analysis may make.
const DEPTH: u32 = 2;
/// How many pieces each analysis splits on, at most.
const CANDIDATES: usize = 4;

impl Reach {
    /// `false` when the winner can provably never checkmate: the analysis as
    /// it stands rules the mate out, or both cases of some piece do
    /// (see the module documentation).
    pub(in crate::dead_position) fn mate_conceivable(&self) -> bool {
        self.conceivable_within(DEPTH)
    }

    fn conceivable_within(&self, depth: u32) -> bool {
        if !self.mate_conceivable_as_is() {
            return false;
        }
        if depth == 0 {
            return true;
        }
        let free = |i: &usize| self.units[*i].fate == Fate::Free;
        let exposed = (0..self.units.len()).filter(|&i| self.exposed & (1 << i) != 0);
        // Pieces that move are split on at the first level only: in open
        // positions nearly every piece may be taken at home, and splitting
        // on them at every level would multiply the saturations.
        let moving = if depth == DEPTH {
            self.taken_at_home & !self.exposed
        } else {
            0
        };
        let taken_at_home = (0..self.units.len()).filter(|&i| moving & (1 << i) != 0);
        let candidates = exposed.chain(taken_at_home).filter(free).take(CANDIDATES);
        for i in candidates {
            if self
                .assuming(i, Fate::KeptAtHome)
                .conceivable_within(depth - 1)
            {
                continue;
            }
            if !self
                .assuming(i, Fate::NeverMoves)
                .conceivable_within(depth - 1)
            {
                return false;
            }
        }
        true
    }

    /// The analysis of the same position, assuming `fate` of unit `i` on top
    /// of this analysis's assumptions.
    pub(super) fn assuming(&self, i: usize, fate: Fate) -> Reach {
        let units = self
            .units
            .iter()
            .enumerate()
            .map(|(j, u)| Unit::at_home(u, if j == i { fate } else { u.fate }))
            .collect();
        Reach::saturated(self.winner, units)
    }
}

impl Unit {
    /// The piece `u` as it stands before any analysis, with `fate`.
    fn at_home(u: &Unit, fate: Fate) -> Unit {
        let home = crate::Bitboard::from(u.home);
        Unit {
            reach: home,
            visits: home,
            takes: crate::Bitboard::EMPTY,
            takes_all: crate::Bitboard::EMPTY,
            promoted: false,
            fate,
            ..*u
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position};

    fn reach(fen: &str, winner: Color) -> Reach {
        let pos = Position::from_fen(fen).unwrap();
        Reach::of(&pos, winner).unwrap()
    }

    #[test]
    fn splits_on_the_rook_behind_its_king() {
        // chasolver positions.txt:2489, labelled unwinnable for both sides:
        // the rook on a1 can only be taken, never move, and the analysis
        // without the split lets it spread through its own king and bishop.
        let fen = "B2b4/8/4k3/8/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1";
        for side in Color::ALL {
            let reach = reach(fen, side);
            assert!(!reach.mate_conceivable(), "{side:?}");
        }
        assert!(reach(fen, Color::White).mate_conceivable_as_is());
    }

    #[test]
    fn never_proves_the_open_corner() {
        // positions.txt:2046, White can mate: a black rook stands by and a
        // white bishop on c4 gets out.
        let fen = "1bB4b/k7/R5r1/8/1pBp1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1";
        assert!(reach(fen, Color::White).mate_conceivable());
    }

    #[test]
    fn proves_the_rook_walled_in_by_its_king_and_bishop() {
        // positions.txt:2170 (both sides unwinnable) and its twin 2169; the
        // rook on g1 is walled in by its king and bishop.
        for fen in [
            "8/2b5/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b2BRK b - - 0 1",
            "8/8/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b2BRK b - - 0 1",
        ] {
            let reach = reach(fen, Color::White);
            assert!(!reach.mate_conceivable(), "{fen}");
            assert_eq!(
                reach.units.iter().filter(|u| u.fate != Fate::Free).count(),
                0
            );
        }
    }

    #[test]
    fn splits_on_the_knight_whose_only_move_mates() {
        // positions.txt:2177, labelled: White can mate (Nh3#), Black cannot.
        // The knight on g1 is taken by the black king or makes its one move,
        // which mates: kept at home it never moves and the black king never
        // leaves f2; taken there, the king only reaches h1 and h2.
        let fen = "8/5BbB/7b/8/3p1p2/2pPpPp1/2PpBkP1/3K1BN1 w - - 0 1";
        let reach = reach(fen, Color::Black);
        let knight = reach
            .units
            .iter()
            .position(|u| u.role == crate::Role::Knight)
            .unwrap();
        assert_eq!(reach.exposed & (1 << knight), 0);
        assert_ne!(reach.taken_at_home & (1 << knight), 0);
        assert!(reach.mate_conceivable_as_is());
        assert!(!reach.mate_conceivable());
        for fate in [Fate::KeptAtHome, Fate::NeverMoves] {
            assert!(
                !reach.assuming(knight, fate).mate_conceivable_as_is(),
                "{fate:?}"
            );
        }
    }
}
