//! Legal move generation (FIDE 3), generic over the slider lookup.
//!
//! The generator finds legal moves directly: it knows the checkers and the
//! pinned pieces before it starts, so no move has to be played and taken back
//! to test it. Moves are handed to a [`Sink`] as sets of destinations, so
//! that counting them (perft's bulk counting) costs one popcount per piece.

use crate::attacks::{
    Sliders, between, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_rays,
};
use crate::board_state::BoardState;
use crate::{Bitboard, CastlingSide, Color, Move, MoveList, Rank, Role, Square};

/// The side to move, as a type: the generator is compiled once per side,
/// and a caller walking the tree names the side of the next ply as
/// `C::Other`.
pub(crate) trait Side {
    /// The colour.
    const COLOR: Color;
    /// The opponent.
    type Other: Side;
}

/// White to move.
pub(crate) struct White;
/// Black to move.
pub(crate) struct Black;

impl Side for White {
    const COLOR: Color = Color::White;
    type Other = Black;
}

impl Side for Black {
    const COLOR: Color = Color::Black;
    type Other = White;
}

/// Receives generated moves, grouped as a source and a set of destinations.
pub(crate) trait Sink {
    /// A piece of `role`, not a pawn (the king included), moving from
    /// `from` to each of `to`.
    fn piece(&mut self, role: Role, from: Square, to: Bitboard);
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
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        ListSink(&mut *self.list).piece(role, from, to);
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
    fn piece(&mut self, _role: Role, from: Square, to: Bitboard) {
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
    fn piece(&mut self, _role: Role, _from: Square, to: Bitboard) {
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
    fn piece(&mut self, _role: Role, _from: Square, to: Bitboard) {
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

/// Generates every legal move of `state` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Sliders, K: Sink>(state: &BoardState, sink: &mut K) {
    match state.turn {
        Color::White => generate_for::<S, K, White>(state, sink),
        Color::Black => generate_for::<S, K, Black>(state, sink),
    }
}

/// Generates every legal move of `state`, where `C` is to move, into `sink`.
#[inline(always)]
pub(crate) fn generate_for<S: Sliders, K: Sink, C: Side>(state: &BoardState, sink: &mut K) {
    let us = C::COLOR;
    let them = !us;
    let board = &state.board;
    let own = board.by_color(us);
    let enemy = board.by_color(them);
    let occupied = own | enemy;
    let king = state.king_square(us);
    let enemy_orthogonal = board.rooks_and_queens() & enemy;
    let enemy_diagonal = board.bishops_and_queens() & enemy;

    // Enemy sliders that would see the king through our own pieces: with
    // nothing between, they give check; with one piece of ours between, it
    // is pinned and may only move along the pin. The empty-board rays tell
    // cheaply whether there is any slider to look for.
    let mut snipers = Bitboard::EMPTY;
    if rook_rays(king).intersects(enemy_orthogonal) {
        snipers |= S::rook(king, enemy) & enemy_orthogonal;
    }
    if bishop_rays(king).intersects(enemy_diagonal) {
        snipers |= S::bishop(king, enemy) & enemy_diagonal;
    }
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

    let from_mask = sink.wanted_from();
    let to_mask = sink.wanted_to();
    let king_wanted = from_mask.contains(king);
    let king_targets = if king_wanted {
        (king_attacks(king) - own) & to_mask
    } else {
        Bitboard::EMPTY
    };
    // Castling needs its right, no check, and an empty path (FIDE 3.8.2);
    // whether the king crosses attacked squares is asked at the end. From
    // the standard places, the squares it crosses are asked about with the
    // king's own.
    let mut castling_rooks = Bitboard::EMPTY;
    let mut crossed = Bitboard::EMPTY;
    if king_wanted && checkers.is_empty() {
        for rook in state.castling.of(us) & to_mask {
            let clear = match standard_castling(us, king, rook) {
                Some((path, king_crosses)) => {
                    let clear = !path.intersects(occupied);
                    if clear {
                        crossed |= king_crosses;
                    }
                    clear
                }
                None => castling_path_is_clear(us, king, rook, occupied),
            };
            if clear {
                castling_rooks.add(rook);
            }
        }
    }

    // The king: any square not attacked once the king has left its own
    // square (so that it cannot hide behind itself from a slider, FIDE 3.9).
    // `danger` holds the attacked squares among those asked about:
    // steppers' attacks, which do not depend on blockers, setwise; then the
    // attacks of the sliders whose lines reach a square still in question.
    let asked = king_targets | crossed;
    let mut danger = Bitboard::EMPTY;
    if asked.any() {
        danger = pawn_attacks_setwise(board.pawns() & enemy, them)
            | king_attacks(state.king_square(them));
        for knight in board.knights() & enemy {
            danger |= knight_attacks(knight);
        }
        let open = asked - danger;
        if open.any() {
            let without_king = occupied.without(king);
            for slider in enemy_orthogonal {
                if rook_rays(slider).intersects(open) {
                    danger |= S::rook(slider, without_king);
                }
            }
            for slider in enemy_diagonal {
                if bishop_rays(slider).intersects(open) {
                    danger |= S::bishop(slider, without_king);
                }
            }
        }
        sink.piece(Role::King, king, king_targets - danger);
    }

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
        sink.piece(Role::Knight, from, knight_attacks(from) & target);
    }

    // Queens move twice here, diagonally with the bishops and straight
    // with the rooks; the sink is told which piece moves.
    let queens = board.queens();
    for from in board.bishops_and_queens() & own_movers {
        let mut to = S::bishop(from, occupied) & target;
        if pinned.contains(from) {
            to &= line(king, from);
        }
        let role = if queens.contains(from) {
            Role::Queen
        } else {
            Role::Bishop
        };
        sink.piece(role, from, to);
    }
    for from in board.rooks_and_queens() & own_movers {
        let mut to = S::rook(from, occupied) & target;
        if pinned.contains(from) {
            to &= line(king, from);
        }
        let role = if queens.contains(from) {
            Role::Queen
        } else {
            Role::Rook
        };
        sink.piece(role, from, to);
    }
    if sink.done() {
        return;
    }

    generate_pawns::<S, K, C>(state, sink, king, target, pinned, occupied);

    for rook in castling_rooks {
        let safe = match standard_castling(us, king, rook) {
            // The rook in its corner shields nothing the king crosses or
            // lands on, so these squares are judged as they stand.
            Some((_, king_crosses)) => !king_crosses.intersects(danger),
            None => castling_path_is_safe::<S>(state, us, king, rook, occupied),
        };
        if safe {
            sink.castle(king, rook);
        }
    }
}

/// For castling from the standard places (the king on e1 or e8, the rook
/// in its corner): the squares that must be empty, and the squares the
/// king crosses or lands on, which must not be attacked (FIDE 3.8.2).
#[inline(always)]
fn standard_castling(us: Color, king: Square, rook: Square) -> Option<(Bitboard, Bitboard)> {
    if king != Square::E1.relative_to(us) || !Bitboard::CORNERS.contains(rook) {
        return None;
    }
    // On the first rank: f1 g1 for the king side, b1 c1 d1 (the king
    // crossing c1 d1) for the queen side.
    let (path, crossed) = if rook > king {
        (0x60u64, 0x60u64)
    } else {
        (0x0e, 0x0c)
    };
    let rank = if us.is_white() { 0 } else { 56 };
    Some((Bitboard(path << rank), Bitboard(crossed << rank)))
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
fn generate_pawns<S: Sliders, K: Sink, C: Side>(
    state: &BoardState,
    sink: &mut K,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    occupied: Bitboard,
) {
    let us = C::COLOR;
    let white = matches!(us, Color::White);
    let board = &state.board;
    let enemy = board.by_color(!us);
    let pawns = board.pawns() & board.by_color(us) & sink.wanted_from();
    let empty = !occupied;
    let last_rank = Bitboard::rank(Rank::Eighth.relative_to(us));
    let third_rank = Bitboard::rank(Rank::Third.relative_to(us));
    let up: i32 = if white { 8 } else { -8 };
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

    if let Some(ep) = state.ep_square.filter(|&ep| sink.wanted_to().contains(ep)) {
        generate_en_passant::<S, K>(state, sink, us, king, ep, occupied);
    }
}

/// En passant is checked by playing it on the occupancy: it removes two
/// pieces from one rank at once, which no pin test foresees.
#[inline(always)]
fn generate_en_passant<S: Sliders, K: Sink>(
    state: &BoardState,
    sink: &mut K,
    us: Color,
    king: Square,
    ep: Square,
    occupied: Bitboard,
) {
    let board = &state.board;
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

/// Whether every square between the king's and the rook's start and
/// destination squares is empty, but for the two themselves (FIDE 3.8.2.2).
#[inline(always)]
fn castling_path_is_clear(us: Color, king: Square, rook: Square, occupied: Bitboard) -> bool {
    let side = CastlingSide::from_king_side(rook > king);
    let king_to = side.king_to(us);
    let rook_to = side.rook_to(us);
    let path = (between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to))
        .without(king)
        .without(rook);
    !path.intersects(occupied)
}

/// Whether `us` may castle with the king on `king` and the rook on `rook`
/// (which keeps its right), the king not being in check: the squares
/// between are empty and the king passes and lands on no attacked square
/// (FIDE 3.8.2).
#[inline(always)]
pub(crate) fn castling_path_is_safe<S: Sliders>(
    state: &BoardState,
    us: Color,
    king: Square,
    rook: Square,
    occupied: Bitboard,
) -> bool {
    if !castling_path_is_clear(us, king, rook, occupied) {
        return false;
    }
    let board = &state.board;
    let them = !us;
    let side = CastlingSide::from_king_side(rook > king);
    let king_to = side.king_to(us);
    let rook_to = side.rook_to(us);
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
