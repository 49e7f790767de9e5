//! Finding the legal move a SAN names: only the moves between the squares
//! the SAN allows are generated. Explaining a failure is the slow path's job
//! ([`super::diagnose`]).

use super::{San, SanError, SanErrorKind, diagnose};
use crate::{Bitboard, CastlingSide, File, Move, Position, Rank, Role};

#[inline]
pub(super) fn to_move(san: &San, pos: &Position) -> Result<Move, SanError> {
    match *san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let from = origins(pos, role, file, rank, capture, to.file());
            let moves = pos.legal_moves_between(from, Bitboard::from_square(to));
            let mut found = None;
            for &m in &moves {
                if m.is_castle() || m.promotion_role() != promotion {
                    continue;
                }
                if found.is_some() {
                    return Err(diagnose::normal(san, pos));
                }
                found = Some(m);
            }
            found.ok_or_else(|| diagnose::normal(san, pos))
        }
        San::Castle(side) => castle(pos, side).ok_or_else(|| diagnose::castling(san, pos, side)),
        San::Null => Err(SanError {
            san: san.to_string(),
            kind: SanErrorKind::NullMove,
        }),
    }
}

/// The squares a piece named this way may come from. A pawn move written
/// without a file is a push unless it carries a capture mark.
#[inline]
pub(super) fn origins(
    pos: &Position,
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
    to_file: File,
) -> Bitboard {
    let board = pos.board();
    let mut from = board.by_role(role) & board.by_color(pos.turn());
    if let Some(file) = file {
        from &= Bitboard::file(file);
    } else if role == Role::Pawn && !capture {
        from &= Bitboard::file(to_file);
    }
    if let Some(rank) = rank {
        from &= Bitboard::rank(rank);
    }
    from
}

/// The legal castling move towards `side`, if there is one.
#[inline]
fn castle(pos: &Position, side: CastlingSide) -> Option<Move> {
    let us = pos.turn();
    let king = pos.king_square(us);
    let rook = pos.castling_rights().rook(us, side, king)?;
    pos.legal_moves_between(Bitboard::from_square(king), Bitboard::from_square(rook))
        .into_iter()
        .find(|m| m.is_castle())
}
