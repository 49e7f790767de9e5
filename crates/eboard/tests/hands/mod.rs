//! Games as the hands make them on a board without a clock, generated at
//! random for the tests: the board-simulator script of each (lifts and
//! set-downs, with noise) and its moves. Shared by the board reader's
//! scenarios and the command-line replay tests.
#![allow(dead_code)]

use arbiter_rules::{Move, Piece, Position, Square};

/// Positions rich in castling, en passant and promotions, and the start.
pub const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    "r3k2r/pp3ppp/8/2pPp3/8/8/PPP2PPP/R3K2R w KQkq c6 0 1",
    "3k4/1P1P1P2/8/8/8/8/1p1p1p2/3K4 w - - 0 1",
];

/// A generated game: the script of its steps and its moves in UCI.
pub struct HandGame {
    /// One board step a line, `wait 300` after each move.
    pub script: String,
    /// The moves, as the referee's record writes them.
    pub moves: Vec<String>,
    /// How many were castling, en passant, a promotion or a capture.
    pub specials: usize,
}

/// A random game of at most `plies` moves from `fen`, half of them a
/// special move when there is one, until no move is left or the material
/// cannot mate.
pub fn generated_game(seed: u64, fen: &str, plies: usize) -> HandGame {
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut pos = Position::from_fen(fen).unwrap();
    let mut game = HandGame {
        script: String::new(),
        moves: Vec::new(),
        specials: 0,
    };
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.is_insufficient_material() {
            break;
        }
        let specials: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.is_castle()
                    || m.is_en_passant()
                    || m.promotion_role().is_some()
                    || pos.is_capture(*m)
            })
            .collect();
        let m = if !specials.is_empty() && dice.below(2) == 0 {
            game.specials += 1;
            specials[dice.below(specials.len())]
        } else {
            legal[dice.below(legal.len())]
        };
        game.script += &hand_steps(&pos, m, &mut dice);
        game.script += "wait 300\n";
        game.moves.push(m.to_string());
        pos = pos.after(m);
    }
    game
}

/// A small deterministic random source (xorshift), so that a failing
/// seed can be replayed.
pub struct Dice(u64);

impl Dice {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The board steps of `m` from `pos` as a hand makes them, in one of the
/// orders players use, with noise: the piece lifted and put back first
/// (a touch, then the move with it), a capture's two pieces changing in
/// one scan (the captured piece gone and the capturer there at once),
/// the captured piece taken off first or last. Castling is king first
/// (FIDE 4.4.1). A captured piece set down off the board is not seen.
pub fn hand_steps(pos: &Position, m: Move, dice: &mut Dice) -> String {
    let mover = pos.piece_at(m.from()).expect("a piece moves");
    let landed = m.promotion_role().map_or(mover, |role| Piece {
        color: mover.color,
        role,
    });
    let mut steps = String::new();
    if dice.below(4) == 0 {
        steps += &format!("lift {0}\nplace {0} {1}\n", m.from(), mover.char());
    }
    if m.is_castle() {
        let rook = pos.piece_at(m.to()).expect("the castling rook");
        steps += &format!(
            "lift {}\nplace {} {}\nlift {}\nplace {} {}\n",
            m.from(),
            m.king_destination(),
            mover.char(),
            m.to(),
            m.rook_destination().expect("castling"),
            rook.char()
        );
        return steps;
    }
    let captured = if m.is_en_passant() {
        Some(Square::from_coords(m.to().file(), m.from().rank()))
    } else {
        pos.is_capture(m).then_some(m.to())
    };
    let (from, to, piece) = (m.from(), m.to(), landed.char());
    steps += &match (captured, dice.below(3)) {
        (None, _) => format!("lift {from}\nplace {to} {piece}\n"),
        (Some(c), 0) => format!("lift {c}\nlift {from}\nplace {to} {piece}\n"),
        (Some(c), 1) if c != to => format!("lift {from}\nplace {to} {piece}\nlift {c}\n"),
        (Some(c), _) if c == to => format!("lift {from}\nplace {to} {piece}\n"),
        (Some(c), _) => format!("lift {from}\nlift {c}\nplace {to} {piece}\n"),
    };
    steps
}
