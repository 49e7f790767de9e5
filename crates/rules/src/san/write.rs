//! Writing canonical SAN.

use core::fmt;

use super::{PieceMove, San};
use crate::attacks::attacks;
use crate::notation::{Style, write_short};
use crate::{Bitboard, Color, File, Move, MoveKind, Position, Rank, Role};

/// The SAN of `m` in `pos`, with the least disambiguation PGN allows.
pub(super) fn san_of(pos: &Position, m: Move) -> San {
    if let Some(side) = m.castling_side() {
        return San::Castle(side);
    }
    let from = m.from();
    let to = m.to();
    let role = pos.board().role_at(from).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    let (file, rank) = match role {
        Role::Pawn => (capture.then(|| from.file()), None),
        Role::King => (None, None),
        _ => disambiguation(pos, role, m),
    };
    San::Normal(PieceMove {
        role,
        file,
        rank,
        capture,
        to,
        promotion: m.promotion_role(),
    })
}

/// PGN's rule: the file if it tells the piece from its rivals, else the
/// rank, else both.
fn disambiguation(pos: &Position, role: Role, m: Move) -> (Option<File>, Option<Rank>) {
    let board = pos.board();
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let others = (board.by_role(role) & board.by_color(us)).without(from);
    // Only a piece that could reach the square on an empty path is a rival:
    // a cheap test that settles most moves before the legal one.
    let reaching = others & attacks(us, role, to, board.occupied());
    if reaching.is_empty() {
        return (None, None);
    }
    let rivals: Bitboard = pos
        .legal_moves_between(reaching, Bitboard::from_square(to))
        .iter()
        .filter(|r| !matches!(r.kind(), MoveKind::Castle))
        .map(|r| r.from())
        .collect();
    if rivals.is_empty() {
        (None, None)
    } else if !rivals.intersects(Bitboard::file(from.file())) {
        (Some(from.file()), None)
    } else if !rivals.intersects(Bitboard::rank(from.rank())) {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

/// Writes canonical SAN.
pub(super) fn fmt_san(san: &San, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    // Colour matters only for figurines; ASCII letters are the same for both.
    write_short(f, san, Style::Ascii, Color::White)
}
