//! The mating net: could some square of the losing king's reach ever be a
//! checkmate, given the reaches of every piece?

use arrayvec::ArrayVec;

use super::Reach;
use crate::attacks::king_attacks;
use crate::{Bitboard, Color, Role, Square};

impl Reach {
    /// Squares some non-king piece of `color` might ever attack.
    fn attackable_by(&self, color: Color) -> Bitboard {
        let fixed = self.facts.held;
        let mut out = Bitboard::EMPTY;
        for (i, unit) in self.units.iter().enumerate() {
            if unit.color != color || unit.role == Role::King {
                continue;
            }
            let blockers = self.line_blockers(i, fixed);
            for from in unit.reach {
                out |= self.attacks_from(unit, from, blockers);
            }
        }
        out
    }

    /// `false` when the winner can provably never checkmate: no square of the
    /// losing king's reach can be attacked by a winner's piece while each of
    /// its flight squares is attacked, out of the king's reach, covered by
    /// the winning king, or filled by a distinct piece of the loser's; or,
    /// when a side has only so many moves left, not in time.
    pub(super) fn mate_conceivable_as_is(&self) -> bool {
        if !self.net_conceivable() {
            return false;
        }
        let winner_cap = self.move_cap(self.winner);
        let loser_cap = self.move_cap(!self.winner);
        if winner_cap.is_none() && loser_cap.is_none() {
            return true;
        }
        // Each side gets at most one move more than the other has.
        let bound = |own: Option<u32>, other: Option<u32>| {
            own.unwrap_or(u32::MAX)
                .min(other.map_or(u32::MAX, |c| c + 1))
        };
        self.net_in_time(bound(winner_cap, loser_cap), bound(loser_cap, winner_cap))
    }

    /// The mating net, ignoring how many moves it takes.
    fn net_conceivable(&self) -> bool {
        let winner = self.winner;
        let loser = !winner;
        let loser_king = self.king(loser).reach;
        let winner_king = self.king(winner).reach;
        let attackable = self.attackable_by(winner);
        let blockers: ArrayVec<Bitboard, 16> = self
            .units
            .iter()
            .filter(|u| u.color == loser && u.role != Role::King)
            .map(|u| u.reach)
            .collect();
        for mate_square in loser_king & attackable {
            let flights = king_attacks(mate_square) & (loser_king - attackable);
            if flights.is_empty() || can_fill(flights, &blockers) {
                return true;
            }
            // The winning king stands on one square, not next to the mated king.
            let king_spots = winner_king - king_attacks(mate_square) - mate_square;
            let mut failed: ArrayVec<Bitboard, 64> = ArrayVec::new();
            failed.push(flights);
            for spot in king_spots {
                let left = flights - king_attacks(spot);
                // Fewer flights than a set that could not be filled may
                // still work; more never do.
                if failed.iter().any(|&f| f.is_subset(left)) {
                    continue;
                }
                if left.is_empty() || can_fill(left, &blockers) {
                    return true;
                }
                if !failed.is_full() {
                    failed.push(left);
                }
            }
        }
        false
    }
}

impl Reach {
    /// The mating net, when the winner may make at most `winner_moves` more
    /// moves and the loser `loser_moves`: each piece's part (the losing king
    /// walking to the mating square, blockers to the flight squares, the
    /// winning king to its square, a piece to where it gives check) takes
    /// at least its distance.
    fn net_in_time(&self, winner_moves: u32, loser_moves: u32) -> bool {
        let winner = self.winner;
        let loser = !winner;
        let index_of = |color: Color| {
            self.units
                .iter()
                .position(|u| u.color == color && u.role == Role::King)
                .expect("a position has a king of each colour")
        };
        let loser_king = self.distances(index_of(loser));
        let winner_king = self.distances(index_of(winner));
        let fixed = self.facts.held;
        let mut check_cost = [u32::MAX; 64];
        let mut blockers: ArrayVec<[u8; 64], 16> = ArrayVec::new();
        for (i, unit) in self.units.iter().enumerate() {
            if unit.role == Role::King {
                continue;
            }
            let dist = self.distances(i);
            if unit.color == loser {
                blockers.push(dist);
                continue;
            }
            let blockers = self.line_blockers(i, fixed);
            for from in unit.reach {
                let d = u32::from(dist[from.index()]);
                for sq in self.attacks_from(unit, from, blockers) {
                    check_cost[sq.index()] = check_cost[sq.index()].min(d);
                }
            }
        }
        let loser_region = self.king(loser).reach;
        let attackable = self.attackable_by(winner);
        for mate_square in loser_region & attackable {
            let walk = u32::from(loser_king[mate_square.index()]);
            let check = check_cost[mate_square.index()];
            if walk > loser_moves || check > winner_moves {
                continue;
            }
            let flights = king_attacks(mate_square) & (loser_region - attackable);
            // The winning king helps from one square, or not at all.
            let spots = self.king(winner).reach - king_attacks(mate_square) - mate_square;
            let mut options: ArrayVec<(Bitboard, u32), 65> = ArrayVec::new();
            options.push((flights, 0));
            for spot in spots {
                let left = flights - king_attacks(spot);
                let cost = u32::from(winner_king[spot.index()]);
                match options.iter_mut().find(|(l, _)| *l == left) {
                    Some((_, c)) => *c = (*c).min(cost),
                    None => options.push((left, cost)),
                }
            }
            for (left, king_walk) in options {
                if check.saturating_add(king_walk) > winner_moves {
                    continue;
                }
                if let Some(fill) = fill_cost(left, &blockers)
                    && walk + fill <= loser_moves
                {
                    return true;
                }
            }
        }
        false
    }
}

/// The fewest moves in all that distinct pieces (given by their distance
/// tables) need to stand on every square of `squares`; `None` if they cannot.
fn fill_cost(squares: Bitboard, pieces: &[[u8; 64]]) -> Option<u32> {
    let squares: ArrayVec<Square, 8> = squares.into_iter().take(8).collect();
    let full = (1usize << squares.len()) - 1;
    let mut best = [u32::MAX; 256];
    best[0] = 0;
    for dist in pieces {
        for mask in (0..=full).rev() {
            if best[mask] == u32::MAX {
                continue;
            }
            for (j, sq) in squares.iter().enumerate() {
                let d = dist[sq.index()];
                if mask & (1 << j) != 0 || d == super::tempo::NEVER {
                    continue;
                }
                let next = mask | (1 << j);
                best[next] = best[next].min(best[mask] + u32::from(d));
            }
        }
    }
    (best[full] != u32::MAX).then_some(best[full])
}

/// `true` if every square of `squares` can get its own piece among
/// `pieces` (given as the reach of each): a bipartite matching.
fn can_fill(squares: Bitboard, pieces: &[Bitboard]) -> bool {
    if squares.count() as usize > pieces.len() {
        return false;
    }
    let squares: ArrayVec<Square, 8> = squares.into_iter().take(8).collect();
    let mut owner: ArrayVec<Option<usize>, 16> = pieces.iter().map(|_| None).collect();
    squares.iter().enumerate().all(|(i, _)| {
        let mut seen = [false; 16];
        augment(i, &squares, pieces, &mut owner, &mut seen)
    })
}

/// One step of Kuhn's augmenting-path matching: finds square `s` a piece,
/// moving earlier assignments along if needed.
fn augment(
    s: usize,
    squares: &[Square],
    pieces: &[Bitboard],
    owner: &mut [Option<usize>],
    seen: &mut [bool; 16],
) -> bool {
    for (p, reach) in pieces.iter().enumerate() {
        if !reach.contains(squares[s]) || seen[p] {
            continue;
        }
        seen[p] = true;
        let free = match owner[p] {
            None => true,
            Some(other) => augment(other, squares, pieces, owner, seen),
        };
        if free {
            owner[p] = Some(s);
            return true;
        }
    }
    false
}
