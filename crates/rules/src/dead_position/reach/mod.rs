//! Where each piece could ever go: a static over-approximation of every
//! continuation of a position, used to prove that a side can never mate.
//!
//! Each piece gets a *reach*: the squares it might stand on in any future of
//! the game, and the squares it might *take* on (arrive at by capturing). A
//! reach starts as the piece's own square and grows by the moves the piece
//! could make from anywhere in it until nothing grows any more. Moves are
//! generated generously, other pieces counting only when facts about them
//! hold for the whole future:
//!
//! * a piece is **capturable** when some enemy might take on a square of its
//!   reach, and **fixed** when it is not capturable and never moves: it
//!   blocks lines and pawns forever;
//! * a piece is **held** when it is not capturable and makes no move after
//!   which the game goes on (its only moves, if any, end the game): while
//!   the game goes on it stands on its square, so moves that keep the game
//!   going see it block and guard just as a fixed piece does;
//! * a square is **clear** when no reach contains it: it never blocks a line;
//! * a square is **guarded** by a colour when a fixed piece of that colour
//!   attacks it along clear squares: the enemy king can never step on it;
//! * a square is **covered** by a colour when one of its pieces that is
//!   never taken attacks it from every square of its reach (a king: stands
//!   on it or next to it), lines cut only where something other than a
//!   slider of that colour may stand (see [`cover`]): the enemy king never
//!   steps on it either;
//! * a move never happens when a piece that is never taken can only ever
//!   stand on its way, between its squares or on the square it goes to
//!   (see [`ways`]): bishops in a corridor only step into the gap and back;
//! * a pawn that never leaves its file can never pass another pawn on that
//!   file that never leaves it and is never captured;
//! * a king move that leaves the opponent, who can only move its king, with
//!   no move at all ends the game in stalemate (unless it uncovers a check);
//!   a move of the loser's, a pawn step included, that checks the winner's
//!   immovable king where nothing can take or block ends it in the winner's
//!   defeat (the king's way out through the square the mover leaves, or
//!   through squares only the mover guarded, is checked again); a capture
//!   of the winner's only piece besides its king leaves a bare king, so
//!   that piece is never capturable and every capture by the loser's pawns
//!   (which can only take it) ends the game;
//! * a move of the loser's that uncovers the check of a held slider on the
//!   winner's boxed-in king, through squares nothing ever stands on and
//!   where no piece of the winner's may arrive, mates the winner; and a
//!   check by the winner's only piece from next to the loser's walled-in
//!   king, on a square the loser's king or a held piece may take on, is
//!   answered only by taking it (see [`dead_ends`]). Either way no mate by
//!   the winner follows, so such moves are left out.
//!
//! Every fact above only weakens as reaches grow, so the growth is monotone
//! and stops at a fixed point. By induction on the moves of any continuation
//! that can still end in the winner's mate, every piece stays inside its
//! reach. [`Reach::mate_conceivable`] then asks whether some square of the
//! losing king's reach could be a mate: when none can, the winner can never
//! mate. When one can, the analysis may split the continuations in cases on
//! the fate of a piece that might be taken on its square (`cases`), and
//! cut the lines of such a piece frozen among its own (`frozen`).

use arrayvec::ArrayVec;

mod cases;
mod cover;
mod dead_ends;
mod frozen;
mod net;
mod tempo;
mod ways;

use cases::Fate;

use crate::attacks::{attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks};
use crate::{Bitboard, ByColor, Color, Position, Rank, Role, Square};

/// One piece, followed from the square it stands on now.
#[derive(Copy, Clone, Debug)]
struct Unit {
    home: Square,
    color: Color,
    role: Role,
    /// The squares the piece might ever stand on while the game goes on.
    reach: Bitboard,
    /// `reach` and the squares where its arrival ends the game without the
    /// winner's mate: the piece may stand there, but nothing follows.
    visits: Bitboard,
    /// The squares it might ever arrive on by capturing, the game going on.
    takes: Bitboard,
    /// The same, with captures that end the game.
    takes_all: Bitboard,
    /// A pawn that might promote: from then on it moves like a queen or a
    /// knight (whatever it becomes, it moves like one of them).
    promoted: bool,
    /// What the analysis assumes of the piece (see [`cases`]).
    fate: Fate,
}

impl Unit {
    fn is_pawn(&self) -> bool {
        self.role == Role::Pawn && !self.promoted
    }

    /// A pawn that never leaves its file: it never captures.
    fn keeps_file(&self) -> bool {
        self.is_pawn() && self.visits.is_subset(Bitboard::file(self.home.file()))
    }

    /// `true` if the piece never leaves its square.
    fn stays(&self) -> bool {
        self.visits == Bitboard::from(self.home)
    }
}

/// What holds for the whole future, derived from the reaches of one round.
#[derive(Clone, Debug)]
struct Facts {
    fixed: Bitboard,
    clear: Bitboard,
    guarded: ByColor<Bitboard>,
    /// Where pieces other than kings might stand while the game goes on:
    /// where pawns may take.
    standing: ByColor<Bitboard>,
    /// The same, with squares where their arrival ends the game.
    standing_all: ByColor<Bitboard>,
    /// Per piece, the push targets pawns on its file leave it.
    push_room: [Bitboard; 32],
    /// `true` if the colour can never move anything but its king.
    king_only: ByColor<bool>,
    /// Squares the colour's diagonal and straight sliders (promoted pawns
    /// count as both) might stand on: a king move may uncover their checks.
    diagonal_sliders: ByColor<Bitboard>,
    straight_sliders: ByColor<Bitboard>,
    /// Squares each colour might take on, including captures that end the game.
    takes_all: ByColor<Bitboard>,
    /// Home squares of pieces of each colour that are never taken there
    /// while they have not moved (see [`cases`]): the enemy never lands on
    /// them while the pieces stay.
    kept: ByColor<Bitboard>,
    /// Pieces never taken that never move while the game goes on (moves
    /// that end it aside): a superset of `fixed`, and what live moves see.
    held: Bitboard,
    /// Squares the colour's pieces that are never taken attack from
    /// wherever they stand (see [`cover`]), among them all that its `held`
    /// pieces attack: the enemy king never steps there while the game goes
    /// on.
    covered: ByColor<Bitboard>,
    /// Pieces that may shut the ways of other pieces' moves (see [`ways`]).
    obstacles: ArrayVec<ways::Obstacle, 32>,
    /// Pieces, by index, that might be taken.
    capturable: u32,
    /// Pieces, by index, that never move but might be taken.
    exposed: u32,
    /// Pieces, by index, that might be taken on their own square.
    taken_at_home: u32,
}

/// The saturated reaches of every piece of a position, for one intended
/// winner.
#[derive(Clone, Debug)]
pub(super) struct Reach {
    winner: Color,
    units: ArrayVec<Unit, 32>,
    /// What the units say that no analysis changes, kept at hand: moves
    /// are generated from every square of every reach, round after round.
    cast: Cast,
    facts: Facts,
    /// The first pieces found capturable while still never moving, by
    /// index, among those it assumes nothing of: the analysis splits cases
    /// on their fate (see [`cases`]).
    exposed: u32,
    /// The first pieces found that might be taken on their own square,
    /// moving or not, by index, among those it assumes nothing of: the
    /// analysis splits on them next (a piece whose only move ends the game
    /// while it stands there, a knight that can only give mate, is seen to
    /// move before it is seen to be taken).
    taken_at_home: u32,
}

impl Reach {
    /// Saturates the reaches of `pos`'s pieces, for `winner`'s mate. `None`
    /// when the position has castling rights or an en passant square: those
    /// moves fall outside the piece-by-piece model, and the searches handle
    /// such positions instead.
    pub(in crate::dead_position) fn of(pos: &Position, winner: Color) -> Option<Reach> {
        if !pos.castling_rights().is_empty() || pos.ep_square().is_some() {
            return None;
        }
        let units = pos
            .board()
            .pieces()
            .map(|(sq, piece)| Unit {
                home: sq,
                color: piece.color,
                role: piece.role,
                reach: Bitboard::from(sq),
                visits: Bitboard::from(sq),
                takes: Bitboard::EMPTY,
                takes_all: Bitboard::EMPTY,
                promoted: false,
                fate: Fate::Free,
            })
            .collect();
        Some(Reach::saturated(winner, units))
    }

    /// Saturates the reaches of `units` (each standing on its home square,
    /// with its fate), for `winner`'s mate.
    fn saturated(winner: Color, units: ArrayVec<Unit, 32>) -> Reach {
        let cast = Cast::of(winner, &units);
        let mut reach = Reach {
            winner,
            units,
            cast,
            exposed: 0,
            taken_at_home: 0,
            facts: Facts {
                fixed: Bitboard::EMPTY,
                clear: Bitboard::EMPTY,
                guarded: ByColor::default(),
                standing: ByColor::default(),
                standing_all: ByColor::default(),
                push_room: [Bitboard::FULL; 32],
                king_only: ByColor::default(),
                diagonal_sliders: ByColor::default(),
                straight_sliders: ByColor::default(),
                takes_all: ByColor::default(),
                kept: ByColor::default(),
                held: Bitboard::EMPTY,
                covered: ByColor::default(),
                obstacles: ArrayVec::new(),
                capturable: 0,
                exposed: 0,
                taken_at_home: 0,
            },
        };
        reach.saturate();
        reach
    }

    fn saturate(&mut self) {
        loop {
            self.facts = self.derive_facts();
            if self.exposed == 0 {
                self.exposed = self.facts.exposed & self.free_units();
            }
            if self.taken_at_home == 0 {
                self.taken_at_home = self.facts.taken_at_home & self.free_units();
            }
            let mut grew = false;
            for i in 0..self.units.len() {
                let unit = self.units[i];
                if unit.fate == Fate::NeverMoves {
                    continue;
                }
                let moves = self.moves_from_any(i, &unit, unit.reach);
                let last_rank = Bitboard::rank(Rank::Eighth.relative_to(unit.color));
                let promotes = unit.is_pawn() && moves.live.intersects(last_rank);
                let reach = unit.reach | moves.live;
                let visits = unit.visits | reach | moves.dead_end;
                let takes = unit.takes | moves.takes;
                let takes_all = unit.takes_all | moves.takes | moves.dead_takes;
                if promotes
                    || reach != unit.reach
                    || visits != unit.visits
                    || takes != unit.takes
                    || takes_all != unit.takes_all
                {
                    let u = &mut self.units[i];
                    u.promoted |= promotes;
                    u.reach = reach;
                    u.visits = visits;
                    u.takes = takes;
                    u.takes_all = takes_all;
                    grew = true;
                }
            }
            if !grew {
                return;
            }
        }
    }

    fn derive_facts(&self) -> Facts {
        let units = &self.units;
        let mut takes = ByColor::<Bitboard>::default();
        let mut takes_all = ByColor::<Bitboard>::default();
        let mut standing = ByColor::<Bitboard>::default();
        let mut standing_all = ByColor::<Bitboard>::default();
        let mut occupiable = Bitboard::EMPTY;
        let mut diagonal_sliders = ByColor::<Bitboard>::default();
        let mut straight_sliders = ByColor::<Bitboard>::default();
        let mut king_only = ByColor {
            white: true,
            black: true,
        };
        for u in units {
            *takes.get_mut(u.color) |= u.takes;
            *takes_all.get_mut(u.color) |= u.takes_all;
            occupiable |= u.visits;
            if u.role != Role::King {
                *standing.get_mut(u.color) |= u.reach;
                *standing_all.get_mut(u.color) |= u.visits;
                if !u.stays() {
                    *king_only.get_mut(u.color) = false;
                }
            }
            if u.promoted || matches!(u.role, Role::Bishop | Role::Queen) {
                *diagonal_sliders.get_mut(u.color) |= u.visits;
            }
            if u.promoted || matches!(u.role, Role::Rook | Role::Queen) {
                *straight_sliders.get_mut(u.color) |= u.visits;
            }
        }
        let mut capturable = 0u32;
        let mut exposed = 0u32;
        let mut taken_at_home = 0u32;
        let mut fixed = Bitboard::EMPTY;
        let mut held = Bitboard::EMPTY;
        let mut kept = ByColor::<Bitboard>::default();
        let sole = self.sole_winning_piece();
        for (i, u) in units.iter().enumerate() {
            // Kept at home while it makes no move after which the game goes
            // on: its moves that end the game leave nothing to follow.
            let kept_home = u.fate == Fate::KeptAtHome && u.reach == Bitboard::from(u.home);
            if kept_home {
                kept.get_mut(u.color).add(u.home);
            }
            // Taken only where the taking ends the game: the piece is there
            // for as long as the game goes on.
            // Taking the winner's only piece leaves a bare king: no mate
            // follows.
            let may_be_taken = u.role != Role::King
                && !kept_home
                && sole != Some(i)
                && u.reach.intersects(*takes.get(!u.color));
            if may_be_taken {
                capturable |= 1 << i;
                if u.stays() {
                    exposed |= 1 << i;
                }
                if takes.get(!u.color).contains(u.home) {
                    taken_at_home |= 1 << i;
                }
            } else {
                if u.stays() {
                    fixed.add(u.home);
                }
                if u.reach == Bitboard::from(u.home) {
                    held.add(u.home);
                }
            }
        }
        let clear = !occupiable;
        let mut guarded = ByColor::<Bitboard>::default();
        for u in units.iter().filter(|u| fixed.contains(u.home)) {
            *guarded.get_mut(u.color) |= attacks(u.color, u.role, u.home, !clear);
        }
        let mut push_room = [Bitboard::FULL; 32];
        for (i, p) in units.iter().enumerate() {
            if !p.keeps_file() {
                continue;
            }
            for (j, x) in units.iter().enumerate() {
                if i == j || !x.keeps_file() || capturable & (1 << j) != 0 {
                    continue;
                }
                if x.home.file() != p.home.file() {
                    continue;
                }
                // `x` stays on the file and is never taken: `p` stays behind
                // it, short of the farthest square `x` may stand on.
                let ahead = if p.color.is_white() {
                    x.home > p.home
                } else {
                    x.home < p.home
                };
                if ahead {
                    push_room[i] &= behind(p.color, farthest(p.color, x.visits));
                }
            }
        }
        let covered = self.covered(capturable, clear);
        let obstacles = self.obstacles(capturable);
        Facts {
            fixed,
            clear,
            guarded,
            standing,
            standing_all,
            push_room,
            king_only,
            diagonal_sliders,
            straight_sliders,
            takes_all,
            kept,
            held,
            covered,
            obstacles,
            capturable,
            exposed,
            taken_at_home,
        }
    }

    /// Where unit `i` (`unit`) might go in one move from `from`, given the
    /// facts of this round.
    fn moves_from(&self, i: usize, unit: &Unit, from: Square) -> Moves {
        if unit.fate == Fate::NeverMoves {
            return Moves::default();
        }
        if unit.is_pawn() {
            return self.pawn_moves(i, unit, from);
        }
        // Kings never promote: a king moves like a king.
        if unit.role == Role::King {
            let reached = self.open_ways(i, from, king_attacks(from), false) - self.kept_off(unit);
            let targets = self.open(unit, reached);
            return self.moves_to(unit, targets, self.stalemating(unit, Some(from), targets));
        }
        let reached = self.attacks_from(unit, from, self.facts.held);
        self.piece_moves(i, unit, Some(from), self.open_ways(i, from, reached, false))
    }

    /// The union of [`Reach::moves_from`] over the squares of `from`.
    ///
    /// A piece other than a pawn is asked once, about every square it
    /// reaches from any of them: whether its move ends the game depends on
    /// where it lands, not on where it came from, so the union is the same,
    /// at the cost of one pass instead of one per square. Two exceptions
    /// depend on where the move came from, so their squares are asked one
    /// by one: the winner's king when it may stalemate a lone king (its
    /// move may uncover a check), and the loser's piece standing between a
    /// held slider of its own and the winner's king (its move may uncover
    /// mate, see [`Reach::uncovering_mate`]).
    fn moves_from_any(&self, i: usize, unit: &Unit, from: Bitboard) -> Moves {
        if unit.role == Role::King && unit.fate != Fate::NeverMoves {
            let loser = unit.color != self.winner;
            if loser || !*self.facts.king_only.get(!unit.color) {
                let reached = from.into_iter().fold(Bitboard::EMPTY, |reached, sq| {
                    reached | self.open_ways(i, sq, king_attacks(sq), false)
                }) - self.kept_off(unit);
                let targets = self.open(unit, reached);
                let dead_end = if loser {
                    self.stalemating(unit, None, targets)
                } else {
                    Bitboard::EMPTY
                };
                return self.moves_to(unit, targets, dead_end);
            }
        }
        if unit.fate == Fate::NeverMoves || unit.is_pawn() || unit.role == Role::King {
            let mut moves = Moves::default();
            for sq in from {
                moves.add(self.moves_from(i, unit, sq));
            }
            return moves;
        }
        let uncovering = if unit.color == self.winner {
            Bitboard::EMPTY
        } else {
            from & self.lines_to_uncover()
        };
        let mut moves = Moves::default();
        for sq in uncovering {
            moves.add(self.moves_from(i, unit, sq));
        }
        let rest = from - uncovering;
        if !rest.is_empty() {
            let reached = rest.into_iter().fold(Bitboard::EMPTY, |reached, sq| {
                reached | self.open_ways(i, sq, self.attacks_from(unit, sq, self.facts.held), false)
            });
            moves.add(self.piece_moves(i, unit, None, reached));
        }
        moves
    }

    /// The moves of unit `i` (`unit`, neither a king nor a pawn) to the
    /// squares of `reached`, which its way of moving reaches from `from`
    /// (`None`: from squares where no move of it uncovers mate).
    fn piece_moves(&self, i: usize, unit: &Unit, from: Option<Square>, reached: Bitboard) -> Moves {
        let targets = self.open(unit, reached);
        let dead_end = if unit.color != self.winner {
            let uncovering = from.map_or(Bitboard::EMPTY, |from| {
                self.uncovering_mate(i, from, targets)
            });
            self.mating_the_winner(i, unit, targets) | uncovering
        } else {
            self.sacrificing_check(i, unit, targets)
        };
        self.moves_to(unit, targets, dead_end)
    }

    /// The squares the king `unit` never steps on: those the enemy covers
    /// for good.
    fn kept_off(&self, unit: &Unit) -> Bitboard {
        *self.facts.covered.get(!unit.color)
    }

    /// The squares of `reached` that `unit` may move to: neither those of
    /// its own pieces that never move nor the enemy's home squares kept
    /// (see [`cases`]).
    fn open(&self, unit: &Unit, reached: Bitboard) -> Bitboard {
        reached - (self.facts.held & self.homes(unit.color)) - *self.facts.kept.get(!unit.color)
    }

    /// The moves of `unit` to `targets`, of which those to `dead_end` end
    /// the game.
    fn moves_to(&self, unit: &Unit, targets: Bitboard, dead_end: Bitboard) -> Moves {
        let enemies = self.homes(!unit.color) | *self.facts.standing_all.get(!unit.color);
        Moves {
            live: targets - dead_end,
            dead_end,
            takes: (targets - dead_end) & enemies,
            dead_takes: dead_end & enemies,
        }
    }

    /// The pawn moves of unit `i` (`unit`) from `from`.
    fn pawn_moves(&self, i: usize, unit: &Unit, from: Square) -> Moves {
        let facts = &self.facts;
        let kept = *facts.kept.get(!unit.color);
        let diagonals = self.open_ways(i, from, pawn_attacks(unit.color, from), false) - kept;
        let mut takes = diagonals & *facts.standing.get(!unit.color);
        let mut dead_takes = diagonals & *facts.standing_all.get(!unit.color);
        let pushes = self.open_ways(i, from, self.pushes(unit, from) & facts.push_room[i], true);
        let mut dead_end = Bitboard::EMPTY;
        if unit.color != self.winner {
            // Every capture by a pawn of the loser's takes the winner's
            // only piece, when it has one: nothing follows.
            if self.sole_winning_piece().is_some() {
                dead_takes |= takes;
                dead_end |= takes;
                takes = Bitboard::EMPTY;
            }
            // A promotion may check or not, by the piece chosen: only
            // steps short of the last rank count as mating the winner.
            let last_rank = Bitboard::rank(Rank::Eighth.relative_to(unit.color));
            let mating = self.mating_the_winner(i, unit, (takes | pushes) - last_rank)
                | self.uncovering_mate(i, from, takes | pushes);
            dead_takes |= takes & mating;
            takes -= mating;
            dead_end |= mating;
        }
        Moves {
            live: (takes | pushes) - dead_end,
            dead_end,
            takes,
            dead_takes,
        }
    }

    /// The winner's only piece besides its king, by index, if it has
    /// exactly one.
    fn sole_winning_piece(&self) -> Option<usize> {
        self.cast.sole_winning_piece
    }

    fn pushes(&self, unit: &Unit, from: Square) -> Bitboard {
        let fixed = self.facts.held;
        let step = if unit.color.is_white() { 8 } else { -8 };
        let Some(one) = from.offset(step).filter(|&sq| !fixed.contains(sq)) else {
            return Bitboard::EMPTY;
        };
        let mut out = Bitboard::from(one);
        if from.rank() == Rank::Second.relative_to(unit.color)
            && let Some(two) = one.offset(step).filter(|&sq| !fixed.contains(sq))
        {
            out.add(two);
        }
        out
    }

    fn attacks_from(&self, unit: &Unit, from: Square, blockers: Bitboard) -> Bitboard {
        if unit.promoted {
            queen_attacks(from, blockers) | knight_attacks(from)
        } else {
            attacks(unit.color, unit.role, from, blockers)
        }
    }

    /// How spread out the future is: the sum over pieces of the bits
    /// needed to say where each may stand. Small means few positions can
    /// ever arise, and exploring them all is cheap.
    pub(in crate::dead_position) fn spread(&self) -> u32 {
        self.units
            .iter()
            .map(|u| u32::BITS - (u.visits.count().max(1) - 1).leading_zeros())
            .sum()
    }

    /// The pieces, by index, the analysis assumes nothing of.
    fn free_units(&self) -> u32 {
        (0..self.units.len())
            .filter(|&i| self.units[i].fate == Fate::Free)
            .fold(0, |acc, i| acc | 1 << i)
    }

    fn homes(&self, color: Color) -> Bitboard {
        *self.cast.homes.get(color)
    }

    fn king(&self, color: Color) -> &Unit {
        &self.units[*self.cast.kings.get(color)]
    }
}

/// Who stands where at the start of an analysis: the pieces' home squares,
/// colours and roles, which every analysis of a position shares (whatever
/// it assumes of them).
#[derive(Clone, Debug)]
struct Cast {
    /// The home squares of each colour's pieces.
    homes: ByColor<Bitboard>,
    /// Each colour's king, by index.
    kings: ByColor<usize>,
    /// The winner's only piece besides its king, by index, if it has
    /// exactly one.
    sole_winning_piece: Option<usize>,
}

impl Cast {
    fn of(winner: Color, units: &[Unit]) -> Cast {
        let homes = ByColor::new_with(|color| {
            units
                .iter()
                .filter(|u| u.color == color)
                .map(|u| u.home)
                .collect()
        });
        let kings = ByColor::new_with(|color| {
            units
                .iter()
                .position(|u| u.color == color && u.role == Role::King)
                .expect("a position has a king of each colour")
        });
        let mut pieces =
            (0..units.len()).filter(|&j| units[j].color == winner && units[j].role != Role::King);
        let sole_winning_piece = pieces.next().filter(|_| pieces.next().is_none());
        Cast {
            homes,
            kings,
            sole_winning_piece,
        }
    }
}

/// The moves of one piece: those after which the game goes on, those that
/// end it without the winner's mate, and the captures among both.
#[derive(Copy, Clone, Debug, Default)]
struct Moves {
    live: Bitboard,
    dead_end: Bitboard,
    takes: Bitboard,
    dead_takes: Bitboard,
}

impl Moves {
    fn add(&mut self, other: Moves) {
        self.live |= other.live;
        self.dead_end |= other.dead_end;
        self.takes |= other.takes;
        self.dead_takes |= other.dead_takes;
    }
}

/// The square of `reach` farthest in the direction `color`'s pawns move:
/// for White the highest rank, for Black the lowest.
fn farthest(color: Color, reach: Bitboard) -> Square {
    let last = if color.is_white() {
        reach.last()
    } else {
        reach.first()
    };
    last.unwrap_or(Square::A1)
}

/// The squares strictly behind `sq` for a pawn of `color` (on any file).
fn behind(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank().index() as u32;
    let below = if rank == 0 {
        0
    } else {
        u64::MAX >> (64 - 8 * rank)
    };
    let above = if rank == 7 {
        0
    } else {
        u64::MAX << (8 * (rank + 1))
    };
    Bitboard(if color.is_white() { below } else { above })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(fen: &str, winner: Color) -> Reach {
        Reach::of(&Position::from_fen(fen).unwrap(), winner).unwrap()
    }

    #[test]
    fn a_pawn_step_that_mates_the_winner_leaves_its_guard_in_place() {
        // positions.txt:2111, labelled: White cannot mate, Black can. The
        // white king on c4 could only get out when b6-b5 or d6-d5 is played,
        // and each of those mates it; the pawns that never make another move
        // guard c5 for good.
        let fen = "3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1P1P1P2/8/1BbB1B1B b - - 0 1";
        assert!(!reach(fen, Color::White).mate_conceivable());
        assert!(reach(fen, Color::Black).mate_conceivable());
    }

    #[test]
    fn the_winners_only_piece_is_never_taken_but_still_mates() {
        // A knight mates a king boxed in by its own pawn: the lone piece
        // rule must not hide it (the knight is never taken, and h7 takes
        // nothing).
        let fen = "7k/7p/8/6N1/8/8/8/K7 w - - 0 1";
        let reach = reach(fen, Color::White);
        assert_eq!(
            reach.sole_winning_piece().map(|i| reach.units[i].role),
            Some(Role::Knight)
        );
        assert!(reach.mate_conceivable());
    }
}
