//! Baku acceleration (FIDE Handbook C.04.5.1): group A is the first half of
//! the players rounded up to an even number, and its players get one virtual
//! point in the first half (rounded up) of the accelerated rounds, half a
//! point in the rest, where the accelerated rounds are the first half
//! (rounded up) of the event.

use arbiter_tournament::dutch::{Acceleration, round_to_pair};
use arbiter_tournament::{Player, Tournament};

const BAKU: Acceleration = Acceleration { baku: true };

fn field(players: u32, rounds: u32) -> Tournament {
    let mut t = Tournament {
        planned_rounds: Some(rounds),
        ..Tournament::default()
    };
    for no in 1..=players {
        let mut p = Player::new(no, format!("Player{no:04}"));
        p.rating = 2800 - 5 * no;
        t.register(p);
    }
    t
}

/// The start numbers that get virtual points when pairing `round` (nobody
/// has played yet, so the virtual points are the whole score), with the
/// points in tenths.
fn accelerated(t: &Tournament, round: u32) -> Vec<(u32, u32)> {
    round_to_pair(t, round, BAKU)
        .entrants
        .iter()
        .filter(|c| c.score > 0)
        .map(|c| (c.id as u32 + 1, c.score))
        .collect()
}

#[test]
fn group_a_is_the_first_half_rounded_up_to_an_even_number() {
    // (players, size of group A): n/2 rounded up to the nearest even number,
    // 2 × ceil(n / 4); 161 players give 82, the Handbook's own example.
    for (players, group_a) in [
        (10, 6),
        (11, 6),
        (12, 6),
        (13, 8),
        (14, 8),
        (161, 82),
        (7, 4),
    ] {
        let t = field(players, 9);
        let got = accelerated(&t, 1);
        let expected: Vec<(u32, u32)> = (1..=group_a).map(|no| (no, 10)).collect();
        assert_eq!(got, expected, "{players} players");
    }
}

#[test]
fn virtual_points_are_one_then_a_half_in_the_first_half_of_the_event() {
    // Nine rounds: five accelerated, one point in the first three, half a
    // point in the fourth and fifth, none after.
    let t = field(20, 9);
    for (round, points) in [(1, 10), (2, 10), (3, 10), (4, 5), (5, 5), (6, 0), (9, 0)] {
        let got = accelerated(&t, round);
        let expected: Vec<(u32, u32)> = if points == 0 {
            Vec::new()
        } else {
            (1..=10).map(|no| (no, points)).collect()
        };
        assert_eq!(got, expected, "round {round}");
    }
    // Eleven rounds: six accelerated, three at one point, three at a half.
    let t = field(20, 11);
    let points: Vec<u32> = (1..=7)
        .map(|round| accelerated(&t, round).first().map_or(0, |&(_, p)| p))
        .collect();
    assert_eq!(points, [10, 10, 10, 5, 5, 5, 0]);
}

#[test]
fn a_player_away_from_a_round_does_not_move_the_end_of_group_a() {
    // Player 2 asks for a half-point bye in round 1: the groups are split
    // on the whole list, so group A still ends with player 6 of 10.
    let mut t = field(10, 9);
    t.requested_byes
        .push((1, arbiter_tournament::RequestedBye::HalfPoint, vec![2]));
    let got = accelerated(&t, 1);
    assert_eq!(got, [(1, 10), (3, 10), (4, 10), (5, 10), (6, 10)]);
}
