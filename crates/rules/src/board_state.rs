//! What the legal moves of a position depend on, and how a move changes it.

use crate::attacks::pawn_attacks;
use crate::{Bitboard, Board, CastlingRights, CastlingSide, Color, Rank, Role, Square};

/// The pieces, the side to move, the castling rights and the en passant
/// square: everything FIDE 9.2.3 compares to call two positions the same,
/// and all the move generator reads.
///
/// [`crate::Position`] adds the key and the move counters. Perft walks
/// `BoardState`s alone: nothing below the root needs the rest.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub(crate) struct BoardState {
    pub(crate) board: Board,
    pub(crate) castling: CastlingRights,
    /// Set only when a pawn of the side to move attacks it; whether the
    /// capture is also legal is for the move generator to say.
    pub(crate) ep_square: Option<Square>,
    pub(crate) turn: Color,
}

impl BoardState {
    /// The square of `color`'s king (every position has exactly one).
    #[inline(always)]
    pub(crate) fn king_square(&self, color: Color) -> Square {
        (self.board.kings() & self.board.by_color(color))
            .first()
            .unwrap_or(Square::A1)
    }

    /// `us`, the side to move, moves its `role` from `from` to `to`, where
    /// it becomes `placed` (the promotion piece, or `role` itself);
    /// `captures` says whether an enemy piece stands on `to`. Neither
    /// castling nor en passant (see [`BoardState::play_castle`] and
    /// [`BoardState::play_en_passant`]). The colour is a parameter so that
    /// callers that know it at compile time get code without the test.
    #[inline(always)]
    pub(crate) fn play_move(
        &mut self,
        us: Color,
        role: Role,
        placed: Role,
        from: Square,
        to: Square,
        captures: bool,
    ) {
        let them = !us;
        if captures {
            self.board.remove_captured(to, them);
        }
        let from_to = Bitboard::from_square(from).with(to);
        if role == placed {
            self.board.shift_piece(us, role, from_to);
        } else {
            self.board.take(from, us, role);
            self.board.put(to, us, placed);
        }
        // A right is lost when its rook moves or is taken (FIDE 3.8.2.1):
        // a castling rook's square is left or entered.
        self.castling.discard(from_to);
        self.ep_square = None;
        match role {
            Role::King => self
                .castling
                .discard(Bitboard::rank(Rank::First.relative_to(us))),
            Role::Pawn if from as u8 ^ to as u8 == 16 => self.note_double_step(us, from, to),
            _ => {}
        }
        self.turn = them;
    }

    /// A pawn of `us` has stepped two squares from `from` to `to`: the
    /// square it skipped is an en passant square if an enemy pawn attacks it.
    #[inline(always)]
    fn note_double_step(&mut self, us: Color, from: Square, to: Square) {
        let skipped = Square::from_index((from as usize + to as usize) / 2);
        let capturers = pawn_attacks(us, skipped) & self.board.pawns() & self.board.by_color(!us);
        if capturers.any() {
            self.ep_square = Some(skipped);
        }
    }

    /// A pawn of `us` takes en passant from `from`, landing on `to`.
    #[inline(always)]
    pub(crate) fn play_en_passant(&mut self, us: Color, from: Square, to: Square) {
        let captured = Square::from_coords(to.file(), from.rank());
        self.board.take(captured, !us, Role::Pawn);
        self.board.take(from, us, Role::Pawn);
        self.board.put(to, us, Role::Pawn);
        self.ep_square = None;
        self.turn = !us;
    }

    /// `us` castles with the king on `king` and the rook on `rook`.
    #[inline(always)]
    pub(crate) fn play_castle(&mut self, us: Color, king: Square, rook: Square) {
        let side = CastlingSide::from_king_side(rook > king);
        self.board.take(king, us, Role::King);
        self.board.take(rook, us, Role::Rook);
        self.board.put(side.king_to(us), us, Role::King);
        self.board.put(side.rook_to(us), us, Role::Rook);
        self.castling
            .discard(Bitboard::rank(Rank::First.relative_to(us)));
        self.ep_square = None;
        self.turn = !us;
    }
}
