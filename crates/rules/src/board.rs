//! Piece placement: which piece stands on which square.

use core::fmt;

use crate::{Bitboard, ByColor, Color, File, Piece, Rank, Role, Square, attacks};

/// The pieces on the board, as one set of squares per role and per colour.
///
/// A `Board` may hold any placement, even one that could never arise in a
/// game; [`crate::Position`] is what checks that a placement is playable.
///
/// ```
/// use arbiter_rules::{Board, Color, Piece, Role, Square};
/// let board = Board::new();
/// assert_eq!(board.piece_at(Square::D1), Some(Piece { color: Color::White, role: Role::Queen }));
/// assert_eq!(board.occupied().count(), 32);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The starting position's placement (FIDE 2.3).
    pub const fn new() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
        }
    }

    /// A board with no piece on it.
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
        }
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of the pieces of `role`, of both colours.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `piece`.
    #[inline(always)]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color(piece.color) & self.by_role(piece.role)
    }

    /// Pawns of both colours.
    #[inline(always)]
    pub fn pawns(&self) -> Bitboard {
        self.by_role[Role::Pawn.index()]
    }
    /// Knights of both colours.
    #[inline(always)]
    pub fn knights(&self) -> Bitboard {
        self.by_role[Role::Knight.index()]
    }
    /// Bishops of both colours.
    #[inline(always)]
    pub fn bishops(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()]
    }
    /// Rooks of both colours.
    #[inline(always)]
    pub fn rooks(&self) -> Bitboard {
        self.by_role[Role::Rook.index()]
    }
    /// Queens of both colours.
    #[inline(always)]
    pub fn queens(&self) -> Bitboard {
        self.by_role[Role::Queen.index()]
    }
    /// Kings of both colours.
    #[inline(always)]
    pub fn kings(&self) -> Bitboard {
        self.by_role[Role::King.index()]
    }
    /// Rooks and queens: pieces that attack along ranks and files.
    #[inline(always)]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.rooks() | self.queens()
    }
    /// Bishops and queens: pieces that attack along diagonals.
    #[inline(always)]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.bishops() | self.queens()
    }

    /// The square of `color`'s king, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.kings() & self.by_color(color)).single_square()
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Some(self.role_at_occupied(sq))
    }

    /// The role of the piece on `sq`, which must be occupied.
    #[inline(always)]
    pub(crate) fn role_at_occupied(&self, sq: Square) -> Role {
        // Without a branch: which role stands on a square changes from one
        // move to the next, and a chain of tests was mispredicted about once
        // a move. Exactly one role's set holds an occupied square, so the
        // sum of each role's index times its bit is that role's index.
        let bit = |role: Role| (self.by_role[role.index()].0 >> sq as u32) as usize & 1;
        let index = bit(Role::Knight)
            + 2 * bit(Role::Bishop)
            + 3 * bit(Role::Rook)
            + 4 * bit(Role::Queen)
            + 5 * bit(Role::King);
        match index {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        Some(Piece {
            color,
            role: self.role_at_occupied(sq),
        })
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.discard_piece_at(sq);
        self.put(sq, piece.color, piece.role);
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.take(sq, piece.color, piece.role);
        Some(piece)
    }

    /// Removes whatever stands on `sq`.
    pub fn discard_piece_at(&mut self, sq: Square) {
        let mask = !Bitboard::from_square(sq);
        for bb in &mut self.by_role {
            *bb &= mask;
        }
        for bb in &mut self.by_color {
            *bb &= mask;
        }
    }

    /// Puts a piece on an empty square.
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.by_role[role.index()].toggle(sq);
        self.by_color[color.index()].toggle(sq);
    }

    /// Takes the piece of `color` on `sq` off the board, whatever its role:
    /// one mask over every role's set, cheaper than asking which it is.
    #[inline(always)]
    pub(crate) fn remove_captured(&mut self, sq: Square, color: Color) {
        let keep = !Bitboard::from_square(sq);
        for bb in &mut self.by_role {
            *bb &= keep;
        }
        self.by_color[color.index()] &= keep;
    }

    /// Moves a known piece between the two squares of `from_to`.
    #[inline(always)]
    pub(crate) fn shift_piece(&mut self, color: Color, role: Role, from_to: Bitboard) {
        self.by_role[role.index()] ^= from_to;
        self.by_color[color.index()] ^= from_to;
    }

    /// Takes a known piece off its square.
    #[inline(always)]
    pub(crate) fn take(&mut self, sq: Square, color: Color, role: Role) {
        self.by_role[role.index()].toggle(sq);
        self.by_color[color.index()].toggle(sq);
    }

    /// Pieces of `attacker` that attack `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_to_generic::<attacks::Magic>(sq, attacker, occupied)
    }

    #[inline(always)]
    pub(crate) fn attackers_to_generic<S: attacks::Sliders>(
        &self,
        sq: Square,
        attacker: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let them = self.by_color(attacker);
        ((S::rook(sq, occupied) & self.rooks_and_queens())
            | (S::bishop(sq, occupied) & self.bishops_and_queens())
            | (attacks::knight_attacks(sq) & self.knights())
            | (attacks::king_attacks(sq) & self.kings())
            | (attacks::pawn_attacks(!attacker, sq) & self.pawns()))
            & them
    }

    /// Each piece on the board, from a1 to h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().into_iter().map(move |sq| {
            let piece = self.piece_at(sq).expect("occupied square has a piece");
            (sq, piece)
        })
    }

    /// How many pieces of each role `color` has.
    pub fn material(&self, color: Color) -> [u8; 6] {
        let own = self.by_color(color);
        Role::ALL.map(|r| (self.by_role(r) & own).count() as u8)
    }

    /// How many pieces of each role each side has.
    pub fn material_by_color(&self) -> ByColor<[u8; 6]> {
        ByColor::new_with(|c| self.material(c))
    }

    /// The placement field of FEN (`rnbqkbnr/pppppppp/8/…`).
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if *rank != Rank::First {
                s.push('/');
            }
        }
        s
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.board_fen())
    }
}

impl fmt::Display for Board {
    /// Draws the board as text, rank 8 on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
                if file != File::H {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
