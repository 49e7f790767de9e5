//! A knockout run by the director: round 1 by seed in the World Cup's
//! bracket, each match's main games, then its tie-break stages with their
//! own clocks while the players are level, an Armageddon draw putting
//! Black through, the winners paired in bracket order, and the event's
//! winner; every round is an event of the log, and the log replays to the
//! same knockout.

mod events;
use events::arbiter;

use arbiter_tournament::director::{
    Absent, Board, BoardResult, Director, Event, EventKind, MatchStanding, PlayerId, Refusal,
    Registration, Settings, System,
};
use arbiter_tournament::knockout::{MatchRules, Tempo, TiebreakStage};
use arbiter_tournament::{ResultCode, trf};

/// Two games, then two rapid games, then Armageddon (White 5 minutes,
/// Black 4).
fn world_cup_rules() -> MatchRules {
    MatchRules {
        games: 2,
        tiebreaks: vec![
            TiebreakStage {
                tempo: Tempo::Rapid,
                games: 2,
                time_control: "600+10".parse().unwrap(),
                black_time_control: None,
            },
            TiebreakStage {
                tempo: Tempo::Armageddon,
                games: 1,
                time_control: "300".parse().unwrap(),
                black_time_control: Some("240".parse().unwrap()),
            },
        ],
    }
}

fn settings(rules: MatchRules) -> Settings {
    let mut s = Settings::swiss("Cup", 3, "5400+30".parse().unwrap());
    s.system = System::Knockout;
    s.knockout = Some(rules);
    s
}

/// A knockout of `players`, registered strongest first (so that player
/// `n` is seed `n`).
fn knockout(players: u32, rules: MatchRules) -> Director {
    let mut t = Director::default();
    t.apply(&arbiter(EventKind::Created {
        settings: settings(rules),
    }))
    .unwrap();
    for i in 1..=players {
        t.apply(&seed_registered(i)).unwrap();
    }
    t
}

/// Seed `i` enters: registered strongest first, player `i` is seed `i`.
fn seed_registered(i: u32) -> Event {
    arbiter(EventKind::Registered {
        player: Registration {
            name: format!("Seed {i}"),
            rating: 2800 - 10 * i,
            ..Registration::default()
        },
        entry_code: None,
    })
}

/// Pairs the next round as the director does, publishes it and records
/// each board's result: `results[i]` for board `i + 1`. The boards.
fn play(t: &mut Director, log: &mut Vec<Event>, results: &[BoardResult]) -> Vec<(u32, u32)> {
    let (boards, bye) = t.next_pairing().unwrap();
    assert_eq!(bye, None);
    assert_eq!(boards.len(), results.len(), "{boards:?}");
    let round = t.rounds_paired() + 1;
    let games = (1..=boards.len())
        .map(|b| format!("g{round}-{b}"))
        .collect();
    let mut events = vec![
        arbiter(EventKind::RoundPaired {
            round,
            boards: boards.clone(),
            bye,
        }),
        arbiter(EventKind::RoundPublished { round, games }),
    ];
    for (i, &result) in results.iter().enumerate() {
        events.push(arbiter(EventKind::ResultRecorded {
            round,
            board: i as u32 + 1,
            result,
            game: Some(format!("g{round}-{}", i + 1)),
        }));
    }
    for e in events {
        t.apply(&e).unwrap();
        log.push(e);
    }
    boards.iter().map(|b| (b.white, b.black)).collect()
}

use BoardResult::{BlackWins, Draw, WhiteWins};

#[test]
fn an_eight_player_knockout_goes_through_rapid_and_armageddon_to_its_winner() {
    let mut t = knockout(8, world_cup_rules());
    let mut log: Vec<Event> = Vec::new();
    // Round 1, game 1: 1 v 8, 4 v 5, 2 v 7, 3 v 6 in bracket order, the
    // higher seed with White.
    let boards = play(&mut t, &mut log, &[WhiteWins, Draw, Draw, WhiteWins]);
    assert_eq!(boards, [(1, 8), (4, 5), (2, 7), (3, 6)]);
    // Game 2, colours reversed: 1 goes through 1½–½, the others are level.
    let boards = play(&mut t, &mut log, &[Draw, Draw, Draw, WhiteWins]);
    assert_eq!(boards, [(8, 1), (5, 4), (7, 2), (6, 3)]);
    let ko = t.knockout().unwrap();
    let m = &ko.rounds[0].matches;
    assert_eq!(m[0].winner(), Some(1));
    assert_eq!(m[0].halves, (3, 1));
    assert!(
        m[1..]
            .iter()
            .all(|m| matches!(m.standing, MatchStanding::Playing { stage: 1, .. }))
    );
    // The three level matches play rapid games, at the rapid clocks.
    let boards = play(&mut t, &mut log, &[WhiteWins, Draw, Draw]);
    assert_eq!(boards, [(4, 5), (2, 7), (3, 6)]);
    let clocks = t.round_clocks(3).unwrap();
    assert_eq!(clocks.time_control, "600+10".parse().unwrap());
    assert_eq!(clocks.ruleset, "fide-rapid");
    assert_eq!(t.round_clocks(2).unwrap().ruleset, "fide-standard");
    let boards = play(&mut t, &mut log, &[Draw, Draw, Draw]);
    assert_eq!(boards, [(5, 4), (7, 2), (6, 3)]);
    // 4 is through on the rapid games; 2 v 7 and 3 v 6 go to Armageddon,
    // with its own clocks.
    let boards = play(&mut t, &mut log, &[Draw, WhiteWins]);
    assert_eq!(boards, [(2, 7), (3, 6)]);
    let clocks = t.round_clocks(5).unwrap();
    assert_eq!(clocks.time_control, "300".parse().unwrap());
    assert_eq!(clocks.black_time_control, Some("240".parse().unwrap()));
    assert_eq!(clocks.ruleset, "fide-blitz");
    let ko = t.knockout().unwrap();
    let winners: Vec<Option<PlayerId>> = ko.rounds[0].matches.iter().map(|m| m.winner()).collect();
    // The Armageddon draw puts Black (7) through.
    assert_eq!(winners, [Some(1), Some(4), Some(7), Some(3)]);
    let by = |m: usize| match ko.rounds[0].matches[m].standing {
        MatchStanding::Won { stage, .. } => stage,
        other => panic!("{other:?}"),
    };
    assert_eq!([by(0), by(1), by(2), by(3)], [0, 1, 2, 2]);
    assert_eq!(ko.rounds[0].matches[2].halves, (5, 5));
    assert_eq!(ko.slots.len(), 5);
    assert_eq!(ko.slots[4].tempo, Tempo::Armageddon);
    // Round 2: the winners in bracket order, the higher seed first.
    assert_eq!(ko.rounds.len(), 2);
    let (boards, _) = t.next_pairing().unwrap();
    assert_eq!(
        boards,
        [Board { white: 1, black: 4 }, Board { white: 3, black: 7 }]
    );
    // Another pairing is refused; the colours may be changed.
    let wrong = arbiter(EventKind::RoundPaired {
        round: 6,
        boards: vec![Board { white: 1, black: 7 }, Board { white: 3, black: 4 }],
        bye: None,
    });
    assert_eq!(
        t.clone().apply(&wrong),
        Err(Refusal::NotTheKnockoutPairing { round: 6 })
    );
    let swapped = arbiter(EventKind::RoundPaired {
        round: 6,
        boards: vec![Board { white: 4, black: 1 }, Board { white: 3, black: 7 }],
        bye: None,
    });
    assert_eq!(t.clone().apply(&swapped), Ok(()));
    play(&mut t, &mut log, &[WhiteWins, WhiteWins]);
    play(&mut t, &mut log, &[Draw, BlackWins]);
    // The final: 1 v 3.
    let boards = play(&mut t, &mut log, &[WhiteWins]);
    assert_eq!(boards, [(1, 3)]);
    assert!(!t.is_finished());
    play(&mut t, &mut log, &[Draw]);
    let ko = t.knockout().unwrap();
    assert_eq!(ko.winner, Some(1));
    assert_eq!(ko.rounds.len(), 3);
    assert!(t.is_finished());
    assert_eq!(t.next_pairing(), Err(Refusal::KnockoutWon { winner: 1 }));
    // Every game is a round of the TRF.
    let text = trf::write(&t.tournament());
    assert!(text.contains("092 Knockout"), "{text}");
    assert_eq!(trf::read(&text).unwrap().rounds_paired(), 9);

    // The log, as JSON, replays to the same knockout.
    let created = arbiter(EventKind::Created {
        settings: settings(world_cup_rules()),
    });
    let mut all = vec![created];
    all.extend((1..=8).map(seed_registered));
    all.extend(log);
    let json: Vec<String> = all
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    let back: Vec<Event> = json
        .iter()
        .map(|j| serde_json::from_str(j).unwrap())
        .collect();
    let replayed = Director::replay(&back).unwrap();
    assert_eq!(replayed, t);
    assert_eq!(replayed.knockout(), t.knockout());
}

#[test]
fn a_match_level_after_every_stage_waits_for_the_regulations() {
    let mut t = knockout(2, MatchRules::default());
    let mut log = Vec::new();
    play(&mut t, &mut log, &[Draw]);
    play(&mut t, &mut log, &[Draw]);
    assert_eq!(
        t.next_pairing(),
        Err(Refusal::MatchUndecided {
            first: 1,
            second: 2
        })
    );
    assert!(!t.is_finished());
}

#[test]
fn a_match_level_after_every_stage_is_decided_by_lot_and_the_knockout_goes_on() {
    let mut t = knockout(4, MatchRules::default());
    let mut log = Vec::new();
    // Two games a match, no tie-break stage: 1 v 4 is won 1½-½; 2 v 3
    // is drawn twice, level with no stage left.
    assert_eq!(play(&mut t, &mut log, &[WhiteWins, Draw]), [(1, 4), (2, 3)]);
    assert_eq!(play(&mut t, &mut log, &[Draw, Draw]), [(4, 1), (3, 2)]);
    assert_eq!(t.matches_due_a_lot(), [(2, 3)]);
    let lot = |first, second, winner| {
        arbiter(EventKind::MatchDecidedByLot {
            first,
            second,
            winner,
        })
    };
    // Only that match, only for one of its players, is decided by lot.
    for refused in [lot(1, 4, 1), lot(2, 3, 1), lot(3, 2, 3)] {
        assert_eq!(t.apply(&refused), Err(Refusal::LotNotDue));
    }
    let drawn = lot(2, 3, 3);
    t.apply(&drawn).unwrap();
    log.push(drawn);
    assert!(t.matches_due_a_lot().is_empty());
    let ko = t.knockout().unwrap();
    let decided = &ko.rounds[0].matches[1];
    assert_eq!(decided.standing, MatchStanding::WonByLot { winner: 3 });
    assert_eq!(decided.halves, (2, 2));
    // The final: seed 1 against the lot's winner, who wins it 2-0.
    assert_eq!(play(&mut t, &mut log, &[BlackWins]), [(1, 3)]);
    assert_eq!(play(&mut t, &mut log, &[WhiteWins]), [(3, 1)]);
    assert_eq!(t.knockout().unwrap().winner, Some(3));
    assert!(t.is_finished());
    // The lot is in the log: a replay gives the same knockout.
    let mut all = vec![arbiter(EventKind::Created {
        settings: settings(MatchRules::default()),
    })];
    all.extend((1..=4).map(seed_registered));
    all.extend(log);
    assert_eq!(Director::replay(&all).unwrap(), t);
}

#[test]
fn a_bracket_with_fewer_players_than_places_gives_the_top_seeds_a_bye() {
    let mut t = knockout(
        3,
        MatchRules {
            games: 1,
            tiebreaks: vec![],
        },
    );
    let mut log = Vec::new();
    // Seed 1 has no opponent in round 1: 2 v 3 alone plays.
    assert_eq!(play(&mut t, &mut log, &[BlackWins]), [(2, 3)]);
    assert_eq!(t.knockout().unwrap().rounds[0].matches[0].second, None);
    // The final: seed 1 against the winner, 3.
    assert_eq!(play(&mut t, &mut log, &[WhiteWins]), [(1, 3)]);
    assert_eq!(t.knockout().unwrap().winner, Some(1));
}

#[test]
fn a_player_who_withdraws_keeps_his_place_and_loses_his_games_by_forfeit() {
    let mut t = knockout(
        4,
        MatchRules {
            games: 2,
            tiebreaks: vec![],
        },
    );
    let mut log = Vec::new();
    play(&mut t, &mut log, &[Draw, Draw]);
    // Seed 4 withdraws in the middle of his match against seed 1: his
    // second game is still paired, and forfeited.
    t.apply(&arbiter(EventKind::Withdrawn { player: 4 }))
        .unwrap();
    let (boards, _) = t.next_pairing().unwrap();
    assert!(boards.contains(&Board { white: 4, black: 1 }), "{boards:?}");
    t.apply(&arbiter(EventKind::RoundPaired {
        round: 2,
        boards: boards.clone(),
        bye: None,
    }))
    .unwrap();
    t.apply(&arbiter(EventKind::RoundPublished {
        round: 2,
        games: vec!["a".into(), "b".into()],
    }))
    .unwrap();
    let board = boards.iter().position(|b| b.white == 4).unwrap() as u32 + 1;
    t.apply(&arbiter(EventKind::Forfeited {
        round: 2,
        board,
        absent: Absent::White,
    }))
    .unwrap();
    let ko = t.knockout().unwrap();
    assert_eq!(ko.rounds[0].matches[0].winner(), Some(1));
    // Once the round's other game is over, the TRF writes the forfeit on
    // both lines, not an absence on his.
    t.apply(&arbiter(EventKind::ResultRecorded {
        round: 2,
        board: 3 - board,
        result: BoardResult::Draw,
        game: None,
    }))
    .unwrap();
    let text = trf::write(&t.tournament());
    let read = trf::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let seed4 = read
        .entrants
        .iter()
        .find(|e| e.player.start_no == 4)
        .unwrap();
    assert_eq!(seed4.rounds[1].opponent, Some(1), "{text}");
    assert_eq!(seed4.rounds[1].code, ResultCode::ForfeitLoss, "{text}");
}

#[test]
fn match_rules_need_games_and_armageddon_last() {
    let mut no_games = world_cup_rules();
    no_games.games = 0;
    let mut early = world_cup_rules();
    early.tiebreaks.reverse();
    for (rules, refusal) in [
        (no_games, Refusal::NoMatchGames),
        (early, Refusal::ArmageddonNotLast),
    ] {
        let created = arbiter(EventKind::Created {
            settings: settings(rules),
        });
        assert_eq!(Director::default().apply(&created), Err(refusal));
    }
}

#[test]
fn a_knockout_game_refuses_an_unusual_result() {
    // VCL.13's unusual results are for Swiss and round-robin events: a
    // knockout game must give its match a winner, a draw or a forfeit.
    let mut t = knockout(4, MatchRules::default());
    let mut log = Vec::new();
    play(&mut t, &mut log, &[WhiteWins, Draw]);
    let round = 1;
    for result in [
        BoardResult::WhiteHalfBlackZero,
        BoardResult::WhiteZeroBlackHalf,
        BoardResult::DoubleLoss,
    ] {
        let corrected = arbiter(EventKind::ResultCorrected {
            round,
            board: 1,
            result,
            reason: "both players broke the rules".into(),
        });
        assert_eq!(t.apply(&corrected), Err(Refusal::UnusualResultInKnockout));
    }
    let words = Refusal::UnusualResultInKnockout.to_string();
    assert!(words.contains("½-0"), "{words}");
}
