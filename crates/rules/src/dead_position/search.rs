//! Helpmate search: both sides play for the winner's checkmate.
//!
//! A depth-first search with iterative deepening, where depth is a budget of
//! *credits* rather than plies. Moves that bring the mate closer (the
//! winner's captures and pawn pushes, kings and knights walking to the
//! mating corner) cost nothing, and neither does the reply to such a move;
//! moves that work against the mate (the loser capturing) cost extra. Lines
//! that make progress therefore run far deeper than the nominal depth, which
//! is how long helpmates are found in a few thousand nodes.
//!
//! A transposition table keyed by exact positions ([`PositionKey`]) cuts
//! positions already searched with at least as many credits. An iteration
//! that ends without a mate *and* without any branch cut short by credits or
//! nodes is a proof that no mate exists: every position it stored was
//! expanded in full, so the stored set is closed under legal moves.

use super::budget::Budget;
use super::checks::gives_check;
use super::distance::{bishop_distances, king_distance, knight_distance, locked_pawns};
use super::key::{PassThrough, PositionKey, PositionMap};
use super::reach::Reach;
use crate::attacks::king_attacks;
use crate::{Bitboard, Color, Move, MoveList, Position, Role, Square};

/// What an iteration or a whole search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// A line of legal moves ending in the winner's checkmate.
    Mate(Vec<Move>),
    /// Every branch ended without the winner's mate: a proof.
    NoMate,
    /// Some branch was cut short by credits or nodes.
    CutShort,
}

/// What the walk over a position's moves does after one of them.
enum Next {
    /// Goes on with the next move.
    Move,
    /// The move led to the winner's mate: the line is complete.
    Mated,
    /// The node limit stopped the iteration.
    Stop,
}

/// How a move bears on the mate, and so what it costs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    /// Progress: costs nothing, and frees the reply.
    Progress,
    /// An ordinary move: one credit.
    Normal,
    /// A move against the mate: several credits.
    Setback,
}

const SETBACK_COST: i32 = 3;
/// What a setback costs in the reference solver's manner.
const REFERENCE_SETBACK_COST: i32 = 4;
/// Longest line searched; far beyond any real helpmate, it only stops
/// runaway lines of free moves.
const MAX_LINE: usize = 400;
/// Positions kept in the table; past that the search goes on without storing.
const TABLE_CAPACITY: usize = 1 << 21;
/// Positions the table has room for from the start: the short searches
/// that decide most positions of real games store a few hundred, and
/// growing to that one doubling at a time costs more than the room
/// (larger starts cost more than they save).
const TABLE_START: usize = 1 << 8;
/// What the static analysis of one root move costs, in nodes.
const BAR_COST: u64 = 500;

/// Squares the helpmate is steered towards.
#[derive(Copy, Clone, Debug)]
struct Targets {
    /// Where the losing king is driven.
    corner: Square,
    /// Where the winning king stands to help.
    king_post: Square,
    /// Where the winning knights head.
    knight_post: Square,
    /// Where the losing knights head, to take the king's last flight square.
    blocking_post: Square,
    /// Bishop moves from each square to the mating corner, around the
    /// locked pawns: both sides' bishops are steered by it, the winner's to
    /// give the mate, the loser's to block the king's flight squares.
    bishop_distance: [u8; 64],
}

#[derive(Copy, Clone, Debug)]
struct Entry {
    generation: u32,
    credit: i32,
    /// The search under it ran to the end (not stopped by the node limit):
    /// no mate within `credit`, as far as the steering goes.
    complete: bool,
}

/// A helpmate search for one side, reusable across iterations.
#[derive(Debug)]
pub(super) struct Helpmate {
    winner: Color,
    targets: Targets,
    table: PositionMap<Entry>,
    generation: u32,
    line: Vec<Move>,
    cut_short: bool,
    /// The node limit stopped this iteration.
    stopped: bool,
    /// Moves from the root after which the winner provably cannot mate:
    /// never searched.
    barred: Vec<Move>,
    /// The last phase: the loser's pawn trades count as progress, opening
    /// the walls that long composed mates go through.
    trades_progress: bool,
    /// The reference solver's manner (see [`Helpmate::reference`]).
    reference: bool,
    /// No table: lines may pass through a position twice.
    tableless: bool,
    /// Moves after which the static analysis proved from the root that the
    /// winner cannot mate: wherever they are played, they are setbacks.
    punished: Vec<Move>,
}

impl Helpmate {
    /// A search for `winner`'s mate from `root`.
    pub(super) fn new(root: &Position, winner: Color) -> Helpmate {
        Helpmate {
            winner,
            targets: targets(root, winner),
            table: PositionMap::with_capacity_and_hasher(TABLE_START, PassThrough),
            generation: 0,
            line: Vec::with_capacity(MAX_LINE),
            cut_short: false,
            stopped: false,
            barred: Vec::new(),
            trades_progress: false,
            reference: false,
            tableless: false,
            punished: Vec::new(),
        }
    }

    /// A search for `winner`'s mate in the manner of the reference solver
    /// (chasolver): the moves of a rank are walked in the order of their
    /// squares as the winner sees the board, from its first rank up and
    /// from the a-file, origin before destination (promotions to a queen,
    /// knight, rook, bishop), and a setback costs four credits. The order
    /// is what finds the helpmates of a lone pawn or knight: with the
    /// winner's pawn marching, the loser's pieces first step aside towards
    /// the winner's side of the board, out of the pawn's way, where the
    /// order of [`Helpmate::new`] sends a Black winner's opponent across
    /// its path.
    pub(super) fn reference(root: &Position, winner: Color) -> Helpmate {
        Helpmate {
            reference: true,
            ..Helpmate::new(root, winner)
        }
    }

    /// The same search without a table: a line may pass through a position
    /// twice. Such lines, a knight or a king stepping away and back on free
    /// moves, are how a lone knight mates with the help of the loser's
    /// pieces; a table turns the search away from them into the others.
    pub(super) fn without_table(self) -> Helpmate {
        Helpmate {
            tableless: true,
            ..self
        }
    }

    /// Bars the root's moves after which the static analysis proves that
    /// the winner cannot mate: the search spends nothing on them, and a
    /// complete iteration over the rest is still a proof. Costs a static
    /// analysis per move, so only the deep searches do it.
    pub(super) fn bar_hopeless_moves(&mut self, root: &Position, budget: &mut Budget) {
        self.trades_progress = true;
        self.barred = hopeless_moves(root, self.winner, budget);
    }

    /// The reference solver's use of the same moves: wherever they are
    /// played in the tree they are setbacks, and the loser's pawn trades
    /// count as progress. A move is not a position: played deeper, the
    /// same move may well keep the mate, so they are searched all the
    /// same, and a complete iteration stays a proof.
    pub(super) fn punish_hopeless_moves(&mut self, root: &Position, budget: &mut Budget) {
        self.trades_progress = true;
        self.punished = hopeless_moves(root, self.winner, budget);
    }

    /// Steers both sides' bishops to the mating corner from now on: the
    /// composed positions' long mates need it, the short ones of real
    /// games are found faster without.
    pub(super) fn steer_bishops(&mut self, root: &Position) {
        let t = &mut self.targets;
        // The corner and its two neighbours on the edges: a bishop mates
        // or blocks from there.
        let corner_area = (king_attacks(t.corner) - Bitboard::from(t.king_post)).with(t.corner);
        t.bishop_distance = bishop_distances(corner_area, locked_pawns(root.board()));
    }

    /// Iterative deepening over `credits`. The iteration with `c` credits
    /// may spend `c * nodes_per_credit` nodes of `budget`: an iteration
    /// that would take too long is abandoned for the next, which looks
    /// deeper along the most promising moves first.
    pub(super) fn deepen(
        &mut self,
        root: &Position,
        credits: core::ops::RangeInclusive<i32>,
        nodes_per_credit: u64,
        budget: &mut Budget,
    ) -> Outcome {
        for credit in credits {
            let mut slice = budget.slice(nodes_per_credit.saturating_mul(credit as u64));
            let outcome = self.iterate(root, credit, &mut slice);
            budget.absorb(slice);
            match outcome {
                Outcome::CutShort if !budget.exhausted() => continue,
                outcome => return outcome,
            }
        }
        Outcome::CutShort
    }

    /// One full-width iteration with `credit` credits.
    fn iterate(&mut self, root: &Position, credit: i32, budget: &mut Budget) -> Outcome {
        self.generation += 1;
        self.cut_short = false;
        self.stopped = false;
        self.line.clear();
        if self.visit(root, credit, false, budget) {
            Outcome::Mate(self.line.clone())
        } else if self.cut_short {
            Outcome::CutShort
        } else {
            Outcome::NoMate
        }
    }

    fn visit(
        &mut self,
        pos: &Position,
        credit: i32,
        after_progress: bool,
        budget: &mut Budget,
    ) -> bool {
        if credit <= 0 || self.line.len() >= MAX_LINE {
            return self.leaf(pos);
        }
        // Filled in place: a returned list would be copied whole (hundreds
        // of bytes) at every node.
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return pos.turn() != self.winner && pos.is_check();
        }
        if pos.has_insufficient_material(self.winner) {
            return false;
        }
        let Some(key) = self.remember(pos, credit) else {
            return false;
        };
        // Classify once, then walk the moves rank by rank: cheaper than
        // sorting, and the order stays deterministic.
        let mut steps = [Step::Normal; 256];
        let mut ranks = [0u8; 256];
        let mut present = 0u32;
        for (i, &m) in moves.iter().enumerate() {
            let (step, rank) = self.classify(pos, m);
            steps[i] = step;
            ranks[i] = rank;
            present |= 1 << rank;
        }
        if self.reference {
            let mut order = [0u8; 256];
            self.reference_order(&moves, &ranks, &mut order);
            for &i in &order[..moves.len()] {
                let i = usize::from(i);
                match self.play(pos, moves[i], steps[i], credit, after_progress, budget) {
                    Next::Move => {}
                    Next::Mated => return true,
                    Next::Stop => return false,
                }
            }
        } else {
            while present != 0 {
                let rank = present.trailing_zeros() as u8;
                present &= present - 1;
                for (i, &m) in moves.iter().enumerate() {
                    if ranks[i] != rank {
                        continue;
                    }
                    match self.play(pos, m, steps[i], credit, after_progress, budget) {
                        Next::Move => {}
                        Next::Mated => return true,
                        Next::Stop => return false,
                    }
                }
            }
        }
        self.completed(key);
        false
    }

    /// Plays `m`, a move of `pos` that is a `step`, and searches on with
    /// what is left of `credit`.
    #[inline(always)]
    fn play(
        &mut self,
        pos: &Position,
        m: Move,
        step: Step,
        credit: i32,
        after_progress: bool,
        budget: &mut Budget,
    ) -> Next {
        if self.line.is_empty() && self.barred.contains(&m) {
            return Next::Move;
        }
        if !budget.spend(1) {
            self.cut_short = true;
            self.stopped = true;
            return Next::Stop;
        }
        let step = if self.punished.contains(&m) {
            Step::Setback
        } else {
            step
        };
        let cost = match step {
            Step::Progress => 0,
            Step::Normal if after_progress => 0,
            Step::Normal => 1,
            Step::Setback if self.reference => REFERENCE_SETBACK_COST,
            Step::Setback => SETBACK_COST,
        };
        let left = credit - cost;
        self.line.push(m);
        let mated = if left <= 0 || self.line.len() >= MAX_LINE {
            self.frontier(pos, m)
        } else {
            self.visit(&pos.after(m), left, step == Step::Progress, budget)
        };
        if mated {
            return Next::Mated;
        }
        self.line.pop();
        if self.stopped { Next::Stop } else { Next::Move }
    }

    /// Whether `m` (already paid for) ends the line in the winner's mate,
    /// as it leaves no credit. Only a check by the winner can, so the others
    /// need not be played once some line of this iteration was cut short:
    /// the iteration is no proof any more, and whether the line would have
    /// ended in a dead end or been cut short changes nothing. Before that,
    /// every move is played and looked at as a [`Helpmate::leaf`].
    fn frontier(&mut self, pos: &Position, m: Move) -> bool {
        let may_mate = pos.turn() == self.winner && gives_check(pos, m);
        if !may_mate && self.cut_short {
            return false;
        }
        self.leaf(&pos.after(m))
    }

    /// A position reached with no credit left: only a mate or a dead end
    /// ends the line; anything else was cut short.
    fn leaf(&mut self, pos: &Position) -> bool {
        if pos.is_check() {
            if !pos.has_legal_moves() {
                return pos.turn() != self.winner;
            }
        } else if pos.has_insufficient_material(self.winner) || !pos.has_legal_moves() {
            return false;
        }
        self.cut_short = true;
        false
    }

    /// Records `pos` as searched with `credit`; `false` if it already was,
    /// with at least as many credits. A cut on an earlier iteration's entry
    /// (whose search may have been cut short) speeds up finding mates but
    /// spoils this iteration as a proof.
    fn remember(&mut self, pos: &Position, credit: i32) -> Option<PositionKey> {
        let key = PositionKey::of(pos);
        if self.tableless {
            return Some(key);
        }
        let generation = self.generation;
        let fresh = Entry {
            generation,
            credit,
            complete: false,
        };
        if let Some(entry) = self.table.get_mut(&key) {
            let current = entry.generation == generation;
            if entry.credit >= credit && (current || entry.complete) {
                if !current {
                    self.cut_short = true;
                }
                return None;
            }
            *entry = fresh;
        } else if self.table.len() < TABLE_CAPACITY {
            self.table.insert(key, fresh);
        }
        Some(key)
    }

    /// Marks the position of `key` as searched to the end.
    fn completed(&mut self, key: PositionKey) {
        if let Some(entry) = self.table.get_mut(&key) {
            entry.complete = true;
        }
    }

    /// The reference solver's order of `moves`, by rank, then by origin and
    /// destination as the winner sees the board, into `order`.
    fn reference_order(&self, moves: &[Move], ranks: &[u8], order: &mut [u8]) {
        let seen = |sq: Square| match self.winner {
            Color::White => sq.index() as u32,
            Color::Black => sq.flip_vertical().index() as u32,
        };
        let promotion = |m: Move| match m.promotion_role() {
            None | Some(Role::Queen) => 0,
            Some(Role::Knight) => 1,
            Some(Role::Rook) => 2,
            Some(_) => 3,
        };
        let mut keys = [0u32; 256];
        for (i, &m) in moves.iter().enumerate() {
            keys[i] = u32::from(ranks[i]) << 22
                | seen(m.from()) << 16
                | seen(m.to()) << 10
                | promotion(m) << 8
                | i as u32;
        }
        let keys = &mut keys[..moves.len()];
        keys.sort_unstable();
        for (slot, key) in order.iter_mut().zip(keys.iter()) {
            *slot = *key as u8;
        }
    }

    /// How `m` bears on the mate, and its rank in the search order.
    fn classify(&self, pos: &Position, m: Move) -> (Step, u8) {
        let board = pos.board();
        // A legal move starts on a piece of the side to move.
        let role = board.role_at_occupied(m.from());
        debug_assert_eq!(Some(role), pos.moving_role(m));
        let capture = pos.is_capture(m);
        let t = &self.targets;
        let nearer = |post: Square| match role {
            Role::King => king_distance(m.to(), post) < king_distance(m.from(), post),
            Role::Knight => knight_distance(m.to(), post) < knight_distance(m.from(), post),
            _ => false,
        };
        let (from_distance, to_distance) = (
            t.bishop_distance[m.from().index()],
            t.bishop_distance[m.to().index()],
        );
        let step = if pos.turn() == self.winner {
            let post = if role == Role::King {
                t.king_post
            } else {
                t.knight_post
            };
            let bishop_nears = role == Role::Bishop && bishop_progress(from_distance, to_distance);
            if capture || role == Role::Pawn || nearer(post) || bishop_nears {
                Step::Progress
            } else {
                Step::Normal
            }
        } else {
            let post = if role == Role::King {
                t.corner
            } else {
                t.blocking_post
            };
            let bishop_nears = role == Role::Bishop && to_distance < from_distance;
            let opens = capture && self.trades_progress && pawn_trade(pos, m, role);
            if nearer(post) || bishop_nears || opens {
                Step::Progress
            } else if capture {
                Step::Setback
            } else {
                Step::Normal
            }
        };
        // Pawns and knights first: they make the mates of real games.
        let rank = match role {
            Role::Pawn => 0,
            Role::Knight => 1,
            Role::Bishop => 2,
            Role::Rook => 3,
            Role::Queen => 4,
            Role::King => 5,
        };
        (step, rank)
    }
}

/// A capture by a pawn or of a pawn, with enough on the board that it
/// opens lines rather than trades down to a bare king.
fn pawn_trade(pos: &Position, m: Move, role: Role) -> bool {
    let board = pos.board();
    board.occupied().count() > 5 && (role == Role::Pawn || board.pawns().contains(m.to()))
}

/// The moves of `root` after which the static analysis proves that
/// `winner` cannot mate, each analysis charged to `budget`.
fn hopeless_moves(root: &Position, winner: Color, budget: &mut Budget) -> Vec<Move> {
    root.legal_moves()
        .into_iter()
        .filter(|&m| budget.spend(BAR_COST) && proven_hopeless(&root.after(m), winner))
        .collect()
}

/// `true` when the static analysis proves `winner` cannot mate from `pos`.
fn proven_hopeless(pos: &Position, winner: Color) -> bool {
    Reach::of(pos, winner).is_some_and(|reach| !reach.mate_conceivable())
}

/// Whether a winning bishop's move from `from` to `to` (bishop moves to the
/// mating corner) helps: nearing the corner from afar, or stepping off the
/// squares next to it to make room for the king.
fn bishop_progress(from: u8, to: u8) -> bool {
    from != u8::MAX && ((from <= 1 && to > from) || (from > 2 && to < from))
}

/// Picks the mating corner: one the winner's bishops can reach (or where the
/// loser's bishop could block), the nearest to the losing king.
fn targets(pos: &Position, winner: Color) -> Targets {
    let board = pos.board();
    let own_bishops = board.bishops() & board.by_color(winner);
    let their_bishops = board.bishops() & board.by_color(!winner);
    let one_colour = |b: Bitboard| {
        if b.is_empty() {
            None
        } else if b.is_subset(Bitboard::DARK_SQUARES) {
            Some(Bitboard::DARK_SQUARES)
        } else if b.is_subset(Bitboard::LIGHT_SQUARES) {
            Some(Bitboard::LIGHT_SQUARES)
        } else {
            None
        }
    };
    let corners = match (one_colour(own_bishops), one_colour(their_bishops)) {
        (Some(colour), _) => Bitboard::CORNERS & colour,
        (None, Some(colour)) if own_bishops.is_empty() => Bitboard::CORNERS - colour,
        _ => Bitboard::CORNERS,
    };
    let king = pos.king_square(!winner);
    let home = corners & Bitboard::rank(crate::Rank::First.relative_to(!winner));
    let corners = if home.any() { home } else { corners };
    let corner = corners
        .into_iter()
        .min_by_key(|&c| king_distance(c, king))
        .unwrap_or(Square::H8);
    let towards_centre = |sq: Square, files: i32, ranks: i32| {
        let df = if sq.file().index() < 4 { files } else { -files };
        let dr = if sq.rank().index() < 4 { ranks } else { -ranks };
        sq.offset(df + 8 * dr).unwrap_or(sq)
    };
    let king_post = towards_centre(corner, 1, 1);
    // The corner and its two neighbours on the edges: a bishop mates or
    // blocks from there.
    Targets {
        bishop_distance: [u8::MAX; 64],
        corner,
        king_post,
        knight_post: towards_centre(corner, 3, 3),
        blocking_post: towards_centre(corner, 1, 0),
    }
}
