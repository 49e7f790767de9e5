//! A player who leaves an online game (FIDE 11.2.3: nobody leaves the
//! playing venue without the arbiter's permission; 12.9: the arbiter may
//! declare the game lost for it). The arbiter notes the leaving and the
//! coming back on the record, with the time the player has to return; the
//! opponent's claim of the win is decided from the record alone, so a
//! replay decides it again the same way.

mod common;
use arbiter_referee::{Actor, Effect, Event, EventKind, Game, GameSetup, Termination};
use arbiter_rules::Color;
use common::{ending_in_english, run};

#[test]
fn fide_11_2_3_a_player_gone_past_the_time_given_loses_on_the_claim() {
    for ruleset in ["fide-standard", "fide-blitz", "classic"] {
        let game = run(&format!(
            "
            setup ruleset={ruleset}
            0      arbiter start
            1000   white   move e2e4
            2000   black   move e7e5
            3000   arbiter left black 30000   => cites FIDE 11.2.3
            32999  white   claim-victory      => rejected FIDE 11.2.3
            33000  white   claim-victory      => ok
            end    1-0 arbiter_decision FIDE 11.2.3
            "
        ));
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.at_ms, 33_000, "{ruleset}");
        let message = outcome.ruling.message();
        assert_eq!(
            message.text("en"),
            "Black left the game and did not come back in time: Black loses the game"
        );
        assert_eq!(message.text("zh"), "黑方离开对局且未按时回来：黑方判负");
    }
}

#[test]
fn the_leaving_says_from_when_the_opponent_may_claim() {
    let mut game = Game::new(GameSetup::default()).unwrap();
    game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
    let left = game.apply(Event::new(
        Actor::Arbiter,
        1000,
        EventKind::PlayerLeft {
            side: Color::White,
            claim_after_ms: 300,
        },
    ));
    let [noted] = left.consequences() else {
        panic!("one consequence: {left:?}");
    };
    assert_eq!(
        noted.effect,
        Effect::PlayerLeft {
            side: Color::White,
            claim_from_ms: 1300
        }
    );
    let message = noted.ruling.message();
    assert_eq!(
        message.text("en"),
        "White has left the game: unless White is back within 0.3 s, the opponent may claim the win"
    );
    assert_eq!(
        message.text("zh"),
        "白方已离开对局：白方若 0.3 秒内未回来，对方可要求判胜"
    );
    assert!(game.has_left(Color::White));
    assert!(!game.has_left(Color::Black));
}

#[test]
fn fide_11_2_3_nobody_may_claim_against_a_player_who_is_there() {
    let game = run("
        0      arbiter start
        1000   white   move e2e4
        99000  black   claim-victory      => rejected FIDE 11.2.3
        99000  white   claim-victory      => rejected FIDE 11.2.3
        99500  arbiter left white 1000
        99600  white   claim-victory      => rejected FIDE 11.2.3
    ");
    assert_eq!(game.outcome(), None);
}

#[test]
fn fide_11_2_3_a_player_back_in_time_is_safe_from_the_claim() {
    let game = run("
        0      arbiter start
        1000   arbiter left white 5000
        1000   arbiter left white 5000    => rejected FIDE 11.2.3
        4000   arbiter returned white     => cites FIDE 11.2.3
        9000   black   claim-victory      => rejected FIDE 11.2.3
        9000   arbiter returned white     => rejected FIDE 11.2.3
        10000  arbiter left white 5000
        15000  black   claim-victory      => ok
        end    0-1 unplayed FIDE 11.2.3
    ");
    assert!(ending_in_english(&game).starts_with("White left the game"));
}

#[test]
fn fide_11_2_3_a_player_who_acts_is_back() {
    let mut game = run("
        0      arbiter start
        1000   white   move e2e4
        2000   arbiter left black 5000
        3000   black   move e7e5          => cites FIDE 11.2.3
        9000   white   claim-victory      => rejected FIDE 11.2.3
    ");
    assert!(!game.has_left(Color::Black));
    let (_, verdicts) = Game::replay(game.setup().clone(), game.events().to_vec()).unwrap();
    let effects: Vec<&Effect> = verdicts[3]
        .consequences()
        .iter()
        .map(|c| &c.effect)
        .collect();
    assert_eq!(effects[0], &Effect::PlayerReturned { side: Color::Black });
    assert!(matches!(effects[1], Effect::MoveMade { .. }), "{effects:?}");
    // Nothing of the kind for a player who never left.
    let played = game.apply(Event::new(
        Actor::White,
        10_000,
        EventKind::Move {
            mv: "g1f3".into(),
            offer_draw: false,
        },
    ));
    assert!(
        !played
            .consequences()
            .iter()
            .any(|c| matches!(c.effect, Effect::PlayerReturned { .. }))
    );
}

#[test]
fn only_the_arbiter_notes_who_left_and_only_a_player_claims() {
    let game = run("
        0      arbiter start
        1000   white   left black 0       => rejected FIDE 12.1
        1000   black   returned black     => rejected FIDE 12.1
        1000   arbiter left black 0
        1000   arbiter claim-victory      => rejected FIDE 12.1
    ");
    assert_eq!(game.outcome(), None);
}

#[test]
fn nobody_is_gone_from_a_game_not_started_or_over() {
    let game = run("
        0      arbiter left black 0       => rejected FIDE 6.5
        0      arbiter start
        1000   white   resign
        2000   arbiter left black 0       => rejected FIDE 5.1.2
        2000   black   claim-victory      => rejected FIDE 5.1.2
        end    0-1 unplayed FIDE 5.1.2
    ");
    assert_eq!(game.events().len(), 2);
}

#[test]
fn over_the_board_the_arbiter_rules_on_a_player_who_leaves_himself() {
    let game = run("
        setup mode=otb
        0      arbiter start
        1000   arbiter left black 0       => rejected FIDE 11.2.3
        2000   arbiter returned black     => rejected FIDE 11.2.3
        3000   white   claim-victory      => rejected FIDE 11.2.3
        4000   arbiter declare 1-0 FIDE 11.2.3 Black left the venue
        end    1-0 unplayed FIDE 11.2.3
    ");
    assert_eq!(game.events().len(), 2);
}

#[test]
fn a_flag_that_fell_while_he_was_away_decides_first() {
    let game = run("
        setup tc=60+0
        0      arbiter start
        1000   white   move e2e4
        2000   arbiter left black 1000
        70000  white   claim-victory      => rejected FIDE 6.9
        end    1-0 unplayed FIDE 6.9
    ");
    assert_eq!(game.outcome().unwrap().at_ms, 61_000);
}

#[test]
fn a_claim_decided_from_the_log_is_decided_again_the_same_on_replay() {
    let mut game = Game::new(GameSetup::default()).unwrap();
    let events = [
        Event::new(Actor::Arbiter, 0, EventKind::Start),
        Event::new(
            Actor::White,
            500,
            EventKind::Move {
                mv: "d2d4".into(),
                offer_draw: false,
            },
        ),
        Event::new(
            Actor::Arbiter,
            700,
            EventKind::PlayerLeft {
                side: Color::White,
                claim_after_ms: 1000,
            },
        ),
        Event::new(Actor::Black, 1700, EventKind::ClaimVictory),
    ];
    let live: Vec<_> = events.iter().map(|e| game.apply(e.clone())).collect();
    assert!(live.iter().all(|v| v.is_accepted()));
    // Black never moved: the game was not played, whoever won it.
    assert_eq!(game.outcome().unwrap().termination, Termination::Unplayed);
    // The log, as stored (JSON lines), replays to the same verdicts.
    let lines: Vec<String> = game
        .events()
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    assert_eq!(
        lines[2],
        r#"{"actor":"arbiter","at_ms":700,"kind":"player_left","side":"white","claim_after_ms":1000}"#
    );
    assert_eq!(
        lines[3],
        r#"{"actor":"black","at_ms":1700,"kind":"claim_victory"}"#
    );
    let read: Vec<Event> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (replayed, verdicts) = Game::replay(GameSetup::default(), read).unwrap();
    assert_eq!(verdicts, live);
    assert_eq!(replayed.outcome(), game.outcome());
}
