//! Property tests: random event streams, legal and not, in every ruleset
//! and mode, never panic, never reach an illegal position, never show a
//! negative clock, refuse without changing anything, and replay to the
//! same game.

use arbiter_referee::{
    Actor, DrawClaim, Event, EventKind, Game, GameResult, GameSetup, Mode, Ruleset,
};
use arbiter_rules::{Position, Role, Square};
use proptest::prelude::*;

const CONTROLS: [&str; 7] = ["-", "60+1", "40/120:60", "30d2", "30b2", "*20", "10"];

fn setup(ruleset: usize, control: usize, otb: bool) -> GameSetup {
    GameSetup {
        ruleset: Ruleset::by_name(Ruleset::NAMES[ruleset % 4]).unwrap(),
        time_control: CONTROLS[control % CONTROLS.len()].parse().unwrap(),
        mode: if otb {
            Mode::OverTheBoard
        } else {
            Mode::Online
        },
        ..GameSetup::default()
    }
}

/// Turns random numbers into a plausible next event for `game`.
fn next_event(game: &Game, now: &mut u64, r: (u8, u8, u8, u16)) -> Event {
    let (what, a, b, dt) = r;
    *now += u64::from(dt % 4000);
    let turn: Actor = game.turn().into();
    let other: Actor = (!game.turn()).into();
    let sq = |x: u8| Square::from_index(usize::from(x % 64));
    let legal = game.allowed_moves();
    let kind = match what % 20 {
        0..=7 if !legal.is_empty() => {
            let m = legal[usize::from(a) % legal.len()];
            EventKind::Move {
                mv: m.to_string(),
                offer_draw: b % 13 == 0,
            }
        }
        8 => EventKind::Touch { square: sq(a) },
        9 if !legal.is_empty() => {
            let m = legal[usize::from(a) % legal.len()];
            EventKind::Release {
                from: m.from(),
                to: m.king_destination(),
                promotion: m.promotion_role(),
            }
        }
        10 => EventKind::Release {
            from: sq(a),
            to: sq(b),
            promotion: (b % 7 == 0).then_some(Role::Queen),
        },
        11 => EventKind::PressClock,
        12 => EventKind::OfferDraw,
        13 => EventKind::AcceptDraw,
        14 => EventKind::DeclineDraw,
        15 => EventKind::ClaimDraw {
            claim: if a % 2 == 0 {
                DrawClaim::Threefold
            } else {
                DrawClaim::FiftyMoves
            },
            mv: (!legal.is_empty() && b % 2 == 0)
                .then(|| legal[usize::from(b) % legal.len()].to_string()),
        },
        16 => EventKind::ClaimIllegalMove,
        17 => EventKind::Tick,
        18 if a % 16 == 0 => EventKind::Resign,
        18 => EventKind::Move {
            mv: format!("{}{}", sq(a), sq(b)),
            offer_draw: false,
        },
        _ => EventKind::Adjust { square: sq(a) },
    };
    let actor = match b % 10 {
        0 => other,
        1 => Actor::Arbiter,
        _ => turn,
    };
    Event::new(actor, *now, kind)
}

fn check_invariants(game: &Game, now: u64) {
    // The position is always one a game can go on from.
    let fen = game.position().fen();
    assert!(Position::from_fen(&fen).is_ok(), "{fen}");
    // No negative clock.
    let c = game.clock_at(now);
    assert!(c.white_ms >= 0 && c.black_ms >= 0, "{c:?}");
    // The result and the outcome agree.
    match game.outcome() {
        Some(o) => {
            assert_eq!(game.result(), o.result);
            assert!(!o.ruling.message.en.is_empty() && !o.ruling.message.zh.is_empty());
            assert_eq!(game.next_deadline_ms(), None);
        }
        None => assert_eq!(game.result(), GameResult::NoResult),
    }
    if let Some(deadline) = game.next_deadline_ms() {
        assert!(deadline >= now || game.outcome().is_none());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn random_event_streams_keep_the_game_sound(
        ruleset in 0usize..4,
        control in 0usize..CONTROLS.len(),
        otb in any::<bool>(),
        steps in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u16>()), 1..160),
    ) {
        let setup = setup(ruleset, control, otb);
        let mut game = Game::new(setup.clone()).unwrap();
        let mut now = 0;
        let mut events = vec![Event::new(Actor::Arbiter, 0, EventKind::Start)];
        game.apply(events[0].clone());
        for r in steps {
            let event = next_event(&game, &mut now, r);
            let before = game.clone();
            let verdict = game.apply(event.clone());
            if verdict.rejection().is_some() && verdict.due.is_empty() {
                prop_assert_eq!(&game, &before, "a rejected event changed the game: {:?}", event);
            }
            // Every ruling cites a rule and speaks both languages.
            for rule in verdict.rules() {
                prop_assert!(!rule.article.is_empty());
            }
            events.push(event);
            check_invariants(&game, now);
        }
        // The state is a pure fold of the log.
        let (replayed, _) = Game::replay(setup, events).unwrap();
        prop_assert_eq!(replayed, game);
    }
}
