//! Finding the legal move a SAN names.
//!
//! This is the hot path of reading PGN, so it avoids generating moves where
//! it can. Almost every SAN in a real game names one piece that can reach
//! the destination by its way of moving; for that piece alone, legality is a
//! few table lookups (is it pinned, does it answer a check, does the king
//! step onto an attacked square). Castling asks the castling rules for its
//! one rook. Everything else (several candidates, en passant, promotions)
//! asks the move generator for the moves between the candidate squares and
//! the destination. Explaining a failure is [`super::diagnose`]'s job.
//!
//! [`quick`] takes the usual case straight from the token's bytes, for
//! readers of many games; [`to_move`] takes every case from a [`San`].

use super::{San, SanError, SanErrorKind, ascii, diagnose};
use crate::attacks::{
    between, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_rays,
};
use crate::{Bitboard, CastlingSide, File, Move, Position, Rank, Role, Square};

#[inline]
pub(super) fn to_move(san: &San, pos: &Position) -> Result<Move, SanError> {
    match *san {
        San::Normal(m) => {
            let (role, to, promotion) = (m.role, m.to, m.promotion);
            let origins = origins(pos, role, m.file, m.rank, m.capture, to.file());
            let candidates = reaching(pos, role, origins, to);
            if let Some(from) = candidates.single_square()
                && promotion.is_none()
                && let Some(legal) = single_candidate(pos, role, from, to)
            {
                return match legal {
                    true => Ok(Move::normal(from, to)),
                    false => Err(diagnose::normal(san, pos)),
                };
            }
            let moves = pos.legal_moves_between(candidates, Bitboard::from_square(to));
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

/// The legal move a PGN SAN token names, when the token is in one of the
/// forms nearly every move is written in (see [`ascii::plain`]) or is
/// castling, with at most one `+` or `#` after it, and names a single
/// piece that can plainly make the move. `None` when [`to_move`] must
/// decide: the token is then read again in full, which only the rare
/// moves pay for.
///
/// Whenever it finds a move, reading the token with [`ascii::parse`] and
/// resolving it with [`to_move`] finds the same: it takes the same steps,
/// without building their results and errors.
#[inline(always)]
pub(super) fn quick(token: &[u8], pos: &Position) -> Option<Move> {
    match quick_read(token, pos)? {
        Quick::Plain(m, _) | Quick::Castle(m) => Some(m),
    }
}

/// Plays the move [`quick`] finds, and returns it. The token names the
/// piece that moves and the kind of move, which playing it then need not
/// look up.
#[inline(always)]
pub(super) fn quick_play(token: &[u8], pos: &mut Position) -> Option<Move> {
    Some(match quick_read(token, pos)? {
        Quick::Plain(m, role) => {
            pos.play_normal_by(m, role);
            m
        }
        Quick::Castle(m) => {
            pos.play_unchecked(m);
            m
        }
    })
}

/// A move [`quick`] found.
enum Quick {
    /// A move of the normal kind, by a piece of this role.
    Plain(Move, Role),
    /// Castling.
    Castle(Move),
}

/// The move [`quick`] finds, with what the token tells of it.
#[inline(always)]
fn quick_read(token: &[u8], pos: &Position) -> Option<Quick> {
    let body = match token {
        [body @ .., b'+' | b'#'] => body,
        _ => token,
    };
    let Some((role, written_from, to)) = ascii::plain(body) else {
        let side = match body {
            b"O-O" => CastlingSide::KingSide,
            b"O-O-O" => CastlingSide::QueenSide,
            _ => return None,
        };
        return castle(pos, side).map(Quick::Castle);
    };
    let board = pos.board();
    let origins = board.by_role(role) & board.by_color(pos.turn()) & written_from;
    let from = reaching(pos, role, origins, to).single_square()?;
    single_candidate(pos, role, from, to)?.then(|| Quick::Plain(Move::normal(from, to), role))
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

/// The squares of `origins` from which a `role` of the side to move could
/// reach `to` by its way of moving, pins and checks aside: a superset of
/// the legal origins, usually a single square. Sliders off every line
/// through `to` are dropped at once by the empty-board rays; the few left
/// are tested one by one against the line tables, which is cheaper than
/// looking up their attacks.
#[inline]
fn reaching(pos: &Position, role: Role, origins: Bitboard, to: Square) -> Bitboard {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    match role {
        Role::Pawn => {
            let behind = if us.is_white() { -8 } else { 8 };
            let mut from = pawn_attacks(!us, to);
            if let Some(one) = to.offset(behind) {
                from.add(one);
                if !occupied.contains(one)
                    && let Some(two) = one.offset(behind)
                {
                    from.add(two);
                }
            }
            origins & from
        }
        Role::Knight => origins & knight_attacks(to),
        Role::King => origins & king_attacks(to),
        // Only the sliders on a line with `to` are tested for an open way.
        _ => (origins & rays(role, to))
            .into_iter()
            .filter(|&from| !between(from, to).intersects(occupied))
            .collect(),
    }
}

/// Whether the one piece on `from` may legally make a plain move (no
/// promotion, en passant or castling) to `to`; `None` when the move is not
/// of that simple kind and the move generator must decide.
#[inline]
fn single_candidate(pos: &Position, role: Role, from: Square, to: Square) -> Option<bool> {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    if board.by_color(us).contains(to) {
        return Some(false);
    }
    if role == Role::Pawn && !plain_pawn_move(pos, from, to) {
        return None;
    }
    let king = pos.king_square(us);
    if role == Role::King {
        // The king may not step onto an attacked square, nor hide behind
        // itself from a slider (FIDE 3.9).
        let safe = king_attacks(king).contains(to) && !attacked(pos, to, occupied.without(king));
        return Some(safe);
    }
    Some(shield_allows(pos, king, from, to))
}

/// Whether moving the piece on `from` (not the king) to `to` leaves its
/// king out of check: it answers the check if there is one, and leaves its
/// line to the king only along it if it is pinned.
///
/// The enemy sliders that see the king through at most the moving piece
/// tell both at once, in one pass: with nothing between, they give check;
/// with only `from` between, they pin it. (A king never gives check in a
/// legal position, so only knights and pawns are left to look at.)
#[inline(always)]
fn shield_allows(pos: &Position, king: Square, from: Square, to: Square) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let enemy = board.by_color(!us);
    let occupied = board.occupied();
    let snipers = (rook_rays(king) & board.rooks_and_queens()
        | bishop_rays(king) & board.bishops_and_queens())
        & enemy;
    let mut checkers =
        (knight_attacks(king) & board.knights() | pawn_attacks(us, king) & board.pawns()) & enemy;
    let mut pinned = false;
    let moving = Bitboard::from_square(from);
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if blockers.is_empty() {
            checkers.add(sniper);
        } else if blockers == moving {
            pinned = true;
        }
    }
    if let Some(checker) = checkers.first()
        && (checkers.more_than_one() || !between(king, checker).with(checker).contains(to))
    {
        return false;
    }
    !pinned || line(king, from).contains(to)
}

/// Whether an enemy piece attacks `sq` with `occupied` as the blockers.
#[inline]
fn attacked(pos: &Position, sq: Square, occupied: Bitboard) -> bool {
    leaping_attackers(pos, sq).any()
        || sliding_attackers(pos, sq, occupied, Role::Rook).any()
        || sliding_attackers(pos, sq, occupied, Role::Bishop).any()
}

/// The enemy knights, king and pawns that attack `sq`.
#[inline]
fn leaping_attackers(pos: &Position, sq: Square) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    let leapers = (knight_attacks(sq) & board.knights())
        | (king_attacks(sq) & board.kings())
        | (pawn_attacks(us, sq) & board.pawns());
    leapers & board.by_color(!us)
}

/// The enemy pieces that attack `sq` along ranks and files (`Role::Rook`:
/// rooks and queens) or along diagonals (`Role::Bishop`: bishops and
/// queens), with `occupied` as the blockers.
#[inline]
fn sliding_attackers(pos: &Position, sq: Square, occupied: Bitboard, way: Role) -> Bitboard {
    let board = pos.board();
    let sliders = match way {
        Role::Rook => board.rooks_and_queens(),
        _ => board.bishops_and_queens(),
    } & board.by_color(!pos.turn())
        & rays(way, sq);
    sliders
        .into_iter()
        .filter(|&slider| !between(slider, sq).intersects(occupied))
        .collect()
}

/// The squares on a line with `sq` along which a `role` (bishop, rook or
/// queen) moves, on an empty board.
#[inline(always)]
fn rays(role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Rook => rook_rays(sq),
        Role::Bishop => bishop_rays(sq),
        _ => rook_rays(sq) | bishop_rays(sq),
    }
}

/// A pawn's push, double step or capture of a piece, not onto the last rank
/// and not en passant.
#[inline]
fn plain_pawn_move(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let board = pos.board();
    if to.rank() == Rank::Eighth.relative_to(us) {
        return false;
    }
    if from.file() != to.file() {
        return board.by_color(!us).contains(to);
    }
    let occupied = board.occupied();
    let double =
        from.rank() == Rank::Second.relative_to(us) && to.rank() == Rank::Fourth.relative_to(us);
    let single = from.rank().offset(if us.is_white() { 1 } else { -1 }) == Some(to.rank());
    !occupied.contains(to) && (single || double)
}

/// The legal castling move towards `side`, if there is one.
#[inline]
fn castle(pos: &Position, side: CastlingSide) -> Option<Move> {
    let us = pos.turn();
    let king = pos.king_square(us);
    let rook = pos.castling_rights().rook(us, side, king)?;
    pos.legal_castling_with(rook)
}
