//! LAWS.md, "Touch-move", "Release", "Castling order", and promotion
//! (FIDE 4): over the board, touching, releasing and pressing are events.

mod common;
use common::run;

#[test]
fn fide_4_3_1_a_touched_piece_must_be_moved() {
    run("
        setup mode=otb
        0    arbiter start
        10   white   touch g1     => cites FIDE 4.3.1
        20   white   release b1 c3    => rejected FIDE 4.3.1
        30   white   release g1 f3
        40   white   press
    ");
}

#[test]
fn fide_4_3_2_touching_an_opponent_piece_that_can_be_captured() {
    run("
        setup mode=otb fen=4k3/8/8/3p4/8/2N5/8/4K3_w_-_-_0_1
        0    arbiter start
        10   white   touch d5     => cites FIDE 4.3.2
        20   white   release e1 e2    => rejected FIDE 4.3.2
        30   white   release c3 d5
        40   white   press
        end  1/2-1/2 insufficient_material FIDE 5.2.2
    ");
}

#[test]
fn fide_4_5_a_touched_piece_that_cannot_move_binds_nothing() {
    run("
        setup mode=otb
        0    arbiter start
        10   white   touch a1     => cites FIDE 4.5
        20   white   release e2 e4
        30   white   press
        40   black   touch e4     => cites FIDE 4.5   # no black piece can capture it
        50   black   release e7 e5
        60   black   press
    ");
}

#[test]
fn fide_4_2_1_adjusting_after_announcing_binds_nothing() {
    run("
        setup mode=otb
        0    arbiter start
        10   black   adjust e7    => rejected FIDE 4.2.1
        20   white   adjust g1    => cites FIDE 4.2.1
        30   white   release e2 e4
        40   white   press
    ");
}

#[test]
fn fide_4_3_touching_when_not_having_the_move_binds_nothing() {
    run("
        setup mode=otb
        0    arbiter start
        10   black   touch g8
        20   white   release e2 e4
        30   white   press
        40   black   release b8 c6
        50   black   press
    ");
}

#[test]
fn fide_4_7_once_released_the_move_is_made() {
    run("
        setup mode=otb
        0    arbiter start
        10   white   release e2 e3
        20   white   release e3 e4    => rejected FIDE 4.7
        30   white   press
        40   black   release e7 e5
        50   black   press
    ");
}

#[test]
fn fide_4_4_2_castling_with_the_rook_touched_first_is_a_rook_move() {
    run("
        setup mode=otb fen=4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1
        0    arbiter start
        10   white   touch h1
        20   white   release e1 g1    => rejected FIDE 4.4.2
        30   white   release h1 f1
        40   white   press
    ");
}

#[test]
fn fide_4_4_1_castling_king_first() {
    let game = run("
        setup mode=otb fen=4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1
        0    arbiter start
        10   white   touch e1
        20   white   release e1 g1
        30   white   press
    ");
    assert_eq!(game.plies()[0].san, "O-O");
    assert_eq!(game.plies()[0].chinese, "0-0");
}

#[test]
fn fide_4_4_4_the_promotion_piece_is_chosen_on_release() {
    let game = run("
        setup mode=otb fen=8/4P1k1/8/8/8/8/8/4K2R_w_-_-_0_1
        0    arbiter start
        10   white   release e7 e8 n
        20   white   press
    ");
    assert_eq!(game.plies()[0].san, "e8=N+");
}

#[test]
fn fide_7_5_2_a_pawn_left_on_the_last_rank_becomes_a_queen_and_the_move_is_illegal() {
    let game = run("
        setup mode=otb tc=5400+30 fen=8/4P1k1/8/8/8/8/8/4K2R_w_-_-_0_1
        0    arbiter start
        10   white   release e7 e8
        20   white   press        => cites FIDE 7.5.2
    ");
    assert_eq!(game.plies()[0].san, "e8=Q");
    assert_eq!(game.illegal_moves(arbiter_rules::Color::White), 1);
    assert_eq!(game.clock_at(20).black_ms, 5_400_000 + 120_000);
}

#[test]
fn classic_castling_rook_first_counts_as_a_rook_move() {
    run("
        setup ruleset=classic mode=otb fen=4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1
        0    arbiter start
        10   white   touch h1
        20   white   release e1 g1    => rejected FIDE 4.4.2
        30   white   release h1 g1
        40   white   press
    ");
}

/// White's queen on d1 can take the bishop on g4; the knight on b1 cannot.
const BISHOP_ON_G4: &str = "rn1qkbnr/ppp2ppp/3p4/4p3/4P1b1/3P4/PPP2PPP/RNBQKBNR_w_KQkq_-_0_4";

#[test]
fn fide_4_3_3_pieces_of_both_colours_touched_the_first_own_captures_the_first_opponent_s() {
    run(&format!(
        "
        setup mode=otb fen={BISHOP_ON_G4}
        0    arbiter start
        10   white   touch d1     => cites FIDE 4.3.1
        20   white   touch g4     => cites FIDE 4.3.3
        30   white   release d1 d2    => rejected FIDE 4.3.3
        40   white   release b1 c3    => rejected FIDE 4.3.3
        50   white   release d1 g4
        60   white   press
    "
    ));
    // The opponent's piece touched first: the same capture.
    run(&format!(
        "
        setup mode=otb fen={BISHOP_ON_G4}
        0    arbiter start
        10   white   touch g4     => cites FIDE 4.3.2
        20   white   touch d1     => cites FIDE 4.3.3
        30   white   release h2 h3    => rejected FIDE 4.3.3
        50   white   release d1 g4
        60   white   press
    "
    ));
}

#[test]
fn fide_4_3_3_when_that_capture_is_illegal_the_first_piece_touched_that_can_be_moved_or_captured() {
    // The knight on b1 cannot take on g4: the first piece touched binds.
    run(&format!(
        "
        setup mode=otb fen={BISHOP_ON_G4}
        0    arbiter start
        10   white   touch b1
        20   white   touch g4     => cites FIDE 4.3.3
        30   white   release d1 g4    => rejected FIDE 4.3.3
        40   white   release b1 c3
        50   white   press
    "
    ));
    run(&format!(
        "
        setup mode=otb fen={BISHOP_ON_G4}
        0    arbiter start
        10   white   touch g4
        20   white   touch b1     => cites FIDE 4.3.3
        30   white   release b1 c3    => rejected FIDE 4.3.3
        40   white   release d1 g4
        50   white   press
    "
    ));
}

#[test]
fn fide_4_3_3_in_an_unclear_order_the_player_s_own_piece_counts_as_touched_first() {
    // Both touched at the same moment: the knight counts first, and it
    // cannot capture the bishop, so the knight must move.
    run(&format!(
        "
        setup mode=otb fen={BISHOP_ON_G4}
        0    arbiter start
        10   white   touch g4
        10   white   touch b1     => cites FIDE 4.3.3
        30   white   release d1 g4    => rejected FIDE 4.3.3
        40   white   release b1 c3
        50   white   press
    "
    ));
}

#[test]
fn classic_pieces_of_both_colours_touched_the_first_binding_touch_binds() {
    // The classic rules: a touched own piece must be moved; nothing more.
    run(&format!(
        "
        setup ruleset=classic mode=otb fen={BISHOP_ON_G4}
        0    arbiter start
        10   white   touch d1     => cites FIDE 4.3.1
        20   white   touch g4     => cites FIDE 4.3
        30   white   release b1 c3    => rejected FIDE 4.3.1
        40   white   release d1 d2
        50   white   press
    "
    ));
}

#[test]
fn fide_4_4_1_king_then_rook_touched_must_castle_if_legal() {
    let game = run("
        setup mode=otb fen=4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1
        0    arbiter start
        10   white   touch e1     => cites FIDE 4.3.1
        20   white   touch h1     => cites FIDE 4.4.1
        30   white   release e1 f1    => rejected FIDE 4.4.1
        40   white   release h1 h5    => rejected FIDE 4.4.1
        50   white   release e1 g1
        60   white   press
    ");
    assert_eq!(game.plies()[0].san, "O-O");
}

#[test]
fn classic_king_then_rook_touched_binds_the_king_only() {
    let game = run("
        setup ruleset=classic mode=otb fen=4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1
        0    arbiter start
        10   white   touch e1
        20   white   touch h1     => cites FIDE 4.3
        30   white   release h1 h5    => rejected FIDE 4.3.1
        40   white   release e1 f1
        50   white   press
    ");
    assert_eq!(game.plies()[0].san, "Kf1");
}

#[test]
fn fide_4_4_3_castling_illegal_another_king_move_must_be_made() {
    // The rook on f8 guards f1: no castling; the king must still move.
    run("
        setup mode=otb fen=4kr2/8/8/8/8/8/8/4K2R_w_K_-_0_1
        0    arbiter start
        10   white   touch e1
        20   white   touch h1     => cites FIDE 4.4.3
        40   white   release h1 h5    => rejected FIDE 4.4.3
        50   white   release e1 d2
        60   white   press
    ");
}

#[test]
fn fide_4_4_3_castling_illegal_and_no_king_move_any_move_may_be_made() {
    // The bishop on h3 guards f1, and the king's other squares are his own.
    run("
        setup mode=otb fen=4k3/8/8/8/8/7b/3PPP2/3QK2R_w_K_-_0_1
        0    arbiter start
        10   white   touch e1
        20   white   touch h1     => cites FIDE 4.4.3
        30   white   release d2 d4
        40   white   press
    ");
}

#[test]
fn fide_4_4_2_rook_then_king_is_a_rook_move_even_with_the_king_touched() {
    run("
        setup mode=otb fen=4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1
        0    arbiter start
        10   white   touch h1
        20   white   touch e1
        30   white   release e1 g1    => rejected FIDE 4.4.2
        40   white   release e1 f1    => rejected FIDE 4.3.1
        50   white   release h1 h5
        60   white   press
    ");
}

#[test]
fn fide_4_5_none_of_the_touched_pieces_can_move() {
    run("
        setup mode=otb
        0    arbiter start
        10   white   touch a1     => cites FIDE 4.5
        20   white   touch h1     => cites FIDE 4.5
        30   white   release g1 f3
        40   white   press
    ");
}

#[test]
fn fide_4_4_4_the_promotion_piece_once_left_on_the_square_is_final() {
    let game = run("
        setup mode=otb fen=8/4P1k1/8/8/8/8/8/4K2R_w_-_-_0_1
        0    arbiter start
        10   white   release e7 e8 n
        20   white   release e7 e8 q  => rejected FIDE 4.4.4
        30   white   press
    ");
    assert_eq!(game.plies()[0].san, "e8=N+");
}
