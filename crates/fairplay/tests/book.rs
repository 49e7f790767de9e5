//! An opening book instead of the fixed number of book moves: a game's
//! moves are book while every position they reach is one of the book's,
//! by any move order, and only those are left out. No engine runs here.

use arbiter_fairplay::engine::positions_to_search;
use arbiter_fairplay::{
    Book, Exclusion, GameAnalysis, Line, PlayedGame, PositionAnalysis, Settings, baseline_hash,
    score_ply,
};
use arbiter_uci::protocol::Score;

mod common;
use common::game;

fn book(pgn: &str) -> Book {
    Book::read(pgn.as_bytes()).expect("the test book reads")
}

/// The settings a screen with `book` uses: no fixed book moves.
fn with_book(book: &Book) -> Settings {
    Settings {
        book_moves: 0,
        book: Some(book.hash.clone()),
        ..Settings::default()
    }
}

/// An analysis where every position has two quiet lines.
fn quiet(game: &PlayedGame) -> GameAnalysis {
    let lines = PositionAnalysis {
        lines: vec![
            Line {
                uci: "a2a3".into(),
                score: Score::Cp(10),
            },
            Line {
                uci: "b2b3".into(),
                score: Score::Cp(0),
            },
        ],
    };
    GameAnalysis {
        positions: vec![Some(lines); game.plies.len() + 1],
    }
}

/// Which plies of `game` are left out as book.
fn book_plies(game: &PlayedGame, settings: &Settings) -> Vec<bool> {
    let analysis = quiet(game);
    (0..game.plies.len())
        .map(|i| score_ply(game, &analysis, i, settings) == Err(Exclusion::Book))
        .collect()
}

const RUY_LOPEZ: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *";

#[test]
fn the_moves_that_stay_in_the_book_are_left_out_and_the_rest_scored() {
    // The main line stops at 2... Nc6; a variation goes on to 3. Bb5.
    let b = book("1. e4 e5 2. Nf3 (2. Bc4 Nf6) 2... Nc6 (2... d6 3. d4) 3. Bb5 *");
    let mut g = game(RUY_LOPEZ);
    g.mark_book(&b);
    assert_eq!(g.book_plies, 5);
    let settings = with_book(&b);
    let left_out = book_plies(&g, &settings);
    assert_eq!(left_out[..6], [true, true, true, true, true, false]);
    assert!(left_out[5..].iter().all(|&b| !b), "{left_out:?}");
    // The analysis starts at the first move out of the book.
    assert_eq!(positions_to_search(&g, &settings).start, 5);
}

#[test]
fn a_transposition_into_the_book_stays_in_it() {
    // The game's order is the first line's, then it goes on as the
    // second line, reached by another order.
    let b = book("1. d4 d5 2. Nf3 Nf6 *\n\n1. Nf3 d5 2. d4 Nf6 3. c4 e6 *");
    let mut g = game("1. d4 d5 2. Nf3 Nf6 3. c4 e6 4. Nc3 Be7 *");
    g.mark_book(&b);
    assert_eq!(g.book_plies, 6);
}

#[test]
fn a_game_that_leaves_the_book_does_not_come_back_into_it() {
    // The book knows the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3
    // only by the first line; the game reaches it after leaving the book
    // at 1... Nc6.
    let b = book("1. Nf3 Nf6 *");
    let mut g = game("1. Nf3 Nc6 2. Ng1 Nb8 3. Nf3 Nf6 4. e3 *");
    g.mark_book(&b);
    assert_eq!(g.book_plies, 1);
}

#[test]
fn a_game_from_another_start_has_no_book_moves() {
    // The book holds 1. e4 e5, and this game starts after 1. d4.
    let b = book("1. e4 e5 *");
    let mut g =
        game("[FEN \"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 *");
    g.mark_book(&b);
    assert_eq!(g.book_plies, 0);
    // The same move from the book's start is book.
    let mut from_start = game("1. e4 e5 *");
    from_start.mark_book(&b);
    assert_eq!(from_start.book_plies, 2);
}

#[test]
fn without_a_book_the_fixed_number_of_moves_applies() {
    let b = book(RUY_LOPEZ);
    let g = game(RUY_LOPEZ);
    // Not marked: the default settings leave each side's first 8 moves out.
    assert_eq!(g.book_plies, 0);
    assert!(book_plies(&g, &Settings::default()).iter().all(|&b| b));
    // Marked, and with the book's settings: every move of this game is in it.
    let mut marked = g.clone();
    marked.mark_book(&b);
    assert_eq!(marked.book_plies, g.plies.len());
}

#[test]
fn a_book_is_named_by_its_hash() {
    let text = "1. e4 e5 *";
    assert_eq!(book(text).hash, baseline_hash(text.as_bytes()));
    assert_ne!(book(text).hash, book("1. e4 c5 *").hash);
    assert_eq!(book(text).len(), 3, "the start and two positions");
}

#[test]
fn an_illegal_book_move_is_an_error_with_its_line_and_move() {
    let error = Book::read(b"1. e4 e5 *\n\n1. d4 d5 2. Ke3 *").unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("game 2") && text.contains("2.") && text.contains("Ke3"),
        "{text}"
    );
}
