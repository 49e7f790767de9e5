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
        20   black   resign
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
        10   white   resign
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
