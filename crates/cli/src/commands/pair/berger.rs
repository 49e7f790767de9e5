//! `arbiter pair --berger`: the next round of a round robin from the Berger
//! tables, the players' start numbers being their pairing numbers.

use arbiter_tournament::berger::round_pairing;
use arbiter_tournament::{Pairing, Tournament};

use super::Refusal;

/// The round after the last one paired: a single round robin unless the file
/// plans more rounds (`XXR`) than one cycle has.
pub fn next_round(tournament: &Tournament) -> Result<Vec<Pairing>, Refusal> {
    let players = tournament.entrants.len() as u32;
    for (index, entrant) in tournament.entrants.iter().enumerate() {
        if entrant.player.start_no != index as u32 + 1 {
            return Err(Refusal::BadInput(format!(
                "a round robin needs start numbers 1 to {players}; {} is missing",
                index + 1
            )));
        }
    }
    if players < 2 {
        return Err(Refusal::NoPairing(
            "a round robin needs two players".to_string(),
        ));
    }
    let per_cycle = players + players % 2 - 1;
    let cycles = tournament
        .planned_rounds
        .map_or(1, |rounds| rounds.div_ceil(per_cycle).max(1));
    let round = tournament.rounds_paired() + 1;
    round_pairing(players, round, cycles).ok_or_else(|| {
        Refusal::NoPairing(format!(
            "round {round} is beyond the round robin's {} rounds",
            per_cycle * cycles
        ))
    })
}
