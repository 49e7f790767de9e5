//! From what the board sees to what happened at the board: field updates
//! and clock readings read as the over-the-board events of the referee
//! (touch, release, clock press, pieces displaced).
//!
//! The reader only infers; the referee rules. Every inference is described
//! in `docs/eboard.md`.

use arbiter_referee::{Actor, Event, EventKind};
use arbiter_rules::{Color, Move, Piece, Position, Role, Square};

use crate::message::{ClockReading, Contents, Message, Orientation};

/// The settling wait an operator may choose for a board without a clock
/// ([`BoardReader::settle_after`]): how long the board must stand as after
/// a legal move before the move is taken as made and pressed. Without
/// one, the move is made the moment the board stands as after it.
pub const SETTLE_MS: u64 = 1500;

/// What the reader tells: events for the referee and notices for the
/// arbiter's screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// An event for the referee, which decides it.
    Event(Event),
    /// Something only the arbiter can judge.
    Notice(Notice),
}

/// What the reader tells the arbiter without deciding anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The first board dump shows the board turned round (FIDE 7.2); it is
    /// read turned round. The arbiter decides whether to transfer the
    /// position to a correctly placed board.
    TurnedRound,
    /// The clock was pressed while the board shows neither the game's
    /// position nor a move from it: the arbiter must look.
    Unreadable {
        /// Squares where board and game differ.
        differences: Vec<Square>,
    },
    /// A piece left its square by accident, not as a touch: the player's
    /// hand was carrying another piece, which could neither capture it
    /// nor castle with it (docs/eboard.md). The squares stay disturbed
    /// until [`Notice::Restored`].
    Disturbed {
        /// Squares the knocked pieces left.
        squares: Vec<Square>,
    },
    /// Pieces displaced earlier stand on their squares again.
    Restored,
    /// Without a clock: a piece of the move just made was lifted again
    /// before the opponent touched anything, and set down on another
    /// square. The board cannot tell a piece slid on (a rook set down on
    /// d1 on its way to f1) from a move made and then changed: the
    /// arbiter decides. The reader reads no new move from it.
    LiftedAgain {
        /// The square it was lifted from, where the move had put it.
        square: Square,
        /// Where it was set down again.
        set_down: Square,
    },
    /// A press by the player whose clock was not running (the clock set by
    /// the program, or a press out of turn): not a move.
    PressIgnored,
}

/// Which face of the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Face {
    Left,
    Right,
}

fn running_face(r: &ClockReading) -> Option<Face> {
    match (r.left_turn, r.right_turn) {
        (true, false) => Some(Face::Left),
        (false, true) => Some(Face::Right),
        _ => None,
    }
}

/// The reader of one game on one board.
///
/// ```
/// use arbiter_eboard::{BoardReader, Field, Contents, Message, Reading};
/// use arbiter_referee::EventKind;
/// use arbiter_rules::{Position, Square};
/// let mut r = BoardReader::new(Position::new());
/// r.start();
/// let lift = Message::FieldUpdate { field: Field::of_square(Square::G1), contents: Contents::Empty };
/// let out = r.message(&lift, 1000);
/// assert!(matches!(&out[..], [Reading::Event(e)] if e.kind == EventKind::Touch { square: Square::G1 }));
/// ```
#[derive(Clone, Debug)]
pub struct BoardReader {
    /// The game's position, as the referee has it.
    game: Position,
    /// What stands on the board, by game square.
    board: [Contents; 64],
    orientation: Orientation,
    oriented: bool,
    started: bool,
    clock: Option<ClockReading>,
    /// Which colour plays on the left face, once the clock has started.
    left: Option<Color>,
    /// Squares whose lifting was already told this turn.
    touched: Vec<Square>,
    displaced: bool,
    /// Squares of pieces knocked by the carrying hand, until they stand
    /// again.
    disturbed: Vec<Square>,
    /// Without a clock: the legal move the board stands as after, since when.
    settling: Option<(Move, u64)>,
    /// Without a clock: how long a move must stand before it is made;
    /// `None` makes it at once.
    settle_ms: Option<u64>,
    /// Without a clock: the squares the pieces of the move just made
    /// stand on, until the opponent lifts something.
    just_moved: Vec<Square>,
    /// Without a clock: a piece of the move just made, lifted again, and
    /// its square; whose hand holds it, the next set-down tells.
    relifted: Option<(Square, Contents)>,
}

impl BoardReader {
    /// A reader for a game at `game`, the board assumed to show it until
    /// its first dump says otherwise.
    pub fn new(game: Position) -> BoardReader {
        let mut board = [Contents::Empty; 64];
        for (sq, slot) in board.iter_mut().enumerate() {
            if let Some(p) = game.piece_at(Square::from_index(sq)) {
                *slot = Contents::Piece(p);
            }
        }
        BoardReader {
            game,
            board,
            orientation: Orientation::Normal,
            oriented: false,
            started: false,
            clock: None,
            left: None,
            touched: Vec::new(),
            displaced: false,
            disturbed: Vec::new(),
            settling: None,
            settle_ms: None,
            just_moved: Vec::new(),
            relifted: None,
        }
    }

    /// Without a clock, waits until the board has stood `ms` as after a
    /// legal move before making it (`None`, the default: at once). The
    /// time is the one the messages are read at: a capture's own time in
    /// a replay, never the wall clock.
    pub fn settle_after(&mut self, ms: Option<u64>) {
        self.settle_ms = ms;
    }

    /// The game has started (the arbiter started it, or the server says so):
    /// lifts are touches from now on.
    pub fn start(&mut self) {
        self.started = true;
    }

    /// The referee's position, when it is not the one the reader expected
    /// (a move refused, an illegal move taken back, a position corrected).
    pub fn set_game(&mut self, game: Position) {
        if game != self.game {
            self.game = game;
            self.end_turn();
            self.just_moved.clear();
        }
    }

    /// The game's position as the reader knows it.
    pub fn game(&self) -> &Position {
        &self.game
    }

    /// How the board lies.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// Whether a clock has reported on the line.
    pub fn has_clock(&self) -> bool {
        self.clock.is_some()
    }

    /// The last clock reading.
    pub fn clock(&self) -> Option<&ClockReading> {
        self.clock.as_ref()
    }

    /// The colour whose clock is on the left face, once known.
    pub fn left_colour(&self) -> Option<Color> {
        self.left
    }

    /// What stands on the board, as a FEN board field (game orientation;
    /// markers shown as `?`... written as empty).
    pub fn board_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank * 8 + file].piece() {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// Squares whose pieces were knocked over (see [`Notice::Disturbed`])
    /// and do not stand again yet.
    pub fn disturbed(&self) -> &[Square] {
        &self.disturbed
    }

    /// Squares where the board and the game differ.
    pub fn differences(&self) -> Vec<Square> {
        differences(&self.board, &self.game)
    }

    /// When, without a clock, [`BoardReader::tick`] should be called to
    /// take a settled move.
    pub fn settle_deadline(&self) -> Option<u64> {
        // A clock that came on the line meanwhile takes the press: no
        // deadline, so that no caller waits for a tick that does nothing.
        let wait = self.settle_ms?;
        self.settling
            .filter(|_| !self.has_clock())
            .map(|(_, since)| since + wait)
    }

    /// Reads one message from the board, received at `at_ms`.
    pub fn message(&mut self, message: &Message, at_ms: u64) -> Vec<Reading> {
        match message {
            Message::BoardDump(fields) => self.dump(fields, at_ms),
            Message::FieldUpdate { field, contents } => {
                let square = self.orientation.square(*field);
                self.field(square, *contents, at_ms)
            }
            Message::Clock(reading) => self.clock_reading(reading, at_ms),
            _ => Vec::new(),
        }
    }

    /// Time has passed: without a clock, a move the board has stood as
    /// after for the settling wait is made and pressed.
    pub fn tick(&mut self, at_ms: u64) -> Vec<Reading> {
        match (self.settling, self.settle_deadline()) {
            (Some((m, _)), Some(due)) if at_ms >= due => self.move_and_press(m, at_ms),
            _ => Vec::new(),
        }
    }

    /// Without a clock: `m` is made and pressed at once.
    fn move_and_press(&mut self, m: Move, at_ms: u64) -> Vec<Reading> {
        let mover = self.game.turn();
        let after = self.game.after(m);
        // The squares the move's pieces now stand on (both, in castling).
        self.just_moved = differences_between(&self.game, &after)
            .into_iter()
            .filter(|sq| after.piece_at(*sq).is_some_and(|p| p.color == mover))
            .collect();
        self.game = after;
        self.end_turn();
        vec![event(
            mover.into(),
            at_ms,
            EventKind::Move {
                mv: m.to_string_uci(),
                offer_draw: false,
            },
        )]
    }

    /// The capture or the line has ended: a move standing on the board is
    /// made (the hands are off the board for good), and, without a clock
    /// on the line, pressed; with one, nobody pressed it.
    pub fn finish(&mut self, at_ms: u64) -> Vec<Reading> {
        if !self.started {
            return Vec::new();
        }
        let Some(m) = legal_move_on_board(&self.board, &self.game) else {
            return Vec::new();
        };
        if self.has_clock() {
            vec![release(self.game.turn(), m, at_ms)]
        } else {
            // Without a clock, a move on the board is made and pressed.
            self.move_and_press(m, at_ms)
        }
    }

    fn dump(&mut self, fields: &[Contents; 64], _at_ms: u64) -> Vec<Reading> {
        let mut out = Vec::new();
        if !self.oriented {
            self.oriented = true;
            let misses = |o: Orientation| {
                (0..64)
                    .filter(|i| {
                        let sq = o.square(crate::Field::new(*i as u8).expect("0..64"));
                        fields[*i].piece() != self.game.piece_at(sq)
                    })
                    .count()
            };
            if misses(Orientation::TurnedRound) < misses(Orientation::Normal) {
                self.orientation = Orientation::TurnedRound;
                out.push(Reading::Notice(Notice::TurnedRound));
            }
        }
        for (i, contents) in fields.iter().enumerate() {
            let sq = self
                .orientation
                .square(crate::Field::new(i as u8).expect("0..64"));
            self.board[sq.index()] = *contents;
        }
        out
    }

    fn field(&mut self, square: Square, contents: Contents, at_ms: u64) -> Vec<Reading> {
        let before = self.board[square.index()];
        self.board[square.index()] = contents;
        let mut out = Vec::new();
        let game_piece = self.game.piece_at(square);
        let lifted_from_its_square =
            contents == Contents::Empty && game_piece.is_some() && before.piece() == game_piece;
        if lifted_from_its_square && self.just_moved.contains(&square) {
            // The piece just moved, lifted again before the opponent did
            // anything: the mover's hand going on, or the opponent's
            // taking it to capture. No touch is told for either; where it
            // is set down tells which.
            self.just_moved.clear();
            self.relifted = Some((square, before));
            self.touched.push(square);
            return out;
        }
        if contents == Contents::Empty {
            // Anything else lifted: the opponent has begun his turn.
            self.just_moved.clear();
        }
        if let Some((from, piece)) = self.relifted
            && contents == piece
        {
            // The piece just moved is set down again: by the mover. Back
            // on its square it changed nothing; elsewhere the arbiter
            // decides what was played.
            self.relifted = None;
            if square != from {
                out.push(Reading::Notice(Notice::LiftedAgain {
                    square: from,
                    set_down: square,
                }));
            }
        }
        if self.started && lifted_from_its_square && !self.touched.contains(&square) {
            self.touched.push(square);
            let mover = self.game.turn();
            if self.displaced {
                // Pieces already lie displaced: a lift now is restoring
                // them, not a deliberate touch.
            } else if self.knocked_by_the_carrying_hand(square) {
                self.displaced = true;
                self.disturbed.push(square);
                out.push(event(mover.into(), at_ms, EventKind::PiecesDisplaced));
                out.push(Reading::Notice(Notice::Disturbed {
                    squares: vec![square],
                }));
            } else if self.is_displacement() {
                self.displaced = true;
                out.push(event(mover.into(), at_ms, EventKind::PiecesDisplaced));
            } else {
                out.push(event(mover.into(), at_ms, EventKind::Touch { square }));
            }
        }
        if (self.displaced || !self.disturbed.is_empty()) && self.is_restored() {
            self.displaced = false;
            self.disturbed.clear();
            out.push(Reading::Notice(Notice::Restored));
        }
        if !self.has_clock() && self.started {
            // The board stands as after a legal move: the hand has left
            // it, its set-down being the release (4.7), and without a clock
            // the move is made and pressed, at once or once it has stood
            // the settling wait.
            let on_board = legal_move_on_board(&self.board, &self.game);
            match (on_board, self.settle_ms) {
                (Some(m), None) => out.extend(self.move_and_press(m, at_ms)),
                (on_board, Some(_)) => self.settling = on_board.map(|m| (m, at_ms)),
                (None, None) => {}
            }
        }
        out
    }

    /// Whether the piece that just left `square` was knocked by the hand
    /// carrying another of the mover's pieces: one hand moves one piece
    /// (FIDE 4.1), and a piece the carried one can neither capture nor
    /// castle with is no part of its move. A deliberate touch of it would
    /// oblige nothing the first touch does not (4.3.3), so reading it as
    /// accidental contact (4.2.2) loses no obligation.
    fn knocked_by_the_carrying_hand(&self, square: Square) -> bool {
        let mover = self.game.turn();
        let mut before = self.board;
        before[square.index()] = contents_of(self.game.piece_at(square));
        let count = |board: &[Contents; 64], piece: Piece| {
            board
                .iter()
                .filter(|c| **c == Contents::Piece(piece))
                .count()
        };
        let carried: Vec<Square> = self
            .touched
            .iter()
            .copied()
            .filter(|from| *from != square && before[from.index()] == Contents::Empty)
            .filter(|from| {
                self.game.piece_at(*from).is_some_and(|p| {
                    p.color == mover
                        && count(&before, p) < self.game.board().by_piece(p).count() as usize
                })
            })
            .collect();
        if carried.is_empty() {
            return false;
        }
        let legal = self.game.legal_moves();
        // Either piece may be the one lifted first: the rook before the
        // king is still castling's pair (4.4.2 is the referee's to rule).
        let together = |a: Square, b: Square| {
            legal.iter().any(|m| {
                (m.from() == a && captured_square(&self.game, *m) == Some(b))
                    || (m.is_castle() && [(a, b), (b, a)].contains(&(m.from(), m.to())))
            })
        };
        !carried.iter().any(|from| together(*from, square))
    }

    /// Whether the board shows no more pieces off their squares than one
    /// move moves: at most one of the mover's (two when king and rook may
    /// castle) and one of the opponent's.
    fn is_displacement(&self) -> bool {
        let mover = self.game.turn();
        let off = |color: Color| -> Vec<Square> {
            self.game
                .board()
                .by_color(color)
                .into_iter()
                .filter(|sq| self.board[sq.index()].piece() != self.game.piece_at(*sq))
                .collect()
        };
        let own = off(mover);
        let theirs = off(!mover);
        let castling_pair = own.len() == 2 && {
            let roles: Vec<Role> = own
                .iter()
                .filter_map(|sq| self.game.piece_at(*sq).map(|p| p.role))
                .collect();
            roles.contains(&Role::King) && roles.contains(&Role::Rook)
        };
        theirs.len() > 1 || (own.len() > 1 && !castling_pair)
    }

    /// Whether displaced pieces stand again: knocked pieces on their
    /// squares, or, after a wider displacement, the board as the game or
    /// as after a move from it.
    fn is_restored(&self) -> bool {
        if self.disturbed.is_empty() {
            return !self.is_displacement() && self.is_ordered();
        }
        self.disturbed
            .iter()
            .all(|sq| self.board[sq.index()] == contents_of(self.game.piece_at(*sq)))
    }

    /// Whether the board stands as the game or as after a move from it.
    fn is_ordered(&self) -> bool {
        self.differences().is_empty() || legal_move_on_board(&self.board, &self.game).is_some()
    }

    fn clock_reading(&mut self, reading: &ClockReading, at_ms: u64) -> Vec<Reading> {
        if reading.no_clock {
            return Vec::new();
        }
        let previous = self.clock.replace(*reading);
        let mut out = Vec::new();
        let now = running_face(reading);
        if reading.running && self.left.is_none() {
            // The clock starts: the face that runs is the side to move's.
            let mover = self.game.turn();
            self.left = Some(match now {
                Some(Face::Right) => !mover,
                _ => mover,
            });
            if !self.started {
                self.started = true;
                out.push(event(Actor::Arbiter, at_ms, EventKind::Start));
            }
            return out;
        }
        let (Some(previous), Some(left)) = (previous, self.left) else {
            return out;
        };
        let was = running_face(&previous);
        if !reading.running || was == now || was.is_none() || now.is_none() {
            return out;
        }
        let pressed_by = match was {
            Some(Face::Left) => left,
            _ => !left,
        };
        if pressed_by != self.game.turn() {
            out.push(Reading::Notice(Notice::PressIgnored));
            return out;
        }
        out.extend(self.press(pressed_by, at_ms));
        out
    }

    /// The mover pressed: the position on the board decides the move.
    fn press(&mut self, mover: Color, at_ms: u64) -> Vec<Reading> {
        let mut out = Vec::new();
        let press = event(mover.into(), at_ms, EventKind::PressClock);
        if let Some(m) = legal_move_on_board(&self.board, &self.game) {
            out.push(release(mover, m, at_ms));
            out.push(press);
            self.game.play_unchecked(m);
        } else if let Some(m) = pawn_left_unpromoted(&self.board, &self.game) {
            out.push(event(
                mover.into(),
                at_ms,
                EventKind::Release {
                    from: m.from(),
                    to: m.to(),
                    promotion: None,
                },
            ));
            out.push(press);
        } else if self.differences().is_empty() {
            out.push(press);
        } else if let Some((from, to)) = piece_carried(&self.board, &self.game) {
            out.push(event(
                mover.into(),
                at_ms,
                EventKind::Release {
                    from,
                    to,
                    promotion: None,
                },
            ));
            out.push(press);
        } else {
            out.push(Reading::Notice(Notice::Unreadable {
                differences: self.differences(),
            }));
            out.push(press);
        }
        self.end_turn();
        out
    }

    fn end_turn(&mut self) {
        self.touched.clear();
        self.displaced = false;
        // A knocked piece still lying is still to be restored (7.4.1),
        // whoever has the move now.
        let (board, game) = (&self.board, &self.game);
        self.disturbed
            .retain(|sq| board[sq.index()] != contents_of(game.piece_at(*sq)));
        self.settling = None;
        self.relifted = None;
    }
}

fn event(actor: Actor, at_ms: u64, kind: EventKind) -> Reading {
    Reading::Event(Event::new(actor, at_ms, kind))
}

/// The release making `m`: castling is the king's release on its castling
/// square (FIDE 4.4.1).
fn release(mover: Color, m: Move, at_ms: u64) -> Reading {
    event(
        mover.into(),
        at_ms,
        EventKind::Release {
            from: m.from(),
            to: m.king_destination(),
            promotion: m.promotion_role(),
        },
    )
}

trait UciText {
    fn to_string_uci(self) -> String;
}

impl UciText for Move {
    /// UCI with castling as the king's two-square step, which the referee
    /// reads in standard chess.
    fn to_string_uci(self) -> String {
        let mut s = format!("{}{}", self.from(), self.king_destination());
        if let Some(role) = self.promotion_role() {
            s.push(role.char());
        }
        s
    }
}

/// Squares where two positions differ.
fn differences_between(a: &Position, b: &Position) -> Vec<Square> {
    (0..64)
        .map(Square::from_index)
        .filter(|sq| a.piece_at(*sq) != b.piece_at(*sq))
        .collect()
}

fn differences(board: &[Contents; 64], game: &Position) -> Vec<Square> {
    (0..64)
        .map(Square::from_index)
        .filter(|sq| board[sq.index()] != contents_of(game.piece_at(*sq)))
        .collect()
}

/// The square of the piece `m` captures, if any (en passant: beside the
/// capturing pawn's destination).
fn captured_square(game: &Position, m: Move) -> Option<Square> {
    if m.is_castle() {
        return None;
    }
    let square = if m.is_en_passant() {
        Square::from_coords(m.to().file(), m.from().rank())
    } else {
        m.to()
    };
    game.piece_at(square)
        .is_some_and(|p| p.color != game.turn())
        .then_some(square)
}

fn contents_of(piece: Option<Piece>) -> Contents {
    piece.map_or(Contents::Empty, Contents::Piece)
}

fn stands_as(board: &[Contents; 64], pos: &Position) -> bool {
    (0..64).all(|i| board[i] == contents_of(pos.piece_at(Square::from_index(i))))
}

/// The legal move after which the board stands, if any.
fn legal_move_on_board(board: &[Contents; 64], game: &Position) -> Option<Move> {
    if stands_as(board, game) {
        return None;
    }
    game.legal_moves()
        .into_iter()
        .find(|m| stands_as(board, &game.after(*m)))
}

/// A pawn moved to the last rank and left there as a pawn (FIDE 7.5.2):
/// the promotion (to any piece) after which the board stands, but for the
/// pawn on the promotion square.
fn pawn_left_unpromoted(board: &[Contents; 64], game: &Position) -> Option<Move> {
    let pawn = Contents::Piece(Piece {
        color: game.turn(),
        role: Role::Pawn,
    });
    game.legal_moves().into_iter().find(|m| {
        m.promotion_role() == Some(Role::Queen) && board[m.to().index()] == pawn && {
            let after = game.after(*m);
            (0..64)
                .filter(|i| *i != m.to().index())
                .all(|i| board[i] == contents_of(after.piece_at(Square::from_index(i))))
        }
    })
}

/// One of the mover's pieces carried from one square to another, where no
/// legal move takes it: an illegal move to put to the referee.
fn piece_carried(board: &[Contents; 64], game: &Position) -> Option<(Square, Square)> {
    let diff = differences(board, game);
    let [a, b] = diff[..] else { return None };
    let mover = game.turn();
    let carried = |from: Square, to: Square| {
        let piece = game.piece_at(from)?;
        (piece.color == mover
            && board[from.index()] == Contents::Empty
            && board[to.index()] == Contents::Piece(piece))
        .then_some((from, to))
    };
    carried(a, b).or_else(|| carried(b, a))
}
