//! A single piece knocked over (FIDE 7.4) by the hand carrying another is
//! told from a touch (4.3): it is no touch of that piece, the mover is
//! noted as having displaced it, and its square is reported disturbed
//! until it stands again. Pieces the carried one can capture or castle
//! with are still touched.

use arbiter_eboard::{BoardReader, Contents, Field, Message, Notice, Reading, SETTLE_MS};
use arbiter_referee::{Actor, EventKind};
use arbiter_rules::{Piece, Position, Square};

/// A reader of `fen`, the game started. No clock is on the line, and
/// these steps all come at one moment: with the settling wait a move
/// standing on the board is not made, which leaves the turn to the hand
/// that carries (with a clock, the press would make it).
fn reader(fen: &str) -> BoardReader {
    let mut r = BoardReader::new(Position::from_fen(fen).unwrap());
    r.settle_after(Some(SETTLE_MS));
    r.start();
    r
}

fn lift(r: &mut BoardReader, square: Square) -> Vec<Reading> {
    let m = Message::FieldUpdate {
        field: Field::of_square(square),
        contents: Contents::Empty,
    };
    r.message(&m, 1000)
}

fn place(r: &mut BoardReader, square: Square, piece: char) -> Vec<Reading> {
    let m = Message::FieldUpdate {
        field: Field::of_square(square),
        contents: Contents::Piece(Piece::from_char(piece).unwrap()),
    };
    r.message(&m, 1000)
}

fn kinds(readings: &[Reading]) -> Vec<(Actor, EventKind)> {
    readings
        .iter()
        .filter_map(|r| match r {
            Reading::Event(e) => Some((e.actor, e.kind.clone())),
            Reading::Notice(_) => None,
        })
        .collect()
}

/// Asserts that `readings` are White touching `square`, and nothing more.
#[track_caller]
fn assert_white_touches(readings: &[Reading], square: Square) {
    assert_eq!(
        kinds(readings),
        [(Actor::White, EventKind::Touch { square })]
    );
}

fn notices(readings: &[Reading]) -> Vec<Notice> {
    readings
        .iter()
        .filter_map(|r| match r {
            Reading::Notice(n) => Some(n.clone()),
            Reading::Event(_) => None,
        })
        .collect()
}

/// After 1.e4 e5: White to move.
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

/// What the reader says when White's hand knocks the piece on `square`
/// over: pieces displaced, that square disturbed.
fn assert_white_displaced(said: &[Reading], square: Square) {
    assert_eq!(kinds(said), [(Actor::White, EventKind::PiecesDisplaced)]);
    assert_eq!(
        notices(said),
        [Notice::Disturbed {
            squares: vec![square]
        }]
    );
}

#[test]
fn an_opponents_piece_knocked_by_the_hand_carrying_a_knight_is_no_touch() {
    let mut r = reader(AFTER_E4_E5);
    let touch = lift(&mut r, Square::G1);
    assert_white_touches(&touch, Square::G1);
    // The knight in the air, Black's d7 pawn leaves its square: no knight
    // on g1 captures on d7.
    let knocked = lift(&mut r, Square::D7);
    assert_white_displaced(&knocked, Square::D7);
    assert_eq!(r.disturbed(), [Square::D7]);
    // Disturbed until the pawn stands on d7 again, knight still in hand.
    assert!(notices(&place(&mut r, Square::F3, 'N')).is_empty());
    assert_eq!(r.disturbed(), [Square::D7]);
    let restored = place(&mut r, Square::D7, 'p');
    assert_eq!(notices(&restored), [Notice::Restored]);
    assert!(kinds(&restored).is_empty());
    assert!(r.disturbed().is_empty());
}

#[test]
fn a_knocked_piece_read_on_the_next_square_and_stood_up_again_is_no_move() {
    let mut r = reader(AFTER_E4_E5);
    lift(&mut r, Square::G1);
    lift(&mut r, Square::H7);
    // It rolls onto h6, where the board reads it; picked up from there it
    // is no touch (the game has no piece on h6), set on h7 it is restored.
    let rolled = place(&mut r, Square::H6, 'p');
    assert!(kinds(&rolled).is_empty());
    let picked = lift(&mut r, Square::H6);
    assert!(kinds(&picked).is_empty(), "{:?}", kinds(&picked));
    assert_eq!(r.disturbed(), [Square::H7]);
    assert_eq!(notices(&place(&mut r, Square::H7, 'p')), [Notice::Restored]);
    assert_eq!(r.game().fen(), AFTER_E4_E5);
}

#[test]
fn an_own_piece_knocked_by_the_hand_carrying_another_is_disturbed_not_touched() {
    let mut r = reader(AFTER_E4_E5);
    lift(&mut r, Square::F1);
    let knocked = lift(&mut r, Square::D2);
    assert_white_displaced(&knocked, Square::D2);
}

#[test]
fn a_piece_the_carried_one_can_capture_is_touched() {
    // After 1.e4 d5: the e4 pawn in the air, Black's d5 pawn lifted.
    let mut r = reader("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    lift(&mut r, Square::E4);
    let taken = lift(&mut r, Square::D5);
    assert_white_touches(&taken, Square::D5);
    assert!(notices(&taken).is_empty());
    assert!(r.disturbed().is_empty());
}

#[test]
fn a_pawn_taken_en_passant_beside_the_carried_pawn_is_touched() {
    let mut r = reader("rnbqkbnr/ppp1p1pp/5p2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    lift(&mut r, Square::E5);
    let taken = lift(&mut r, Square::D5);
    assert_white_touches(&taken, Square::D5);
}

#[test]
fn the_castling_rook_lifted_with_the_king_in_hand_is_touched() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut r = reader(fen);
    lift(&mut r, Square::E1);
    let rook = lift(&mut r, Square::H1);
    assert_white_touches(&rook, Square::H1);
    // Rook first (4.4.2 is the referee's to rule): the king is touched too.
    let mut r = reader(fen);
    lift(&mut r, Square::A1);
    let king = lift(&mut r, Square::E1);
    assert_white_touches(&king, Square::E1);
}

#[test]
fn a_piece_leaving_its_square_with_no_piece_in_hand_is_a_touch() {
    // What the board cannot tell: a lone piece knocked over with nothing
    // carried looks like one lifted.
    let mut r = reader(AFTER_E4_E5);
    let lone = lift(&mut r, Square::D7);
    assert_white_touches(&lone, Square::D7);
    // A piece set down already is no longer carried.
    let mut r = reader(AFTER_E4_E5);
    lift(&mut r, Square::G1);
    place(&mut r, Square::F3, 'N');
    let after = lift(&mut r, Square::D7);
    assert_white_touches(&after, Square::D7);
}

#[test]
fn a_knocked_piece_still_lying_at_the_press_stays_disturbed() {
    let mut r = reader(AFTER_E4_E5);
    lift(&mut r, Square::G1);
    lift(&mut r, Square::D7);
    place(&mut r, Square::F3, 'N');
    // The move stands on the board; the game moves on (the referee's
    // position after g1f3), the pawn still lies.
    let game = Position::from_fen(AFTER_E4_E5).unwrap();
    let g1f3 = game
        .legal_moves()
        .into_iter()
        .find(|m| (m.from(), m.to()) == (Square::G1, Square::F3))
        .unwrap();
    r.set_game(game.after(g1f3));
    assert_eq!(r.disturbed(), [Square::D7]);
    assert_eq!(notices(&place(&mut r, Square::D7, 'p')), [Notice::Restored]);
}
