//! Coming to the board online (FIDE 6.7.1): a player shows he is there by
//! making his first move, and loses by default when the event's default
//! time passes first; before both players have moved, either may call the
//! game off (lichess's abort), and the game ends without a result.

mod common;
use arbiter_referee::{Actor, Event, EventKind, GameResult, Termination};
use common::{ending_in_english, run};

#[test]
fn fide_6_7_1_white_who_never_moves_loses_by_default() {
    let game = run("
        setup default=30000
        0      arbiter start
        29999  arbiter tick
        30000  arbiter tick
        end    0-1 unplayed FIDE 6.7.1
    ");
    assert_eq!(game.outcome().unwrap().at_ms, 30_000);
    assert!(ending_in_english(&game).contains("White"));
}

#[test]
fn fide_6_7_1_blacks_default_time_runs_from_whites_first_move() {
    let mut game = run("
        setup default=30000
        0      arbiter start
        20000  white   move e2e4
        49999  arbiter tick
    ");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.next_deadline_ms(), Some(50_000));
    // An event after the deadline comes too late: the loss came first.
    let late = game.apply(Event::new(
        Actor::Black,
        50_001,
        EventKind::Move {
            mv: "e7e5".into(),
            offer_draw: false,
        },
    ));
    assert!(!late.is_accepted());
    assert_eq!(late.due().len(), 1);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::WhiteWins);
    assert_eq!(outcome.termination, Termination::Unplayed);
    assert_eq!(outcome.at_ms, 50_000);
}

#[test]
fn fide_6_7_1_once_both_have_moved_there_is_no_default_deadline() {
    let game = run("
        setup default=30000
        0      arbiter start
        20000  white   move e2e4
        40000  black   move e7e5
        999999 arbiter tick
    ");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.next_deadline_ms(), None);
}

#[test]
fn fide_6_7_1_over_the_board_only_the_arbiter_declares_a_default() {
    let game = run("
        setup default=30000 mode=otb
        0      arbiter start
        999999 arbiter tick
    ");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.next_deadline_ms(), None);
}

#[test]
fn without_a_default_time_nobody_loses_by_absence() {
    let game = run("
        0      arbiter start
        999999 arbiter tick
    ");
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_flag_that_falls_before_the_default_time_decides() {
    // The flag decides, and the game is unplayed all the same: White
    // never moved.
    run("
        setup default=30000 tc=10+0
        0      arbiter start
        40000  arbiter tick
        end    0-1 unplayed FIDE 6.9
    ");
    // The default time first, when it is the shorter.
    run("
        setup default=5000 tc=10+0
        0      arbiter start
        40000  arbiter tick
        end    0-1 unplayed FIDE 6.7.1
    ");
}

/// Issue 33: at 60+0 with a default time of 60 s, the flag of a player
/// who never opened his game falls at the default time's moment; the flag
/// decides (it comes first at a tie), and the game was not played.
#[test]
fn a_game_one_player_never_moved_in_is_unplayed_however_it_ends() {
    // His flag, after the opponent's first move.
    let game = run("
        setup default=60000 tc=60+0
        0      arbiter start
        2000   white   move e2e4
        62000  arbiter tick
        end    1-0 unplayed FIDE 6.9
    ");
    assert!(
        game.outcome()
            .unwrap()
            .ruling
            .message()
            .text("en")
            .contains("Black")
    );
    // He resigns without a move.
    run("
        0      arbiter start
        1000   white   move e2e4
        2000   black   resign
        end    1-0 unplayed FIDE 5.1.2
    ");
    // He left before moving, and his opponent claims the game (11.2.3).
    run("
        0      arbiter start
        1000   arbiter left white 5000
        7000   black   claim-victory
        end    0-1 unplayed FIDE 11.2.3
    ");
    // The arbiter's decision.
    run("
        setup mode=otb
        0      arbiter start
        9000   arbiter declare 0-1 FIDE 6.7.1 White did not come
        end    0-1 unplayed FIDE 6.7.1
    ");
}

#[test]
fn a_game_both_players_moved_in_keeps_its_ending() {
    run("
        setup tc=60+0
        0      arbiter start
        1000   white   move e2e4
        2000   black   move e7e5
        70000  arbiter tick
        end    0-1 flag_fall FIDE 6.9
    ");
    run("
        0      arbiter start
        1000   white   move e2e4
        2000   black   move e7e5
        3000   white   resign
        end    0-1 resignation FIDE 5.1.2
    ");
    // A draw has no winner to forfeit to: it stays what it was.
    run("
        setup mode=otb
        0      arbiter start
        9000   arbiter declare 1/2-1/2 FIDE 12.2 both absent
        end    1/2-1/2 arbiter_decision FIDE 12.2
    ");
}

#[test]
fn a_player_may_call_the_game_off_until_both_have_moved() {
    for script in [
        "0 arbiter start\n 10 white abort",
        "0 arbiter start\n 10 black abort",
        "0 arbiter start\n 10 white move e2e4\n 20 white abort",
        "0 arbiter start\n 10 white move e2e4\n 20 black abort",
    ] {
        let game = run(script);
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.result, GameResult::Unknown, "{script}");
        assert_eq!(outcome.termination, Termination::Aborted, "{script}");
        assert_eq!(outcome.ruling.rule.to_string(), "FIDE 12.2");
    }
}

#[test]
fn a_game_both_players_have_moved_in_is_played_to_its_end() {
    let game = run("
        0    arbiter start
        10   white   move e2e4
        20   black   move e7e5
        30   white   abort      => rejected FIDE 12.2
        40   black   abort      => rejected FIDE 12.2
    ");
    assert_eq!(game.outcome(), None);
}

#[test]
fn only_players_abort_and_only_online() {
    let game = run("
        setup mode=otb
        0    arbiter start
        10   white   abort      => rejected FIDE 12.2
        20   arbiter abort      => rejected FIDE 12.1
    ");
    assert_eq!(game.outcome(), None);
}
