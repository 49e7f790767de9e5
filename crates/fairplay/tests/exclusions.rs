//! The screen scores a move only when it means something: book moves,
//! decided positions, forced moves and repetitions are left out, each for
//! its reason. The engine's lines are made up: no engine runs here.

use arbiter_fairplay::{
    Exclusion, GameAnalysis, Line, PlayedGame, PositionAnalysis, Settings, score_ply,
};
use arbiter_uci::protocol::Score;

mod common;
use common::game;

fn lines(moves: &[(&str, Score)]) -> Option<PositionAnalysis> {
    Some(PositionAnalysis {
        lines: moves
            .iter()
            .map(|(uci, score)| Line {
                uci: uci.to_string(),
                score: *score,
            })
            .collect(),
    })
}

/// An analysis where every position's lines are `moves`.
fn everywhere(game: &PlayedGame, moves: &[(&str, Score)]) -> GameAnalysis {
    GameAnalysis {
        positions: vec![lines(moves); game.plies.len() + 1],
    }
}

const NO_BOOK: Settings = Settings {
    book_moves: 0,
    book: None,
    decided_cp: 300,
    losing_cp: 200,
    complex_gap_cp: 50,
};

/// Twenty moves of each side, no repetition: 1. e4 e5 2. Nf3 Nc6 ...
const LONG_GAME: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
    7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 \
    14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 \
    20. Nbd2 Nxd6 *";

#[test]
fn the_first_eight_moves_of_each_side_are_book() {
    let g = game(LONG_GAME);
    let analysis = everywhere(&g, &[("a2a3", Score::Cp(10))]);
    let settings = Settings::default();
    for (i, ply) in g.plies.iter().enumerate() {
        let scored = score_ply(&g, &analysis, i, &settings);
        if ply.side_move <= 8 {
            assert_eq!(scored, Err(Exclusion::Book), "ply {i}");
        } else {
            assert!(scored.is_ok(), "ply {i} ({}): {scored:?}", ply.move_number);
        }
    }
    // Each side's ninth move is the first scored: plies 16 (9. h3) and 17.
    assert_eq!(g.plies[16].move_number, "9.");
    assert_eq!(g.plies[16].side_move, 9);
    assert_eq!(g.plies[17].side_move, 9);
}

#[test]
fn a_decided_position_is_left_out_either_way() {
    let g = game(LONG_GAME);
    for (cp, decided) in [(301, true), (-301, true), (300, false), (-300, false)] {
        let analysis = everywhere(&g, &[("a2a3", Score::Cp(cp))]);
        let scored = score_ply(&g, &analysis, 20, &NO_BOOK);
        assert_eq!(
            scored == Err(Exclusion::Decided),
            decided,
            "{cp}: {scored:?}"
        );
    }
    let mate = everywhere(&g, &[("a2a3", Score::Mate(7))]);
    assert_eq!(score_ply(&g, &mate, 20, &NO_BOOK), Err(Exclusion::Decided));
}

#[test]
fn a_single_legal_move_is_forced() {
    // Black's king on h8 in check from the rook, White's king on f6: Kh7
    // is the only move.
    let g = game("[FEN \"R6k/8/5K2/8/8/8/8/8 b - - 0 1\"]\n\n1... Kh7 *");
    let analysis = everywhere(&g, &[("h8h7", Score::Cp(0))]);
    assert_eq!(
        score_ply(&g, &analysis, 0, &NO_BOOK),
        Err(Exclusion::Forced)
    );
}

#[test]
fn a_single_move_that_does_not_lose_is_forced() {
    let g = game(LONG_GAME);
    // 11. c4: the engine sees one move holding and every other losing 2.00.
    let only_one = everywhere(
        &g,
        &[
            ("c3c4", Score::Cp(20)),
            ("a2a3", Score::Cp(-200)),
            ("b2b3", Score::Cp(-450)),
        ],
    );
    assert_eq!(
        score_ply(&g, &only_one, 20, &NO_BOOK),
        Err(Exclusion::Forced)
    );
    let two_hold = everywhere(
        &g,
        &[
            ("c3c4", Score::Cp(20)),
            ("a2a3", Score::Cp(-150)),
            ("b2b3", Score::Cp(-450)),
        ],
    );
    let scored = score_ply(&g, &two_hold, 20, &NO_BOOK).expect("two moves hold: not forced");
    assert_eq!((scored.rank, scored.loss_cp), (Some(0), 0));
}

#[test]
fn moves_that_repeat_a_position_are_left_out() {
    let g = game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nc6 4. e3 *");
    let analysis = everywhere(&g, &[("a2a3", Score::Cp(0)), ("b2b3", Score::Cp(-10))]);
    let excluded: Vec<bool> = (0..g.plies.len())
        .map(|i| score_ply(&g, &analysis, i, &NO_BOOK) == Err(Exclusion::Repetition))
        .collect();
    // 2... Ng8 brings back the start, 3. Nf3 the position after 1. Nf3.
    assert_eq!(excluded, [false, false, false, true, true, false, false]);
}

#[test]
fn a_move_is_ranked_among_the_lines_and_charged_what_it_loses() {
    let g = game(LONG_GAME);
    // 11. c4 (ply 20) as the engine's second line, 30 centipawns worse.
    let mut analysis = everywhere(&g, &[("a2a3", Score::Cp(0))]);
    analysis.positions[20] = lines(&[
        ("a2a3", Score::Cp(40)),
        ("c3c4", Score::Cp(10)),
        ("b2b3", Score::Cp(5)),
    ]);
    let scored = score_ply(&g, &analysis, 20, &NO_BOOK).unwrap();
    assert_eq!(scored.rank, Some(1));
    assert_eq!(scored.loss_cp, 30);
    assert!(scored.complex, "the second line is within 0.50");
    assert!(scored.accuracy < 100.0 && scored.accuracy > 80.0);
}

#[test]
fn a_move_outside_the_lines_is_charged_by_the_next_position() {
    let g = game(LONG_GAME);
    let mut analysis = everywhere(&g, &[("a2a3", Score::Cp(0))]);
    analysis.positions[20] = lines(&[("a2a3", Score::Cp(40)), ("b2b3", Score::Cp(35))]);
    // After 11. c4, Black (to move) stands 0.80 better: c4 lost 1.20.
    analysis.positions[21] = lines(&[("c7c6", Score::Cp(80))]);
    let scored = score_ply(&g, &analysis, 20, &NO_BOOK).unwrap();
    assert_eq!(scored.rank, None);
    assert_eq!(scored.loss_cp, 120);
    analysis.positions[21] = None;
    assert_eq!(
        score_ply(&g, &analysis, 20, &NO_BOOK),
        Err(Exclusion::Unanalysed)
    );
}

#[test]
fn a_mate_played_at_the_end_loses_nothing() {
    // Scholar's mate: 4. Qxf7# is not among the made-up lines, and the game
    // ends there, so the end itself scores the move.
    let g = game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0");
    let mut analysis = GameAnalysis {
        positions: vec![None; g.plies.len() + 1],
    };
    analysis.positions[6] = lines(&[("d2d3", Score::Cp(250)), ("g1f3", Score::Cp(200))]);
    let scored = score_ply(&g, &analysis, 6, &NO_BOOK).unwrap();
    assert_eq!((scored.rank, scored.loss_cp), (None, 0));
}

#[test]
fn move_times_come_from_emt_or_from_the_clocks() {
    let g = game(
        "[TimeControl \"60+1\"]\n\n1. e4 {[%clk 0:00:58]} e5 {[%clk 0:00:50]} \
         2. Nf3 {[%emt 0:00:04]} Nc6 {[%clk 0:00:49]} *",
    );
    let spent: Vec<Option<u64>> = g.plies.iter().map(|p| p.spent_ms).collect();
    assert_eq!(spent, [Some(3_000), Some(11_000), Some(4_000), Some(2_000)]);
}

#[test]
fn an_illegal_move_is_an_error_with_its_place() {
    let game = arbiter_pgn::Reader::new("1. e4 e5 2. Ke3 *".as_bytes())
        .read_game()
        .unwrap()
        .unwrap();
    let error = PlayedGame::from_pgn(&game, 7).unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("game 7") && text.contains("2.") && text.contains("Ke3"),
        "{text}"
    );
}
