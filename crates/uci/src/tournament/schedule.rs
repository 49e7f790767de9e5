//! Who plays whom, with which colours and which opening.

use super::options::TournamentKind;

/// One game of the schedule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pairing {
    /// The game's number in the match, from 1.
    pub number: u64,
    /// The round, from 1.
    pub round: u32,
    /// The engine with White (index into the match's engines).
    pub white: usize,
    /// The engine with Black.
    pub black: usize,
    /// The opening (index into the book, wrapping around).
    pub opening: usize,
    /// The pair of games this one belongs to, when openings are repeated
    /// with colours reversed.
    pub pair: Option<u64>,
}

/// The whole schedule, in the order games are started.
///
/// Each round, every encounter (every two engines in a round robin, every
/// seed against every other engine in a gauntlet) plays `games` games,
/// alternating colours. With `repeat`, consecutive games form pairs on one
/// opening with colours reversed; otherwise each game takes the next
/// opening.
pub fn schedule(
    kind: TournamentKind,
    engines: usize,
    games: u32,
    rounds: u32,
    repeat: bool,
) -> Vec<Pairing> {
    let encounters: Vec<(usize, usize)> = match kind {
        TournamentKind::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
        TournamentKind::Gauntlet { seeds } => (0..seeds.min(engines))
            .flat_map(|s| (seeds..engines).map(move |o| (s, o)))
            .collect(),
    };
    let mut out = Vec::new();
    let mut opening = 0usize;
    let mut pair_number = 0u64;
    for round in 1..=rounds {
        for &(a, b) in &encounters {
            for g in 0..games {
                let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                let pair = if repeat {
                    if g % 2 == 0 {
                        pair_number += 1;
                    }
                    // An odd last game has no partner.
                    (g % 2 == 1 || g + 1 < games).then_some(pair_number)
                } else {
                    None
                };
                out.push(Pairing {
                    number: out.len() as u64 + 1,
                    round,
                    white,
                    black,
                    opening,
                    pair,
                });
                if !repeat || g % 2 == 1 || g + 1 == games {
                    opening += 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_pairs_share_openings_with_colours_reversed() {
        let s = schedule(TournamentKind::RoundRobin, 3, 2, 1, true);
        assert_eq!(s.len(), 6);
        let view: Vec<_> = s
            .iter()
            .map(|p| (p.white, p.black, p.opening, p.pair))
            .collect();
        assert_eq!(
            view,
            [
                (0, 1, 0, Some(1)),
                (1, 0, 0, Some(1)),
                (0, 2, 1, Some(2)),
                (2, 0, 1, Some(2)),
                (1, 2, 2, Some(3)),
                (2, 1, 2, Some(3)),
            ]
        );
    }

    #[test]
    fn gauntlet_seed_meets_everyone_else_only() {
        let s = schedule(TournamentKind::Gauntlet { seeds: 1 }, 4, 1, 2, false);
        assert_eq!(s.len(), 6);
        assert!(s.iter().all(|p| p.white == 0 && p.black != 0));
        assert_eq!(s.last().unwrap().round, 2);
        assert_eq!(s.last().unwrap().opening, 5);
        assert!(s.iter().all(|p| p.pair.is_none()));
    }

    #[test]
    fn rounds_multiply_and_numbers_run_from_one() {
        let s = schedule(TournamentKind::RoundRobin, 2, 2, 3, true);
        assert_eq!(s.len(), 6);
        assert_eq!(
            s.iter().map(|p| p.number).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
        assert_eq!(
            s.iter().map(|p| p.opening).collect::<Vec<_>>(),
            [0, 0, 1, 1, 2, 2]
        );
    }
}
