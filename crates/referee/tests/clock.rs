//! LAWS.md, "Flag fall", "Clock", "Games without increment": time controls
//! with periods, increments, delays and hourglass, flags and the move count.

mod common;
use arbiter_referee::recorded::read_pgn;
use arbiter_referee::{Actor, Event, EventKind, FlagCall, Game, GameSetup, Ruleset, Termination};
use arbiter_rules::Color;
use common::{ending_in_english, run, run_with};

#[test]
fn fide_6_9_flag_against_a_bare_king_is_a_draw() {
    run("
        setup tc=60 fen=4k3/8/8/8/8/8/8/Q3K3_w_-_-_0_1
        0      arbiter start
        60000  arbiter tick     => cites FIDE 6.9
        end    1/2-1/2 flag_fall_opponent_cannot_mate FIDE 6.9
    ");
}

#[test]
fn fide_6_9_flag_with_king_and_knight_against_king_and_pawn_loses() {
    // The knight can mate with the pawn's help (the pawn blocks its own
    // king): a mate exists, so the flag loses. (Both sides move first: a
    // flag in a game one side never moved in is an unplayed game.)
    run("
        setup tc=60 fen=4k3/4p3/8/8/8/8/8/1N2K3_w_-_-_0_1
        0      arbiter start
        1000   white   move Nc3
        2000   black   move Kd8
        3000   white   move Ke2
        70000  arbiter tick
        end    1-0 flag_fall FIDE 6.9
    ");
}

#[test]
fn fide_6_9_the_flag_is_decided_before_a_late_move() {
    let game = run("
        setup tc=60+1
        0      arbiter start
        30000  white   move e4
        31000  black   move e5
        32000  white   move Nf3
        95000  black   move Nc6     => rejected FIDE 6.9
        end    1-0 flag_fall FIDE 6.9
    ");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.at_ms, 92_000, "the flag fell at the exact moment");
    assert_eq!(game.clock_at(95_000).black_ms, 0);
}

#[test]
fn fide_6_9_a_flag_after_the_game_has_ended_changes_nothing() {
    run("
        setup tc=60
        0      arbiter start
        10     white   move f3
        20     black   move e5
        30     white   move g4
        40     black   move Qh4#
        99000  arbiter tick
        end    0-1 checkmate FIDE 5.1.1
    ");
}

#[test]
fn classic_loss_on_time() {
    run("
        setup ruleset=classic tc=60
        0      arbiter start
        1000   white   move e4
        2000   black   move e5
        70000  arbiter tick
        end    0-1 flag_fall classic: 超时判负
    ");
}

#[test]
fn fide_6_8_the_referee_calls_flags_itself() {
    run("
        setup tc=60
        0      arbiter start
        10     black   claim-flag   => rejected FIDE 6.8
    ");
}

#[test]
fn fide_iii_3_1_2_both_flags_down_in_the_last_period_is_a_draw() {
    // Flags called by claim: nobody called White's, then Black's fell too.
    let script = "
        setup ruleset=fide-blitz tc=60
        0      arbiter start
        70000  white   move e4
        140000 arbiter claim-flag
        end    1/2-1/2 both_flags FIDE III.3.1.2
    ";
    let game = run_with(script, |s| s.ruleset.flag_call = FlagCall::Claim);
    assert_eq!(game.next_deadline_ms(), None);
}

#[test]
fn fide_6_8_a_claimed_flag_when_only_one_has_fallen() {
    let script = "
        setup ruleset=fide-blitz tc=60
        0      arbiter start
        30000  white   move e4
        31000  black   move e5
        32000  white   move Nf3
        95000  white   claim-flag
        end    1-0 flag_fall FIDE 6.9
    ";
    run_with(script, |s| s.ruleset.flag_call = FlagCall::Claim);
    let script = "
        setup ruleset=fide-blitz tc=60
        0      arbiter start
        70000  white   claim-flag   => rejected FIDE 6.8
    ";
    run_with(script, |s| s.ruleset.flag_call = FlagCall::Claim);
}

#[test]
fn fide_6_2_the_increment_comes_after_the_completed_move() {
    let game = run("
        setup tc=300+2
        0      arbiter start
        10000  white   move e4
    ");
    let c = game.clock_at(10_000);
    assert_eq!((c.white_ms, c.black_ms), (292_000, 300_000));
    assert_eq!(c.running, Some(Color::Black));
    assert_eq!(game.next_deadline_ms(), Some(310_000));
}

#[test]
fn fide_6_3_us_delay_and_the_flag_moment() {
    let game = run("
        setup tc=60d5
        0      arbiter start
        4000   white   move e4      # inside the delay: nothing spent
    ");
    assert_eq!(game.clock_at(4_000).white_ms, 60_000);
    assert_eq!(game.next_deadline_ms(), Some(4_000 + 65_000));
}

#[test]
fn fide_6_3_bronstein_delay_gives_back_at_most_the_delay() {
    let game = run("
        setup tc=60b5
        0      arbiter start
        3000   white   move e4
        11000  black   move e5
    ");
    let c = game.clock_at(11_000);
    assert_eq!((c.white_ms, c.black_ms), (60_000, 57_000));
}

#[test]
fn hourglass_time_passes_to_the_opponent() {
    let game = run("
        setup tc=*60
        0      arbiter start
        10000  white   move e4
    ");
    let c = game.clock_at(15_000);
    assert_eq!((c.white_ms, c.black_ms), (55_000, 65_000));
}

/// A long real game's moves, to reach move 40 without a repetition.
fn long_game() -> Vec<String> {
    let path = arbiter_testdata::path("pgn/tcec-terminations/fifty-moves-rule.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let games = read_pgn(&text).unwrap();
    let game = games
        .iter()
        .find(|g| g.moves.len() >= 100)
        .expect("a long game");
    game.moves.iter().map(|m| m.san.clone()).collect()
}

fn forty_move_control(white_pace_ms: u64) -> Game {
    let setup = GameSetup {
        time_control: "40/600:300".parse().unwrap(),
        ..GameSetup::default()
    };
    let mut game = Game::new(setup).unwrap();
    game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
    let mut now = 0;
    for (i, san) in long_game().into_iter().take(90).enumerate() {
        let actor = if i % 2 == 0 {
            Actor::White
        } else {
            Actor::Black
        };
        now += if actor == Actor::White {
            white_pace_ms
        } else {
            1_000
        };
        game.apply(Event::new(
            actor,
            now,
            EventKind::Move {
                mv: san,
                offer_draw: false,
            },
        ));
        if game.outcome().is_some() {
            break;
        }
    }
    game
}

#[test]
fn fide_6_3_1_forty_moves_in_time_bring_the_next_period() {
    // 40 moves of 14.9 s = 596 s < 600 s: the second period's 300 s come in.
    let game = forty_move_control(14_900);
    assert!(game.plies().len() >= 80, "{:?}", game.outcome());
    let white_after_40 = game.plies()[78].clock_ms.unwrap();
    assert_eq!(white_after_40, 600_000 - 40 * 14_900 + 300_000);
}

#[test]
fn fide_6_3_1_the_move_count_is_checked_when_the_flag_falls() {
    // 40 moves of 16 s would need 640 s: the flag falls at move 38.
    let game = forty_move_control(16_000);
    let outcome = game.outcome().expect("flag");
    assert_eq!(outcome.termination, Termination::FlagFall);
    assert_eq!(outcome.ruling.rule.to_string(), "FIDE 6.9");
    let words = ending_in_english(&game);
    assert!(
        words.contains("3 moves of the period were still to be made"),
        "{words}"
    );
    assert_eq!(
        game.plies()
            .iter()
            .filter(|p| p.side == Color::White)
            .count(),
        37
    );
}

#[test]
fn fide_iii_4_a_five_second_increment_on_request() {
    let game = run("
        setup tc=900
        0       arbiter start
        10000   white   move e4
        800000  black   request-increment  => cites FIDE III.4.1
        800010  arbiter grant-increment    => cites FIDE III.4.1
        801000  black   move e5
    ");
    let c = game.clock_at(801_000);
    assert_eq!(c.white_ms, 890_000 + 120_000);
    assert_eq!(c.black_ms, 900_000 - 791_000 + 5_000);
    assert_eq!(game.pending_offer(), None);
}

#[test]
fn fide_iii_4_the_request_counts_as_a_draw_offer() {
    run("
        setup tc=900
        0       arbiter start
        10000   white   move e4
        20000   black   move e5
        800000  white   request-increment
        800010  black   accept
        end     1/2-1/2 agreement FIDE 9.1.2
    ");
}

#[test]
fn fide_iii_4_no_request_with_two_minutes_or_more() {
    run("
        setup tc=900
        0       arbiter start
        10000   white   request-increment  => rejected FIDE III.4.1
    ");
}

#[test]
fn fide_b_blitz_has_no_increment_request() {
    run("
        setup ruleset=fide-blitz tc=180
        0       arbiter start
        100000  white   request-increment  => rejected FIDE III.2.2
    ");
}

#[test]
fn fide_iii_5_the_arbiter_declares_a_draw_when_the_opponent_cannot_win_by_normal_means() {
    run("
        setup tc=900
        0       arbiter start
        10000   white   move e4
        800000  arbiter declare 1/2-1/2 FIDE III.5 Black cannot win by normal means
        end     1/2-1/2 arbiter_decision FIDE III.5
    ");
}

#[test]
fn the_deadline_is_what_a_server_waits_for() {
    let setup = GameSetup {
        ruleset: Ruleset::fide_blitz(),
        time_control: "180+2".parse().unwrap(),
        ..GameSetup::default()
    };
    let mut game = Game::new(setup).unwrap();
    assert_eq!(game.next_deadline_ms(), None, "not started");
    game.apply(Event::new(Actor::Arbiter, 1_000, EventKind::Start));
    assert_eq!(game.next_deadline_ms(), Some(181_000));
    assert!(game.tick(180_999).due().is_empty());
    let v = game.tick(181_000);
    assert_eq!(v.due().len(), 1);
    assert_eq!(game.next_deadline_ms(), None, "over");
}

#[test]
fn extreme_times_and_controls_never_panic() {
    for tc in [
        "18446744073709551+18446744073709551",
        "*18446744073709551",
        "1/1:1d18446744073709551",
        "0",
    ] {
        let setup = GameSetup {
            time_control: tc.parse().unwrap(),
            ..GameSetup::default()
        };
        let mut game = Game::new(setup).unwrap();
        for (i, at) in [0, 1, u64::MAX / 2, u64::MAX - 1, u64::MAX]
            .into_iter()
            .enumerate()
        {
            let kind = if i == 0 {
                EventKind::Start
            } else {
                EventKind::Move {
                    mv: ["e4", "e5", "Nf3", "Nc6"][i - 1].into(),
                    offer_draw: false,
                }
            };
            let actor = if i == 0 {
                Actor::Arbiter
            } else if i % 2 == 1 {
                Actor::White
            } else {
                Actor::Black
            };
            game.apply(Event::new(actor, at, kind));
            let c = game.clock_at(at);
            assert!(c.white_ms >= 0 && c.black_ms >= 0, "{tc}: {c:?}");
            let _ = game.next_deadline_ms();
        }
        game.tick(u64::MAX);
    }
}

#[test]
fn fide_6_9_flag_against_a_locked_pawn_wall_is_a_draw() {
    // Black has pawns and a bishop, enough material to mate, but its pawns
    // are locked and the bishop can never take part in a mate behind them
    // (D3-Chess test vector, labelled "only White can mate").
    run("
        setup tc=60 fen=kB4b1/7p/4p1pP/1p1pP1P1/1P1P4/6K1/8/8_w_-_-_0_1
        0      arbiter start
        60000  arbiter tick     => cites FIDE 6.9
        end    1/2-1/2 flag_fall_opponent_cannot_mate FIDE 6.9
    ");
}

#[test]
fn the_moves_owed_in_a_period_count_down_and_the_last_period_repeats() {
    // Two moves in 60 s, then two in 30 s with 5 s a move, repeated: what
    // an engine is told as `movestogo` and `winc`.
    let setup = GameSetup {
        time_control: "2/60:2/30+5".parse().unwrap(),
        ..GameSetup::default()
    };
    let mut game = Game::new(setup).unwrap();
    game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
    let owed = |game: &Game| {
        (
            game.moves_to_go(Color::White),
            game.increment_ms(Color::White),
        )
    };
    assert_eq!(owed(&game), (Some(2), 0));
    let moves = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    let mut seen = Vec::new();
    for (i, mv) in moves.into_iter().enumerate() {
        let side = if i % 2 == 0 {
            Actor::White
        } else {
            Actor::Black
        };
        let at = 1000 * (i as u64 + 1);
        let verdict = game.apply(Event::new(
            side,
            at,
            EventKind::Move {
                mv: mv.into(),
                offer_draw: false,
            },
        ));
        assert!(verdict.is_accepted(), "{mv}: {verdict:?}");
        if side == Actor::White {
            seen.push(owed(&game));
        }
    }
    // After White's 1st move: one more owed at 60 s; after the 2nd, the
    // second period (2 moves, 5 s a move); then it repeats.
    assert_eq!(
        seen,
        [
            (Some(1), 0),
            (Some(2), 5000),
            (Some(1), 5000),
            (Some(2), 5000)
        ]
    );
    let untimed = Game::new(GameSetup::default()).unwrap();
    assert_eq!(untimed.moves_to_go(Color::White), None);
}
