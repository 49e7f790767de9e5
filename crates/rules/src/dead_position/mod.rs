//! Who can still checkmate, and dead positions (FIDE 5.2.2, 6.9, 5.1.2 and
//! 7.5.5).
//!
//! The Laws end a game as drawn when "neither player can checkmate the
//! opponent's king by any series of legal moves" (a *dead position*, FIDE
//! 5.2.2), and turn a loss on time, a resignation or a second illegal move
//! into a draw when the opponent "cannot checkmate the player's king by any
//! possible series of legal moves" (FIDE 6.9, 5.1.2, 7.5.5). "Any series"
//! includes the worst moves of the side being mated: the question is whether
//! a *helpmate* exists.
//!
//! [`can_mate`] answers it for one side, exactly: [`Winnability::Winnable`]
//! with a mating line that proves it, [`Winnability::Unwinnable`] when no
//! such line exists, or [`Winnability::Undecided`] when the
//! [`SearchBudget`] ran out first (a referee treats that as winnable, so no
//! player is ever robbed of a win). [`is_dead_position`] asks it for both
//! sides, and [`quick_can_mate`] is the screen that settles the common cases
//! at once and never errs.
//!
//! ```
//! use arbiter_rules::{Color, Position};
//! use arbiter_rules::dead_position::{can_mate, is_dead_position, SearchBudget, Winnability};
//!
//! // A locked pawn chain with bishops that can never get through: although
//! // both sides have a bishop and pawns, neither can ever mate.
//! let pos = Position::from_fen("8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1")?;
//! assert_eq!(can_mate(&pos, Color::White, SearchBudget::default()), Winnability::Unwinnable);
//! assert_eq!(is_dead_position(&pos, SearchBudget::default()), Some(true));
//!
//! // With a queen against a bare king, White can mate; the line proves it.
//! let pos = Position::from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1")?;
//! let Winnability::Winnable { mating_line } = can_mate(&pos, Color::White, SearchBudget::default()) else {
//!     panic!("a queen mates");
//! };
//! let mut end = pos.clone();
//! for m in mating_line {
//!     end.play(m)?;
//! }
//! assert!(end.is_checkmate() && end.turn() == Color::Black);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! How it decides: material first, then a run of only moves, a short
//! helpmate search steered towards a mating corner (which finds the mate in
//! most positions), a static analysis of where every piece could ever go
//! (which proves the locked pawn walls and wrong-coloured bishops), an
//! exhaustive exploration of small position spaces, three short searches
//! in the manner of the reference solver, chasolver (its order of moves and
//! costs: the helpmates of a lone pawn or knight, and the long ones of
//! bishops behind pawn walls), a deeper helpmate search (bishops steered
//! round the pawn walls) whose complete iterations are themselves proofs,
//! the static analysis applied after every move and along chains of
//! checks, then an exhaustive exploration of every position that can arise
//! (the blocked positions the static analysis cannot prove often have only
//! a few thousand) sharing what is left of the budget with a last, wider
//! search. Every proof of unwinnability is sound: see the modules for the
//! argument.
//!
//! Positions no game can reach (impossible checks, more than eight pawns of
//! a colour, more promoted pieces than missing pawns) are analysed as they
//! stand: no proof reasons from how many pieces a game may have, captures
//! or promotions counted from the material, or how the position arose; each
//! follows the pieces on the board through legal moves only. What the
//! analysis does rely on is the limit every [`crate::Validation`] keeps, at
//! most sixteen men a side: its tables hold 32 pieces, and the loser's 15
//! besides its king.

mod analysis;
mod budget;
mod checks;
mod closure;
mod distance;
mod key;
mod lookahead;
mod only_moves;
mod reach;
mod search;
mod winning_force;

pub use winning_force::keeps_winning_force;

use crate::{Color, Move, Position};

/// Whether a side can still checkmate (in the sense of a helpmate: with any
/// moves of the opponent's).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Winnability {
    /// The side can mate; `mating_line` is a sequence of legal moves from
    /// the position, ending in that side's checkmate (empty if the position
    /// already is one).
    Winnable {
        /// The moves of both sides, from the position to the mate.
        mating_line: Vec<Move>,
    },
    /// No sequence of legal moves ends in that side's checkmate.
    Unwinnable,
    /// The search budget ran out before an answer. Treat as winnable.
    Undecided,
}

impl Winnability {
    /// `true` only when the side provably cannot mate.
    ///
    /// ```
    /// use arbiter_rules::dead_position::Winnability;
    /// assert!(Winnability::Unwinnable.is_unwinnable());
    /// assert!(!Winnability::Undecided.is_unwinnable());
    /// ```
    pub fn is_unwinnable(&self) -> bool {
        matches!(self, Winnability::Unwinnable)
    }

    /// The answer as an `Option`: `Some(true)` winnable, `Some(false)`
    /// unwinnable, `None` undecided.
    pub fn decided(&self) -> Option<bool> {
        match self {
            Winnability::Winnable { .. } => Some(true),
            Winnability::Unwinnable => Some(false),
            Winnability::Undecided => None,
        }
    }
}

/// How much work an analysis may do, in nodes (moves played while
/// searching). A budget bounds the time per position: about a microsecond
/// per node on a current machine.
///
/// ```
/// use arbiter_rules::dead_position::SearchBudget;
/// assert_eq!(SearchBudget::nodes(1000).get(), 1000);
/// assert_eq!(SearchBudget::default(), SearchBudget::DEFAULT);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchBudget {
    nodes: u64,
}

impl SearchBudget {
    /// Twenty million nodes: every tested position of real games is decided
    /// in far less, and nine in ten of the hard composed ones; the rest
    /// take a few seconds before the answer is undecided.
    pub const DEFAULT: SearchBudget = SearchBudget { nodes: 20_000_000 };

    /// A budget of `nodes` moves played.
    pub const fn nodes(nodes: u64) -> SearchBudget {
        SearchBudget { nodes }
    }

    /// The number of nodes.
    pub const fn get(self) -> u64 {
        self.nodes
    }

    /// A budget fitted to `pos`: eight million nodes where a pawn is
    /// blocked by an enemy pawn or king (the walls of composed positions
    /// take millions of nodes to explore or to find their long helpmates,
    /// and the hardest still give up after about two seconds), sixteen
    /// million for such walls of at most ten men, and eight million in
    /// pawnless endings of at most five men (a lone knight's helpmate
    /// against two bishops runs to dozens of moves); two million elsewhere
    /// (enough for every open position of real games but a few long
    /// helpmates, which more nodes rarely find). A budget is a ceiling, not
    /// a cost: positions of real games are decided in a small part of it.
    ///
    /// Why few men behind a wall get more: with a bishop or two besides
    /// the kings and the locked pawns, no other piece can open the wall, so
    /// the mate waits for a king to walk round it and take the blockers
    /// (52 plies in chasolver's positions.txt:1008, found after ten million
    /// nodes), while so few men leave the search a narrow tree that the
    /// extra nodes take deep. None of the labelled positions of that class
    /// stays undecided at this budget, so it costs only the line it finds.
    ///
    /// ```
    /// use arbiter_rules::{Position, dead_position::SearchBudget};
    /// let open = Position::new();
    /// assert_eq!(SearchBudget::for_position(&open).get(), 2_000_000);
    /// let wall: Position = "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(SearchBudget::for_position(&wall).get(), 16_000_000);
    /// let wide_wall: Position = "4k3/1p1p1p1p/1P1P3P/5P2/8/2B1B1B1/3B1B2/2B1K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(SearchBudget::for_position(&wide_wall).get(), 8_000_000);
    /// let king_in_front: Position = "1k6/1P6/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(SearchBudget::for_position(&king_in_front).get(), 16_000_000);
    /// let knight_against_bishops: Position = "4n3/4k3/8/8/2BK1B2/8/8/8 w - - 0 1".parse().unwrap();
    /// assert_eq!(SearchBudget::for_position(&knight_against_bishops).get(), 8_000_000);
    /// ```
    pub fn for_position(pos: &Position) -> SearchBudget {
        const WALL: u64 = 8_000_000;
        const SMALL_WALL: u64 = 16_000_000;
        const SMALL_PAWNLESS: u64 = 8_000_000;
        const OPEN: u64 = 2_000_000;
        const SMALL: usize = 5;
        const FEW_BEHIND_WALL: usize = 10;
        let board = pos.board();
        let men = board.occupied().count() as usize;
        SearchBudget::nodes(if distance::blocked_pawns(board).any() {
            if men <= FEW_BEHIND_WALL {
                SMALL_WALL
            } else {
                WALL
            }
        } else if board.pawns().is_empty() && men <= SMALL {
            SMALL_PAWNLESS
        } else {
            OPEN
        })
    }
}

impl Default for SearchBudget {
    fn default() -> SearchBudget {
        SearchBudget::DEFAULT
    }
}

/// Whether `side` can still checkmate from `pos` by some sequence of legal
/// moves (its opponent's moves included: a helpmate).
///
/// A [`Winnability::Winnable`] answer carries its proof, the mating line; a
/// [`Winnability::Unwinnable`] answer is never given to a side that could
/// mate. When `budget` runs out first the answer is
/// [`Winnability::Undecided`].
///
/// ```
/// use arbiter_rules::{Color, Position};
/// use arbiter_rules::dead_position::{can_mate, SearchBudget, Winnability};
///
/// // Black flagged here, but White's lone bishop can never mate (FIDE 6.9).
/// let pos = Position::from_fen("8/8/8/8/8/2k5/8/K1B5 b - - 0 60")?;
/// assert_eq!(can_mate(&pos, Color::White, SearchBudget::default()), Winnability::Unwinnable);
///
/// // A knight can mate when the king's own pawn boxes it in.
/// let pos = Position::from_fen("7k/7p/8/6N1/8/8/8/K7 w - - 0 1")?;
/// assert!(matches!(
///     can_mate(&pos, Color::White, SearchBudget::default()),
///     Winnability::Winnable { .. }
/// ));
/// # Ok::<(), arbiter_rules::ParseFenError>(())
/// ```
pub fn can_mate(pos: &Position, side: Color, budget: SearchBudget) -> Winnability {
    analysis::decide(pos, side, &mut budget::Budget::new(budget.nodes))
}

/// The fast screen: `Some(false)` when `side` provably cannot mate,
/// `Some(true)` when a short search found a mate, `None` when it cannot
/// tell at once. It never errs, and costs microseconds: material, the
/// static analysis of locked pawns and one-coloured bishops, and a few
/// hundred nodes of search.
///
/// ```
/// use arbiter_rules::{Color, Position};
/// use arbiter_rules::dead_position::quick_can_mate;
///
/// // A rook mates at once; the bare king never can.
/// let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1")?;
/// assert_eq!(quick_can_mate(&pos, Color::White), Some(true));
/// assert_eq!(quick_can_mate(&pos, Color::Black), Some(false));
///
/// // Locked pawns and a bishop that can take none of them: proven at once.
/// let pos = Position::from_fen("8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1")?;
/// assert_eq!(quick_can_mate(&pos, Color::White), Some(false));
///
/// // Queen against a bare king: the mate is too long for the screen.
/// let pos = Position::from_fen("8/8/8/4k3/8/8/8/3QK3 b - - 0 1")?;
/// assert_eq!(quick_can_mate(&pos, Color::White), None);
/// # Ok::<(), arbiter_rules::ParseFenError>(())
/// ```
pub fn quick_can_mate(pos: &Position, side: Color) -> Option<bool> {
    analysis::screen(pos, side)
}

/// The screen's first half: what the position alone says, then a short
/// helpmate search of at most `budget` nodes. `Some(true)` when a mate was
/// found, `Some(false)` when the side provably cannot mate, `None` when the
/// search was cut short. It never errs.
///
/// [`quick_can_mate`] is this search on [`SCREEN_SEARCH`], then a static
/// analysis of where every piece could ever go when it was cut short. That
/// analysis can only prove that a side *cannot* mate, and it is the costly
/// half where a mate is possible: a caller that wants a proof that a side
/// can mate may ask this first, on a larger budget, and leave it out.
///
/// ```
/// use arbiter_rules::{Color, Position};
/// use arbiter_rules::dead_position::{quick_search, SearchBudget, SCREEN_SEARCH};
///
/// let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1")?;
/// assert_eq!(quick_search(&pos, Color::White, SCREEN_SEARCH), Some(true));
/// assert_eq!(quick_search(&pos, Color::Black, SCREEN_SEARCH), Some(false));
/// // Queen against a bare king: the mate is beyond a few hundred nodes.
/// let pos = Position::from_fen("8/8/8/4k3/8/8/8/3QK3 b - - 0 1")?;
/// assert_eq!(quick_search(&pos, Color::White, SCREEN_SEARCH), None);
/// assert_eq!(quick_search(&pos, Color::White, SearchBudget::nodes(3_000)), Some(true));
/// # Ok::<(), arbiter_rules::ParseFenError>(())
/// ```
pub fn quick_search(pos: &Position, side: Color, budget: SearchBudget) -> Option<bool> {
    analysis::quick_search(pos, side, budget.get())
}

/// The screen's second half: `true` when the static analysis of where every
/// piece could ever go (locked pawns, one-coloured bishops, squares no
/// piece can reach) proves that `side` cannot mate. `false` says nothing.
///
/// [`quick_can_mate`] asks it when its short search was cut short. A
/// caller that has already run [`quick_search`] on a larger budget, and
/// had it cut short, asks this instead of [`quick_can_mate`]: the smaller
/// search would be cut short too.
///
/// ```
/// use arbiter_rules::{Color, Position};
/// use arbiter_rules::dead_position::statically_unable;
///
/// // Locked pawns and a bishop that can take none of them.
/// let pos = Position::from_fen("8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1")?;
/// assert!(statically_unable(&pos, Color::White));
/// // A free rook: nothing to prove.
/// let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1")?;
/// assert!(!statically_unable(&pos, Color::White));
/// # Ok::<(), arbiter_rules::ParseFenError>(())
/// ```
pub fn statically_unable(pos: &Position, side: Color) -> bool {
    analysis::static_proof(pos, side)
}

/// The budget of the search of [`quick_can_mate`].
pub const SCREEN_SEARCH: SearchBudget = SearchBudget::nodes(analysis::SCREEN_SEARCH_NODES);

/// Whether `pos` is a dead position (FIDE 5.2.2): neither side can ever
/// checkmate. `Some(true)` dead, `Some(false)` at least one side can still
/// mate, `None` undecided within `budget` (for each side). A referee treats
/// `None` as not dead.
///
/// ```
/// use arbiter_rules::Position;
/// use arbiter_rules::dead_position::{is_dead_position, SearchBudget};
///
/// // Kings and bishops on squares of one colour (FIDE 5.2.2).
/// let pos = Position::from_fen("8/8/3k4/8/2b5/8/4B3/4K3 w - - 0 1")?;
/// assert_eq!(is_dead_position(&pos, SearchBudget::default()), Some(true));
/// assert_eq!(is_dead_position(&Position::new(), SearchBudget::default()), Some(false));
/// # Ok::<(), arbiter_rules::ParseFenError>(())
/// ```
pub fn is_dead_position(pos: &Position, budget: SearchBudget) -> Option<bool> {
    let mut dead = Some(true);
    for side in Color::ALL {
        match can_mate(pos, side, budget).decided() {
            Some(true) => return Some(false),
            Some(false) => {}
            None => dead = None,
        }
    }
    dead
}
