//! Random tournaments for the tests: Swiss-like events paired by score with
//! forfeits, byes and withdrawals, and round robins by the Berger tables.

#![allow(dead_code)]

use arbiter_rules::PlayerResult;
use arbiter_tournament::berger::round_pairing;
use arbiter_tournament::{Pairing, Player, Points, Record, ResultCode, RoundEntry, Tournament};

/// A small deterministic random source (xorshift), so that a failing seed
/// can be replayed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, bound: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 11) % u64::from(bound.max(1))) as u32
    }

    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
}

fn base(players: u32, rounds: u32, rng: &mut Rng, format: &str) -> Tournament {
    let mut t = Tournament::default();
    t.records.push(Record {
        code: "012".into(),
        text: format!("Generated {format}"),
    });
    t.records.push(Record {
        code: "092".into(),
        text: format.into(),
    });
    t.planned_rounds = Some(rounds);
    let mut ratings: Vec<u32> = (0..players).map(|_| 1400 + rng.below(1300)).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    for (i, rating) in ratings.into_iter().enumerate() {
        let no = i as u32 + 1;
        let mut p = Player::new(no, format!("Player{no:04}, Test"));
        p.rating = rating;
        p.fide_id = Some(1_000_000 + u64::from(no));
        p.federation = "FID".into();
        t.register(p);
    }
    t
}

fn random_result(rng: &mut Rng, white_rating: u32, black_rating: u32) -> PlayerResult {
    let edge = (white_rating as i32 - black_rating as i32) / 20;
    let roll = rng.below(100) as i32;
    if roll < 38 + edge {
        PlayerResult::Win
    } else if roll < 68 + edge / 2 {
        PlayerResult::Draw
    } else {
        PlayerResult::Loss
    }
}

/// Records a pairing's board: mostly a game, sometimes a forfeit one way or
/// both.
fn play_board(t: &mut Tournament, rng: &mut Rng, round: u32, white: u32, black: u32) {
    use ResultCode::{ForfeitLoss, ForfeitWin};
    let forfeit = match rng.below(40) {
        0 => (ForfeitWin, ForfeitLoss),
        1 => (ForfeitLoss, ForfeitWin),
        2 => (ForfeitLoss, ForfeitLoss),
        _ => {
            let (rw, rb) = (
                t.entrant(white).unwrap().player.rating,
                t.entrant(black).unwrap().player.rating,
            );
            let result = random_result(rng, rw, rb);
            t.record_game(round, white, black, result);
            return;
        }
    };
    t.record_forfeit(round, white, black, forfeit);
}

/// A Swiss-like event: each round pairs the players present by score
/// (avoiding rematches where it can), gives the odd one the
/// pairing-allocated bye, and has requested byes, absences and withdrawals.
pub fn swiss(players: u32, rounds: u32, seed: u64) -> Tournament {
    let mut rng = Rng::new(seed);
    let mut t = base(players, rounds, &mut rng, "Individual: Swiss-System");
    let mut withdrawn = vec![false; players as usize + 1];
    for round in 1..=rounds {
        let mut present = Vec::new();
        for no in 1..=players {
            if withdrawn[no as usize] {
                t.set_cell(no, round, RoundEntry::unpaired(ResultCode::ZeroPointBye));
                continue;
            }
            match rng.below(60) {
                0 => t.set_cell(no, round, RoundEntry::unpaired(ResultCode::HalfPointBye)),
                1 => t.set_cell(no, round, RoundEntry::unpaired(ResultCode::ZeroPointBye)),
                2 => t.set_cell(no, round, RoundEntry::unpaired(ResultCode::ForfeitLoss)),
                3 if round > 1 => {
                    withdrawn[no as usize] = true;
                    t.set_cell(no, round, RoundEntry::unpaired(ResultCode::ZeroPointBye));
                }
                _ => present.push(no),
            }
        }
        let score = |t: &Tournament, no: u32| t.score_after(no, round - 1);
        present.sort_by_key(|&no| (std::cmp::Reverse(score(&t, no)), no));
        if present.len() % 2 == 1 {
            // The lowest player without a bye yet gets it.
            let had_bye = |no: u32| {
                (1..round).any(|r| {
                    t.entrant(no).unwrap().round(r).code == ResultCode::PairingAllocatedBye
                })
            };
            let index = (0..present.len())
                .rev()
                .find(|&i| !had_bye(present[i]))
                .unwrap_or(present.len() - 1);
            let bye = present.remove(index);
            t.set_cell(
                bye,
                round,
                RoundEntry::unpaired(ResultCode::PairingAllocatedBye),
            );
        }
        let met = |t: &Tournament, a: u32, b: u32| {
            (1..round).any(|r| t.entrant(a).unwrap().round(r).opponent == Some(b))
        };
        while !present.is_empty() {
            let a = present.remove(0);
            let partner = (0..present.len())
                .find(|&i| !met(&t, a, present[i]))
                .unwrap_or(0);
            let b = present.remove(partner);
            let (white, black) = if rng.chance(50) { (a, b) } else { (b, a) };
            play_board(&mut t, &mut rng, round, white, black);
        }
    }
    for e in &mut t.entrants {
        e.player.stated_points = Some(e.score_after(rounds, &t.points));
    }
    t
}

/// A round robin by the Berger tables (`cycles` times), with some forfeits.
pub fn round_robin(players: u32, cycles: u32, seed: u64) -> Tournament {
    let mut rng = Rng::new(seed);
    let rounds = (players + players % 2 - 1) * cycles;
    let mut t = base(players, rounds, &mut rng, "Individual: Round Robin");
    for round in 1..=rounds {
        for pairing in round_pairing(players, round, cycles).unwrap() {
            match pairing {
                Pairing::Game { white, black } => play_board(&mut t, &mut rng, round, white, black),
                Pairing::Bye(player) => {
                    t.set_cell(player, round, RoundEntry::unpaired(ResultCode::NotPaired))
                }
            }
        }
    }
    for e in &mut t.entrants {
        e.player.stated_points = Some(e.score_after(rounds, &t.points));
    }
    t
}

/// The sum of a player's points, for assertions.
pub fn total(t: &Tournament, no: u32) -> Points {
    t.score_after(no, t.rounds_in_file())
}
