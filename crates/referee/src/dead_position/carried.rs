//! Mating lines carried from one move to the next, so that the dead-position
//! question after every move rarely has to search again.
//!
//! A mating line is a proof that a side can mate: replayed move by move,
//! every move legal, it ends in that side's checkmate. After the next move
//! of the game the line usually still proves it, once adapted: if the move
//! played was the line's first, the rest of the line is the proof; if it
//! was a reversible move (a piece, not a pawn, moving without capturing),
//! the opponent can spend a move, the piece can go back, the opponent's
//! piece can go back too, and the old line is played from the very position
//! it was found in. An adapted line is only believed once replayed from the
//! new position and found to end in mate, so a carried answer is exactly as
//! sound as a searched one; where no adaptation replays, the caller searches.

use arbiter_rules::{Bitboard, Color, Move, MoveKind, Position, Role};

/// Lines longer than this are searched for afresh (a fresh line is short);
/// each reversible move adds three plies to a carried one.
const LONGEST_CARRIED: usize = 160;

/// The opponent's moves tried as the spare move of the way back.
const SPARE_MOVES_TRIED: usize = 8;

/// `true` if playing `line` from `pos`, every move legal, ends in `side`'s
/// checkmate.
pub(super) fn mates(pos: &Position, line: &[Move], side: Color) -> bool {
    let mut pos = pos.clone();
    for &m in line {
        let legal = pos
            .legal_moves_between(Bitboard::from(m.from()), Bitboard::from(m.to()))
            .contains(&m);
        if !legal {
            return false;
        }
        pos.play_unchecked(m);
    }
    pos.turn() != side && pos.is_checkmate()
}

/// Whether two positions are the same for every sequence of moves from them:
/// pieces, side to move, castling rights and en passant square (the move
/// counters do not change which moves are legal).
fn same_position(a: &Position, b: &Position) -> bool {
    a.zobrist_hash() == b.zobrist_hash()
        && a.turn() == b.turn()
        && a.board() == b.board()
        && a.castling_rights() == b.castling_rights()
        && a.ep_square() == b.ep_square()
}

/// The move that led from `before` to `after`, if one did.
fn move_between(before: &Position, after: &Position) -> Option<Move> {
    before
        .legal_moves()
        .into_iter()
        .find(|&m| same_position(&before.after(m), after))
}

/// The move taking a reversible move back, if `m` is one in `pos` (before
/// it is played): a piece other than a pawn moving without capturing.
fn reverse(pos: &Position, m: Move) -> Option<Move> {
    let reversible = m.kind() == MoveKind::Normal
        && pos.moving_role(m).is_some_and(|role| role != Role::Pawn)
        && !pos.is_capture(m);
    reversible.then(|| Move::normal(m.to(), m.from()))
}

/// A mating line for `side` from `now`, adapted from `line` (a mating line
/// from `before`), or `None` where no adaptation replays to mate.
pub(super) fn carry(
    before: &Position,
    line: &[Move],
    now: &Position,
    side: Color,
) -> Option<Vec<Move>> {
    if same_position(before, now) {
        return Some(line.to_vec());
    }
    let played = move_between(before, now)?;
    if line.first() == Some(&played) && mates(now, &line[1..], side) {
        return Some(line[1..].to_vec());
    }
    let back = reverse(before, played)?;
    if line.len() + 3 > LONGEST_CARRIED {
        return None;
    }
    now.legal_moves()
        .into_iter()
        .filter_map(|spare| Some((spare, reverse(now, spare)?)))
        .take(SPARE_MOVES_TRIED)
        .map(|(spare, spare_back)| {
            [spare, back, spare_back]
                .into_iter()
                .chain(line.iter().copied())
                .collect::<Vec<_>>()
        })
        .find(|candidate| mates(now, candidate, side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::dead_position::{SearchBudget, Winnability, can_mate};
    use arbiter_rules::uci::Uci;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn line_for(p: &Position, side: Color) -> Vec<Move> {
        match can_mate(p, side, SearchBudget::default()) {
            Winnability::Winnable { mating_line } => mating_line,
            other => panic!("expected a mate, got {other:?}"),
        }
    }

    /// The moves of `ucis`, played from `start`.
    fn uci_line(start: &Position, ucis: &[&str]) -> Vec<Move> {
        let mut p = start.clone();
        ucis.iter()
            .map(|uci| {
                let m = uci.parse::<Uci>().unwrap().to_move(&p).unwrap();
                p.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn only_a_legal_line_ending_in_the_sides_mate_proves_it() {
        let start = Position::new();
        let fools_mate = uci_line(&start, &["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert!(mates(&start, &fools_mate, Color::Black));
        assert!(!mates(&start, &fools_mate, Color::White));
        // Short of the mate, or with a move out of turn, it proves nothing.
        assert!(!mates(&start, &fools_mate[..3], Color::Black));
        assert!(!mates(&start, &fools_mate[1..], Color::Black));
    }

    #[test]
    fn the_rest_of_the_line_proves_the_mate_after_its_first_move() {
        let before = pos("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
        let line = line_for(&before, Color::White);
        let now = before.after(line[0]);
        let carried = carry(&before, &line, &now, Color::White).unwrap();
        assert_eq!(carried, line[1..]);
    }

    #[test]
    fn a_reversible_move_off_the_line_is_taken_back() {
        let before = pos("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
        let line = line_for(&before, Color::White);
        let off_line = before
            .legal_moves()
            .into_iter()
            .find(|&m| Some(&m) != line.first() && before.moving_role(m) == Some(Role::King))
            .unwrap();
        let now = before.after(off_line);
        let carried = carry(&before, &line, &now, Color::White).unwrap();
        assert_eq!(carried.len(), line.len() + 3);
        assert!(mates(&now, &carried, Color::White));
    }

    #[test]
    fn a_capture_is_not_taken_back() {
        // The queen takes a knight, off the line: the old line, found with
        // the knight on the board, is not carried (the caller searches).
        let before = pos("8/8/8/4k3/n7/8/8/n2QK3 w - - 0 1");
        let line = line_for(&before, Color::White);
        let capture = before
            .legal_moves()
            .into_iter()
            .find(|&m| before.is_capture(m) && Some(&m) != line.first())
            .unwrap();
        let now = before.after(capture);
        assert_eq!(carry(&before, &line, &now, Color::White), None);
    }

    #[test]
    fn an_unrelated_position_carries_nothing() {
        let before = pos("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
        let line = line_for(&before, Color::White);
        let elsewhere = pos("8/8/8/3k4/8/8/8/3QK3 b - - 0 1");
        assert_eq!(carry(&before, &line, &elsewhere, Color::White), None);
    }
}
