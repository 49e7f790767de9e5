//! Property tests: random event streams, legal and not, in every ruleset
//! and mode, never panic, never reach an illegal position, never show a
//! negative clock, refuse without changing anything, and replay to the
//! same game; and over the board a mate or stalemate released on the board
//! is scored as such whatever the clock does after the release.

use arbiter_referee::{
    Actor, DrawClaim, Event, EventKind, Game, GameResult, GameSetup, Mode, Ruleset, Termination,
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
        None => assert_eq!(game.result(), GameResult::Unknown),
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
            if verdict.rejection().is_some() && verdict.due().is_empty() {
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

/// Positions from which random play soon mates or stalemates.
const NEAR_THE_END: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1",
    "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "7k/5K2/8/8/8/8/8/6Q1 b - - 0 1",
];

/// The side the position alone decides for: `Some(Some(winner))` mate,
/// `Some(None)` stalemate.
fn decided(pos: &Position) -> Option<Option<arbiter_rules::Color>> {
    if pos.is_checkmate() {
        Some(Some(!pos.turn()))
    } else if pos.is_stalemate() {
        Some(None)
    } else {
        None
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// FIDE 4.7, 5.1.1, 5.2.1, 6.9: over the board, a move that mates or
    /// stalemates ends the game when the hand leaves the piece; whatever
    /// the clock or the players do after it (the press, a flag, a
    /// resignation, a flag called) changes nothing.
    #[test]
    fn a_mate_or_stalemate_released_on_the_board_is_scored_as_such(
        start in 0usize..NEAR_THE_END.len(),
        control in 0usize..3,
        plies in prop::collection::vec((any::<u16>(), any::<bool>(), 0u64..2500, 0u64..2500), 1..60),
        after in prop::collection::vec((0u8..5, any::<bool>(), 0u64..20_000), 0..6),
    ) {
        let setup = GameSetup {
            time_control: ["10", "5+1", "3"][control].parse().unwrap(),
            mode: Mode::OverTheBoard,
            fen: Some(NEAR_THE_END[start].to_string()),
            ..GameSetup::default()
        };
        let mut game = Game::new(setup).unwrap();
        game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
        let mut now = 0;
        for (pick, seek_the_end, think, to_press) in plies {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_moves();
            let pos = game.position().clone();
            let ending = legal.iter().copied().find(|&m| decided(&pos.after(m)).is_some());
            let m = match ending {
                Some(m) if seek_the_end => m,
                _ => legal[usize::from(pick) % legal.len()],
            };
            let mover: Actor = pos.turn().into();
            now += think;
            let release = Event::new(mover, now, EventKind::Release {
                from: m.from(),
                to: m.king_destination(),
                promotion: m.promotion_role(),
            });
            let verdict = game.apply(release);
            if !verdict.is_accepted() {
                // Only a flag that fell before the release refuses it.
                prop_assert!(game.outcome().is_some(), "{verdict:?}");
                break;
            }
            let Some(expected) = decided(&pos.after(m)) else {
                now += to_press;
                game.apply(Event::new(mover, now, EventKind::PressClock));
                continue;
            };
            // The game is decided by the release: now the clock and the
            // players do what they like.
            for (what, by_mover, wait) in &after {
                now += wait;
                let actor = if *by_mover { mover } else { (!pos.turn()).into() };
                let kind = match what {
                    0 => EventKind::PressClock,
                    1 => EventKind::Tick,
                    2 => EventKind::Resign,
                    3 => EventKind::ClaimFlag,
                    _ => EventKind::OfferDraw,
                };
                game.apply(Event::new(actor, now, kind));
            }
            game.apply(Event::new(Actor::Arbiter, now + 60_000, EventKind::Tick));
            let outcome = game.outcome().expect("the release ended the game");
            match expected {
                Some(winner) => {
                    prop_assert_eq!(outcome.termination, Termination::Checkmate);
                    prop_assert_eq!(outcome.result, GameResult::win_for(winner));
                }
                None => {
                    prop_assert_eq!(outcome.termination, Termination::Stalemate);
                    prop_assert_eq!(outcome.result, GameResult::Draw);
                }
            }
            prop_assert_eq!(game.plies().last().map(|p| p.uci.clone()), Some(m.to_string()));
            break;
        }
    }
}
