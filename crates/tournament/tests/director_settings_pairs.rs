//! What the settings fix by account (lichess's `forbiddenPairings` and
//! `manualPairings`), and the next round's time set by the arbiter, as
//! the tournament's fold sees them.

mod events;
use events::{arbiter, opened};

use arbiter_tournament::director::{
    Board, BoardResult, ByeKind, Director, Event, EventKind, MANUAL_PAIRINGS, ManualRound,
    PlayerId, Refusal, Registration, Settings,
};
use arbiter_tournament::dutch::{self, Acceleration};
use arbiter_tournament::trf;

/// A Swiss whose players `p0`, `p1`… are rated from the top down, so
/// that player `i + 1` (account `pi`) is start number `i + 1`.
fn swiss(players: u32, rounds: u32, settings: impl FnOnce(&mut Settings)) -> Director {
    let mut s = Settings::swiss("Club Swiss", rounds, "300+3".parse().unwrap());
    settings(&mut s);
    opened(
        s,
        (0..players).map(|i| Registration {
            name: format!("Player {i:02}"),
            rating: 2400 - 10 * i,
            account: Some(format!("p{i}")),
            ..Registration::default()
        }),
    )
}

fn pair(list: &[(&str, &str)]) -> Vec<[String; 2]> {
    list.iter()
        .map(|(a, b)| [a.to_string(), b.to_string()])
        .collect()
}

/// Pairs (by the engine), publishes and plays the next round: the
/// higher-rated player wins.
fn play_round(t: &mut Director) -> Vec<Board> {
    let (boards, bye) = t.next_pairing().unwrap();
    let round = t.rounds_paired() + 1;
    t.apply(&arbiter(EventKind::RoundPaired {
        round,
        boards: boards.clone(),
        bye,
    }))
    .unwrap();
    publish_and_play(t, round);
    boards
}

fn publish_and_play(t: &mut Director, round: u32) {
    let boards = t.round(round).unwrap().boards.clone();
    let games = (1..=boards.len())
        .map(|b| format!("g{round}-{b}"))
        .collect();
    t.apply(&arbiter(EventKind::RoundPublished { round, games }))
        .unwrap();
    for (i, b) in boards.iter().enumerate() {
        let result = if b.board.white < b.board.black {
            BoardResult::WhiteWins
        } else {
            BoardResult::BlackWins
        };
        t.apply(&arbiter(EventKind::ResultRecorded {
            round,
            board: i as u32 + 1,
            result,
            game: Some(format!("g{round}-{}", i + 1)),
        }))
        .unwrap();
    }
}

fn meets(boards: &[Board], a: PlayerId, b: PlayerId) -> bool {
    boards
        .iter()
        .any(|x| (x.white, x.black) == (a, b) || (x.white, x.black) == (b, a))
}

#[test]
fn a_forbidden_pair_is_never_paired_and_the_trf_keeps_it() {
    // Without the settings, round 1 of eight pairs 1-5 (top half against
    // bottom half, C.04.3).
    let mut free = swiss(8, 3, |_| {});
    assert!(meets(&play_round(&mut free), 1, 5));
    // Forbidden (names without case, as lichess compares them; a name
    // nobody registered with is ignored), 1 and 5 never meet.
    let mut t = swiss(8, 5, |s| {
        s.forbidden_pairs = pair(&[("P0", "p4"), ("p1", "nobody")]);
    });
    assert_eq!(t.forbidden_pairs(), [(1, 5)]);
    for _ in 0..5 {
        let boards = play_round(&mut t);
        assert!(!meets(&boards, 1, 5), "{boards:?}");
    }
    // The TRF says so (record 260), and every round re-pairs as played.
    let text = trf::write(&t.tournament());
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["260", "1", "5"]),
        "{text}"
    );
    let read = trf::read(&text).unwrap();
    assert_eq!(read.forbidden_pairs, [vec![1, 5]]);
    let report = dutch::check(&read, Acceleration::default());
    assert_eq!(report.len(), 5);
    for round in &report {
        assert!(round.differences.is_empty(), "{round:?}\n{text}");
    }
}

#[test]
fn a_pairing_that_puts_a_forbidden_pair_together_is_refused() {
    let mut t = swiss(4, 3, |s| s.forbidden_pairs = pair(&[("p0", "p2")]));
    let boards = vec![Board { white: 1, black: 3 }, Board { white: 2, black: 4 }];
    let before = t.clone();
    assert_eq!(
        t.apply(&arbiter(EventKind::RoundPaired {
            round: 1,
            boards,
            bye: None
        })),
        Err(Refusal::ForbiddenPair { white: 1, black: 3 })
    );
    assert_eq!(t, before, "a refused event changes nothing");
    let (boards, _) = t.next_pairing().unwrap();
    assert!(!meets(&boards, 1, 3), "{boards:?}");
}

#[test]
fn round_one_by_hand_pairs_the_valid_lines_and_gives_the_rest_a_full_point_bye() {
    // lichess's round 1 by hand is not the system's pairing: an event
    // that asks for it is made outside FIDE mode (director_fide_mode.rs).
    let mut t = swiss(7, 3, |s| {
        s.fide_mode = false;
        s.manual_pairings = pair(&[
            ("p0", "p5"),
            ("P4", "p1"),
            // Not valid: a player with himself, a stranger, a player
            // already on a line.
            ("p2", "p2"),
            ("p3", "nobody"),
            ("p6", "p0"),
        ]);
    });
    let manual = t.manual_first_round().unwrap();
    assert_eq!(
        manual,
        ManualRound {
            boards: vec![Board { white: 1, black: 6 }, Board { white: 5, black: 2 }],
            byes: vec![3, 4, 7],
        }
    );
    // One operation pairs the round, however it is asked for (here by
    // the schedule): the byes and the change by hand by the event's
    // creator, the engine's pairing of the others by whoever asked.
    let events = t
        .pair_round("schedule", 7, None, |_| panic!("no lots in a Swiss"))
        .unwrap();
    let who: Vec<&str> = events.iter().map(|e| e.by.as_str()).collect();
    assert_eq!(
        who,
        ["arbiter", "arbiter", "arbiter", "schedule", "arbiter"]
    );
    for (e, &player) in events.iter().zip(&manual.byes) {
        let bye = ByeKind::Full;
        assert_eq!(
            e.kind,
            EventKind::ByeRequested {
                player,
                round: 1,
                bye
            }
        );
    }
    assert!(
        matches!(
            &events[3].kind,
            EventKind::RoundPaired {
                round: 1,
                bye: None,
                ..
            }
        ),
        "{:?}",
        events[3]
    );
    assert_eq!(
        events[4].kind,
        EventKind::PairingChanged {
            round: 1,
            boards: manual.boards.clone(),
            bye: None,
            reason: MANUAL_PAIRINGS.into(),
        }
    );
    assert!(t.rounds().is_empty(), "the operation applies nothing");
    for e in &events {
        t.apply(e).unwrap();
    }
    let round = t.round(1).unwrap();
    assert_eq!(round.changes.len(), 1);
    assert_eq!(round.changes[0].by, "arbiter");
    assert_eq!(
        round.boards.iter().map(|b| b.board).collect::<Vec<_>>(),
        manual.boards
    );
    publish_and_play(&mut t, 1);
    // Only round 1 is by hand.
    assert_eq!(t.manual_first_round(), None);
    // The byes score a full point each.
    let text = trf::write(&t.tournament());
    assert_eq!(text.matches("0000 - F").count(), 3, "{text}");
    play_round(&mut t);
}

#[test]
fn manual_pairings_without_a_valid_line_leave_round_one_to_the_engine() {
    let t = swiss(4, 2, |s| {
        s.fide_mode = false;
        s.manual_pairings = pair(&[("p0", "p0"), ("x", "y")])
    });
    assert_eq!(t.manual_first_round(), None);
}

#[test]
fn the_next_round_time_is_kept_until_the_round_is_paired() {
    let mut t = swiss(4, 1, |_| {});
    assert_eq!(t.next_round_at(), None);
    let scheduled = arbiter(EventKind::NextRoundScheduled { starts_at_ms: 42 });
    t.apply(&scheduled).unwrap();
    assert_eq!(t.next_round_at(), Some(42));
    // It travels with the log, and reads back as it was.
    let json = serde_json::to_string(&scheduled).unwrap();
    assert!(json.contains(r#""kind":"next_round_scheduled""#), "{json}");
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), scheduled);
    play_round(&mut t);
    assert_eq!(t.next_round_at(), None);
    // The last round is paired: there is no next one to schedule.
    assert_eq!(
        t.apply(&arbiter(EventKind::NextRoundScheduled { starts_at_ms: 43 })),
        Err(Refusal::AllRoundsPaired { rounds: 1 })
    );
}
