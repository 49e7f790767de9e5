//! Whether a move gives check, without playing it: the search asks it of
//! every move at the end of a line, where only a check can be a mate.

use crate::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::{Move, Position, Role};

/// `true` if `m`, legal in `pos`, checks the opponent's king.
///
/// Castling and en passant (which move or remove a second piece) are played
/// out; for every other move the mover's pieces after it are looked at from
/// the king: the piece arriving on its square (promoted or not), and the
/// sliders the square it leaves may uncover.
pub(super) fn gives_check(pos: &Position, m: Move) -> bool {
    if m.is_castle() || m.is_en_passant() {
        return pos.after(m).is_check();
    }
    let board = pos.board();
    let us = pos.turn();
    let king = pos.king_square(!us);
    let Some(moving) = board.role_at(m.from()) else {
        return false;
    };
    let arriving = m.promotion_role().unwrap_or(moving);
    let occupied = board.occupied().without(m.from()).with(m.to());
    let ours = board.by_color(us).without(m.from());
    let of_role = |role: Role| {
        let standing = board.by_role(role) & ours;
        if role == arriving {
            standing.with(m.to())
        } else {
            standing
        }
    };
    let straight = of_role(Role::Rook) | of_role(Role::Queen);
    let diagonal = of_role(Role::Bishop) | of_role(Role::Queen);
    (rook_attacks(king, occupied) & straight).any()
        || (bishop_attacks(king, occupied) & diagonal).any()
        || (knight_attacks(king) & of_role(Role::Knight)).any()
        || (pawn_attacks(!us, king) & of_role(Role::Pawn)).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal move of `fen`, checked against playing it.
    fn agrees_with_playing(fen: &str) {
        let pos = Position::from_fen(fen).unwrap();
        for m in pos.legal_moves() {
            assert_eq!(
                gives_check(&pos, m),
                pos.after(m).is_check(),
                "{fen}: {m:?}"
            );
        }
    }

    #[test]
    fn direct_discovered_and_promotion_checks() {
        for fen in [
            // Discovered checks by a rook and a bishop behind a knight and
            // a pawn, a promotion that checks, a knight's check.
            "4k3/8/8/4N3/8/8/2B5/4R1K1 w - - 0 1",
            "3k4/1P6/8/8/8/6B1/5P2/6K1 w - - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
            "7k/5P2/6K1/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/4p3/3RK2R b K - 0 1",
        ] {
            agrees_with_playing(fen);
        }
    }
}
