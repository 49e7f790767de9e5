//! Whether a side can still mate: the one place the referee asks (flag
//! fall 6.9, resignation 5.1.2, illegal moves 7.5.5, dead position 5.2.2).
//!
//! The answer comes from the full analysis of `arbiter_rules::unwinnable`:
//! locked pawn walls and bishops that can never reach the mating square
//! count, not only material. The analysis is bounded by a node budget, so
//! the referee stays deterministic and its time per question bounded; an
//! undecided analysis counts as able to mate, which never robs a player of a
//! win and never ends a game that could still be won.

mod carried;

use arbiter_rules::unwinnable::{self, SearchBudget, Winnability};
use arbiter_rules::{ByColor, Color, Move, Position};

/// The nodes one question may cost: tens of milliseconds at worst, and
/// enough for every position of real games.
const BUDGET: SearchBudget = SearchBudget::nodes(2_000_000);

/// `true` unless `side` certainly cannot mate by any legal sequence of
/// moves. An undecided analysis counts as able to mate.
pub fn can_mate(pos: &Position, side: Color) -> bool {
    !unwinnable::can_mate(pos, side, BUDGET).is_unwinnable()
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
            .any(|side| unwinnable::keeps_winning_force(pos, side))
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
}

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
            self.last = None;
            return false;
        }
        if let Some(lines) = self.carried(pos) {
            self.last = Some((pos.clone(), lines));
            return false;
        }
        let mut lines: ByColor<Option<Vec<Move>>> = ByColor::default();
        let mut dead = true;
        for side in Color::ALL {
            match unwinnable::can_mate(pos, side, BUDGET_PER_MOVE) {
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

    /// The remembered lines adapted to `pos`, if at least one still proves
    /// a mate.
    fn carried(&self, pos: &Position) -> Option<ByColor<Option<Vec<Move>>>> {
        let (before, lines) = self.last.as_ref()?;
        let mut any = false;
        let carried = ByColor::new_with(|side| {
            let line = lines.get(side).as_deref()?;
            let carried = carried::carry(before, line, pos, side);
            any |= carried.is_some();
            carried
        });
        any.then_some(carried)
    }
}
