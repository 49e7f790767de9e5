//! LAWS.md, "Illegal move": restoring the position, touch-move on the
//! replacement, the penalty ladders (FIDE 7.5; A.5.2; `classic: 送王`).

mod common;
use arbiter_rules::Color;
use common::run;

#[test]
fn online_an_illegal_move_is_simply_refused() {
    let game = run("
        setup tc=300+2
        0    arbiter start
        10   white   move e2e5    => rejected FIDE 3.7
        20   white   move e4
    ");
    assert_eq!(game.illegal_moves(Color::White), 0);
}

#[test]
fn fide_7_5_5_first_illegal_move_two_minutes_second_loses() {
    run("
        setup mode=otb tc=5400+30
        0    arbiter start
        10   white   release e2 e5
        20   white   press        => cites FIDE 7.5.5
        30   white   release d2 d4    => rejected FIDE 4.3.1   # the e-pawn must move
        40   white   release e2 e4
        50   white   press
        60   black   release e7 e5
        70   black   press
        80   white   release f1 f3
        90   white   press        => cites FIDE 7.5.5
        end  0-1 illegal_moves FIDE 7.5.5
    ");
}

#[test]
fn fide_7_5_1_first_illegal_move_penalty_and_restored_position() {
    let game = run("
        setup mode=otb tc=5400+30
        0    arbiter start
        10   white   release e2 e5
        20   white   press        => cites FIDE 7.5.1
    ");
    assert_eq!(game.turn(), Color::White);
    assert_eq!(game.plies().len(), 0);
    assert_eq!(game.clock_at(20).black_ms, 5_400_000 + 120_000);
    assert_eq!(game.clock_at(20).running, Some(Color::White));
}

#[test]
fn fide_7_5_5_second_illegal_move_against_an_opponent_who_cannot_mate_is_a_draw() {
    run("
        setup mode=otb fen=4k3/8/8/8/8/8/8/R3K3_w_-_-_0_1
        0    arbiter start
        10   white   release a1 b2
        20   white   press        => cites FIDE 7.5.5
        30   white   release a1 b2
        40   white   press
        end  1/2-1/2 illegal_moves_opponent_cannot_mate FIDE 7.5.5
    ");
}

#[test]
fn fide_7_5_3_pressing_the_clock_without_a_move_is_an_illegal_move() {
    let game = run("
        setup mode=otb tc=5400+30
        0    arbiter start
        10   white   press        => cites FIDE 7.5.3
        20   white   release e2 e4
        30   white   press
    ");
    assert_eq!(game.illegal_moves(Color::White), 1);
}

#[test]
fn classic_pressing_without_a_move_is_refused() {
    run("
        setup ruleset=classic mode=otb tc=5400
        0    arbiter start
        10   white   press        => rejected classic: 用好棋钟
    ");
}

#[test]
fn classic_third_king_exposure_loses() {
    run("
        setup ruleset=classic mode=otb fen=4k3/8/8/8/8/8/r7/4K3_w_-_-_0_1
        0    arbiter start
        10   white   release e1 e2
        20   white   press        => cites classic: 送王
        30   white   release e1 d2
        40   white   press        => cites classic: 送王
        50   white   release e1 f2
        60   white   press
        end  0-1 illegal_moves classic: 送王
    ");
}

#[test]
fn classic_other_illegal_moves_are_corrected_without_counting() {
    let game = run("
        setup ruleset=classic mode=otb
        0    arbiter start
        10   white   release g1 g3
        20   white   press        => cites classic: 纠正错误
        30   white   release g1 f3
        40   white   press
    ");
    assert_eq!(game.illegal_moves(Color::White), 0);
}

#[test]
fn classic_a_wrong_answer_to_check_is_replaced_by_the_same_piece_if_it_can() {
    // White is in check from the rook on e8; the knight can block on e2 or
    // e4, so the knight that moved wrongly must answer the check.
    run("
        setup ruleset=classic mode=otb fen=k3r3/8/8/8/8/2N5/8/4K2R_w_-_-_0_1
        0    arbiter start
        10   white   release c3 a4
        20   white   press        => cites classic: 纠正错误
        30   white   release e1 d1    => rejected FIDE 4.3.1
        40   white   release c3 e4
        50   white   press
    ");
}

#[test]
fn fide_a_5_2_rapid_illegal_move_claimed_before_the_reply() {
    let game = run("
        setup ruleset=fide-rapid mode=otb tc=900+10
        0    arbiter start
        10   white   release e2 e5
        20   white   press        => cites FIDE A.5.2
        30   black   claim-illegal    => cites FIDE A.5.2
        40   white   release e2 e4
        50   white   press
    ");
    assert_eq!(game.illegal_moves(Color::White), 1);
    // One minute for Black; White's clock went back without the increment.
    assert_eq!(game.clock_at(50).black_ms, 900_000 + 60_000 - 10);
    assert_eq!(game.clock_at(50).white_ms, 900_000 - 20 - 20 + 10_000);
}

#[test]
fn fide_a_5_2_rapid_illegal_move_stands_once_the_opponent_moves() {
    let game = run("
        setup ruleset=fide-blitz mode=otb tc=180+2
        0    arbiter start
        10   white   release g1 g3
        20   white   press
        30   black   move e5          => cites FIDE A.5.2
        40   black   claim-illegal    => rejected FIDE A.5.2
    ");
    assert_eq!(game.illegal_moves(Color::White), 0);
    assert_eq!(game.plies()[0].uci, "g1g3");
}

#[test]
fn fide_a_5_2_an_illegal_move_leaving_the_king_in_check_must_be_claimed() {
    run("
        setup ruleset=fide-blitz mode=otb tc=180+2 fen=4k3/8/8/8/8/8/r7/4K3_w_-_-_0_1
        0    arbiter start
        10   white   release e1 e2
        20   white   press
        30   black   move Rxe2        => rejected FIDE A.5.2
        40   arbiter claim-illegal
        end  *
    ");
}

#[test]
fn fide_6_9_an_illegal_move_released_then_pressed_after_the_flag_loses_on_time() {
    // The illegal move is completed by the press (7.5.1), and the flag
    // fell before it: the flag decides, and no illegal move is counted
    // (White completed no move: the game is unplayed).
    let game = run("
        setup mode=otb tc=10
        0      arbiter start
        9000   white   release e2 e5
        10500  white   press          => rejected FIDE 6.9
        end    0-1 unplayed FIDE 6.9
    ");
    assert_eq!(game.illegal_moves(Color::White), 0);
}

#[test]
fn fide_6_9_an_unclaimed_illegal_move_stands_on_the_board_when_the_flag_falls() {
    // Blitz: White's knight jumps to b5 and takes Black's last pawn; Black
    // does not claim (A.5.2) and his flag falls. On the board White has
    // king and knight against a bare king: White cannot mate.
    run("
        setup ruleset=fide-blitz mode=otb tc=10 fen=4k3/8/8/1p6/8/8/8/1N2K3_w_-_-_0_1
        0      arbiter start
        100    white   release b1 b5
        200    white   press          => cites FIDE A.5.2
        10300  arbiter tick           => cites FIDE 6.9
        end    1/2-1/2 flag_fall_opponent_cannot_mate FIDE 6.9
    ");
}
