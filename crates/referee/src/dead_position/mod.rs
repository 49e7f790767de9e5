//! Whether a side can still mate: the one place the referee asks (flag
//! fall 6.9, resignation 5.1.2, illegal moves 7.5.5, dead position 5.2.2).
//!
//! The answer comes from the analysis of `arbiter_rules::dead_position`:
//! locked pawn walls and bishops that can never reach the mating square
//! count, not only material. The analysis is bounded by a budget, so the
//! referee stays deterministic and its time per question bounded; an
//! undecided analysis counts as able to mate, which never robs a player of a
//! win and never ends a game that could still be won.
//!
//! How much it spends depends on what is refereed. A game being played
//! asks after every move, with up to 20,000 nodes, carrying the mating
//! lines of the last question ([`DeadPositionWatch`]), and up to 2,000,000
//! nodes when a flag falls or a player resigns ([`can_mate`]). The
//! millions of recorded games `arbiter check` replays are given far less:
//! only endings are analysed, 5,000 nodes per question, and the questions
//! of a record are answered together at its end ([`RecordQuestions`]).

mod carried;
mod records;

pub use records::RecordQuestions;

use arbiter_rules::dead_position::{self, SearchBudget, Winnability};
use arbiter_rules::{ByColor, Color, Move, Position};

/// The nodes one question may cost: tens of milliseconds at worst, and
/// enough for every position of real games.
const BUDGET: SearchBudget = SearchBudget::nodes(2_000_000);

/// `true` unless `side` certainly cannot mate by any legal sequence of
/// moves. An undecided analysis counts as able to mate.
pub fn can_mate(pos: &Position, side: Color) -> bool {
    !dead_position::can_mate(pos, side, BUDGET).is_unwinnable()
}

/// The nodes the dead-position question after each move may cost: it is
/// asked after every move of every game a server runs, so it must stay
/// within a millisecond or two.
const BUDGET_PER_MOVE: SearchBudget = SearchBudget::nodes(20_000);

/// Up to this many legal moves, a position is analysed whatever the
/// material: forced sequences (every reply stalemates) make positions dead
/// that a queen or a rook cannot save.
const FEW_MOVES: u64 = 3;

/// `true` when neither side can mate (FIDE 5.2.2). Asked after every move,
/// so it asks cheaply: where the side to move has a choice of moves, a side
/// with a queen, a rook or a passed pawn keeps the game alive without
/// analysis (in positions from real play it always can mate), and the
/// analysis of the rest has a small budget. Dead positions beyond that
/// reach are left to the players' draw claims and the arbiter.
pub fn is_dead(pos: &Position) -> bool {
    DeadPositionWatch::default().is_dead(pos)
}

/// `true` where [`is_dead`] answers without analysis: the side to move has
/// a choice of moves and a side keeps a queen, a rook or a passed pawn.
fn kept_alive_by_force(pos: &Position) -> bool {
    pos.count_legal_moves() > FEW_MOVES
        && Color::ALL
            .into_iter()
            .any(|side| dead_position::keeps_winning_force(pos, side))
}

/// The dead-position question of [`is_dead`] asked after every move of one
/// game, remembering the mating lines that proved the last position alive.
///
/// After the next move a remembered line, adapted and replayed, usually
/// still proves a mate (see `carried`), and the search is skipped. The
/// answers are exactly those of [`is_dead`]: a line replayed to mate proves
/// what the search would have found or left undecided (both "alive"), and
/// where no line replays the search runs as before. It is a cache, not part
/// of a game: two watches are always equal.
#[derive(Clone, Debug, Default)]
pub struct DeadPositionWatch {
    /// The position of the last question that was analysed, with each
    /// side's mating line from it where one was found.
    last: Option<(Position, ByColor<Option<Vec<Move>>>)>,
    /// The positions since, that the screen answered without analysis:
    /// the lines are carried through them when analysis is needed again
    /// (a check leaving one to three moves, amid play with queens and
    /// rooks, is analysed, and the next check comes a few moves later).
    screened: Vec<Position>,
}

/// Screened positions the lines are carried through at most; beyond, the
/// next analysis searches afresh.
const LONGEST_TRAIL: usize = 8;

impl PartialEq for DeadPositionWatch {
    fn eq(&self, _: &DeadPositionWatch) -> bool {
        true
    }
}

impl Eq for DeadPositionWatch {}

impl DeadPositionWatch {
    /// `true` when neither side can mate in `pos` (FIDE 5.2.2), as
    /// [`is_dead`] answers, carrying the mating lines of the last question
    /// when they still prove a mate.
    pub fn is_dead(&mut self, pos: &Position) -> bool {
        if kept_alive_by_force(pos) {
            if self.last.is_some() && self.screened.len() < LONGEST_TRAIL {
                self.screened.push(pos.clone());
            } else {
                self.last = None;
                self.screened.clear();
            }
            return false;
        }
        let carried = self.carried(pos);
        self.screened.clear();
        if let Some(lines) = carried {
            self.last = Some((pos.clone(), lines));
            return false;
        }
        let mut lines: ByColor<Option<Vec<Move>>> = ByColor::default();
        let mut dead = true;
        for side in self.search_order(pos) {
            match dead_position::can_mate(pos, side, BUDGET_PER_MOVE) {
                Winnability::Winnable { mating_line } => {
                    *lines.get_mut(side) = Some(mating_line);
                    dead = false;
                    break;
                }
                Winnability::Unwinnable => {}
                Winnability::Undecided => dead = false,
            }
        }
        self.last = Some((pos.clone(), lines));
        dead
    }

    /// The side likelier to mate first: the search stops at the first mate
    /// found, and the other side's search may spend its whole budget in
    /// vain. A side keeping a queen, a rook or a passed pawn comes first,
    /// then a side that could mate at the last question; White first
    /// otherwise. The order changes no answer: the position is dead only
    /// when both searches prove that no mate exists.
    fn search_order(&self, pos: &Position) -> [Color; 2] {
        let could_mate = |side: Color| {
            self.last
                .as_ref()
                .is_some_and(|(_, lines)| lines.get(side).is_some())
        };
        let likelier = |side: Color| {
            (
                dead_position::keeps_winning_force(pos, side),
                could_mate(side),
            )
        };
        if likelier(Color::Black) > likelier(Color::White) {
            [Color::Black, Color::White]
        } else {
            [Color::White, Color::Black]
        }
    }

    /// The remembered lines adapted to `pos`, if at least one still proves
    /// a mate.
    fn carried(&self, pos: &Position) -> Option<ByColor<Option<Vec<Move>>>> {
        let (anchor, lines) = self.last.as_ref()?;
        let mut lines = lines.clone();
        let mut before = anchor;
        for now in self.screened.iter().chain([pos]) {
            let mut any = false;
            lines = ByColor::new_with(|side| {
                let line = lines.get(side).as_deref()?;
                let carried = carried::carry(before, line, now, side);
                any |= carried.is_some();
                carried
            });
            if !any {
                return None;
            }
            before = now;
        }
        Some(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next number of a xorshift generator (seeded, so tests repeat).
    fn next_random(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn the_watch_answers_as_the_search_along_random_endgames() {
        // Endings where the search runs after every move and lines are
        // carried: minor pieces and blocked pawns, no queen or rook; and one
        // with a rook, where only checks leaving few moves are analysed and
        // lines are carried through the positions screened in between.
        let starts = [
            "4k3/8/2n5/8/8/5B2/8/R3K3 w - - 0 1",
            "8/8/4k3/8/8/2N5/2B5/4K3 w - - 0 1",
            "8/2k5/p7/P7/8/3B4/6K1/8 w - - 0 1",
            "4k3/8/3n4/8/2B5/8/5N2/4K3 b - - 0 1",
        ];
        let mut rng = 0x9E37_79B9_7F4A_7C15_u64;
        let mut carried_answers = 0;
        for fen in starts {
            let mut pos = Position::from_fen(fen).unwrap();
            let mut watch = DeadPositionWatch::default();
            for _ in 0..40 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[(next_random(&mut rng) % legal.len() as u64) as usize]);
                let before = watch.last.clone();
                let answer = watch.is_dead(&pos);
                assert_eq!(answer, is_dead(&pos), "{pos}");
                if before.is_some() && !answer {
                    carried_answers += 1;
                }
                if answer {
                    break;
                }
            }
        }
        assert!(carried_answers > 0);
    }

    #[test]
    fn a_dead_position_is_found_after_a_line_was_remembered() {
        // Bishop and knight can mate until Black's king takes the knight: a
        // bishop alone cannot (FIDE 5.2.2), whatever line was remembered.
        let mut pos = Position::from_fen("7K/8/8/8/8/4k3/2B1N3/8 b - - 0 1").unwrap();
        let mut watch = DeadPositionWatch::default();
        assert!(!watch.is_dead(&pos));
        assert!(
            watch
                .last
                .as_ref()
                .is_some_and(|(_, lines)| lines.white.is_some())
        );
        let takes_knight = pos
            .legal_moves()
            .into_iter()
            .find(|&m| pos.captured_role(m) == Some(arbiter_rules::Role::Knight))
            .unwrap();
        pos.play_unchecked(takes_knight);
        assert!(watch.is_dead(&pos));
    }

    #[test]
    fn watches_are_equal_whatever_they_remember() {
        let mut remembering = DeadPositionWatch::default();
        remembering.is_dead(&Position::from_fen("8/8/4k3/8/8/2N5/2B5/4K3 b - - 0 1").unwrap());
        assert!(remembering.last.is_some());
        assert_eq!(remembering, DeadPositionWatch::default());
    }
}
