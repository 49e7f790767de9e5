//! Helpers shared by the rules crate's integration tests: a seeded random
//! number generator, random playouts, and Chess960 starting positions.

#![allow(dead_code)] // each test file uses its own part of this module

use arbiter_rules::{Move, MoveKind, Position};

/// SplitMix64: small, seedable, and good enough to pick moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Positions rich in castling, en passant and promotions, besides the
/// starting position: the perft suites' classics.
pub const START_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/8/8/8/3pPp2/8/8/R3K1RR b KQkq e3 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
];

/// The Chess960 starting position number `n` (0 to 959), as FEN, by the
/// standard numbering (518 is the usual set-up).
pub fn chess960_fen(n: usize) -> String {
    let mut rank: [Option<char>; 8] = [None; 8];
    let mut n = n % 960;
    rank[2 * (n % 4) + 1] = Some('B');
    n /= 4;
    rank[2 * (n % 4)] = Some('B');
    n /= 4;
    place_on_empty(&mut rank, n % 6, 'Q');
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    // Place the second knight first so the first one's index is unchanged.
    place_on_empty(&mut rank, b, 'N');
    place_on_empty(&mut rank, a, 'N');
    for piece in ['R', 'K', 'R'] {
        place_on_empty(&mut rank, 0, piece);
    }
    let white: String = rank.iter().map(|c| c.expect("all placed")).collect();
    let black = white.to_ascii_lowercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

fn place_on_empty(rank: &mut [Option<char>; 8], index: usize, piece: char) {
    let slot = rank
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .nth(index)
        .expect("enough empty squares")
        .0;
    rank[slot] = Some(piece);
}

/// Picks a move, preferring castling, en passant and promotions so that the
/// rare rules get exercised.
pub fn pick(moves: &[Move], rng: &mut Rng) -> Move {
    let special: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| !matches!(m.kind(), MoveKind::Normal))
        .collect();
    if !special.is_empty() && rng.below(2) == 0 {
        special[rng.below(special.len())]
    } else {
        moves[rng.below(moves.len())]
    }
}

/// Plays up to `plies` random moves from `start`; returns every position
/// reached, `start` first.
pub fn playout(start: &Position, plies: usize, rng: &mut Rng) -> Vec<Position> {
    let mut positions = vec![start.clone()];
    let mut pos = start.clone();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(pick(&moves, rng));
        positions.push(pos.clone());
    }
    positions
}

/// A position reached by a random playout of up to `plies` moves from a
/// start chosen by `rng` (a classic or a Chess960 one).
pub fn random_position(rng: &mut Rng, plies: usize) -> Position {
    let start = if rng.below(3) == 0 {
        Position::from_fen(&chess960_fen(rng.below(960))).expect("Chess960 start")
    } else {
        Position::from_fen(START_FENS[rng.below(START_FENS.len())]).expect("start FEN")
    };
    let n = rng.below(plies + 1);
    playout(&start, n, rng).pop().expect("at least the start")
}
