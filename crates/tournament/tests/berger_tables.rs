//! Round robins against the Berger tables of C.05 Annex 1, for 3 to 24
//! players: every round's pairs and colours.
//!
//! The tables are rebuilt here from their closed form rather than from the
//! rotation `berger::round_pairing` uses: with `n` players (made even by a
//! dummy), in round `r` two players `i`, `j` below `n` meet when
//! `i + j ≡ r + 1 (mod n − 1)`, and player `n` meets the one with
//! `2i ≡ r + 1`; the lower number has White when `i + j` is odd, the higher
//! when it is even; player `n` has White in even rounds.

use std::collections::HashSet;

use arbiter_tournament::Pairing;
use arbiter_tournament::berger::round_pairing;

/// The round's games from the closed form, as (white, black), bye as
/// (player, 0).
fn closed_form(players: u32, round: u32) -> HashSet<(u32, u32)> {
    let n = players + players % 2;
    let modulus = n - 1;
    let target = (round + 1) % modulus;
    let mut games = HashSet::new();
    for i in 1..n {
        for j in i + 1..n {
            if (i + j) % modulus == target {
                games.insert(if (i + j) % 2 == 1 { (i, j) } else { (j, i) });
            }
        }
        if (2 * i) % modulus == target {
            games.insert(if round.is_multiple_of(2) {
                (n, i)
            } else {
                (i, n)
            });
        }
    }
    games
        .into_iter()
        .map(|(w, b)| {
            if w > players {
                (b, 0)
            } else if b > players {
                (w, 0)
            } else {
                (w, b)
            }
        })
        .collect()
}

fn as_pairs(pairings: &[Pairing]) -> HashSet<(u32, u32)> {
    pairings
        .iter()
        .map(|p| match *p {
            Pairing::Game { white, black } => (white, black),
            Pairing::Bye(player) => (player, 0),
        })
        .collect()
}

#[test]
fn single_round_robins_follow_the_berger_tables() {
    for players in 3..=24 {
        let n = players + players % 2;
        for round in 1..n {
            let ours = round_pairing(players, round, 1).unwrap();
            assert_eq!(
                as_pairs(&ours),
                closed_form(players, round),
                "{players} players, round {round}"
            );
            assert_eq!(ours.len() as u32, n / 2, "{players} players, round {round}");
        }
        assert_eq!(
            round_pairing(players, n, 1),
            None,
            "{players} players: no round {n}"
        );
    }
}

#[test]
fn every_pair_meets_once_per_cycle_and_colours_swap_in_the_second() {
    for players in 3..=24 {
        let n = players + players % 2;
        let mut met = HashSet::new();
        for round in 1..n {
            let first = round_pairing(players, round, 2).unwrap();
            let second = round_pairing(players, round + n - 1, 2).unwrap();
            for (a, b) in first.iter().zip(&second) {
                match (*a, *b) {
                    (
                        Pairing::Game { white, black },
                        Pairing::Game {
                            white: w2,
                            black: b2,
                        },
                    ) => {
                        assert_eq!((w2, b2), (black, white), "{players} players, round {round}");
                        assert!(met.insert((white.min(black), white.max(black))));
                    }
                    (Pairing::Bye(x), Pairing::Bye(y)) => assert_eq!(x, y),
                    other => panic!("{players} players, round {round}: {other:?}"),
                }
            }
        }
        let pairs = players * (players - 1) / 2;
        assert_eq!(met.len() as u32, pairs, "{players} players");
    }
}

#[test]
fn an_odd_player_count_rests_each_player_once_and_lists_the_rest_last() {
    for players in (3..=23).step_by(2) {
        let mut rested = HashSet::new();
        for round in 1..=players {
            let pairing = round_pairing(players, round, 1).unwrap();
            let Some(Pairing::Bye(player)) = pairing.last().copied() else {
                panic!("{players} players, round {round}: no rest listed last");
            };
            assert!(rested.insert(player), "{player} rests twice");
        }
        assert_eq!(rested.len() as u32, players);
    }
}

#[test]
fn the_four_player_table_reads_as_printed_in_the_handbook() {
    // C.05 Annex 1, 3 or 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    let expected = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
    for (round, boards) in expected.iter().enumerate() {
        let ours = round_pairing(4, round as u32 + 1, 1).unwrap();
        let ours: Vec<(u32, u32)> = ours
            .iter()
            .map(|p| match *p {
                Pairing::Game { white, black } => (white, black),
                Pairing::Bye(p) => (p, 0),
            })
            .collect();
        assert_eq!(ours, boards.to_vec(), "round {}", round + 1);
    }
}
