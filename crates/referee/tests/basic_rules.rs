//! LAWS.md, "Basic rules of play": the referee relies on the rules core and
//! refuses what the Basic Rules forbid (online play refuses an illegal
//! move outright).

mod common;
use common::run;

#[test]
fn fide_1_2_white_moves_first_and_sides_alternate() {
    run("
        0    arbiter start
        10   black   move e5      => rejected FIDE 1.2
        20   white   move e4
        30   white   move d4      => rejected FIDE 1.2
        40   black   move e5
        end  *
    ");
}

#[test]
fn fide_3_knight_jumps_bishop_does_not() {
    let game = run("
        0    arbiter start
        10   white   move Nf3
        20   black   move Nc6
        30   white   move c1e3    => rejected FIDE 3.2
        40   white   move Ng5
    ");
    assert_eq!(game.plies().len(), 3);
}

#[test]
fn fide_3_7_3_1_en_passant_only_on_the_next_move() {
    run("
        0    arbiter start
        10   white   move e4
        20   black   move h5
        30   white   move e5
        40   black   move d5      # e5xd6 e.p. possible now only
        50   white   move a3
        60   black   move h4
        70   white   move exd6    => rejected FIDE 3.7
        80   white   move g4
        90   black   move hxg3    # en passant right after g2-g4
    ");
}

#[test]
fn fide_3_7_3_3_promotion_is_mandatory_and_may_underpromote() {
    run("
        setup fen=8/4P3/8/8/8/8/k7/4K3_w_-_-_0_1
        0    arbiter start
        10   white   move e7e8    => rejected FIDE 3.7.3.3
        20   white   move e8=N
        end  1/2-1/2 insufficient_material FIDE 5.2.2
    ");
}

#[test]
fn fide_3_8_2_castling_lost_when_the_king_has_moved_and_come_back() {
    run("
        setup fen=r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R_w_KQkq_-_0_1
        0    arbiter start
        10   white   move Kf1
        20   black   move O-O-O
        30   white   move Ke1
        40   black   move a6
        50   white   move O-O     => rejected FIDE 3.8.2.1
    ");
}

#[test]
fn fide_3_8_2_castling_allowed_with_rook_attacked_or_passing_an_attacked_square() {
    run("
        setup fen=1r2k3/8/8/4b3/8/8/8/R3K3_w_Q_-_0_1
        0    arbiter start
        10   white   move O-O-O   # the rook on a1 is attacked and passes b1, attacked too
    ");
}

#[test]
fn fide_3_9_a_move_leaving_the_king_attacked_is_illegal() {
    run("
        setup fen=4k3/4r3/8/8/8/8/4B3/4K3_w_-_-_0_1
        0    arbiter start
        10   white   move Bd3     => rejected FIDE 3.9.2
        20   white   move Kd2
    ");
}

#[test]
fn fide_5_1_1_checkmate_ends_the_game_at_once() {
    run("
        0    arbiter start
        10   white   move f3
        20   black   move e5
        30   white   move g4
        40   black   move Qh4#
        end  0-1 checkmate FIDE 5.1.1
        50   white   move a3      => rejected FIDE 5.1.1
    ");
}

#[test]
fn fide_5_2_1_stalemate_is_a_draw_at_once() {
    run("
        setup fen=7k/8/5K2/6Q1/8/8/8/8_w_-_-_0_1
        0    arbiter start
        10   white   move Qg6
        end  1/2-1/2 stalemate FIDE 5.2.1
    ");
}

#[test]
fn fide_5_2_2_dead_position_after_the_last_capture() {
    run("
        setup fen=4k3/8/8/8/8/8/3r4/3BK3_w_-_-_0_1
        0    arbiter start
        10   white   move Kxd2
        end  1/2-1/2 insufficient_material FIDE 5.2.2
    ");
}

#[test]
fn fide_5_2_2_dead_position_behind_a_locked_pawn_wall() {
    // After Bxe1 both sides still have pawns and White a bishop, but the
    // pawns are locked, the bishop runs on the dark squares while Black's
    // pawns stand on light ones, and neither king can cross: dead.
    run("
        setup fen=8/8/4k3/1p1p1p1p/1P1P1P1P/2B3K1/8/4r3_w_-_-_0_1
        0    arbiter start
        10   white   move Bxe1
        end  1/2-1/2 dead_position FIDE 5.2.2
    ");
}

#[test]
fn fide_9_2_3_same_position_needs_the_same_en_passant_possibilities() {
    // After 1.e4 the en passant square is not a possibility (no black pawn
    // can take): the position after the knights come back is the same.
    let game = run("
        0    arbiter start
        10   white   move Nf3
        20   black   move Nf6
        30   white   move Ng1
        40   black   move Ng8
    ");
    assert_eq!(game.repetitions(), 2);
    // A double step that a pawn could take en passant makes a different
    // position, even with the same pieces on the same squares.
    let game = run("
        setup fen=4k3/8/8/8/1p6/8/P7/4K3_w_-_-_0_1
        0    arbiter start
        10   white   move a4      # b4xa3 e.p. possible: a new position
        20   black   move Kd7
        30   white   move Kd1
        40   black   move Ke8
        50   white   move Ke1
    ");
    assert_eq!(
        game.repetitions(),
        1,
        "a4 with e.p. possible differs from a4 without"
    );
}
