//! A position that is always legal to play from.

use core::fmt;
use core::num::NonZeroU32;
use core::str::FromStr;

use crate::attacks::{between, line, pawn_attacks};
use crate::board_state::BoardState;
use crate::dispatch::multiversion;
use crate::fen::{CastlingNotation, castling_field};
use crate::movegen::{self, AnySink, CountSink, FilteredListSink, ListSink};
use crate::polyglot_keys::POLYGLOT_RANDOM;
use crate::{
    Bitboard, Board, CastlingMode, CastlingRights, CastlingSide, Color, FenError, File, Move,
    MoveKind, MoveList, Piece, Rank, Role, Setup, Square,
};

/// Why a [`Setup`] is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{0} has {1} kings, expected exactly one")]
    TooManyKings(Color, u32),
    /// A side has more than 16 pieces or more than 8 pawns.
    #[error("{color} has {count} {what}, more than a game can have")]
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many there are.
        count: u32,
        /// `"pieces"` or `"pawns"`.
        what: &'static str,
    },
    /// A pawn stands on the first or last rank.
    #[error("pawn on {0}: pawns can never stand on the first or last rank")]
    PawnOnBackRank(Square),
    /// The side that is not to move is in check: its opponent could take the king.
    #[error("{0} is in check but it is not {0}'s turn to move")]
    OppositeCheck(Color),
    /// A castling right that the pieces on the board contradict.
    #[error("castling right for the rook square {square} is impossible: {reason}")]
    CastlingRights {
        /// The rook square the right names.
        square: Square,
        /// Why it cannot hold.
        reason: &'static str,
    },
    /// An en passant square that no double step could have produced.
    #[error("en passant square {square} is impossible: {reason}")]
    EnPassant {
        /// The square given.
        square: Square,
        /// Why it cannot hold.
        reason: &'static str,
    },
    /// A check no legal last move could have given.
    #[error("impossible check: {reason} (checkers on {checkers:?})")]
    ImpossibleCheck {
        /// The pieces giving check.
        checkers: Vec<Square>,
        /// Why no last move could have produced it.
        reason: &'static str,
    },
}

/// Which checks [`Position::from_setup_with`] may relax.
///
/// The default is strict. Relaxing is for tools that must read positions
/// that are wrong in harmless ways (perft suites, sloppy FENs in the wild).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Validation {
    /// Accept checks no last move could have given (the move generator is
    /// still exact for them).
    pub allow_impossible_check: bool,
    /// Accept more than eight pawns of a colour, which no game can have
    /// (composed problems sometimes do: the move generator and the analysis
    /// of who can mate are exact for them). The limit of sixteen men a side,
    /// king included, stays: move lists hold 256 moves, and with more men a
    /// side a position can have more legal moves than that. Kings and pawns
    /// on the first or last rank stay strict too.
    pub allow_impossible_material: bool,
    /// Drop castling rights that the pieces contradict instead of failing.
    pub drop_invalid_castling: bool,
    /// Drop an impossible en passant square instead of failing.
    pub drop_invalid_en_passant: bool,
}

impl Validation {
    /// Every check enforced.
    pub const STRICT: Validation = Validation {
        allow_impossible_check: false,
        allow_impossible_material: false,
        drop_invalid_castling: false,
        drop_invalid_en_passant: false,
    };
}

/// A FEN that could not be turned into a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// The text is malformed.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The text is well formed but describes an impossible position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The move was not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv:?} is not a legal move in {fen}")]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// The position, as FEN.
    pub fen: String,
}

/// A position: the pieces, the side to move, castling rights, the en passant
/// square and the move counters. A `Position` is always legal to play from:
/// each side has one king, the side not to move is not in check, castling
/// rights and en passant square agree with the pieces.
///
/// ```
/// use arbiter_rules::{Position, Square, Move};
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play(Move::normal(Square::E2, Square::E4))?;
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// # Ok::<(), arbiter_rules::IllegalMoveError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// What the legal moves depend on.
    state: BoardState,
    /// Polyglot key of everything but the en passant file.
    hash: u64,
    halfmoves: u32,
    fullmoves: NonZeroU32,
    mode: CastlingMode,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// The Polyglot piece-square keys rearranged by colour, role and square, so
/// that a lookup is one plain index.
static PIECE_KEYS: [[[u64; 64]; 6]; 2] = {
    let mut keys = [[[0; 64]; 6]; 2];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 6 {
            // Polyglot's piece kind: black pawn 0, white pawn 1, black knight 2, …
            let kind = 2 * role + (1 - color);
            let mut sq = 0;
            while sq < 64 {
                keys[color][role][sq] = POLYGLOT_RANDOM[64 * kind + sq];
                sq += 1;
            }
            role += 1;
        }
        color += 1;
    }
    keys
};

#[inline(always)]
fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    PIECE_KEYS[color.index()][role.index()][sq.index()]
}

const CASTLING_KEY: usize = 768;
const EN_PASSANT_KEY: usize = 772;
const TURN_KEY: usize = 780;

/// The Polyglot key of one castling right: the rook on `rook` of `color`
/// whose king stands on `king`.
#[inline]
fn castling_right_key(color: Color, rook: Square, king: Square) -> u64 {
    let side = CastlingSide::from_king_side(rook.file() > king.file());
    POLYGLOT_RANDOM[CASTLING_KEY + 2 * color.index() + side.index()]
}

fn castling_key(board: &Board, rights: CastlingRights) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            continue;
        };
        for side in CastlingSide::ALL {
            if rights.rook(color, side, king).is_some() {
                key ^= POLYGLOT_RANDOM[CASTLING_KEY + 2 * color.index() + side.index()];
            }
        }
    }
    key
}

impl Position {
    /// The starting position (FIDE 2.3).
    pub fn new() -> Position {
        Position::from_setup(&Setup::default(), CastlingMode::Standard)
            .expect("the starting position is valid")
    }

    /// Reads a FEN (standard or Chess960, chosen from the castling rights).
    ///
    /// ```
    /// use arbiter_rules::Position;
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1")?;
    /// assert!(pos.is_insufficient_material());
    /// # Ok::<(), arbiter_rules::ParseFenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, ParseFenError> {
        let setup = Setup::from_fen(fen)?;
        let mode = CastlingMode::detect(&setup);
        Ok(Position::from_setup(&setup, mode)?)
    }

    /// Checks a setup strictly and makes it a position.
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::from_setup_with(setup, mode, Validation::STRICT)
    }

    /// Checks a setup, relaxing what `validation` allows, and makes it a position.
    pub fn from_setup_with(
        setup: &Setup,
        mode: CastlingMode,
        validation: Validation,
    ) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            let kings = (board.kings() & board.by_color(color)).count();
            if kings == 0 {
                return Err(PositionError::MissingKing(color));
            }
            if kings > 1 {
                return Err(PositionError::TooManyKings(color, kings));
            }
            let pieces = board.by_color(color).count();
            if pieces > 16 {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: pieces,
                    what: "pieces",
                });
            }
            let pawns = (board.pawns() & board.by_color(color)).count();
            if pawns > 8 && !validation.allow_impossible_material {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: pawns,
                    what: "pawns",
                });
            }
        }
        if let Some(sq) = (board.pawns() & Bitboard::BACKRANKS).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }

        let castling = match validate_castling(&board, setup.castling_rights, mode) {
            Ok(c) => c,
            Err(_) if validation.drop_invalid_castling => {
                sanitize_castling(&board, setup.castling_rights, mode)
            }
            Err(e) => return Err(e),
        };

        let turn = setup.turn;
        let them_king = board.king_of(!turn).expect("kings checked");
        if board.attackers_to(them_king, turn, board.occupied()).any() {
            return Err(PositionError::OppositeCheck(!turn));
        }

        let ep_square = match setup.ep_square {
            None => None,
            Some(ep) => match validate_ep(&board, turn, ep) {
                Ok(()) => Some(ep),
                Err(_) if validation.drop_invalid_en_passant => None,
                Err(e) => return Err(e),
            },
        };

        let king = board.king_of(turn).expect("kings checked");
        let checkers = board.attackers_to(king, !turn, board.occupied());
        if !validation.allow_impossible_check {
            check_checkers(&board, turn, king, checkers, ep_square)?;
        }

        let mut pos = Position {
            state: BoardState {
                board,
                castling,
                ep_square: ep_square.filter(|&ep| {
                    (pawn_attacks(!turn, ep) & board.pawns() & board.by_color(turn)).any()
                }),
                turn,
            },
            hash: 0,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            mode,
        };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (sq, piece) in self.board().pieces() {
            h ^= piece_key(piece.color, piece.role, sq);
        }
        h ^= castling_key(self.board(), self.castling_rights());
        if self.turn().is_white() {
            h ^= POLYGLOT_RANDOM[TURN_KEY];
        }
        h
    }

    /// What the legal moves depend on: the pieces, the side to move, the
    /// castling rights and the en passant square.
    #[inline(always)]
    pub(crate) fn state(&self) -> &BoardState {
        &self.state
    }

    /// The pieces.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.state.turn
    }

    /// The castling rights.
    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// Standard or Chess960 castling.
    #[inline(always)]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The en passant square if a pawn of the side to move attacks it (the
    /// capture may still be illegal; see [`Position::legal_ep_square`]).
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.state.ep_square
    }

    /// The en passant square if an en passant capture is legal right now.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square()?;
        // Only the pawns next to the captured one can take it.
        let pawns = self.board().pawns() & self.board().by_color(self.turn());
        self.legal_moves_between(pawns, Bitboard::from_square(ep))
            .iter()
            .any(|m| m.is_en_passant())
            .then_some(ep)
    }

    /// Half-moves since the last capture or pawn move (FIDE 9.3).
    #[inline(always)]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the current move (starts at 1, grows after Black moves).
    #[inline(always)]
    pub fn fullmoves(&self) -> NonZeroU32 {
        self.fullmoves
    }

    /// The pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        checkers(self)
    }

    /// `true` if the side to move is in check (FIDE 3.9).
    ///
    /// Asked of single positions (a check sign in a record, a node of a
    /// search), it tests the few enemy sliders on the lines through the
    /// king for a clear way rather than look up the attack tables
    /// [`Position::checkers`] uses, which are large and out of the cache
    /// between such questions.
    ///
    /// ```
    /// use arbiter_rules::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R b - - 0 1")?;
    /// assert!(!pos.is_check());
    /// let pos = Position::from_fen("4k2R/8/8/8/8/8/8/4K3 b - - 0 1")?;
    /// assert!(pos.is_check());
    /// # Ok::<(), arbiter_rules::ParseFenError>(())
    /// ```
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.turn();
        let king = self.king_square(us);
        self.attacked_along_lines(king, !us, self.board().occupied())
    }

    /// Whether a piece of `by` attacks `sq`, with `occupied` as the
    /// blockers: the leapers from their small tables, the sliders on the
    /// empty-board lines through `sq` tested one by one for a clear way
    /// (there are few).
    #[inline]
    fn attacked_along_lines(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        use crate::attacks::{bishop_rays, king_attacks, knight_attacks, rook_rays};
        let board = self.board();
        let theirs = board.by_color(by);
        let leapers = knight_attacks(sq) & board.knights()
            | king_attacks(sq) & board.kings()
            | pawn_attacks(!by, sq) & board.pawns();
        if (leapers & theirs).any() {
            return true;
        }
        let snipers = (rook_rays(sq) & board.rooks_and_queens()
            | bishop_rays(sq) & board.bishops_and_queens())
            & theirs;
        snipers
            .into_iter()
            .any(|sniper| !between(sq, sniper).intersects(occupied))
    }

    /// Whether the king of the side to move can step to a square no enemy
    /// piece attacks (with the king gone from its square, so that it does
    /// not hide behind itself from a slider): then it has a legal move.
    #[inline]
    fn king_can_step(&self) -> bool {
        use crate::attacks::king_attacks;
        let us = self.turn();
        let board = self.board();
        let king = self.king_square(us);
        let occupied = board.occupied().without(king);
        (king_attacks(king) - board.by_color(us))
            .into_iter()
            .any(|to| !self.attacked_along_lines(to, !us, occupied))
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.state.king_square(color)
    }

    /// The raw setup of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: *self.board(),
            turn: self.turn(),
            castling_rights: self.castling_rights().rooks(),
            ep_square: self.legal_ep_square(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The FEN, with castling in X-FEN form and an en passant square only
    /// when an en passant capture is legal.
    pub fn fen(&self) -> String {
        self.fen_with(CastlingNotation::XFen)
    }

    /// The FEN with the chosen castling notation.
    pub fn fen_with(&self, notation: CastlingNotation) -> String {
        format!(
            "{} {} {}",
            self.epd_with(notation),
            self.halfmoves,
            self.fullmoves
        )
    }

    /// The first four FEN fields (the position part of an EPD).
    pub fn epd(&self) -> String {
        self.epd_with(CastlingNotation::XFen)
    }

    fn epd_with(&self, notation: CastlingNotation) -> String {
        let notation = if self.mode.is_chess960() {
            notation
        } else {
            CastlingNotation::XFen
        };
        let ep = self
            .legal_ep_square()
            .map_or_else(|| "-".to_string(), |s| s.to_string());
        format!(
            "{} {} {} {}",
            self.board().board_fen(),
            self.turn().char(),
            castling_field(self.board(), self.castling_rights().rooks(), notation),
            ep
        )
    }

    /// The Polyglot-compatible Zobrist key. Following Polyglot, the en
    /// passant file counts when a pawn of the side to move could capture en
    /// passant, legal or not.
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        match self.ep_square() {
            Some(ep) => self.hash ^ POLYGLOT_RANDOM[EN_PASSANT_KEY + ep.file().index()],
            None => self.hash,
        }
    }

    /// The key for "the same position" in FIDE 9.2.3: same pieces on the same
    /// squares, same side to move, same castling rights and the same en
    /// passant possibilities. An en passant square counts only when the
    /// capture is actually legal.
    pub fn repetition_key(&self) -> u64 {
        match self.legal_ep_square() {
            Some(ep) => self.hash ^ POLYGLOT_RANDOM[EN_PASSANT_KEY + ep.file().index()],
            None => self.hash,
        }
    }

    /// Every legal move.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// The legal moves from a square of `from` to a square of `to` (castling
    /// counts as the king moving to its rook's square). Much cheaper than
    /// listing every move when the sets are small, as when reading SAN.
    ///
    /// ```
    /// use arbiter_rules::{Bitboard, Position, Square};
    /// let pos = Position::new();
    /// let knights = pos.board().knights() & pos.board().by_color(pos.turn());
    /// let to_f3 = pos.legal_moves_between(knights, Bitboard::from(Square::F3));
    /// assert_eq!(to_f3.len(), 1);
    /// ```
    #[inline]
    pub fn legal_moves_between(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        list_legal_between(self, &mut list, from, to);
        list
    }

    /// How many legal moves there are (faster than listing them).
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        count_legal(self)
    }

    /// `true` if the side to move has at least one legal move.
    ///
    /// A king with a safe square to step to settles it at once, from small
    /// tables; only the others ask the move generator, whose attack tables
    /// are out of the cache when a single position is asked (the end of a
    /// game record).
    #[inline]
    pub fn has_legal_moves(&self) -> bool {
        self.king_can_step() || any_legal(self)
    }

    pub(crate) fn legal_moves_into(&self, list: &mut MoveList) {
        list_legal(self, list);
    }

    /// `true` if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        // Cheap filters first: the piece must be ours.
        if !self.board().by_color(self.turn()).contains(m.from()) {
            return false;
        }
        self.legal_moves().contains(&m)
    }

    /// The castling move with the rook on `rook`, if the side to move has
    /// the right to castle with it and may do so now (FIDE 3.8.2): the
    /// same as finding it among the legal moves, without listing them.
    #[inline]
    pub(crate) fn legal_castling_with(&self, rook: Square) -> Option<Move> {
        let king = self.king_square(self.turn());
        (self.castling_rights().of(self.turn()).contains(rook) && castling_is_legal(self, rook))
            .then(|| Move::castle(king, rook))
    }

    /// The role of the piece that makes `m`, if `m` starts on a piece.
    #[inline]
    pub fn moving_role(&self, m: Move) -> Option<Role> {
        self.board().role_at(m.from())
    }

    /// The role of the piece `m` captures, if any (en passant captures a pawn).
    pub fn captured_role(&self, m: Move) -> Option<Role> {
        match m.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ => self
                .board()
                .by_color(!self.turn())
                .contains(m.to())
                .then(|| self.board().role_at_occupied(m.to())),
        }
    }

    /// `true` if `m` captures a piece.
    pub fn is_capture(&self, m: Move) -> bool {
        self.captured_role(m).is_some()
    }

    /// `true` if `m` resets the fifty-move count (a capture or a pawn move, FIDE 9.3).
    pub fn is_zeroing(&self, m: Move) -> bool {
        self.is_capture(m) || self.moving_role(m) == Some(Role::Pawn)
    }

    /// Plays `m` after checking that it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(m) {
            return Err(IllegalMoveError {
                mv: m,
                fen: self.fen(),
            });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m`, which must be one of [`Position::legal_moves`]. A move that
    /// is not legal leaves the position meaningless (but never causes
    /// undefined behaviour).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        play_dispatched(self, m);
    }

    /// The position after `m`, leaving `self` unchanged.
    #[inline]
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    #[inline(always)]
    pub(crate) fn play_generic(&mut self, m: Move) {
        let role = self.state.board.role_at_occupied(m.from());
        self.play_as(m, role, m.kind());
    }

    /// Plays `m`, a legal move of the [`MoveKind::Normal`] kind that the
    /// piece of `role` makes: neither the piece nor the kind is looked up.
    #[inline(always)]
    pub(crate) fn play_normal_by(&mut self, m: Move, role: Role) {
        self.play_as(m, role, MoveKind::Normal);
    }

    /// Plays `m`, a legal move of `kind` made by the piece of `role`.
    /// Callers that know the kind pass it as a constant, and the other
    /// kinds' code goes.
    #[inline(always)]
    fn play_as(&mut self, m: Move, role: Role, kind: MoveKind) {
        let us = self.state.turn;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let board = &self.state.board;
        let old_castling = self.state.castling;
        let mut hash = self.hash ^ POLYGLOT_RANDOM[TURN_KEY];
        self.halfmoves += 1;

        match kind {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let captures = board.by_color(them).contains(to);
                if captures {
                    hash ^= piece_key(them, board.role_at_occupied(to), to);
                    self.halfmoves = 0;
                }
                let placed = match kind {
                    MoveKind::Promotion(promoted) => promoted,
                    _ => role,
                };
                hash ^= piece_key(us, role, from) ^ piece_key(us, placed, to);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                }
                self.state.play_move(us, role, placed, from, to, captures);
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                hash ^= piece_key(them, Role::Pawn, captured)
                    ^ piece_key(us, Role::Pawn, from)
                    ^ piece_key(us, Role::Pawn, to);
                self.halfmoves = 0;
                self.state.play_en_passant(us, from, to);
            }
            MoveKind::Castle => {
                let side = CastlingSide::from_king_side(to > from);
                hash ^= piece_key(us, Role::King, from)
                    ^ piece_key(us, Role::Rook, to)
                    ^ piece_key(us, Role::King, side.king_to(us))
                    ^ piece_key(us, Role::Rook, side.rook_to(us));
                self.state.play_castle(us, from, to);
            }
        }

        let lost = old_castling.rooks() - self.state.castling.rooks();
        for rook in lost {
            // A right's side is where its rook stands from its king, as the
            // king stood before this move.
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let king = if color == us && role == Role::King {
                from
            } else {
                self.king_square(color)
            };
            hash ^= castling_right_key(color, rook, king);
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.hash = hash;
    }

    /// Passes the turn without moving (a null move, as PGN's `--` records).
    /// Only for analysis: it is never legal in a game. Returns `None` when
    /// the side to move is in check, where a null move would leave its king
    /// capturable.
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        next.state.ep_square = None;
        next.halfmoves += 1;
        if next.state.turn == Color::Black {
            next.fullmoves = next.fullmoves.saturating_add(1);
        }
        next.state.turn = !next.state.turn;
        next.hash ^= POLYGLOT_RANDOM[TURN_KEY];
        Some(next)
    }

    /// `true` if the side to move is checkmated (FIDE 5.1.1).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` if the side to move is stalemated (FIDE 5.2.1).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// `true` if `color` can never checkmate, whatever the moves, judged by
    /// material alone: a bare king, a king and one knight against a king with
    /// at most queens, or kings and bishops all on squares of one colour.
    /// Never `true` for a side that could still mate; the full analysis of
    /// blocked positions is [`crate::dead_position`]'s.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let board = self.board();
        let own = board.by_color(color);
        let heavy = board.pawns() | board.rooks_and_queens();
        if own.intersects(heavy) {
            return false;
        }
        if own.intersects(board.knights()) {
            // K+N can mate only with help from the opponent's own pieces as
            // blockers; queens cannot block without also covering the mate.
            return own.count() <= 2
                && (board.by_color(!color) - board.kings() - board.queens()).is_empty();
        }
        if own.intersects(board.bishops()) {
            // Bishops all on one square colour can mate only if the opponent
            // has a piece to block with (a pawn or a knight, or a bishop of
            // the other colour).
            let bishops = board.bishops();
            let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour && (board.pawns() | board.knights()).is_empty();
        }
        true
    }

    /// `true` if `color` has enough material that it might still mate.
    pub fn has_mating_material(&self, color: Color) -> bool {
        !self.has_insufficient_material(color)
    }

    /// `true` if neither side can ever checkmate by material alone.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// What the position alone decides: checkmate, insufficient material or
    /// stalemate, in that order of precedence (as python-chess reports them).
    pub fn outcome(&self) -> Option<PositionOutcome> {
        let check = self.is_check();
        let can_move = self.has_legal_moves();
        if check && !can_move {
            Some(PositionOutcome::Checkmate {
                winner: !self.turn(),
            })
        } else if self.is_insufficient_material() {
            Some(PositionOutcome::InsufficientMaterial)
        } else if !can_move {
            Some(PositionOutcome::Stalemate)
        } else {
            None
        }
    }

    /// `true` if the position alone ends the game.
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Squares attacked by `color`'s pieces.
    pub fn attacked_by(&self, color: Color) -> Bitboard {
        let occ = self.board().occupied();
        let mut out = Bitboard::EMPTY;
        for (sq, p) in self.board().pieces() {
            if p.color == color {
                out |= crate::attacks::attacks(color, p.role, sq, occ);
            }
        }
        out
    }

    /// `true` if `sq` is attacked by `color`.
    pub fn is_attacked(&self, sq: Square, color: Color) -> bool {
        self.state
            .board
            .attackers_to(sq, color, self.board().occupied())
            .any()
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board().piece_at(sq)
    }

    /// The pieces pinned to the king of the side to move.
    pub fn pinned(&self) -> Bitboard {
        let us = self.turn();
        let king = self.king_square(us);
        let enemy = self.board().by_color(!us);
        let occ = self.board().occupied();
        let snipers = (crate::attacks::rook_attacks(king, enemy) & self.board().rooks_and_queens()
            | crate::attacks::bishop_attacks(king, enemy) & self.board().bishops_and_queens())
            & enemy;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occ;
            if !b.more_than_one() {
                pinned |= b & self.board().by_color(us);
            }
        }
        pinned
    }
}

/// What a position decides on its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PositionOutcome {
    /// The side to move is checkmated (FIDE 5.1.1).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check (FIDE 5.2.1).
    Stalemate,
    /// Neither side has the material to mate (a dead position, FIDE 5.2.2).
    InsufficientMaterial,
}

impl PositionOutcome {
    /// The stable identifier: `checkmate`, `stalemate`, `insufficient_material`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PositionOutcome::Checkmate { .. } => "checkmate",
            PositionOutcome::Stalemate => "stalemate",
            PositionOutcome::InsufficientMaterial => "insufficient_material",
        }
    }

    /// The winner, after checkmate.
    pub const fn winner(self) -> Option<Color> {
        match self {
            PositionOutcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

multiversion! {
    fn list_legal(pos: &Position, list: &mut MoveList) -> () where S {
        movegen::generate::<S, _>(&pos.state, &mut ListSink::new(list));
    }
}

multiversion! {
    fn list_legal_between(pos: &Position, list: &mut MoveList, from: Bitboard, to: Bitboard) -> () where S {
        movegen::generate::<S, _>(&pos.state, &mut FilteredListSink::new(list, from, to));
    }
}

multiversion! {
    fn count_legal(pos: &Position) -> u64 where S {
        let mut sink = CountSink::default();
        movegen::generate::<S, _>(&pos.state, &mut sink);
        sink.0
    }
}

multiversion! {
    fn any_legal(pos: &Position) -> bool where S {
        let mut sink = AnySink::default();
        movegen::generate::<S, _>(&pos.state, &mut sink);
        sink.0
    }
}

multiversion! {
    fn castling_is_legal(pos: &Position, rook: Square) -> bool where S {
        let us = pos.turn();
        let king = pos.king_square(us);
        let board = pos.board();
        let occupied = board.occupied();
        !board.attackers_to_generic::<S>(king, !us, occupied).any()
            && movegen::castling_path_is_safe::<S>(&pos.state, us, king, rook, occupied)
    }
}

/// Playing a move needs no slider lookup, so one version serves every CPU.
#[inline]
fn play_dispatched(pos: &mut Position, m: Move) {
    pos.play_generic(m);
}

multiversion! {
    fn checkers(pos: &Position) -> Bitboard where S {
        let us = pos.turn();
        pos.board().attackers_to_generic::<S>(pos.king_square(us), !us, pos.board().occupied())
    }
}

fn validate_castling(
    board: &Board,
    rights: Bitboard,
    mode: CastlingMode,
) -> Result<CastlingRights, PositionError> {
    for square in rights {
        let err = |reason| PositionError::CastlingRights { square, reason };
        let color = match square.rank() {
            Rank::First => Color::White,
            Rank::Eighth => Color::Black,
            _ => return Err(err("castling rooks stand on the back rank")),
        };
        if board.piece_at(square)
            != Some(Piece {
                color,
                role: Role::Rook,
            })
        {
            return Err(err("there is no rook of that side on that square"));
        }
        let king = board.king_of(color).expect("kings checked");
        if king.rank() != square.rank() {
            return Err(err("the king is not on its back rank, so it has moved"));
        }
        if king.file() == File::A || king.file() == File::H {
            return Err(err(
                "a king in a corner never keeps a castling right: kings start between their rooks",
            ));
        }
        let same_side = (rights & Bitboard::rank(square.rank()))
            .into_iter()
            .filter(|r| (r.file() > king.file()) == (square.file() > king.file()))
            .count();
        if same_side > 1 {
            return Err(err("only one rook per side of the king can keep the right"));
        }
        if mode == CastlingMode::Standard
            && (king.file() != File::E || !matches!(square.file(), File::A | File::H))
        {
            return Err(err(
                "in standard chess only a king on e1/e8 and rooks in the corners can castle",
            ));
        }
    }
    Ok(CastlingRights::from_rooks(rights))
}

fn sanitize_castling(board: &Board, rights: Bitboard, mode: CastlingMode) -> CastlingRights {
    let mut kept = Bitboard::EMPTY;
    for sq in rights {
        if validate_castling(board, kept.with(sq), mode).is_ok() {
            kept.add(sq);
        }
    }
    CastlingRights::from_rooks(kept)
}

fn validate_ep(board: &Board, turn: Color, ep: Square) -> Result<(), PositionError> {
    let err = |reason| PositionError::EnPassant { square: ep, reason };
    if ep.rank() != Rank::Sixth.relative_to(turn) {
        return Err(err(
            "it is not on the rank a pawn of the side that just moved skips over",
        ));
    }
    let pushed_to = Square::from_coords(ep.file(), Rank::Fifth.relative_to(turn));
    let pushed_from = Square::from_coords(ep.file(), Rank::Seventh.relative_to(turn));
    if board.piece_at(pushed_to)
        != Some(Piece {
            color: !turn,
            role: Role::Pawn,
        })
    {
        return Err(err(
            "no pawn stands in front of it that could have made a double step",
        ));
    }
    if board.occupied().contains(ep) || board.occupied().contains(pushed_from) {
        return Err(err(
            "the squares the pawn came from or skipped over are not empty",
        ));
    }
    Ok(())
}

fn check_checkers(
    board: &Board,
    turn: Color,
    king: Square,
    checkers: Bitboard,
    ep: Option<Square>,
) -> Result<(), PositionError> {
    let err = |reason| PositionError::ImpossibleCheck {
        checkers: checkers.into_iter().collect(),
        reason,
    };
    if checkers.count() > 2 {
        return Err(err("no move can give check with three pieces"));
    }
    if let Some(ep) = ep {
        // The last move was the double step: the pushed pawn gave check, or
        // its departure uncovered a slider.
        let pushed_to = Square::from_coords(ep.file(), Rank::Fifth.relative_to(turn));
        let pushed_from = Square::from_coords(ep.file(), Rank::Seventh.relative_to(turn));
        let before = board.occupied().without(pushed_to).with(pushed_from);
        let sliders_before = board.attackers_to(king, !turn, before).without(pushed_to);
        if checkers.more_than_one()
            || (checkers.any() && !checkers.contains(pushed_to) && sliders_before.any())
        {
            return Err(err(
                "it does not follow from the double step the en passant square records",
            ));
        }
        return Ok(());
    }
    if checkers.count() == 2 {
        let (a, b) = (
            checkers.first().expect("two"),
            checkers.last().expect("two"),
        );
        if line(a, b).contains(king) {
            return Err(err(
                "two pieces on one line through the king cannot both be checking",
            ));
        }
        let sliders = board.bishops() | board.rooks() | board.queens();
        if !checkers.intersects(sliders) {
            return Err(err(
                "a double check needs a slider uncovered by the last move",
            ));
        }
    }
    Ok(())
}

impl CastlingMode {
    /// Standard when every castling right is a corner rook with the king on
    /// the e-file, Chess960 otherwise.
    pub fn detect(setup: &Setup) -> CastlingMode {
        let standard = setup.castling_rights.into_iter().all(|sq| {
            matches!(sq.file(), File::A | File::H)
                && matches!(sq.rank(), Rank::First | Rank::Eighth)
                && setup
                    .board
                    .king_of(if sq.rank() == Rank::First {
                        Color::White
                    } else {
                        Color::Black
                    })
                    .is_some_and(|k| k.file() == File::E && k.rank() == sq.rank())
        });
        if standard {
            CastlingMode::Standard
        } else {
            CastlingMode::Chess960
        }
    }
}

impl FromStr for Position {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Position, ParseFenError> {
        Position::from_fen(s)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(fen: &str) -> Setup {
        Setup::from_fen(fen).unwrap()
    }

    const MATERIAL: Validation = Validation {
        allow_impossible_material: true,
        ..Validation::STRICT
    };

    #[test]
    fn nine_pawns_are_read_only_when_impossible_material_is_allowed() {
        // positions.txt:3423 of chasolver's community set: nine white pawns.
        let nine = setup("8/4p1p1/p1p1P1P1/P1P1pBp1/pBp1P1P1/P1P5/4K1P1/2k5 b - - 0 1");
        let mode = CastlingMode::Standard;
        assert_eq!(
            Position::from_setup(&nine, mode),
            Err(PositionError::TooManyPieces {
                color: Color::White,
                count: 9,
                what: "pawns",
            })
        );
        let pos = Position::from_setup_with(&nine, mode, MATERIAL).unwrap();
        assert_eq!(
            (pos.board().pawns() & pos.board().by_color(Color::White)).count(),
            9
        );
        // The move generator is exact for it: the black king's three steps
        // and nothing else (every black pawn is blocked).
        assert_eq!(pos.legal_moves().len(), 3);
    }

    #[test]
    fn impossible_material_keeps_the_other_limits() {
        let mode = CastlingMode::Standard;
        // Seventeen white men: still refused.
        let seventeen = setup("k7/8/8/8/8/2PPPPPP/PPPPPPPP/NNK5 w - - 0 1");
        assert!(matches!(
            Position::from_setup_with(&seventeen, mode, MATERIAL),
            Err(PositionError::TooManyPieces {
                what: "pieces",
                count: 17,
                ..
            })
        ));
        // Nine pawns, one of them on the last rank.
        let back_rank = setup("P6k/8/8/8/8/PPPPPPPP/8/K7 w - - 0 1");
        assert_eq!(
            Position::from_setup_with(&back_rank, mode, MATERIAL),
            Err(PositionError::PawnOnBackRank(Square::A8))
        );
        // Nine pawns and a missing king.
        let kingless = setup("k7/8/8/8/8/PPPPPPPP/P7/8 w - - 0 1");
        assert_eq!(
            Position::from_setup_with(&kingless, mode, MATERIAL),
            Err(PositionError::MissingKing(Color::White))
        );
    }

    /// Plays seeded random games and checks the incrementally kept key
    /// against one computed from scratch after every move.
    #[test]
    fn incremental_hash_matches_scratch() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for fen in starts {
            for _ in 0..50 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
                    assert_eq!(pos.hash, pos.hash_from_scratch(), "{}", pos.fen());
                }
            }
        }
    }
}
