//! A heuristic, not a proof: the pieces that almost always keep a mate
//! possible. Callers that ask about positions after every move use it to
//! skip the analysis where it could not prove anything within their means.

use crate::{Bitboard, Color, Position};

/// `true` if `side` has a queen, a rook, or a passed pawn (no enemy pawn in
/// front of it on its own or a neighbouring file), which in positions from
/// real games always leaves a mate possible.
///
/// This is not a proof: a composed position can wall in even a rook. Use it
/// to decide where the analysis is worth its cost, never as the answer.
///
/// ```
/// use arbiter_rules::{Color, Position};
/// use arbiter_rules::dead_position::keeps_winning_force;
///
/// // White's a-pawn is passed; Black has only a blocked pawn.
/// let pos = Position::from_fen("4k3/8/8/4p3/4P3/8/P7/4K3 w - - 0 1")?;
/// assert!(keeps_winning_force(&pos, Color::White));
/// assert!(!keeps_winning_force(&pos, Color::Black));
/// # Ok::<(), arbiter_rules::ParseFenError>(())
/// ```
pub fn keeps_winning_force(pos: &Position, side: Color) -> bool {
    let board = pos.board();
    let pawns = |c: Color| board.pawns() & board.by_color(c);
    let passed = match side {
        Color::White => has_passed_pawn(pawns(Color::White), pawns(Color::Black)),
        Color::Black => has_passed_pawn(
            pawns(Color::Black).flip_vertical(),
            pawns(Color::White).flip_vertical(),
        ),
    };
    (board.rooks_and_queens() & board.by_color(side)).any() || passed
}

/// Whether one of `ours` (pawns going up the board) has no pawn of
/// `theirs` in front of it on its own or a neighbouring file.
fn has_passed_pawn(ours: Bitboard, theirs: Bitboard) -> bool {
    // Every square below some pawn of theirs, on its file.
    let mut below = theirs.0;
    for _ in 0..7 {
        below |= below >> 8;
    }
    let not_a_file = !Bitboard::file(crate::File::A).0;
    let not_h_file = !Bitboard::file(crate::File::H).0;
    let guarded = below | ((below << 1) & not_a_file) | ((below >> 1) & not_h_file);
    ours.0 & !guarded != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn force(fen: &str) -> [bool; 2] {
        let pos = Position::from_fen(fen).unwrap();
        Color::ALL.map(|c| keeps_winning_force(&pos, c))
    }

    #[test]
    fn locked_and_guarded_pawns_are_not_passed() {
        assert_eq!(force("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1"), [false, false]);
        // The d-pawn guards e-file squares in front of White's e-pawn.
        assert_eq!(force("4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1"), [false, false]);
        assert_eq!(force("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"), [true, false]);
        assert_eq!(force("4k3/8/8/8/8/8/p7/4K3 w - - 0 1"), [false, true]);
        // An h-pawn is not guarded from the a-file across the board's edge.
        assert_eq!(force("4k3/p7/8/8/8/8/7P/4K3 w - - 0 1"), [true, true]);
    }

    #[test]
    fn queens_and_rooks_keep_force() {
        assert_eq!(force("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), [true, false]);
        assert_eq!(force("4k3/8/8/8/8/8/8/q3K3 w - - 0 1"), [false, true]);
        assert_eq!(force("4k3/8/8/8/8/8/8/B2NK3 w - - 0 1"), [false, false]);
    }
}
