//! Round robins by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! For an even number `n` of players the tables fix player `n` and turn the
//! others: round 1 pairs 1 with `n`, then 2 with `n − 1`, 3 with `n − 2` and
//! so on, the lower number with White; each later round adds `n / 2` to every
//! other player's number (counting from 1 to `n − 1` round and round), keeping
//! each board's colours, while player `n` takes White in even rounds and Black
//! in odd ones. An odd number of players is made even with a dummy player
//! `n + 1`, whose opponent has the round off. A double round robin plays the
//! tables twice, the second time with colours reversed.

use crate::pairing::Pairing;
use crate::player::StartNo;

/// The pairing of round `round` (from 1) of a round robin of `players`
/// players numbered 1 to `players`, as the Berger tables give it; `None` for
/// a round the tournament does not have (beyond `cycles` cycles) or fewer
/// than two players.
///
/// ```
/// use arbiter_tournament::berger::round_pairing;
/// use arbiter_tournament::Pairing;
///
/// let round2 = round_pairing(4, 2, 1).unwrap();
/// assert_eq!(round2[0], Pairing::Game { white: 4, black: 3 });
/// assert_eq!(round2[1], Pairing::Game { white: 1, black: 2 });
/// ```
pub fn round_pairing(players: u32, round: u32, cycles: u32) -> Option<Vec<Pairing>> {
    if players < 2 || round == 0 {
        return None;
    }
    let n = players + players % 2;
    let per_cycle = n - 1;
    if round > per_cycle * cycles {
        return None;
    }
    let cycle = (round - 1) / per_cycle;
    let round_in_cycle = (round - 1) % per_cycle + 1;
    // The turning players' numbers on each board in round 1, then moved on by
    // n/2 per round.
    let turn = |x: u32| (x - 1 + (round_in_cycle - 1) * (n / 2)) % per_cycle + 1;
    let mut boards = Vec::with_capacity(n as usize / 2);
    let first = turn(1);
    boards.push(if round_in_cycle.is_multiple_of(2) {
        (n, first)
    } else {
        (first, n)
    });
    for board in 2..=n / 2 {
        boards.push((turn(board), turn(n + 1 - board)));
    }
    let swap = cycle % 2 == 1;
    let mut pairings: Vec<Pairing> = boards
        .into_iter()
        .map(|(white, black)| {
            let (white, black) = if swap { (black, white) } else { (white, black) };
            if white > players {
                Pairing::Bye(black as StartNo)
            } else if black > players {
                Pairing::Bye(white as StartNo)
            } else {
                Pairing::Game { white, black }
            }
        })
        .collect();
    // The resting player is listed last, as pairing programs print the bye.
    pairings.sort_by_key(|p| matches!(p, Pairing::Bye(_)));
    Some(pairings)
}
