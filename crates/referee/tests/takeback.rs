//! Takebacks (FIDE 4.7; the classic rules' 离手无悔): a move once made
//! stands. Online platforms let a player ask for one; the referee takes the
//! request onto the record and refuses it, and nothing else changes.

mod common;
use arbiter_referee::{Actor, Effect, Event, EventKind, Game, GameSetup};
use common::run;

/// The verdict on the last event of `game`, decided again from its record.
fn last_verdict(game: &Game) -> arbiter_referee::Verdict {
    let (_, verdicts) = Game::replay(game.setup().clone(), game.events().to_vec()).unwrap();
    verdicts.last().unwrap().clone()
}

#[test]
fn fide_4_7_a_takeback_is_refused_and_kept_on_the_record() {
    let game = run("
        setup tc=300+0
        0      arbiter start
        1000   white   move e2e4
        2000   white   takeback     => cites FIDE 4.7
    ");
    let verdict = last_verdict(&game);
    let [refused] = verdict.consequences() else {
        panic!("one consequence: {verdict:?}");
    };
    assert_eq!(refused.effect, Effect::TakebackRefused);
    let message = refused.ruling.message();
    assert_eq!(message.text("en"), "a move once made cannot be taken back");
    assert_eq!(message.text("zh"), "着法一经完成不得收回");
    // On the record, the move standing.
    assert_eq!(game.events().len(), 3);
    assert_eq!(game.events()[2].kind, EventKind::RequestTakeback);
    assert_eq!(game.plies().len(), 1);
}

#[test]
fn fide_4_7_a_refused_takeback_changes_nothing_else() {
    let without = run("
        setup tc=300+0
        0      arbiter start
        1000   white   move e2e4
        3000   black   move e7e5
    ");
    let with = run("
        setup tc=300+0
        0      arbiter start
        1000   white   move e2e4
        2000   black   takeback     => cites FIDE 4.7
        2500   white   takeback     => cites FIDE 4.7
        3000   black   move e7e5
    ");
    assert_eq!(with.position(), without.position());
    assert_eq!(with.plies(), without.plies());
    assert_eq!(with.clock_at(10_000), without.clock_at(10_000));
    assert_eq!(with.turn(), without.turn());
}

#[test]
fn fide_4_7_over_the_board_a_released_move_is_made_and_stays() {
    let game = run("
        setup mode=otb tc=300+0
        0      arbiter start
        1000   white   touch e2
        1500   white   release e2 e4
        1700   white   takeback     => cites FIDE 4.7
        1800   white   release e4 e3 => rejected FIDE 4.7
        2000   white   press
    ");
    assert_eq!(game.plies().len(), 1);
    assert_eq!(game.plies()[0].uci, "e2e4");
}

#[test]
fn classic_the_hand_has_left_the_piece_no_regrets() {
    let game = run("
        setup ruleset=classic
        0      arbiter start
        1000   white   move e2e4
        2000   white   takeback     => cites classic: 离手无悔
    ");
    let verdict = last_verdict(&game);
    assert_eq!(verdict.consequences()[0].effect, Effect::TakebackRefused);
    assert_eq!(
        verdict.consequences()[0].ruling.message().text("zh"),
        "着法一经完成不得收回"
    );
}

#[test]
fn only_a_player_asks_and_only_during_the_game() {
    let game = run("
        0      white   takeback     => rejected FIDE 6.5
        0      arbiter start
        100    arbiter takeback     => rejected FIDE 12.1
        1000   white   resign
        2000   black   takeback     => rejected FIDE 5.1.2
    ");
    assert_eq!(game.events().len(), 2);
}

#[test]
fn a_takeback_request_round_trips_through_the_log() {
    let event = Event::new(Actor::White, 6000, EventKind::RequestTakeback);
    let line = serde_json::to_string(&event).unwrap();
    assert_eq!(
        line,
        r#"{"actor":"white","at_ms":6000,"kind":"request_takeback"}"#
    );
    assert_eq!(serde_json::from_str::<Event>(&line).unwrap(), event);
    let mut game = Game::new(GameSetup::default()).unwrap();
    game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
    let json = serde_json::to_value(game.apply(event)).unwrap();
    assert_eq!(json["verdict"], "accepted");
    assert_eq!(json["consequences"][0]["effect"], "takeback_refused");
    assert_eq!(json["consequences"][0]["ruling"]["rule"], "FIDE 4.7");
}
