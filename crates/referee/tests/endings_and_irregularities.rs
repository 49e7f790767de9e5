//! LAWS.md, "Resignation", "Colours reversed", "Board turned wrongly",
//! "Displaced pieces", "Outside help", "Recording", "Rapid / blitz".

mod common;
use arbiter_rules::Color;
use common::run;

const TEN_MOVES_EACH: &str = "
    10   white   move e4
    20   black   move e5
    30   white   move Nf3
    40   black   move Nc6
    50   white   move Bb5
    60   black   move a6
    70   white   move Ba4
    80   black   move Nf6
    90   white   move O-O
    100  black   move Be7
    110  white   move Re1
    120  black   move b5
    130  white   move Bb3
    140  black   move d6
    150  white   move c3
    160  black   move O-O
    170  white   move h3
    180  black   move Nb8
    190  white   move d4
";

#[test]
fn fide_5_1_2_resignation_loses() {
    run("
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   move Nf3
        40   black   resign
        end  1-0 resignation FIDE 5.1.2
    ");
}

#[test]
fn fide_5_1_2_resigning_against_an_opponent_who_cannot_mate_is_a_draw() {
    run("
        setup fen=4k3/8/8/8/8/8/8/Q3K3_w_-_-_0_1
        0    arbiter start
        10   white   resign
        end  1/2-1/2 resignation_opponent_cannot_mate FIDE 5.1.2
    ");
}

#[test]
fn classic_resignation_always_loses() {
    run("
        setup ruleset=classic fen=4k3/8/8/8/8/8/8/Q3K3_w_-_-_0_1
        0    arbiter start
        10   white   move Ke2
        20   black   move Kd7
        30   white   resign
        end  0-1 resignation classic: 认输
    ");
}

#[test]
fn fide_7_3_colours_reversed_early_means_a_new_game() {
    run("
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   arbiter colours-reversed
        end  * 
    ");
    let game = run("
        0    arbiter start
        10   white   move e4
        30   arbiter colours-reversed
    ");
    let o = game.outcome().unwrap();
    assert_eq!(
        serde_json::to_value(o.termination).unwrap(),
        "colours_reversed_restart"
    );
    assert_eq!(o.ruling.rule.to_string(), "FIDE 7.3");
}

#[test]
fn fide_7_3_colours_reversed_after_ten_moves_the_game_goes_on() {
    let game = run(&format!(
        "
        0    arbiter start
        {TEN_MOVES_EACH}
        200  black   move Nbd7
        210  arbiter colours-reversed  => cites FIDE 7.3
        end  *
    "
    ));
    assert!(game.outcome().is_none());
}

#[test]
fn classic_colours_reversed_restart_unless_a_quarter_of_the_first_period_has_passed() {
    let game = run("
        setup ruleset=classic tc=40/7200:3600
        0        arbiter start
        10       white   move e4
        1000000  arbiter colours-reversed
    ");
    assert_eq!(
        game.outcome().unwrap().ruling.rule.to_string(),
        "classic: 纠正错误"
    );
    run("
        setup ruleset=classic tc=40/7200:3600
        0        arbiter start
        10       white   move e4
        1800000  arbiter colours-reversed  => cites classic: 纠正错误
        end      *
    ");
}

#[test]
fn fide_7_2_2_a_wrongly_turned_board_is_replaced_and_play_goes_on() {
    let game = run("
        0    arbiter start
        10   white   move e4
        20   arbiter board-turned  => cites FIDE 7.2.2
        30   black   move e5
    ");
    assert_eq!(game.plies().len(), 2);
    run("
        setup ruleset=classic
        0    arbiter start
        20   arbiter board-turned  => cites classic: 纠正错误
    ");
}

#[test]
fn fide_7_4_displaced_pieces_are_restored_on_the_player_s_time() {
    let game = run("
        setup tc=300
        0      arbiter start
        10     white   move e4
        20     black   displaced   => cites FIDE 7.4
        5000   black   move e5
    ");
    assert_eq!(game.clock_at(5_000).black_ms, 300_000 - 4_990);
    run("
        setup ruleset=classic
        0    arbiter start
        20   white   displaced   => cites classic: 摆乱棋局
    ");
}

#[test]
fn fide_11_3_outside_help_is_for_the_arbiter_to_decide() {
    run("
        0    arbiter start
        10   white   move e4
        15   black   move e5
        20   arbiter declare 1-0 FIDE 11.3 Black used a phone
        end  1-0 arbiter_decision FIDE 11.3
    ");
}

#[test]
fn fide_12_1_the_arbiter_makes_no_moves() {
    run("
        0    arbiter start
        10   arbiter move e4   => rejected FIDE 12.1
    ");
}

#[test]
fn fide_6_5_nothing_before_the_start() {
    run("
        10   white   move e4   => rejected FIDE 6.5
        20   white   start     => rejected FIDE 6.5
        30   arbiter start
        40   arbiter start     => rejected FIDE 6.5
    ");
}

#[test]
fn events_come_in_time_order() {
    run("
        100  arbiter start
        50   white   move e4   => rejected FIDE 6.1
    ");
}

#[test]
fn fide_8_4_no_obligation_to_record_under_five_minutes_without_a_30_second_increment() {
    let game = run("
        setup tc=600
        0       arbiter start
    ");
    assert!(game.must_record(Color::White, 299_000));
    assert!(!game.must_record(Color::White, 301_000));
    let game = run("
        setup tc=600+30
        0       arbiter start
    ");
    assert!(game.must_record(Color::White, 301_000));
}

#[test]
fn fide_a_2_rapid_and_blitz_players_need_not_record() {
    let game = run("
        setup ruleset=fide-rapid tc=900+10
        0       arbiter start
    ");
    assert!(!game.must_record(Color::White, 0));
}

#[test]
fn classic_no_recording_under_five_minutes_whatever_the_increment() {
    let game = run("
        setup ruleset=classic tc=600+30
        0       arbiter start
    ");
    assert!(game.must_record(Color::White, 299_000));
    assert!(!game.must_record(Color::White, 301_000));
}

#[test]
fn fide_5_1_2_resigning_against_pawns_that_can_never_mate_is_a_draw() {
    // Black's pawns and bishop are material enough, but locked away: only
    // White could ever mate (D3-Chess test vector).
    run("
        setup fen=kB4b1/7p/4p1pP/1p1pP1P1/1P1P4/6K1/8/8_w_-_-_0_1
        0    arbiter start
        10   white   resign
        end  1/2-1/2 resignation_opponent_cannot_mate FIDE 5.1.2
    ");
}

/// Scholar's mate up to the mating move, White's clock at 3 s used of 60.
const BEFORE_QXF7: &str = "
    setup mode=otb tc=60
    0     arbiter start
    1000  white   move e4
    2000  black   move e5
    3000  white   move Bc4
    4000  black   move Nc6
    5000  white   move Qh5
    6000  black   move Nf6
";

#[test]
fn fide_5_1_1_a_mating_move_ends_the_game_when_released_whatever_the_flag_does() {
    // Qxf7# released with one second left; the flag falls before the press.
    let game = run(&format!(
        "{BEFORE_QXF7}
        62000 white   release h5 f7     => cites FIDE 5.1.1
        64000 arbiter tick
        65000 white   press             => cites FIDE 5.1.1
        66000 black   resign            => rejected FIDE 5.1.1
        end   1-0 checkmate FIDE 5.1.1
    "
    ));
    let last = game.plies().last().unwrap();
    assert_eq!(last.san, "Qxf7#");
    assert_eq!(last.at_ms, 62_000, "the move is made at the release");
    assert_eq!(
        last.clock_ms,
        Some(1_000),
        "no press: the time left at the release"
    );
    assert_eq!(game.outcome().unwrap().at_ms, 62_000);
    assert_eq!(
        game.clock_at(70_000).white_ms,
        1_000,
        "the clocks stop with the mate"
    );
}

#[test]
fn fide_6_9_a_flag_before_the_release_of_the_mating_move_still_loses() {
    run(&format!(
        "{BEFORE_QXF7}
        64000 white   release h5 f7     => rejected FIDE 6.9
        end   0-1 flag_fall FIDE 6.9
    "
    ));
}

#[test]
fn online_a_mating_move_after_the_flag_comes_too_late() {
    // Online the move and the press are one event: nothing is made before it.
    run("
        setup tc=60
        0     arbiter start
        1000  white   move e4
        2000  black   move e5
        3000  white   move Bc4
        4000  black   move Nc6
        5000  white   move Qh5
        6000  black   move Nf6
        64000 white   move Qxf7#        => rejected FIDE 6.9
        end   0-1 flag_fall FIDE 6.9
    ");
}

#[test]
fn fide_5_1_1_the_opponent_resigning_before_the_press_changes_nothing() {
    run(&format!(
        "{BEFORE_QXF7}
        7000  white   release h5 f7
        7500  black   resign            => rejected FIDE 5.1.1
        end   1-0 checkmate FIDE 5.1.1
    "
    ));
}

#[test]
fn fide_5_2_1_a_stalemating_move_ends_the_game_when_released() {
    run("
        setup mode=otb tc=10 fen=k7/2K5/8/8/8/8/8/1Q6_w_-_-_0_1
        0     arbiter start
        9500  white   release b1 b6     => cites FIDE 5.2.1
        10500 arbiter tick
        11000 white   press
        end   1/2-1/2 stalemate FIDE 5.2.1
    ");
}

#[test]
fn fide_5_2_2_a_move_leaving_a_dead_position_ends_the_game_when_released() {
    // Kxd2 leaves king and bishop against king: drawn at the release, not a
    // flag against a side whose opponent cannot mate.
    run("
        setup mode=otb tc=10 fen=4k3/8/8/8/8/8/3n4/4KB2_w_-_-_0_1
        0     arbiter start
        9500  white   release e1 d2     => cites FIDE 5.2.2
        10500 arbiter tick
        end   1/2-1/2 insufficient_material FIDE 5.2.2
    ");
}

#[test]
fn fide_6_9_can_the_opponent_mate_is_asked_of_the_position_on_the_board() {
    // Qxd2 is released, not pressed, when the flag falls: Black's last
    // piece is off the board, and a bare king cannot mate.
    run("
        setup mode=otb tc=10 fen=4k3/8/8/8/8/8/3r4/3QK3_w_-_-_0_1
        0     arbiter start
        9500  white   release d1 d2
        10500 arbiter tick              => cites FIDE 6.9
        end   1/2-1/2 flag_fall_opponent_cannot_mate FIDE 6.9
    ");
    // Without the capture on the board, the rook could still mate (and
    // White, who never completed a move, loses a game never played).
    run("
        setup mode=otb tc=10 fen=4k3/8/8/8/8/8/3r4/3QK3_w_-_-_0_1
        0     arbiter start
        9500  white   release e1 f1
        10500 arbiter tick              => cites FIDE 6.9
        end   0-1 unplayed FIDE 6.9
    ");
}

#[test]
fn classic_an_automatic_threefold_comes_with_the_release() {
    // The classic rules' threefold needs no claim: the third occurrence is made by
    // the release, before the flag falls.
    run("
        setup ruleset=classic mode=otb tc=10
        0     arbiter start
        100   white   move Nf3
        200   black   move Nf6
        300   white   move Ng1
        400   black   move Ng8
        500   white   move Nf3
        600   black   move Nf6
        700   white   move Ng1
        10300 black   release f6 g8     => cites classic: 三次重复
        11000 arbiter tick
        end   1/2-1/2 threefold classic: 三次重复
    ");
}
