//! The drawing of lots of a round robin (FIDE Tournament Rules, C.06
//! II): the pairing numbers of the Berger tables drawn before round 1,
//! as the fold keeps them: the draw is an event (the randomness is the
//! service's), so a replay gives the same numbers, the pairings follow
//! them, and the TRF's start numbers are them.

mod events;
use events::arbiter;

use arbiter_tournament::berger::round_pairing;
use arbiter_tournament::director::{
    Board, Director, Event, EventKind, GivenRound, PairingNumbers, PlayerId, Refusal, Registration,
    Settings, System,
};
use arbiter_tournament::{Pairing, trf};

fn round_robin(pairing_numbers: PairingNumbers) -> Settings {
    let mut s = Settings::swiss("Club Round Robin", 3, "300+3".parse().unwrap());
    s.system = System::RoundRobin { cycles: 1 };
    s.pairing_numbers = pairing_numbers;
    s
}

/// A round robin by lot of `players` players, player `i + 1` rated above
/// player `i + 2`.
fn by_lot(players: u32) -> Director {
    let mut t = Director::default();
    let settings = round_robin(PairingNumbers::ByLot);
    t.apply(&arbiter(EventKind::Created { settings })).unwrap();
    for i in 0..players {
        register(&mut t, i);
    }
    t
}

fn register(t: &mut Director, i: u32) {
    let player = Registration {
        name: format!("Player {i:02}"),
        rating: 2400 - 10 * i,
        ..Registration::default()
    };
    t.apply(&arbiter(EventKind::Registered {
        player,
        entry_code: None,
    }))
    .unwrap();
}

fn lots(order: &[PlayerId]) -> Event {
    arbiter(EventKind::LotsDrawn {
        order: order.to_vec(),
    })
}

#[test]
fn round_one_waits_for_the_lots_and_then_follows_the_numbers_drawn() {
    let mut t = by_lot(4);
    assert!(t.lots_due());
    assert_eq!(t.next_pairing(), Err(Refusal::LotsNotDrawn));
    assert_eq!(
        t.apply(&arbiter(EventKind::RoundPaired {
            round: 1,
            boards: vec![Board { white: 1, black: 4 }, Board { white: 2, black: 3 }],
            bye: None,
        })),
        Err(Refusal::LotsNotDrawn)
    );
    // Player 3 drew number 1, player 1 number 2, and so on.
    let drawn = [3, 1, 4, 2];
    t.apply(&lots(&drawn)).unwrap();
    assert!(!t.lots_due());
    assert_eq!(t.lots(), Some(&drawn[..]));
    assert_eq!(t.start_order(), drawn);
    assert_eq!(t.start_numbers(), vec![2, 4, 1, 3]);
    // Round 1 is the Berger table's, by the numbers drawn.
    let (boards, bye) = t.next_pairing().unwrap();
    let expected: Vec<Board> = round_pairing(4, 1, 1)
        .unwrap()
        .into_iter()
        .map(|p| match p {
            Pairing::Game { white, black } => Board {
                white: drawn[white as usize - 1],
                black: drawn[black as usize - 1],
            },
            Pairing::Bye(_) => unreachable!("four players: nobody rests"),
        })
        .collect();
    assert_eq!((boards.clone(), bye), (expected, None));
    t.apply(&arbiter(EventKind::RoundPaired {
        round: 1,
        boards,
        bye,
    }))
    .unwrap();
    // Once round 1 is paired the numbers are fixed.
    assert_eq!(
        t.apply(&lots(&[1, 2, 3, 4])),
        Err(Refusal::LotsAfterRoundOne)
    );
    // The TRF's start numbers are the numbers drawn: player 3 is 001.
    let text = trf::write(&t.tournament());
    let line = text.lines().find(|l| l.starts_with("001 ")).unwrap();
    assert!(line.contains("Player 02"), "{text}");
}

#[test]
fn pairing_round_one_draws_the_lots_first_when_nobody_has() {
    let t = by_lot(4);
    // The service draws (here: the reverse order); the operation records
    // the draw, then pairs by the numbers drawn.
    let events = t
        .pair_round("schedule", 5, None, |order| order.reverse())
        .unwrap();
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(
        events[0].kind,
        EventKind::LotsDrawn {
            order: vec![4, 3, 2, 1]
        }
    );
    let mut after = t.clone();
    for e in &events {
        after.apply(e).unwrap();
    }
    assert_eq!(after.start_order(), [4, 3, 2, 1]);
    // Once drawn, the lots are not drawn again by the next pairing.
    let mut drawn = by_lot(4);
    drawn.apply(&lots(&[1, 2, 3, 4])).unwrap();
    let events = drawn
        .pair_round("arbiter", 5, None, |_| panic!("the lots stand"))
        .unwrap();
    assert_eq!(events.len(), 1);
}

#[test]
fn the_arbiters_own_pairing_is_the_same_operation_and_checked_the_same() {
    let mut t = by_lot(4);
    let wrong = GivenRound {
        boards: vec![Board { white: 1, black: 2 }],
        bye: None,
    };
    // Player 3 and 4 left out: refused, and nothing is drawn either.
    assert_eq!(
        t.pair_round("arbiter", 5, Some(wrong), |order| order.reverse()),
        Err(Refusal::PlayerLeftOut { player: 3 })
    );
    let given = GivenRound {
        boards: vec![Board { white: 1, black: 4 }, Board { white: 2, black: 3 }],
        bye: None,
    };
    let events = t
        .pair_round("arbiter", 5, Some(given.clone()), |order| order.reverse())
        .unwrap();
    for e in &events {
        t.apply(e).unwrap();
    }
    let boards: Vec<Board> = t.round(1).unwrap().boards.iter().map(|b| b.board).collect();
    assert_eq!(boards, given.boards);
}

#[test]
fn a_draw_gives_each_player_one_number_and_a_late_entry_voids_it() {
    let mut t = by_lot(4);
    for bad in [
        &[1, 2, 3][..],
        &[1, 2, 3, 3],
        &[1, 2, 3, 5],
        &[1, 2, 3, 4, 1],
    ] {
        assert_eq!(t.apply(&lots(bad)), Err(Refusal::LotsNotEveryPlayer));
    }
    t.apply(&lots(&[4, 3, 2, 1])).unwrap();
    // Drawn again (a withdrawal before round 1, say): the last draw holds.
    t.apply(&lots(&[2, 4, 1, 3])).unwrap();
    assert_eq!(t.start_order(), vec![2, 4, 1, 3]);
    // A fifth player enters: the lots are drawn again, with him.
    register(&mut t, 4);
    assert!(t.lots_due());
    assert_eq!(t.lots(), None);
    assert_eq!(
        t.apply(&lots(&[2, 4, 1, 3])),
        Err(Refusal::LotsNotEveryPlayer)
    );
    t.apply(&lots(&[5, 2, 4, 1, 3])).unwrap();
    assert_eq!(t.start_numbers(), vec![4, 2, 5, 3, 1]);
}

#[test]
fn lots_are_drawn_only_in_a_round_robin_by_lot() {
    // By rating (the default), the start numbers are the pairing numbers.
    let mut t = Director::default();
    let settings = round_robin(PairingNumbers::ByRating);
    t.apply(&arbiter(EventKind::Created { settings })).unwrap();
    for i in 0..3 {
        register(&mut t, i);
    }
    assert!(!t.lots_due());
    assert_eq!(
        t.apply(&lots(&[3, 2, 1])),
        Err(Refusal::LotsOnlyInRoundRobin)
    );
    assert!(t.next_pairing().is_ok());
    // A Swiss or a knockout by lot is refused at creation.
    for system in [System::Dutch, System::Knockout] {
        let mut s = round_robin(PairingNumbers::ByLot);
        s.system = system;
        assert_eq!(
            Director::default().apply(&arbiter(EventKind::Created { settings: s })),
            Err(Refusal::LotsOnlyInRoundRobin)
        );
    }
}

#[test]
fn the_draw_replays_to_the_same_numbers_and_its_refusals_read_in_both_languages() {
    let mut t = by_lot(5);
    t.apply(&lots(&[5, 3, 1, 2, 4])).unwrap();
    let (boards, bye) = t.next_pairing().unwrap();
    t.apply(&arbiter(EventKind::RoundPaired {
        round: 1,
        boards,
        bye,
    }))
    .unwrap();
    // The log, written and read back as a service stores it.
    let mut log = vec![arbiter(EventKind::Created {
        settings: round_robin(PairingNumbers::ByLot),
    })];
    for p in t.players() {
        log.push(arbiter(EventKind::Registered {
            player: p.registration.clone(),
            entry_code: None,
        }));
    }
    log.push(lots(&[5, 3, 1, 2, 4]));
    log.push(arbiter(EventKind::RoundPaired {
        round: 1,
        boards: t.round(1).unwrap().boards.iter().map(|b| b.board).collect(),
        bye: t.round(1).unwrap().bye,
    }));
    let json: Vec<String> = log
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    assert!(
        json[6].contains(r#""kind":"lots_drawn","order":[5,3,1,2,4]"#),
        "{}",
        json[6]
    );
    assert!(
        json[0].contains(r#""pairing_numbers":"by_lot""#),
        "{}",
        json[0]
    );
    let read: Vec<Event> = json
        .iter()
        .map(|j| serde_json::from_str(j).unwrap())
        .collect();
    let replayed = Director::replay(&read).unwrap();
    assert_eq!(replayed.start_order(), t.start_order());
    assert_eq!(replayed.rounds(), t.rounds());
    // A round robin by rating writes no `pairing_numbers`: the logs of
    // before read as they did.
    let plain = serde_json::to_string(&round_robin(PairingNumbers::ByRating)).unwrap();
    assert!(!plain.contains("pairing_numbers"), "{plain}");
    let zh = arbiter_messages::catalogue("zh").unwrap();
    assert_eq!(zh.render(&Refusal::LotsNotDrawn), "第 1 轮编排前必须先抽签");
    assert_eq!(
        Refusal::LotsNotDrawn.to_string(),
        "the lots must be drawn before round 1 is paired"
    );
}
