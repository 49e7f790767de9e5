//! A raw position that may not be valid.

use core::num::NonZeroU32;

use crate::{Bitboard, Board, CastlingRights, Color, Square};

/// Everything a FEN says, unchecked: a [`Setup`] may describe a position no
/// game could reach (no king, a pawn on the last rank, the side not to move in
/// check …). [`crate::Position::from_setup`] checks it and says what is wrong.
///
/// ```
/// use arbiter_rules::{Setup, Square};
/// let setup: Setup = "8/8/8/8/8/8/8/K6k w - - 0 1".parse()?;
/// assert_eq!(setup.board.king_of(arbiter_rules::Color::Black), Some(Square::H1));
/// # Ok::<(), arbiter_rules::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The rooks that keep a castling right.
    pub castling_rights: Bitboard,
    /// The square a pawn skipped over with a double step on the last move.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (FIDE 9.3).
    pub halfmoves: u32,
    /// The number of the current move, starting at 1.
    pub fullmoves: NonZeroU32,
}

impl Default for Setup {
    /// The starting position.
    fn default() -> Setup {
        Setup {
            board: Board::new(),
            turn: Color::White,
            castling_rights: CastlingRights::STANDARD.rooks(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: NonZeroU32::MIN,
        }
    }
}

impl Setup {
    /// An empty board, White to move.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            castling_rights: Bitboard::EMPTY,
            ..Setup::default()
        }
    }
}
