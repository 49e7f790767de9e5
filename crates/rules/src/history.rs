//! The positions a game has passed through, for the rules that count
//! repetitions (FIDE 9.2 and 9.6.1).

use crate::Position;

/// The positions of a game so far, by their repetition keys
/// ([`Position::repetition_key`]): the start, then the position after each
/// move.
///
/// The one record of repetitions: the referee asks it for claims and for
/// the automatic draws, and `arbiter check` for the draws a record shows.
/// Only the positions since the last capture or pawn move are compared: no
/// position before such a move can stand again after it.
///
/// ```
/// use arbiter_rules::{History, Position, uci::Uci};
/// let mut pos = Position::new();
/// let mut history = History::new(&pos);
/// for _ in 0..2 {
///     for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         pos.play(mv.parse::<Uci>()?.to_move(&pos)?)?;
///         history.push(&pos);
///     }
/// }
/// // The start position stands for the third time (FIDE 9.2.2).
/// assert_eq!(history.repetitions(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    keys: Vec<u64>,
    /// The index of the last position reached by a capture or a pawn move
    /// (or the first one): no earlier position can repeat.
    reversible_from: usize,
}

/// A point of a [`History`] to rewind to: how many positions it held and
/// where repetitions could start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    len: usize,
    reversible_from: usize,
}

impl History {
    /// A history that starts at `start`.
    pub fn new(start: &Position) -> History {
        let mut history = History::default();
        history.push(start);
        history
    }

    /// Records the position a move led to (or the start).
    pub fn push(&mut self, pos: &Position) {
        if pos.halfmoves() == 0 {
            self.reversible_from = self.keys.len();
        }
        self.keys.push(pos.repetition_key());
    }

    /// Forgets every position: a null move (a pass, in analysis) breaks
    /// every repetition.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.reversible_from = 0;
    }

    /// How many positions are recorded.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// `true` if none is.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Where the history stands now, to come back to with
    /// [`History::rewind`].
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            len: self.keys.len(),
            reversible_from: self.reversible_from,
        }
    }

    /// Forgets every position recorded since `checkpoint` (a move taken
    /// back, an event the referee refused), exactly as it stood then.
    pub fn rewind(&mut self, checkpoint: Checkpoint) {
        self.keys.truncate(checkpoint.len);
        self.reversible_from = checkpoint.reversible_from;
    }

    /// How many times `pos` has stood on the board (FIDE 9.2.3).
    pub fn occurrences(&self, pos: &Position) -> usize {
        let key = pos.repetition_key();
        self.keys[self.reversible_from.min(self.keys.len())..]
            .iter()
            .filter(|&&k| k == key)
            .count()
    }

    /// How many times the last position recorded has stood on the board
    /// (0 if none is).
    ///
    /// Only every second position back is compared: the side to move is
    /// part of the key, and the sides alternate from one recorded position
    /// to the next (a null move clears the history), so the others can
    /// never match. Asked after every move of every game `arbiter check`
    /// reads, this halves its work. The position two back is not compared
    /// either: one move by each side cannot put every piece back where it
    /// stood.
    pub fn repetitions(&self) -> usize {
        let Some(&last) = self.keys.last() else {
            return 0;
        };
        let mut count = 1;
        let mut i = self.keys.len() - 1;
        while i >= self.reversible_from + 4 {
            i -= 2;
            count += usize::from(self.keys[i - 2] == last);
        }
        count
    }

    /// Where the last position recorded stood before, and stands now: the
    /// indices of its occurrences (0 the start, `n` after the `n`-th move
    /// recorded), in order.
    pub fn positions_of_last(&self) -> impl Iterator<Item = usize> + '_ {
        let last = self.keys.last().copied();
        let from = self.reversible_from.min(self.keys.len());
        self.keys[from..]
            .iter()
            .enumerate()
            .filter(move |&(_, &k)| Some(k) == last)
            .map(move |(i, _)| from + i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::Uci;

    fn play(pos: &mut Position, history: &mut History, moves: &[&str]) {
        for mv in moves {
            let m = mv.parse::<Uci>().unwrap().to_move(pos).unwrap();
            pos.play(m).unwrap();
            history.push(pos);
        }
    }

    #[test]
    fn knights_out_and_back_repeat_the_start() {
        let mut pos = Position::new();
        let mut history = History::new(&pos);
        let round = ["g1f3", "g8f6", "f3g1", "f6g8"];
        play(&mut pos, &mut history, &round);
        assert_eq!(history.repetitions(), 2);
        play(&mut pos, &mut history, &round);
        assert_eq!(history.repetitions(), 3);
        assert_eq!(history.positions_of_last().collect::<Vec<_>>(), [0, 4, 8]);
        assert_eq!(history.occurrences(&Position::new()), 3);
    }

    #[test]
    fn a_rewind_restores_the_history_exactly() {
        let mut pos = Position::new();
        let mut history = History::new(&pos);
        let round = ["g1f3", "g8f6", "f3g1", "f6g8"];
        play(&mut pos, &mut history, &round);
        let before = history.clone();
        let checkpoint = history.checkpoint();
        // A pawn move, later taken back: the repetitions before it count again.
        play(&mut pos, &mut history, &["e2e4", "g8f6", "g1f3"]);
        assert_eq!(history.occurrences(&Position::new()), 0);
        history.rewind(checkpoint);
        assert_eq!(history, before);
        assert_eq!(history.occurrences(&Position::new()), 2);
    }

    #[test]
    fn repetitions_count_what_the_positions_show() {
        let mut pos = Position::new();
        let mut history = History::new(&pos);
        let moves = [
            "g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8", "g1f3", "g8f6", "f3g1",
            "f6g8", "e2e4", "e7e5", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3",
        ];
        for mv in moves {
            play(&mut pos, &mut history, &[mv]);
            assert_eq!(
                history.repetitions(),
                history.positions_of_last().count(),
                "after {mv}"
            );
            assert_eq!(
                history.repetitions(),
                history.occurrences(&pos),
                "after {mv}"
            );
        }
        assert_eq!(History::default().repetitions(), 0);
    }

    #[test]
    fn a_pawn_move_ends_every_repetition() {
        let mut pos = Position::new();
        let mut history = History::new(&pos);
        play(
            &mut pos,
            &mut history,
            &["g1f3", "g8f6", "f3g1", "f6g8", "e2e4"],
        );
        assert_eq!(history.repetitions(), 1);
        assert_eq!(history.occurrences(&Position::new()), 0);
        assert_eq!(history.len(), 6);
    }
}
