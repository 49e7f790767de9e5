//! FIDE mode (the SPP's Verification Check List): every new event is in
//! it; in it the fold refuses what FIDE prohibits, each refusal naming its
//! rule; leaving it is an event of the log, with its reason, and a record
//! of the TRF a checker reads.

use arbiter_tournament::director::{
    Board, BoardResult, ByeKind, Director, Event, EventKind, GivenRound, Refusal, Registration,
    Settings,
};
use arbiter_tournament::trf;

mod events;
use events::arbiter as event;

fn entry(name: &str, rating: u32) -> EventKind {
    EventKind::Registered {
        player: Registration {
            name: name.into(),
            rating,
            ..Registration::default()
        },
        entry_code: None,
    }
}

/// A 7-round Swiss of eight players rated 2400 down to 1700.
fn swiss() -> Director {
    swiss_with(Settings::swiss("Club Open", 7, "300+3".parse().unwrap()))
}

/// An event with `settings` and eight players rated 2400 down to 1700.
fn swiss_with(settings: Settings) -> Director {
    events::opened(
        settings,
        (0..8u32).map(|i| Registration {
            name: format!("Player {i}"),
            rating: 2400 - 100 * i,
            ..Registration::default()
        }),
    )
}

/// Pairs the next round by the system, publishes it and draws every game.
fn play_round(t: &mut Director) {
    play_round_with(t, |_, _| BoardResult::Draw);
}

/// Pairs the next round by the system, publishes it and records on each
/// board the result `result(round, board)` gives.
fn play_round_with(t: &mut Director, result: impl Fn(u32, u32) -> BoardResult) {
    let round = t.rounds_paired() + 1;
    let (boards, bye) = t.next_pairing().unwrap();
    let games = (0..boards.len()).map(|b| format!("r{round}b{b}")).collect();
    t.apply(&event(EventKind::RoundPaired { round, boards, bye }))
        .unwrap();
    t.apply(&event(EventKind::RoundPublished { round, games }))
        .unwrap();
    for board in 1..=t.round(round).unwrap().boards.len() as u32 {
        t.apply(&event(EventKind::ResultRecorded {
            round,
            board,
            result: result(round, board),
            game: None,
        }))
        .unwrap();
    }
}

fn leave(reason: &str) -> Event {
    event(EventKind::FideModeLeft {
        reason: reason.into(),
    })
}

#[test]
fn a_new_event_is_in_fide_mode() {
    let t = swiss();
    assert!(t.settings().unwrap().fide_mode);
    assert!(t.in_fide_mode());
    assert!(t.fide_mode_exit().is_none());
    // Its TRF carries no record of leaving it.
    assert!(!trf::write(&t.tournament()).contains("\nNFM"));
}

#[test]
fn a_full_point_bye_is_refused_until_the_arbiter_leaves_fide_mode() {
    let mut t = swiss();
    let full = event(EventKind::ByeRequested {
        player: 3,
        round: 1,
        bye: ByeKind::Full,
    });
    assert_eq!(t.apply(&full), Err(Refusal::FideFullPointBye));
    assert!(
        t.player(3).unwrap().byes.is_empty(),
        "a refusal changes nothing"
    );
    // The warning names its rule.
    let words = Refusal::FideFullPointBye.to_string();
    assert!(
        words.contains("C.04.A") && words.contains("VCL.05"),
        "{words}"
    );
    // A half-point bye is FIDE's.
    t.apply(&event(EventKind::ByeRequested {
        player: 4,
        round: 1,
        bye: ByeKind::Half,
    }))
    .unwrap();
    // Leaving needs a reason; then the bye is the arbiter's to give.
    assert_eq!(t.apply(&leave("  ")), Err(Refusal::NoReason));
    t.apply(&leave("the organiser's regulations give a full point"))
        .unwrap();
    assert!(!t.in_fide_mode());
    t.apply(&full).unwrap();
    assert_eq!(t.player(3).unwrap().byes.get(&1), Some(&ByeKind::Full));
    // Once left, there is nothing to leave.
    assert_eq!(t.apply(&leave("again")), Err(Refusal::NotInFideMode));
}

#[test]
fn a_pairing_changed_by_hand_is_refused_in_fide_mode() {
    let mut t = swiss();
    play_round(&mut t);
    let (boards, bye) = t.next_pairing().unwrap();
    t.apply(&event(EventKind::RoundPaired {
        round: 2,
        boards: boards.clone(),
        bye,
    }))
    .unwrap();
    let swapped: Vec<Board> = boards
        .iter()
        .map(|b| Board {
            white: b.black,
            black: b.white,
        })
        .collect();
    let change = event(EventKind::PairingChanged {
        round: 2,
        boards: swapped.clone(),
        bye,
        reason: "colours by the regulations".into(),
    });
    assert_eq!(
        t.apply(&change),
        Err(Refusal::FideManualPairing { round: 2 })
    );
    let words = Refusal::FideManualPairing { round: 2 }.to_string();
    assert!(
        words.contains("C.04.2") && words.contains("VCL.07"),
        "{words}"
    );
    assert_eq!(t.round(2).unwrap().boards[0].board, boards[0]);
    t.apply(&leave("colours by the tournament regulations"))
        .unwrap();
    t.apply(&change).unwrap();
    assert_eq!(t.round(2).unwrap().boards[0].board, swapped[0]);
}

#[test]
fn round_one_paired_by_hand_in_the_settings_is_refused_in_fide_mode() {
    let mut settings = Settings::swiss("Club Open", 7, "300+3".parse().unwrap());
    settings.manual_pairings = vec![["alice".into(), "bob".into()]];
    let mut t = Director::default();
    assert_eq!(
        t.apply(&event(EventKind::Created {
            settings: settings.clone()
        })),
        Err(Refusal::FideManualPairing { round: 1 })
    );
    // Outside FIDE mode from the start, it is the arbiter's choice.
    settings.fide_mode = false;
    t.apply(&event(EventKind::Created { settings })).unwrap();
    assert!(!t.in_fide_mode());
    let text = trf::write(&t.tournament());
    assert!(
        text.lines()
            .any(|l| l == "NFM not in FIDE mode: created outside it"),
        "{text}"
    );
}

#[test]
fn pairing_numbers_are_fixed_once_round_four_is_paired() {
    let mut t = swiss();
    for _ in 0..3 {
        play_round(&mut t);
    }
    // Before round 4 is paired a late entry takes his place by rating.
    t.apply(&event(entry("Early Late", 2350))).unwrap();
    assert_eq!(t.start_numbers()[8], 2);
    play_round(&mut t);
    assert_eq!(t.rounds_paired(), 4);
    let numbers = t.start_numbers();
    // After it, an entry that would take a number before anyone's is
    // refused, naming the rule.
    let refused = t.apply(&event(entry("Strong Late", 2500)));
    assert_eq!(
        refused,
        Err(Refusal::FidePairingNumbersFixed {
            name: "Strong Late".into(),
            paired: 4
        })
    );
    let words = refused.unwrap_err().to_string();
    assert!(
        words.contains("C.04.2.B.3") && words.contains("VCL.09"),
        "{words}"
    );
    assert_eq!(t.start_numbers(), numbers);
    // One rated below everyone takes the next number: none changes.
    t.apply(&event(entry("Weak Late", 1000))).unwrap();
    assert_eq!(t.start_numbers()[..numbers.len()], numbers[..]);
    assert_eq!(t.start_numbers()[numbers.len()], numbers.len() as u32 + 1);
}

#[test]
fn leaving_fide_mode_is_kept_in_the_log_and_written_in_the_trf() {
    let mut t = swiss();
    play_round(&mut t);
    play_round(&mut t);
    let log = [leave("a full-point bye by the regulations")];
    t.apply(&log[0]).unwrap();
    let exit = t.fide_mode_exit().unwrap();
    assert_eq!(
        (exit.by.as_str(), exit.after_round, exit.reason.as_str()),
        ("arbiter", 2, "a full-point bye by the regulations")
    );
    // The event round-trips through the log's JSON.
    let json = serde_json::to_string(&log[0]).unwrap();
    assert!(json.contains("\"kind\":\"fide_mode_left\""), "{json}");
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), log[0]);
    // The TRF says so, in a record checkers skip and people read, and
    // reads back with it.
    let text = trf::write(&t.tournament());
    let line =
        "NFM not in FIDE mode: left after round 2 by arbiter: a full-point bye by the regulations";
    assert!(text.lines().any(|l| l == line), "{text}");
    let read = trf::read(&text).unwrap();
    assert_eq!(
        read.record("NFM"),
        Some(
            "not in FIDE mode: left after round 2 by arbiter: a full-point bye by the regulations"
        )
    );
}

#[test]
fn a_log_made_before_fide_mode_replays_outside_it() {
    // Settings written before the field existed.
    let settings = serde_json::json!({
        "name": "Old Open", "system": {"kind": "dutch"}, "rounds": 3,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
        "tiebreaks": ["PTS"],
    });
    let settings: Settings = serde_json::from_value(settings).unwrap();
    assert!(!settings.fide_mode);
}

#[test]
fn a_round_paired_by_hand_is_refused_in_fide_mode() {
    let mut t = swiss();
    let (boards, bye) = t.next_pairing().unwrap();
    let given = GivenRound { boards, bye };
    assert_eq!(
        t.pair_round("arbiter", 0, Some(given.clone()), |_| {}),
        Err(Refusal::FideManualPairing { round: 1 })
    );
    t.apply(&leave("paired by the organiser's own rules"))
        .unwrap();
    let paired = t.pair_round("arbiter", 0, Some(given), |_| {}).unwrap();
    for e in &paired {
        t.apply(e).unwrap();
    }
    assert_eq!(t.rounds_paired(), 1);
}

#[test]
fn the_trf_export_rechecks_clean_whatever_the_points_system() {
    // VCL.12: a pairing checker reads the export right with 3/1/0 points,
    // decisive results making the scores differ from FIDE's.
    use arbiter_tournament::PointSystem;
    use arbiter_tournament::dutch::{self, Acceleration};
    let mut settings = Settings::swiss("Three Points", 5, "300+3".parse().unwrap());
    let p = |tenths| arbiter_tournament::Points::from_tenths(tenths);
    settings.points = PointSystem {
        win: p(30),
        draw: p(10),
        forfeit_win: p(30),
        pairing_allocated_bye: p(30),
        full_point_bye: p(30),
        half_point_bye: p(10),
        ..PointSystem::FIDE
    };
    let mut t = events::opened(
        settings,
        (0..9u32).map(|i| Registration {
            name: format!("Player {i}"),
            rating: 2400 - 50 * i,
            ..Registration::default()
        }),
    );
    for _ in 1..=4 {
        play_round_with(&mut t, |round, board| {
            [
                BoardResult::WhiteWins,
                BoardResult::Draw,
                BoardResult::BlackWins,
            ][((board + round) % 3) as usize]
        });
    }
    let text = trf::write(&t.tournament());
    assert!(text.lines().any(|l| l == "BBW  3.0"), "{text}");
    let read = trf::read(&text).unwrap();
    assert_eq!(read.points.win, p(30));
    let report = dutch::check(&read, Acceleration::default());
    assert_eq!(report.len(), 4);
    for round in report {
        assert!(
            round.differences.is_empty(),
            "round {}: {:?}",
            round.round,
            round.differences
        );
    }
}

/// VCL.13: the unusual results an arbiter may have to give (½-0, 0-½, a
/// game both lose, a forfeit both lose) are entered in FIDE mode, written
/// in the TRF each side with his own result (TRF-16 and TRF-2026 alike),
/// scored as such in the standings, and paired on by the system.
#[test]
fn unusual_results_are_entered_in_fide_mode_exported_and_scored() {
    use arbiter_pgn::Date;
    use arbiter_tournament::Points;
    use arbiter_tournament::dutch::{self, Acceleration};
    use arbiter_tournament::trf::{TrfEdition, rating_report};
    let mut settings = Settings::swiss("Club Open", 7, "300+3".parse().unwrap());
    settings.place = "Torino".into();
    settings.federation = "ITA".into();
    settings.start_date = "2026-03-01".into();
    settings.end_date = "2026-03-07".into();
    settings.chief_arbiter = "Rossi, Mario".into();
    let mut t = swiss_with(settings);
    let unusual = [
        BoardResult::WhiteHalfBlackZero,
        BoardResult::WhiteZeroBlackHalf,
        BoardResult::DoubleLoss,
        BoardResult::DoubleForfeit,
    ];
    play_round_with(&mut t, |_, board| unusual[board as usize - 1]);
    assert!(t.in_fide_mode(), "FIDE mode takes them");
    // Each board's two cells (TRF codes) and points, White's first.
    let expected = [
        ('=', '0', 5, 0),
        ('0', '=', 0, 5),
        ('0', '0', 0, 0),
        ('-', '-', 0, 0),
    ];
    let starts = t.start_numbers();
    let boards: Vec<Board> = t.round(1).unwrap().boards.iter().map(|b| b.board).collect();
    let dates: Vec<Date> = (1..=3)
        .map(|day| Date {
            year: 2026,
            month: 3,
            day,
        })
        .collect();
    for _ in 2..=3 {
        play_round(&mut t);
    }
    let tournament = t.tournament();
    let texts = [
        trf::write(&tournament),
        rating_report(&tournament, TrfEdition::Trf16, &dates).unwrap(),
        rating_report(&tournament, TrfEdition::Trf2026, &dates).unwrap(),
    ];
    let standings = t.standings();
    for text in &texts {
        let read = trf::read(text).unwrap();
        for (board, &(w, b, w_tenths, b_tenths)) in boards.iter().zip(&expected) {
            for (player, code, tenths) in [(board.white, w, w_tenths), (board.black, b, b_tenths)] {
                let start_no = starts[player as usize - 1];
                let cell = read.entrant(start_no).unwrap().rounds[0];
                assert_eq!(cell.code.to_char(), code, "player {start_no}: {text}");
                let after_one = read.score_after(start_no, 1);
                assert_eq!(after_one, Points::from_tenths(tenths), "player {start_no}");
            }
        }
        // The standings count the same points, and a pairing checker reads
        // the file and re-pairs rounds 2 and 3 as the system paired them.
        for row in &standings.rows {
            let points = row.values[0].unwrap().as_f64();
            let read_points = f64::from(read.score_after(row.start_no, 3).tenths()) / 10.0;
            assert_eq!(points, read_points, "player {}", row.start_no);
        }
        for round in dutch::check(&read, Acceleration::default()) {
            assert!(
                round.differences.is_empty(),
                "round {}: {:?}",
                round.round,
                round.differences
            );
        }
    }
}
