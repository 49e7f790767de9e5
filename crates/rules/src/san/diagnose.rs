//! Why a SAN names no legal move. Runs only after resolving failed, so it
//! may take its time to find the most helpful reason.

use super::resolve::origins;
use super::{CastlingRefusal, San, SanError, SanErrorKind};
use crate::attacks::{attacks, between, pawn_attacks};
use crate::{Bitboard, CastlingSide, Move, Position, Rank, Role, Square};

/// Explains why a [`San::Normal`] matched no single legal move.
#[cold]
pub(super) fn normal(san: &San, pos: &Position) -> SanError {
    let error = |kind| SanError {
        san: san.to_string(),
        kind,
    };
    let San::Normal(m) = *san else {
        return error(SanErrorKind::NullMove);
    };
    let (role, to, promotion) = (m.role, m.to, m.promotion);
    let us = pos.turn();
    let last_rank = Rank::Eighth.relative_to(us);

    if let Some(p) = promotion {
        if role != Role::Pawn || to.rank() != last_rank {
            return error(SanErrorKind::UnexpectedPromotion);
        }
        if matches!(p, Role::King | Role::Pawn) {
            return error(SanErrorKind::PromotionRole(p));
        }
    }

    let from = origins(pos, role, m.file, m.rank, m.capture, to.file());
    let legal: Vec<Move> = pos
        .legal_moves_between(from, Bitboard::from_square(to))
        .into_iter()
        .filter(|m| !m.is_castle())
        .collect();
    if promotion.is_none() && legal.iter().any(|m| m.promotion_role().is_some()) {
        return error(SanErrorKind::MissingPromotion);
    }
    let matching: Vec<Move> = legal
        .into_iter()
        .filter(|m| m.promotion_role() == promotion)
        .collect();
    if !matching.is_empty() {
        let candidates = matching
            .iter()
            .map(|&m| San::from_move(pos, m).to_string())
            .collect();
        return error(SanErrorKind::Ambiguous { candidates });
    }

    if pos.board().by_color(us).contains(to) {
        return error(SanErrorKind::OwnPiece { to });
    }
    if from.into_iter().any(|sq| reaches(pos, role, sq, to)) {
        return error(SanErrorKind::IntoCheck { role });
    }
    error(SanErrorKind::NoPiece {
        role,
        file: m.file,
        rank: m.rank,
        to,
    })
}

/// Whether the piece on `from` moves to `to` by its own rules (FIDE 3.2 to
/// 3.8), regardless of what that does to its own king.
fn reaches(pos: &Position, role: Role, from: Square, to: Square) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    if role != Role::Pawn {
        return attacks(us, role, from, occupied).contains(to);
    }
    let forward = if us.is_white() { 8 } else { -8 };
    let takes = board.by_color(!us).contains(to) || pos.ep_square() == Some(to);
    let capture = takes && pawn_attacks(us, from).contains(to);
    let step = from.offset(forward);
    let push = step == Some(to) && !occupied.contains(to);
    let double = from.rank() == Rank::Second.relative_to(us)
        && from.offset(2 * forward) == Some(to)
        && step.is_some_and(|s| !occupied.contains(s))
        && !occupied.contains(to);
    capture || push || double
}

/// Explains why castling towards `side` is not legal (FIDE 3.8.2).
#[cold]
pub(super) fn castling(san: &San, pos: &Position, side: CastlingSide) -> SanError {
    SanError {
        san: san.to_string(),
        kind: SanErrorKind::Castling(castling_refusal(pos, side)),
    }
}

fn castling_refusal(pos: &Position, side: CastlingSide) -> CastlingRefusal {
    let us = pos.turn();
    let board = pos.board();
    let king = pos.king_square(us);
    let Some(rook) = pos.castling_rights().rook(us, side, king) else {
        return CastlingRefusal::NoRight(side);
    };
    if pos.is_check() {
        return CastlingRefusal::InCheck;
    }
    let king_to = side.king_to(us);
    let rook_to = side.rook_to(us);
    let occupied = board.occupied();
    let path = (between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to))
        .without(king)
        .without(rook);
    if let Some(sq) = nearest(king, path & occupied) {
        return CastlingRefusal::Blocked(sq);
    }
    let attacked = |sq, occupied| board.attackers_to(sq, !us, occupied).any();
    let transit = between(king, king_to) & !Bitboard::from_square(king_to);
    if let Some(sq) = ordered_from(king, transit)
        .into_iter()
        .find(|&sq| attacked(sq, occupied.without(king)))
    {
        return CastlingRefusal::PassesAttacked(sq);
    }
    // In Chess960 the castling rook may shield the landing square until it moves.
    let after = occupied
        .without(king)
        .without(rook)
        .with(king_to)
        .with(rook_to);
    // Landing is the last condition of FIDE 3.8.2 left: the move generator
    // refused this castling, so it must be the one that fails.
    debug_assert!(
        attacked(king_to, after),
        "castling refused for no reason of FIDE 3.8.2"
    );
    CastlingRefusal::LandsAttacked(king_to)
}
/// The squares of `set`, the nearest to `origin` first.
fn ordered_from(origin: Square, set: Bitboard) -> Vec<Square> {
    let mut squares: Vec<Square> = set.into_iter().collect();
    squares.sort_by_key(|&sq| origin.distance(sq));
    squares
}

fn nearest(origin: Square, set: Bitboard) -> Option<Square> {
    ordered_from(origin, set).first().copied()
}
