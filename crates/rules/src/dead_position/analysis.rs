//! The order of the analysis: cheap proofs first, expensive ones last.

use super::Winnability;
use super::budget::Budget;
use super::closure::{explore, is_mate_by};
use super::lookahead::proves_no_mate;
use super::only_moves::play_only_moves;
use super::reach::Reach;
use super::search::{Helpmate, Outcome};
use crate::{Color, Move, Position};

/// Only moves played before analysing; more would be a composed curiosity.
const ONLY_MOVES: usize = 64;
/// Credits of the first, shallow helpmate search.
const QUICK_CREDITS: core::ops::RangeInclusive<i32> = 1..=4;
/// Nodes of its iterations, per credit.
const QUICK_NODES_PER_CREDIT: u64 = 1_000;
/// Nodes of the reference solver's first search, one credit and no table
/// (see [`reference_searches`]).
const REFERENCE_FIRST_NODES: u64 = 1_000;
/// Nodes per credit of its second, with a table, and what it may spend.
const REFERENCE_NODES_PER_CREDIT: u64 = 7_000;
const REFERENCE_SECOND_NODES: u64 = 20_000;
/// What its third, steered like its last phase, may spend.
const REFERENCE_GUIDED_NODES: u64 = 20_000;
/// Neither of the two may spend more than one part in this many of what
/// is left: on small budgets the phases after them keep theirs.
const REFERENCE_SHARE: u64 = 16;
/// Nodes of the screen's helpmate search.
pub(super) const SCREEN_SEARCH_NODES: u64 = 300;
/// Positions whose pieces may spread over at most this many squares (beyond
/// their own) are first explored exhaustively, in a small space.
const SMALL_SPREAD: u32 = 14;
/// Positions the first, small exhaustive exploration may hold.
const SMALL_EXPLORE_POSITIONS: usize = 4_000;
/// Credits of the deep search's iterations.
const DEEP_CREDITS: core::ops::RangeInclusive<i32> = 2..=128;
/// Nodes of its iterations, per credit.
const DEEP_NODES_PER_CREDIT: u64 = 10_000;
/// Nodes per credit of the last search's iterations: no limit but the
/// budget's.
const UNCAPPED: u64 = u64::MAX;
/// Nodes the deep search may spend before the big exploration has its turn.
const DEEP_FIRST_NODES: u64 = 500_000;
/// Positions spreading over at most this many squares get all that is left
/// for the big exhaustive exploration; wider ones share it with the search
/// (see [`EXPLORE_SHARE`]).
const BIG_SPREAD: u32 = 40;
/// Positions the big exhaustive exploration may hold.
const BIG_EXPLORE_POSITIONS: usize = 400_000;

/// Positions spreading wider get one part in this many of what is left
/// for their exhaustive exploration, the rest for the search. The static
/// analysis over-estimates the spread of blocked positions by far (a pawn
/// it cannot prove locked promotes, and then goes everywhere), while their
/// real space is often a few thousand positions: exploring them settles most
/// of the composed walls the search cannot close.
const EXPLORE_SHARE: u64 = 2;

/// Nodes of the proof a few moves ahead (see [`proves_no_mate`]): it runs
/// once the deep search has failed, as its static analyses cost as much as
/// hundreds of nodes each.
const LOOKAHEAD_NODES: u64 = 100_000;

/// The proof a few moves ahead, on a slice of the budget.
fn lookahead(pos: &Position, side: Color, nodes: u64, budget: &mut Budget) -> bool {
    let mut slice = budget.slice(nodes);
    let proven = proves_no_mate(pos, side, &mut slice);
    budget.absorb(slice);
    proven
}

/// Runs `search` over `credits`, on at most `cap` nodes of `budget`.
fn deepen_within(
    search: &mut Helpmate,
    pos: &Position,
    credits: core::ops::RangeInclusive<i32>,
    nodes_per_credit: u64,
    cap: u64,
    budget: &mut Budget,
) -> Outcome {
    let mut slice = budget.slice(cap);
    let outcome = search.deepen(pos, credits, nodes_per_credit, &mut slice);
    budget.absorb(slice);
    outcome
}

/// The helpmate searches of the reference solver (chasolver), in its order
/// of moves and at its costs (see [`Helpmate::reference`]), each on a small
/// slice: the first with one credit and no table, the second deepening with
/// a table, the third with the bishops steered round the pawn walls and the
/// moves the static analysis finds hopeless from the root punished
/// wherever they are played. They find in a few hundred nodes the mates of
/// a lone pawn or knight in endings of real games, and the long helpmates
/// of composed bishops behind their walls (sixty plies and more), where
/// the searches steered our way wander for millions.
fn reference_searches(pos: &Position, side: Color, budget: &mut Budget) -> Outcome {
    let share = |nodes: u64, budget: &Budget| nodes.min(budget.left() / REFERENCE_SHARE);
    let mut first = Helpmate::reference(pos, side).without_table();
    let outcome = deepen_within(
        &mut first,
        pos,
        1..=1,
        REFERENCE_FIRST_NODES,
        u64::MAX,
        budget,
    );
    if outcome != Outcome::CutShort {
        return outcome;
    }
    let mut second = Helpmate::reference(pos, side);
    let outcome = deepen_within(
        &mut second,
        pos,
        DEEP_CREDITS,
        REFERENCE_NODES_PER_CREDIT,
        share(REFERENCE_SECOND_NODES, budget),
        budget,
    );
    if outcome != Outcome::CutShort {
        return outcome;
    }
    let mut guided = Helpmate::reference(pos, side);
    guided.steer_bishops(pos);
    guided.punish_hopeless_moves(pos, budget);
    let cap = share(REFERENCE_GUIDED_NODES, budget);
    deepen_within(&mut guided, pos, DEEP_CREDITS, UNCAPPED, cap, budget)
}

/// What the position alone says: the game is over, or `side` lacks mating
/// material.
fn settled(pos: &Position, side: Color) -> Option<Winnability> {
    if !pos.has_legal_moves() {
        return Some(if is_mate_by(pos, side) {
            Winnability::Winnable {
                mating_line: Vec::new(),
            }
        } else {
            Winnability::Unwinnable
        });
    }
    pos.has_insufficient_material(side)
        .then_some(Winnability::Unwinnable)
}

/// The full analysis of `side`'s chances from `pos`.
pub(super) fn decide(pos: &Position, side: Color, budget: &mut Budget) -> Winnability {
    if let Some(verdict) = settled(pos, side) {
        return verdict;
    }
    let run = play_only_moves(pos, ONLY_MOVES);
    if run.cycles {
        return Winnability::Unwinnable;
    }
    let prefixed = |line: Vec<Move>| Winnability::Winnable {
        mating_line: run.line.iter().copied().chain(line).collect(),
    };
    let pos = &run.pos;
    if let Some(verdict) = settled(pos, side) {
        return match verdict {
            Winnability::Winnable { mating_line } => prefixed(mating_line),
            other => other,
        };
    }

    let mut search = Helpmate::new(pos, side);
    match search.deepen(pos, QUICK_CREDITS, QUICK_NODES_PER_CREDIT, budget) {
        Outcome::Mate(line) => return prefixed(line),
        Outcome::NoMate => return Winnability::Unwinnable,
        Outcome::CutShort => {}
    }

    let reach = Reach::of(pos, side);
    if reach
        .as_ref()
        .is_some_and(|reach| !reach.mate_conceivable())
    {
        return Winnability::Unwinnable;
    }
    let spread = reach.as_ref().map_or(u32::MAX, Reach::spread);

    if spread <= SMALL_SPREAD {
        match explore(pos, side, SMALL_EXPLORE_POSITIONS, budget) {
            Outcome::Mate(line) => return prefixed(line),
            Outcome::NoMate => return Winnability::Unwinnable,
            Outcome::CutShort => {}
        }
    }

    match reference_searches(pos, side, budget) {
        Outcome::Mate(line) => return prefixed(line),
        Outcome::NoMate => return Winnability::Unwinnable,
        Outcome::CutShort => {}
    }

    search.steer_bishops(pos);
    match deepen_within(
        &mut search,
        pos,
        DEEP_CREDITS,
        DEEP_NODES_PER_CREDIT,
        DEEP_FIRST_NODES,
        budget,
    ) {
        Outcome::Mate(line) => return prefixed(line),
        Outcome::NoMate => return Winnability::Unwinnable,
        Outcome::CutShort => {}
    }

    if reach.is_some() && lookahead(pos, side, LOOKAHEAD_NODES, budget) {
        return Winnability::Unwinnable;
    }

    let share = if spread <= BIG_SPREAD {
        budget.left()
    } else {
        budget.left() / EXPLORE_SHARE
    };
    let mut slice = budget.slice(share);
    let outcome = explore(pos, side, BIG_EXPLORE_POSITIONS, &mut slice);
    budget.absorb(slice);
    match outcome {
        Outcome::Mate(line) => return prefixed(line),
        Outcome::NoMate => return Winnability::Unwinnable,
        Outcome::CutShort => {}
    }

    search.bar_hopeless_moves(pos, budget);

    // The last search starts again from few credits, and lets every
    // iteration run to its end: long composed helpmates (sixty to two
    // hundred plies) lie along lines that an iteration abandoned for the
    // next would never reach, while the table keeps the early iterations
    // cheap.
    match search.deepen(pos, DEEP_CREDITS, UNCAPPED, budget) {
        Outcome::Mate(line) => return prefixed(line),
        Outcome::NoMate => return Winnability::Unwinnable,
        Outcome::CutShort => {}
    }

    // The search ran out of credits, not of nodes: lines that wander for
    // ever (a king walking about while the other side has no moves left to
    // spend) never end in a proof. A wide exploration may still close.
    if spread > BIG_SPREAD && !budget.exhausted() {
        match explore(pos, side, BIG_EXPLORE_POSITIONS, budget) {
            Outcome::Mate(line) => return prefixed(line),
            Outcome::NoMate => return Winnability::Unwinnable,
            Outcome::CutShort => {}
        }
    }
    Winnability::Undecided
}

/// The fast screen behind [`super::quick_can_mate`]: its search, then the
/// static analysis.
pub(super) fn screen(pos: &Position, side: Color) -> Option<bool> {
    quick_search(pos, side, SCREEN_SEARCH_NODES)
        .or_else(|| static_proof(pos, side).then_some(false))
}

/// The second half of the screen, behind [`super::statically_unable`]: the
/// static analysis of where every piece could ever go proves that `side`
/// cannot mate.
pub(super) fn static_proof(pos: &Position, side: Color) -> bool {
    Reach::of(pos, side).is_some_and(|reach| !reach.mate_conceivable())
}

/// The first half of the screen, behind [`super::quick_search`]: what the
/// position alone says, then a short helpmate search of at most `nodes`.
pub(super) fn quick_search(pos: &Position, side: Color, nodes: u64) -> Option<bool> {
    if let Some(verdict) = settled(pos, side) {
        return verdict.decided();
    }
    let mut budget = Budget::new(nodes);
    match Helpmate::new(pos, side).deepen(pos, QUICK_CREDITS, nodes, &mut budget) {
        Outcome::Mate(_) => Some(true),
        Outcome::NoMate => Some(false),
        Outcome::CutShort => None,
    }
}
