//! How many moves a king or a knight needs between two squares on an empty
//! board: the yardsticks of the search's steering.

use crate::attacks::{KNIGHT_DELTAS, bishop_attacks};
use crate::{Bitboard, Board, Color, Square};

/// King steps from `a` to `b`.
#[inline]
pub(super) fn king_distance(a: Square, b: Square) -> u32 {
    a.distance(b)
}

/// Knight moves from `a` to `b` on an empty board.
#[inline]
pub(super) fn knight_distance(a: Square, b: Square) -> u8 {
    KNIGHT_DISTANCE[a.index()][b.index()]
}

/// Bishop moves from each square to the nearest square of `goal`, never
/// stopping on nor passing through `walls`; `u8::MAX` where no path leads.
pub(super) fn bishop_distances(goal: Bitboard, walls: Bitboard) -> [u8; 64] {
    let mut distance = [u8::MAX; 64];
    let mut seen = goal - walls;
    let mut frontier = seen;
    let mut d = 0;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            distance[sq.index()] = d;
            next |= bishop_attacks(sq, walls);
        }
        frontier = next - walls - seen;
        seen |= frontier;
        d += 1;
    }
    distance
}

/// Pawns standing head to head with an enemy pawn: walls that will likely
/// stay (the steering only needs a good guess).
pub(super) fn locked_pawns(board: &Board) -> Bitboard {
    let white = board.pawns() & board.by_color(Color::White);
    let black = board.pawns() & board.by_color(Color::Black);
    let white_locked = white & black.shift_down();
    white_locked | white_locked.shift_up()
}

/// Pawns that cannot step forward for an enemy pawn or the enemy king
/// standing right in front: the mark of composed blocked positions, whose
/// long helpmates and walls take millions of nodes.
pub(super) fn blocked_pawns(board: &Board) -> Bitboard {
    let (white, black) = (board.by_color(Color::White), board.by_color(Color::Black));
    let blockers = board.pawns() | board.kings();
    let white_pawns = board.pawns() & white;
    let black_pawns = board.pawns() & black;
    (white_pawns & (blockers & black).shift_down()) | (black_pawns & (blockers & white).shift_up())
}

static KNIGHT_DISTANCE: [[u8; 64]; 64] = knight_distances();

/// A breadth-first walk from every square, at compile time.
const fn knight_distances() -> [[u8; 64]; 64] {
    let mut table = [[u8::MAX; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut queue = [0usize; 64];
        let (mut head, mut tail) = (0, 1);
        queue[0] = from;
        table[from][from] = 0;
        while head < tail {
            let sq = queue[head];
            head += 1;
            let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
            let mut j = 0;
            while j < 8 {
                let (f, r) = (file + KNIGHT_DELTAS[j].0, rank + KNIGHT_DELTAS[j].1);
                if 0 <= f && f < 8 && 0 <= r && r < 8 {
                    let to = (r * 8 + f) as usize;
                    if table[from][to] == u8::MAX {
                        table[from][to] = table[from][sq] + 1;
                        queue[tail] = to;
                        tail += 1;
                    }
                }
                j += 1;
            }
        }
        from += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bishops_go_round_locked_pawns() {
        let goal = Bitboard::from(Square::H8);
        let open = bishop_distances(goal, Bitboard::EMPTY);
        assert_eq!(open[Square::A1.index()], 1);
        assert_eq!(open[Square::C1.index()], 2);
        assert_eq!(open[Square::A2.index()], u8::MAX);
        let wall = Bitboard::from(Square::D4);
        let walled = bishop_distances(goal, wall);
        assert_eq!(walled[Square::A1.index()], 5);
        assert_eq!(walled[Square::D4.index()], u8::MAX);
    }

    #[test]
    fn pawns_are_blocked_by_an_enemy_pawn_or_king() {
        let pos: crate::Position = "1k6/1P6/8/3p4/3P4/8/6p1/6K1 w - - 0 1".parse().unwrap();
        let blocked = blocked_pawns(pos.board());
        let expected = Bitboard::from(Square::B7)
            .with(Square::D4)
            .with(Square::D5)
            .with(Square::G2);
        assert_eq!(blocked, expected);
        let open: crate::Position = "1k6/8/1P6/8/3P4/3P4/8/6K1 w - - 0 1".parse().unwrap();
        assert!(blocked_pawns(open.board()).is_empty());
    }

    #[test]
    fn knight_needs_four_moves_into_the_corner_from_its_diagonal_neighbour() {
        assert_eq!(knight_distance(Square::A1, Square::B2), 4);
        assert_eq!(knight_distance(Square::A1, Square::C2), 1);
        assert_eq!(knight_distance(Square::A1, Square::H8), 6);
        assert_eq!(knight_distance(Square::E4, Square::E4), 0);
    }
}
