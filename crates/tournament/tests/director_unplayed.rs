//! A game one player never moved in is unplayed for the event (issue 33):
//! the referee names the ending, and the director's one rule turns it into
//! a forfeit. The TRF writes `+`/`-`, the pairings see no colour and no
//! meeting (C.04.1: the two may still meet), the tie-breaks an unplayed
//! round.

mod events;
use events::{arbiter, event, opened};

use arbiter_referee::{GameResult, Outcome, Reason, Rule, Ruling, Termination};
use arbiter_rules::Color;
use arbiter_tournament::director::{
    BoardResult, Director, EventKind, REFEREE, Registration, Settings,
};
use arbiter_tournament::dutch::{self, Acceleration};
use arbiter_tournament::{Outcome as Cell, ResultCode, trf};

/// A 60+0 Swiss of two rounds between two players.
fn two_players() -> Director {
    let settings = Settings::swiss("Blitz", 2, "60+0".parse().unwrap());
    opened(
        settings,
        [("Ann", 2100), ("Bob", 2000)].map(|(name, rating)| Registration {
            name: name.into(),
            rating,
            ..Registration::default()
        }),
    )
}

/// Pairs the next round (the one operation) and publishes it, the game
/// of board `b` named `gR-b`.
fn pair_and_publish(t: &mut Director) -> u32 {
    for e in t.pair_round("schedule", 0, None, |_| {}).unwrap() {
        t.apply(&e).unwrap();
    }
    let round = t.rounds_paired();
    let games = (1..=t.round(round).unwrap().boards.len())
        .map(|b| format!("g{round}-{b}"))
        .collect();
    t.apply(&arbiter(EventKind::RoundPublished { round, games }))
        .unwrap();
    round
}

/// The referee's end of a game Black's flag decided.
fn black_flag(termination: Termination) -> Outcome {
    Outcome {
        result: GameResult::WhiteWins,
        termination,
        ruling: Ruling::new(Rule::fide("6.9"), Reason::FlagFell { side: Color::Black }),
        at_ms: 62_000,
    }
}

/// What the director records of `game`'s end, applied.
fn game_ends(t: &mut Director, game: &str, outcome: &Outcome) {
    let kind = t.game_ended(game, outcome).expect("a result to record");
    t.apply(&event(REFEREE, kind)).unwrap();
}

/// The round-1 cell of `name`'s line: opponent, colour, result.
fn round_one<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let line = text.lines().find(|l| l.contains(name)).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    words[words.len() - 3..].to_vec()
}

#[test]
fn an_unplayed_game_is_a_forfeit_that_does_not_keep_the_players_apart() {
    let mut t = two_players();
    assert_eq!(pair_and_publish(&mut t), 1);
    // Black never moved; his flag fell at the default time's moment.
    game_ends(&mut t, "g1-1", &black_flag(Termination::Unplayed));
    let board = &t.round(1).unwrap().boards[0];
    assert_eq!(board.result, Some(BoardResult::WhiteWinsByForfeit));

    // The TRF: `+` and `-`, not `1` and `0`.
    let text = trf::write(&t.tournament());
    assert_eq!(round_one(&text, "Ann"), ["2", "w", "+"], "{text}");
    assert_eq!(round_one(&text, "Bob"), ["1", "b", "-"], "{text}");
    let read = trf::read(&text).unwrap();
    for e in &read.entrants {
        assert!(matches!(e.round(1).outcome(), Cell::Forfeit { .. }));
    }

    // For round 2's pairing, neither has a colour, nor has met the other.
    let view = dutch::round_to_pair(&t.tournament(), 2, Acceleration::default());
    for card in &view.entrants {
        assert!(card.colours.is_empty(), "{card:?}");
        assert!(card.forbidden.is_empty(), "{card:?}");
    }
    // A forfeit win counts as the bye received (C.04.1): Ann (start
    // number 1) may not get the pairing-allocated bye; Bob may.
    let eligible: Vec<(usize, bool)> = view
        .entrants
        .iter()
        .map(|c| (c.id, c.bye_eligible))
        .collect();
    assert_eq!(eligible, [(0, false), (1, true)]);
    // So they may meet again (C.04.1); with a game played, they could not.
    assert_eq!(pair_and_publish(&mut t), 2);
    assert_eq!(t.round(2).unwrap().boards.len(), 1);
}

#[test]
fn a_game_both_players_moved_in_is_played_for_the_event() {
    let mut t = two_players();
    pair_and_publish(&mut t);
    game_ends(&mut t, "g1-1", &black_flag(Termination::FlagFall));
    assert_eq!(
        t.round(1).unwrap().boards[0].result,
        Some(BoardResult::WhiteWins)
    );
    let text = trf::write(&t.tournament());
    assert_eq!(round_one(&text, "Ann"), ["2", "w", "1"], "{text}");
    // They have met: round 2 has no pairing.
    assert!(t.pair_round("schedule", 0, None, |_| {}).is_err());
}

#[test]
fn the_director_records_a_games_end_once_and_only_a_result() {
    let mut t = two_players();
    pair_and_publish(&mut t);
    // Not one of the event's games.
    assert_eq!(
        t.game_ended("elsewhere", &black_flag(Termination::FlagFall)),
        None
    );
    // A game called off gives the board no result: the arbiter enters it.
    let aborted = Outcome {
        result: GameResult::Unknown,
        termination: Termination::Aborted,
        ..black_flag(Termination::Aborted)
    };
    assert_eq!(t.game_ended("g1-1", &aborted), None);
    // The arbiter was first: his result stands.
    t.apply(&arbiter(EventKind::ResultRecorded {
        round: 1,
        board: 1,
        result: BoardResult::Draw,
        game: None,
    }))
    .unwrap();
    assert_eq!(
        t.game_ended("g1-1", &black_flag(Termination::Unplayed)),
        None
    );
    let code = t.tournament().entrants[0].round(1).code;
    assert_eq!(code, ResultCode::Draw);
}
