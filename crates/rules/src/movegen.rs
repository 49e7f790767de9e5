//! Legal move generation (FIDE 3), generic over the slider lookup.
//!
//! The generator finds legal moves directly: it knows the checkers and the
//! pinned pieces before it starts, so no move has to be played and taken back
//! to test it. Moves are handed to a [`Sink`] as sets of destinations, so
//! that counting them (perft's bulk counting) costs one popcount per piece.

use crate::attacks::{Sliders, between, king_attacks, knight_attacks, line, pawn_attacks};
use crate::{Bitboard, CastlingSide, Color, Move, MoveList, Position, Rank, Role, Square};

/// Receives generated moves, grouped as a source and a set of destinations.
pub(crate) trait Sink {
    /// A non-pawn piece (king included) moving from `from` to each of `to`.
    fn piece(&mut self, from: Square, to: Bitboard);
    /// Pawns moving to each of `to` from the square `delta` behind it
    /// (`from = to - delta`), none of them promoting.
    fn pawns(&mut self, to: Bitboard, delta: i32);
    /// Pawns moving to the last rank: each destination is four moves.
    fn promotions(&mut self, to: Bitboard, delta: i32);
    /// An en passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// Castling with the king on `king` and the rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square);
    /// Whether generation may stop (the sink has seen what it needs).
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
    /// Only moves from these squares are wanted.
    #[inline(always)]
    fn wanted_from(&self) -> Bitboard {
        Bitboard::FULL
    }
    /// Only moves to these squares are wanted (castling counts as a move to
    /// the rook's square).
    #[inline(always)]
    fn wanted_to(&self) -> Bitboard {
        Bitboard::FULL
    }
}

/// Collects the moves between two sets of squares into a list.
pub(crate) struct FilteredListSink<'a> {
    list: &'a mut MoveList,
    from: Bitboard,
    to: Bitboard,
}

impl<'a> FilteredListSink<'a> {
    /// Empties `list` and collects into it the moves from `from` to `to`.
    #[inline(always)]
    pub(crate) fn new(
        list: &'a mut MoveList,
        from: Bitboard,
        to: Bitboard,
    ) -> FilteredListSink<'a> {
        list.clear();
        FilteredListSink { list, from, to }
    }
}

impl Sink for FilteredListSink<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square, to: Bitboard) {
        ListSink(&mut *self.list).piece(from, to);
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i32) {
        ListSink(&mut *self.list).pawns(to, delta);
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, delta: i32) {
        ListSink(&mut *self.list).promotions(to, delta);
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        ListSink(&mut *self.list).en_passant(from, to);
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        if self.to.contains(rook) {
            ListSink(&mut *self.list).castle(king, rook);
        }
    }
    #[inline(always)]
    fn wanted_from(&self) -> Bitboard {
        self.from
    }
    #[inline(always)]
    fn wanted_to(&self) -> Bitboard {
        self.to
    }
}

/// Collects moves into a list.
pub(crate) struct ListSink<'a>(&'a mut MoveList);

impl<'a> ListSink<'a> {
    /// Empties `list` and collects into it.
    #[inline(always)]
    pub(crate) fn new(list: &'a mut MoveList) -> ListSink<'a> {
        list.clear();
        ListSink(list)
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        debug_assert!(!self.0.is_full());
        // SAFETY: a list starts empty (`ListSink::new`) and is filled by one generation only, and no position
        // has more than 218 legal moves, well under the list's 256.
        unsafe { self.0.push_unchecked(m) }
    }
}

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square, to: Bitboard) {
        for to in to {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i32) {
        for to in to {
            let from = Square::from_low_bits((to as i32 - delta) as u32);
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, delta: i32) {
        for to in to {
            let from = Square::from_low_bits((to as i32 - delta) as u32);
            for role in Role::PROMOTIONS {
                self.push(Move::promotion(from, to, role));
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.push(Move::en_passant(from, to));
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.push(Move::castle(king, rook));
    }
}

/// Counts moves without listing them.
#[derive(Default)]
pub(crate) struct CountSink(pub u64);

impl Sink for CountSink {
    #[inline(always)]
    fn piece(&mut self, _from: Square, to: Bitboard) {
        self.0 += u64::from(to.count());
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _delta: i32) {
        self.0 += u64::from(to.count());
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, _delta: i32) {
        self.0 += 4 * u64::from(to.count());
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: Square, _to: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _king: Square, _rook: Square) {
        self.0 += 1;
    }
}

/// Stops at the first legal move.
#[derive(Default)]
pub(crate) struct AnySink(pub bool);

impl Sink for AnySink {
    #[inline(always)]
    fn piece(&mut self, _from: Square, to: Bitboard) {
        self.0 |= to.any();
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _delta: i32) {
        self.0 |= to.any();
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, _delta: i32) {
        self.0 |= to.any();
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: Square, _to: Square) {
        self.0 = true;
    }
    #[inline(always)]
    fn castle(&mut self, _king: Square, _rook: Square) {
        self.0 = true;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Sliders, K: Sink>(pos: &Position, sink: &mut K) {
    match pos.turn() {
        Color::White => generate_for::<S, K, true>(pos, sink),
        Color::Black => generate_for::<S, K, false>(pos, sink),
    }
}

#[inline(always)]
fn generate_for<S: Sliders, K: Sink, const WHITE: bool>(pos: &Position, sink: &mut K) {
    let us = if WHITE { Color::White } else { Color::Black };
    let them = !us;
    let board = pos.board();
    let own = board.by_color(us);
    let enemy = board.by_color(them);
    let occupied = own | enemy;
    let king = pos.king_square(us);

    // Enemy sliders that would see the king through at most one piece: with
    // nothing between, they give check; with one piece of ours between, it
    // is pinned and may only move along the pin.
    let snipers = (S::rook(king, enemy) & board.rooks_and_queens()
        | S::bishop(king, enemy) & board.bishops_and_queens())
        & enemy;
    let mut checkers =
        (knight_attacks(king) & board.knights() | pawn_attacks(us, king) & board.pawns()) & enemy;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if blockers.is_empty() {
            checkers.add(sniper);
        } else if !blockers.more_than_one() {
            pinned |= blockers & own;
        }
    }

    // The king: any square not attacked once the king has left its own square
    // (so that it cannot hide behind itself from a slider, FIDE 3.9).
    let from_mask = sink.wanted_from();
    let to_mask = sink.wanted_to();
    let mut king_to = Bitboard::EMPTY;
    let king_targets = if from_mask.contains(king) {
        (king_attacks(king) - own) & to_mask
    } else {
        Bitboard::EMPTY
    };
    if king_targets.any() {
        // Steppers' attacks do not depend on blockers: take them out setwise,
        // then ask the sliders square by square.
        let mut danger =
            pawn_attacks_setwise(board.pawns() & enemy, them) | king_attacks(pos.king_square(them));
        for knight in board.knights() & enemy {
            danger |= knight_attacks(knight);
        }
        let without_king = occupied.without(king);
        let rook_like = board.rooks_and_queens() & enemy;
        let bishop_like = board.bishops_and_queens() & enemy;
        for to in king_targets - danger {
            if (rook_like.any() && S::rook(to, without_king).intersects(rook_like))
                || (bishop_like.any() && S::bishop(to, without_king).intersects(bishop_like))
            {
                continue;
            }
            king_to.add(to);
        }
    }
    sink.piece(king, king_to);

    // Double check: only the king may move.
    if checkers.more_than_one() || sink.done() {
        return;
    }

    // In check, a move must capture the checker or block its line.
    let target = match checkers.first() {
        Some(checker) => (between(king, checker).with(checker)) - own,
        None => !own,
    } & to_mask;

    let own_movers = own & from_mask;
    let knights = board.knights() & (own_movers - pinned);
    for from in knights {
        sink.piece(from, knight_attacks(from) & target);
    }

    let free = !pinned;
    for from in board.bishops_and_queens() & own_movers {
        let mut to = S::bishop(from, occupied) & target;
        if !free.contains(from) {
            to &= line(king, from);
        }
        sink.piece(from, to);
    }
    for from in board.rooks_and_queens() & own_movers {
        let mut to = S::rook(from, occupied) & target;
        if !free.contains(from) {
            to &= line(king, from);
        }
        sink.piece(from, to);
    }
    if sink.done() {
        return;
    }

    generate_pawns::<S, K, WHITE>(pos, sink, king, target, pinned, occupied);

    if checkers.is_empty() && from_mask.contains(king) {
        generate_castling::<S, K>(pos, sink, us, king, occupied);
    }
}

/// Squares attacked by the pawns `pawns` of `color`.
#[inline(always)]
fn pawn_attacks_setwise(pawns: Bitboard, color: Color) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & NOT_A) << 7) | ((p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9) | ((p & NOT_H) >> 7),
    })
}

#[inline(always)]
fn generate_pawns<S: Sliders, K: Sink, const WHITE: bool>(
    pos: &Position,
    sink: &mut K,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    occupied: Bitboard,
) {
    let us = if WHITE { Color::White } else { Color::Black };
    let board = pos.board();
    let enemy = board.by_color(!us);
    let pawns = board.pawns() & board.by_color(us) & sink.wanted_from();
    let empty = !occupied;
    let last_rank = Bitboard::rank(Rank::Eighth.relative_to(us));
    let third_rank = Bitboard::rank(Rank::Third.relative_to(us));
    let up: i32 = if WHITE { 8 } else { -8 };
    let shift = |bb: Bitboard, by: i32| {
        if by > 0 {
            Bitboard(bb.0 << by)
        } else {
            Bitboard(bb.0 >> -by)
        }
    };
    const NOT_A: Bitboard = Bitboard(!0x0101_0101_0101_0101);
    const NOT_H: Bitboard = Bitboard(!0x8080_8080_8080_8080);

    // Pawns pinned along a file may still push; pinned along a diagonal they
    // may capture the pinner. Both cases are rare: treat pinned pawns one by one.
    let free = pawns - pinned;
    let single = shift(free, up) & empty;
    let double = shift(single & third_rank, up) & empty & target;
    let single = single & target;
    let west = shift(free & NOT_A, up - 1) & enemy & target;
    let east = shift(free & NOT_H, up + 1) & enemy & target;

    sink.pawns(single - last_rank, up);
    sink.pawns(double, 2 * up);
    sink.pawns(west - last_rank, up - 1);
    sink.pawns(east - last_rank, up + 1);
    if (single | west | east).intersects(last_rank) {
        sink.promotions(single & last_rank, up);
        sink.promotions(west & last_rank, up - 1);
        sink.promotions(east & last_rank, up + 1);
    }

    for from in pawns & pinned {
        let along = line(king, from);
        let bb = Bitboard::from_square(from);
        let single = shift(bb, up) & empty;
        let double = shift(single & third_rank, up) & empty;
        let captures = pawn_attacks(us, from) & enemy;
        let to = (single | double | captures) & target & along;
        // Destinations share `from`, so describe them relative to it.
        for to_sq in to {
            let delta = to_sq as i32 - from as i32;
            let one = Bitboard::from_square(to_sq);
            if last_rank.contains(to_sq) {
                sink.promotions(one, delta);
            } else {
                sink.pawns(one, delta);
            }
        }
    }

    if let Some(ep) = pos.ep_square().filter(|&ep| sink.wanted_to().contains(ep)) {
        generate_en_passant::<S, K>(pos, sink, us, king, ep, occupied);
    }
}

/// En passant is checked by playing it on the occupancy: it removes two
/// pieces from one rank at once, which no pin test foresees.
#[inline(always)]
fn generate_en_passant<S: Sliders, K: Sink>(
    pos: &Position,
    sink: &mut K,
    us: Color,
    king: Square,
    ep: Square,
    occupied: Bitboard,
) {
    let board = pos.board();
    let them = !us;
    let captured = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
    for from in pawn_attacks(them, ep) & board.pawns() & board.by_color(us) & sink.wanted_from() {
        let after = (occupied.without(from).without(captured)).with(ep);
        let attackers = (S::rook(king, after) & board.rooks_and_queens()
            | S::bishop(king, after) & board.bishops_and_queens()
            | knight_attacks(king) & board.knights()
            | pawn_attacks(us, king) & board.pawns().without(captured))
            & board.by_color(them);
        if attackers.is_empty() {
            sink.en_passant(from, ep);
        }
    }
}

#[inline(always)]
fn generate_castling<S: Sliders, K: Sink>(
    pos: &Position,
    sink: &mut K,
    us: Color,
    king: Square,
    occupied: Bitboard,
) {
    let rooks = pos.castling_rights().of(us);
    if rooks.is_empty() {
        return;
    }
    for rook in rooks {
        if castling_path_is_safe::<S>(pos, us, king, rook, occupied) {
            sink.castle(king, rook);
        }
    }
}

/// Whether `us` may castle with the king on `king` and the rook on `rook`
/// (which keeps its right), the king not being in check: the squares
/// between are empty and the king passes and lands on no attacked square
/// (FIDE 3.8.2).
#[inline(always)]
pub(crate) fn castling_path_is_safe<S: Sliders>(
    pos: &Position,
    us: Color,
    king: Square,
    rook: Square,
    occupied: Bitboard,
) -> bool {
    let board = pos.board();
    let them = !us;
    let side = CastlingSide::from_king_side(rook.file() > king.file());
    let king_to = side.king_to(us);
    let rook_to = side.rook_to(us);
    // FIDE 3.8.2.2: every square between the king's and the rook's start
    // and destination squares must be empty, but for the two themselves.
    let path = (between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to))
        .without(king)
        .without(rook);
    if path.intersects(occupied) {
        return false;
    }
    // FIDE 3.8.2.1: the king may not pass over or land on an attacked square.
    let without_king = occupied.without(king);
    // A plain loop: an iterator adapter here would be compiled outside
    // the caller's target features.
    let mut passes_attack = false;
    for sq in between(king, king_to) {
        passes_attack |= board
            .attackers_to_generic::<S>(sq, them, without_king)
            .any();
    }
    if passes_attack {
        return false;
    }
    // The landing square is judged with king and rook in their new places:
    // in Chess960 the castling rook may have been shielding it.
    let after = occupied
        .without(king)
        .without(rook)
        .with(king_to)
        .with(rook_to);
    !board.attackers_to_generic::<S>(king_to, them, after).any()
}
