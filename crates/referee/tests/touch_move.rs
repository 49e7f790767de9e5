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
