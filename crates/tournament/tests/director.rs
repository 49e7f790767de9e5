//! The tournament as a log of events: the fold builds the state, refuses
//! what would make it invalid, and its TRF re-checks clean with the Dutch
//! checker (what `arbiter pair --dutch -c` runs).

mod events;
use events::{arbiter, event, opened};

use arbiter_tournament::director::{
    Absent, Board, BoardResult, ByeKind, Director, Event, EventKind, PlayerId, Refusal,
    Registration, ResultSource, Settings, System,
};
use arbiter_tournament::dutch::{self, Acceleration};
use arbiter_tournament::trf;
use arbiter_tournament::{ResultCode, RoundEntry};
use proptest::prelude::*;

fn swiss(players: u32, rounds: u32) -> Director {
    let settings = Settings::swiss("Spring Open", rounds, "300+3".parse().unwrap());
    opened(
        settings,
        (0..players).map(|i| Registration {
            name: format!("Player {i:02}"),
            rating: 2000 + 17 * ((i * 7) % players),
            account: Some(format!("p{i}")),
            ..Registration::default()
        }),
    )
}

/// Pairs and publishes the next round, each board's game named `gR-B`.
fn pair_and_publish(t: &mut Director) -> u32 {
    let (boards, bye) = t.next_pairing().unwrap();
    let round = t.rounds_paired() + 1;
    let games = (1..=boards.len())
        .map(|b| format!("g{round}-{b}"))
        .collect();
    t.apply(&arbiter(EventKind::RoundPaired { round, boards, bye }))
        .unwrap();
    t.apply(&arbiter(EventKind::RoundPublished { round, games }))
        .unwrap();
    round
}

fn record(t: &mut Director, round: u32, result: impl Fn(u32) -> BoardResult) {
    let boards = t.round(round).unwrap().boards.len() as u32;
    for board in 1..=boards {
        let game = Some(format!("g{round}-{board}"));
        let result = result(board);
        t.apply(&event(
            "referee",
            EventKind::ResultRecorded {
                round,
                board,
                result,
                game,
            },
        ))
        .unwrap();
    }
}

/// The exported TRF reads back, and every round re-pairs as played.
fn assert_trf_rechecks_clean(t: &Director) -> String {
    let text = trf::write(&t.tournament());
    let read = trf::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let report = dutch::check(&read, Acceleration::default());
    assert_eq!(report.len() as u32, t.rounds_paired(), "{text}");
    for round in &report {
        assert!(round.differences.is_empty(), "{round:?}\n{text}");
    }
    text
}

#[test]
fn a_swiss_runs_to_its_end_and_its_trf_rechecks_clean() {
    let mut t = swiss(9, 3);
    for _ in 0..3 {
        let round = pair_and_publish(&mut t);
        assert_eq!(t.round(round).unwrap().boards.len(), 4);
        assert!(t.round(round).unwrap().bye.is_some(), "9 players: one bye");
        record(&mut t, round, |b| match b % 3 {
            0 => BoardResult::WhiteWins,
            1 => BoardResult::Draw,
            _ => BoardResult::BlackWins,
        });
    }
    assert!(t.is_finished());
    assert!(matches!(
        t.next_pairing(),
        Err(Refusal::AllRoundsPaired { rounds: 3 })
    ));
    // Over: it takes no more entries nor withdrawals.
    let late = Registration {
        name: "Late".into(),
        ..Registration::default()
    };
    let entry = arbiter(EventKind::Registered {
        player: late,
        entry_code: None,
    });
    assert_eq!(t.apply(&entry), Err(Refusal::Finished));
    let withdrawal = arbiter(EventKind::Withdrawn { player: 1 });
    assert_eq!(t.apply(&withdrawal), Err(Refusal::Finished));
    // Its results may still be corrected.
    let correction = arbiter(EventKind::ResultCorrected {
        round: 3,
        board: 1,
        result: BoardResult::WhiteWins,
        reason: "scoresheets".into(),
    });
    t.apply(&correction).unwrap();
    let text = assert_trf_rechecks_clean(&t);
    assert!(text.contains("012 Spring Open"), "{text}");
    // Points add up: each round gives 4 boards' point and the bye's.
    let standings = t.standings();
    let total: f64 = standings
        .rows
        .iter()
        .map(|r| r.values[0].unwrap().to_string().parse::<f64>().unwrap())
        .sum();
    assert_eq!(total, 3.0 * 5.0);
    assert_eq!(standings.rows.len(), 9);
}

#[test]
fn the_next_round_waits_for_every_result_of_the_last() {
    let mut t = swiss(6, 3);
    let round = pair_and_publish(&mut t);
    record(&mut t, round, |_| BoardResult::Draw);
    let (boards, bye) = t.next_pairing().unwrap();
    t.apply(&arbiter(EventKind::RoundPaired {
        round: 2,
        boards: boards.clone(),
        bye,
    }))
    .unwrap();
    // Not published: round 3 cannot be paired, nor results recorded.
    assert_eq!(
        t.next_pairing(),
        Err(Refusal::RoundNotPublished { round: 2 })
    );
    let result = EventKind::ResultRecorded {
        round: 2,
        board: 1,
        result: BoardResult::Draw,
        game: None,
    };
    assert_eq!(
        t.apply(&arbiter(result.clone())),
        Err(Refusal::NotPublished { round: 2 })
    );
    let games = vec!["a".into(), "b".into(), "c".into()];
    t.apply(&arbiter(EventKind::RoundPublished { round: 2, games }))
        .unwrap();
    t.apply(&arbiter(result)).unwrap();
    let before = t.clone();
    let refused = t.apply(&arbiter(EventKind::RoundPaired {
        round: 3,
        boards,
        bye: None,
    }));
    assert_eq!(
        refused,
        Err(Refusal::ResultsMissing {
            round: 2,
            boards: vec![2, 3]
        })
    );
    assert_eq!(t, before, "a refused event changes nothing");
    assert_eq!(
        t.apply(&arbiter(EventKind::RoundPaired {
            round: 4,
            boards: vec![],
            bye: None
        })),
        Err(Refusal::RoundOutOfOrder {
            round: 4,
            expected: 3
        })
    );
}

#[test]
fn a_round_keeps_when_its_last_result_came_in() {
    // What the next round's interval counts from: in the log, so that a
    // node taking the event over (or a restart) keeps the schedule.
    let mut t = swiss(6, 3);
    let round = pair_and_publish(&mut t);
    let at = |at_ms: i64, kind: EventKind| Event {
        at_ms,
        by: "referee".into(),
        kind,
    };
    let result = |board: u32| EventKind::ResultRecorded {
        round,
        board,
        result: BoardResult::Draw,
        game: Some(format!("g{round}-{board}")),
    };
    t.apply(&at(1_000, result(1))).unwrap();
    t.apply(&at(2_000, result(2))).unwrap();
    assert_eq!(t.round(round).unwrap().completed_at_ms, None);
    t.apply(&at(
        3_000,
        EventKind::Forfeited {
            round,
            board: 3,
            absent: Absent::Black,
        },
    ))
    .unwrap();
    assert_eq!(t.round(round).unwrap().completed_at_ms, Some(3_000));
    // A correction afterwards does not move it.
    t.apply(&at(
        9_000,
        EventKind::ResultCorrected {
            round,
            board: 1,
            result: BoardResult::WhiteWins,
            reason: "scoresheets".into(),
        },
    ))
    .unwrap();
    assert_eq!(t.round(round).unwrap().completed_at_ms, Some(3_000));
}

#[test]
fn results_are_recorded_once_and_corrected_with_who_and_why() {
    let mut t = swiss(4, 2);
    let round = pair_and_publish(&mut t);
    let recorded = EventKind::ResultRecorded {
        round,
        board: 1,
        result: BoardResult::WhiteWins,
        game: Some("g1-1".into()),
    };
    t.apply(&event("referee", recorded.clone())).unwrap();
    assert_eq!(
        t.apply(&event("referee", recorded)),
        Err(Refusal::ResultAlreadyIn { round, board: 1 })
    );
    assert_eq!(
        t.apply(&arbiter(EventKind::ResultRecorded {
            round,
            board: 2,
            result: BoardResult::Draw,
            game: Some("g1-1".into()),
        })),
        Err(Refusal::WrongGame { round, board: 2 })
    );
    let correct = |result, reason: &str| EventKind::ResultCorrected {
        round,
        board: 2,
        result,
        reason: reason.into(),
    };
    assert_eq!(
        t.apply(&arbiter(correct(BoardResult::Draw, "scoresheets"))),
        Err(Refusal::NoResultYet { round, board: 2 })
    );
    t.apply(&arbiter(EventKind::Forfeited {
        round,
        board: 2,
        absent: Absent::Black,
    }))
    .unwrap();
    assert_eq!(
        t.round(1).unwrap().boards[1].source,
        Some(ResultSource::Forfeit("arbiter".into()))
    );
    assert_eq!(
        t.apply(&arbiter(correct(BoardResult::Draw, "  "))),
        Err(Refusal::NoReason)
    );
    assert_eq!(
        t.apply(&arbiter(correct(BoardResult::WhiteWinsByForfeit, "again"))),
        Err(Refusal::SameResult)
    );
    t.apply(&event(
        "chief",
        correct(BoardResult::Draw, "Black was present; the clock was wrong"),
    ))
    .unwrap();
    let c = &t.corrections()[0];
    assert_eq!(
        (c.by.as_str(), c.from, c.to, c.round, c.board),
        (
            "chief",
            BoardResult::WhiteWinsByForfeit,
            BoardResult::Draw,
            1,
            2
        )
    );
    assert_eq!(
        t.round(1).unwrap().boards[1].result,
        Some(BoardResult::Draw)
    );
    assert_trf_rechecks_clean(&t);
}

#[test]
fn a_manual_change_is_kept_with_who_made_it_and_must_pair_everyone() {
    let mut t = swiss(4, 2);
    let (boards, bye) = t.next_pairing().unwrap();
    t.apply(&arbiter(EventKind::RoundPaired {
        round: 1,
        boards: boards.clone(),
        bye,
    }))
    .unwrap();
    let swapped = vec![
        Board {
            white: boards[0].white,
            black: boards[1].white,
        },
        Board {
            white: boards[0].black,
            black: boards[1].black,
        },
    ];
    // FIDE mode refuses a change by hand (director_fide_mode.rs): the
    // arbiter leaves it first.
    t.apply(&arbiter(EventKind::FideModeLeft {
        reason: "brothers must not meet".into(),
    }))
    .unwrap();
    let change = |boards: Vec<Board>, reason: &str| EventKind::PairingChanged {
        round: 1,
        boards,
        bye: None,
        reason: reason.into(),
    };
    assert_eq!(
        t.apply(&arbiter(change(swapped[..1].to_vec(), "family"))),
        Err(Refusal::PlayerLeftOut {
            player: boards[0].black.min(boards[1].black)
        })
    );
    let twice = vec![swapped[0], swapped[0]];
    assert!(matches!(
        t.apply(&arbiter(change(twice, "family"))),
        Err(Refusal::PlayerTwice { .. })
    ));
    t.apply(&event("deputy", change(swapped.clone(), "brothers")))
        .unwrap();
    let round = t.round(1).unwrap();
    assert_eq!(round.changes.len(), 1);
    assert_eq!(round.changes[0].by, "deputy");
    assert_eq!(round.changes[0].reason, "brothers");
    assert_eq!(round.changes[0].before, boards);
    assert_eq!(
        round.boards.iter().map(|b| b.board).collect::<Vec<_>>(),
        swapped
    );
    let games = vec!["x".into(), "y".into()];
    t.apply(&arbiter(EventKind::RoundPublished { round: 1, games }))
        .unwrap();
    assert_eq!(
        t.apply(&arbiter(change(swapped, "too late"))),
        Err(Refusal::AlreadyPublished { round: 1 })
    );
}

#[test]
fn withdrawals_and_byes_keep_players_out_of_the_rounds_they_miss() {
    let mut t = swiss(8, 3);
    assert_eq!(
        t.apply(&arbiter(EventKind::ByeRequested {
            player: 9,
            round: 1,
            bye: ByeKind::Half
        })),
        Err(Refusal::UnknownPlayer { player: 9 })
    );
    t.apply(&event(
        "p2",
        EventKind::ByeRequested {
            player: 3,
            round: 2,
            bye: ByeKind::Half,
        },
    ))
    .unwrap();
    assert_eq!(
        t.apply(&arbiter(EventKind::ByeRequested {
            player: 3,
            round: 2,
            bye: ByeKind::Zero
        })),
        Err(Refusal::ByeAlreadyRequested {
            player: 3,
            round: 2
        })
    );
    assert_eq!(
        t.apply(&arbiter(EventKind::ByeRequested {
            player: 3,
            round: 4,
            bye: ByeKind::Zero
        })),
        Err(Refusal::RoundBeyondEvent {
            round: 4,
            rounds: 3
        })
    );
    let r1 = pair_and_publish(&mut t);
    record(&mut t, r1, |_| BoardResult::WhiteWins);
    t.apply(&event("p5", EventKind::Withdrawn { player: 6 }))
        .unwrap();
    assert_eq!(
        t.apply(&arbiter(EventKind::Withdrawn { player: 6 })),
        Err(Refusal::Withdrawn { player: 6 })
    );
    let (boards, bye) = t.next_pairing().unwrap();
    let seated: Vec<PlayerId> = boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(bye)
        .collect();
    assert_eq!(seated.len(), 6, "8 players less a bye and a withdrawal");
    assert!(!seated.contains(&3) && !seated.contains(&6));
    // Pairing the withdrawn player is refused.
    let mut with_six = boards.clone();
    with_six[0].black = 6;
    assert_eq!(
        t.apply(&arbiter(EventKind::RoundPaired {
            round: 2,
            boards: with_six,
            bye
        })),
        Err(Refusal::Withdrawn { player: 6 })
    );
    let r2 = pair_and_publish(&mut t);
    record(&mut t, r2, |_| BoardResult::BlackWins);
    let r3 = pair_and_publish(&mut t);
    record(&mut t, r3, |_| BoardResult::Draw);
    let text = assert_trf_rechecks_clean(&t);
    let read = trf::read(&text).unwrap();
    let start = t.start_numbers();
    let cell = |player: PlayerId, round| {
        read.entrant(start[player as usize - 1])
            .unwrap()
            .round(round)
    };
    assert_eq!(cell(3, 2), RoundEntry::unpaired(ResultCode::HalfPointBye));
    assert_eq!(cell(6, 2), RoundEntry::unpaired(ResultCode::ForfeitLoss));
    assert_eq!(cell(6, 3), RoundEntry::unpaired(ResultCode::ForfeitLoss));
}

#[test]
fn nothing_happens_before_creation_or_after_termination() {
    let mut t = Director::default();
    let player = Registration {
        name: "Ju".into(),
        ..Registration::default()
    };
    assert_eq!(
        t.apply(&arbiter(EventKind::Registered {
            player: player.clone(),
            entry_code: None,
        })),
        Err(Refusal::NotCreated)
    );
    let mut settings = Settings::swiss("", 5, "600+5".parse().unwrap());
    assert_eq!(
        t.apply(&arbiter(EventKind::Created {
            settings: settings.clone()
        })),
        Err(Refusal::NoName)
    );
    settings.name = "Open".into();
    settings.tiebreaks.push("XYZ".into());
    assert_eq!(
        t.apply(&arbiter(EventKind::Created {
            settings: settings.clone()
        })),
        Err(Refusal::UnknownTiebreak { name: "XYZ".into() })
    );
    settings.tiebreaks.pop();
    assert_eq!(settings.ruleset, "fide-rapid", "10+5 is rapid (FIDE A.1)");
    t.apply(&arbiter(EventKind::Created {
        settings: settings.clone(),
    }))
    .unwrap();
    assert_eq!(
        t.apply(&arbiter(EventKind::Created { settings })),
        Err(Refusal::AlreadyCreated)
    );
    t.apply(&arbiter(EventKind::Terminated)).unwrap();
    assert!(t.is_finished());
    assert_eq!(
        t.apply(&arbiter(EventKind::Registered {
            player,
            entry_code: None
        })),
        Err(Refusal::Terminated)
    );
    assert_eq!(t.next_pairing(), Err(Refusal::Terminated));
}

#[test]
fn a_round_robin_pairs_by_the_berger_tables_and_closes_its_entries() {
    let mut t = Director::default();
    let mut settings = Settings::swiss("Round robin", 1, "5400+30".parse().unwrap());
    settings.system = System::RoundRobin { cycles: 1 };
    t.apply(&arbiter(EventKind::Created { settings })).unwrap();
    for i in 0..5 {
        let player = Registration {
            name: format!("R{i}"),
            rating: 2500 - i * 10,
            ..Registration::default()
        };
        t.apply(&arbiter(EventKind::Registered {
            player,
            entry_code: None,
        }))
        .unwrap();
    }
    for round in 1..=5 {
        let r = pair_and_publish(&mut t);
        assert_eq!(r, round);
        assert!(t.round(r).unwrap().bye.is_some(), "5 players: one rests");
        record(&mut t, r, |_| BoardResult::Draw);
    }
    assert!(t.is_finished(), "5 players: 5 rounds");
    assert_eq!(
        t.apply(&arbiter(EventKind::Registered {
            player: Registration {
                name: "Late".into(),
                ..Registration::default()
            },
            entry_code: None,
        })),
        Err(Refusal::RegistrationClosed)
    );
    // Round 1 is C.05's: 1-5 rests... with 5 players (a dummy sixth),
    // player 1 meets the dummy and rests; 2 has White against 5.
    let first = t.round(1).unwrap();
    assert_eq!(first.bye, Some(1));
    assert_eq!(first.boards[0].board, Board { white: 2, black: 5 });
    // Every pair met exactly once.
    let mut met = std::collections::BTreeSet::new();
    for r in t.rounds() {
        for b in &r.boards {
            assert!(met.insert((
                b.board.white.min(b.board.black),
                b.board.white.max(b.board.black)
            )));
        }
    }
    assert_eq!(met.len(), 10);
}

#[test]
fn events_travel_as_json_and_replay_to_the_same_state() {
    let mut t = swiss(5, 2);
    let log: Vec<Event> = {
        let mut log = Vec::new();
        let settings = t.settings().unwrap().clone();
        log.push(arbiter(EventKind::Created { settings }));
        for p in t.players() {
            log.push(arbiter(EventKind::Registered {
                player: p.registration.clone(),
                entry_code: None,
            }));
        }
        let (boards, bye) = t.next_pairing().unwrap();
        log.push(arbiter(EventKind::RoundPaired {
            round: 1,
            boards,
            bye,
        }));
        log
    };
    for e in &log[log.len() - 1..] {
        t.apply(e).unwrap();
    }
    let json: Vec<String> = log
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    assert!(json[0].contains(r#""kind":"created""#), "{}", json[0]);
    assert!(json[0].contains(r#""time_control":"300+3""#), "{}", json[0]);
    let back: Vec<Event> = json
        .iter()
        .map(|j| serde_json::from_str(j).unwrap())
        .collect();
    assert_eq!(back, log);
    assert_eq!(Director::replay(&back).unwrap(), t);
    let mut bad = back.clone();
    bad.insert(1, arbiter(EventKind::Withdrawn { player: 1 }));
    assert_eq!(
        Director::replay(&bad).unwrap_err(),
        (1, Refusal::UnknownPlayer { player: 1 })
    );
}

/// What a random arbiter does next.
#[derive(Debug, Clone)]
enum Act {
    Result(u32, u8),
    Forfeit(u32, u8),
    Correct(u32, u8),
    Bye(u32, u8),
    Withdraw(u32),
    PairNext,
    /// The arbiter leaves FIDE mode (then a full-point bye is his to give).
    LeaveFideMode,
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        6 => (0u32..40, 0u8..9).prop_map(|(b, r)| Act::Result(b, r)),
        1 => (0u32..40, 0u8..3).prop_map(|(b, r)| Act::Forfeit(b, r)),
        1 => (0u32..40, 0u8..9).prop_map(|(b, r)| Act::Correct(b, r)),
        1 => (0u32..40, 0u8..3).prop_map(|(p, k)| Act::Bye(p, k)),
        1 => (0u32..40).prop_map(Act::Withdraw),
        3 => Just(Act::PairNext),
        1 => Just(Act::LeaveFideMode),
    ]
}

const RESULTS: [BoardResult; 9] = [
    BoardResult::WhiteWins,
    BoardResult::Draw,
    BoardResult::BlackWins,
    BoardResult::WhiteWinsByForfeit,
    BoardResult::BlackWinsByForfeit,
    BoardResult::DoubleForfeit,
    BoardResult::WhiteHalfBlackZero,
    BoardResult::WhiteZeroBlackHalf,
    BoardResult::DoubleLoss,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever an arbiter does, in any order: a refused event changes
    /// nothing, the accepted ones replay to the same state, FIDE mode gives
    /// no full-point bye, and the TRF re-pairs every round as it was paired.
    #[test]
    fn any_sequence_of_acts_keeps_the_tournament_valid(
        players in 4u32..16,
        rounds in 2u32..6,
        acts in prop::collection::vec(act(), 1..120),
    ) {
        let mut t = swiss(players, rounds);
        let mut log: Vec<Event> = Vec::new();
        {
            let settings = t.settings().unwrap().clone();
            log.push(arbiter(EventKind::Created { settings }));
            for p in t.players() {
                log.push(arbiter(EventKind::Registered { player: p.registration.clone(), entry_code: None }));
            }
        }
        for a in acts {
            let round = t.rounds_paired().max(1);
            let boards = t.round(round).map_or(1, |r| r.boards.len().max(1) as u32);
            let kind = match a {
                Act::Result(b, r) => EventKind::ResultRecorded {
                    round, board: b % boards + 1, result: RESULTS[r as usize], game: None,
                },
                Act::Forfeit(b, r) => EventKind::Forfeited {
                    round, board: b % boards + 1,
                    absent: [Absent::White, Absent::Black, Absent::Both][r as usize],
                },
                Act::Correct(b, r) => EventKind::ResultCorrected {
                    round, board: b % boards + 1, result: RESULTS[r as usize], reason: "appeal".into(),
                },
                Act::Bye(p, k) => EventKind::ByeRequested {
                    player: p % (players + 1), round: t.rounds_paired() + 1 + k as u32 % 2,
                    bye: [ByeKind::Half, ByeKind::Zero, ByeKind::Full][k as usize],
                },
                Act::Withdraw(p) => EventKind::Withdrawn { player: p % (players + 2) },
                Act::LeaveFideMode => EventKind::FideModeLeft { reason: "the regulations".into() },
                Act::PairNext => match t.next_pairing() {
                    Ok((boards, bye)) => {
                        let round = t.rounds_paired() + 1;
                        let e = arbiter(EventKind::RoundPaired { round, boards, bye });
                        t.apply(&e).unwrap();
                        log.push(e);
                        let games = (1..=t.round(round).unwrap().boards.len())
                            .map(|b| format!("g{round}-{b}")).collect();
                        EventKind::RoundPublished { round, games }
                    }
                    Err(refusal) => {
                        // The engine refuses only for the fold's reasons,
                        // or when nobody is left to pair.
                        let round = t.rounds_paired() + 1;
                        let e = arbiter(EventKind::RoundPaired { round, boards: vec![], bye: None });
                        let fold = t.clone().apply(&e);
                        prop_assert!(
                            fold.is_err() || matches!(refusal, Refusal::TooFewPlayers | Refusal::NoPairing { .. }),
                            "{refusal:?} but the fold takes an empty round: {fold:?}"
                        );
                        continue;
                    }
                },
            };
            let e = arbiter(kind);
            let before = t.clone();
            match t.apply(&e) {
                Ok(()) => log.push(e),
                Err(_) => prop_assert_eq!(&t, &before),
            }
        }
        prop_assert_eq!(Director::replay(&log).unwrap(), t.clone());
        // In FIDE mode no full-point bye was given (C.04.A, VCL.05).
        if t.in_fide_mode() {
            prop_assert!(t.players().iter().all(|p| !p.byes.values().any(|&b| b == ByeKind::Full)));
        }
        let text = trf::write(&t.tournament());
        let read = trf::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        for round in dutch::check(&read, Acceleration::default()) {
            prop_assert!(round.differences.is_empty(), "{:?}\n{}", round, text);
        }
    }
}

#[test]
fn whether_the_next_round_may_be_paired_is_told_without_pairing_it() {
    let lonely = swiss(1, 3);
    assert_eq!(lonely.may_pair_next(), Err(Refusal::TooFewPlayers));
    assert_eq!(lonely.next_pairing(), Err(Refusal::TooFewPlayers));

    let mut t = swiss(6, 3);
    assert_eq!(t.may_pair_next(), Ok(()));
    let round = pair_and_publish(&mut t);
    let missing = Err(Refusal::ResultsMissing {
        round,
        boards: vec![1, 2, 3],
    });
    assert_eq!(t.may_pair_next(), missing);
    assert_eq!(t.next_pairing().map(|_| ()), missing);
    record(&mut t, round, |_| BoardResult::Draw);
    assert_eq!(t.may_pair_next(), Ok(()));
    assert!(t.next_pairing().is_ok());

    // Only the engine knows that two players who met cannot be paired
    // again (C1).
    let mut pair = swiss(2, 3);
    let round = pair_and_publish(&mut pair);
    record(&mut pair, round, |_| BoardResult::WhiteWins);
    assert_eq!(pair.may_pair_next(), Ok(()));
    assert_eq!(pair.next_pairing(), Err(Refusal::NoPairing { round: 2 }));
}
