//! What the event itself is for the norms: a round robin, a double round
//! robin, a Swiss exempt from the federation requirements (1.4.3 d), or a
//! Swiss of those 1.5.6 asks a title application to include.

use std::collections::BTreeSet;

use super::games::UNRATED;
use super::title::{NormTitle, Title};
use crate::result::ResultCode;
use crate::tournament::{Entrant, Tournament};

/// 1.5.6: a Swiss of at least this many players every round…
const SWISS_1_5_6_PLAYERS: usize = 40;
/// … whose average rating is at least this.
const SWISS_1_5_6_AVERAGE: u64 = 2000;

/// Whether the event is a round robin, whose pairings are fixed in
/// advance (record `092`, the type of tournament).
pub(crate) fn predetermined_pairings(tournament: &Tournament) -> bool {
    tournament.record("092").is_some_and(|kind| {
        let kind = kind.to_ascii_lowercase();
        kind.contains("round robin") || kind.contains("round-robin") || kind.contains("berger")
    })
}

/// Whether the round robin is a double one: record `092` says so, or the
/// rounds planned (`XXR`) are two cycles of its players.
pub(super) fn double_round_robin(tournament: &Tournament) -> bool {
    if !predetermined_pairings(tournament) {
        return false;
    }
    let said = tournament
        .record("092")
        .is_some_and(|kind| kind.to_ascii_lowercase().contains("double"));
    let players = tournament.entrants.len() as u32;
    // n players play n − 1 rounds a cycle, or n when one of them rests
    // (none before anyone has entered).
    let cycle = if players.is_multiple_of(2) {
        players.saturating_sub(1)
    } else {
        players
    };
    said || (cycle > 0 && tournament.planned_rounds == Some(2 * cycle))
}

/// The players who count as taking part in every round for 1.4.3 d and
/// 1.5.6: those who missed at most one round, a pairing-allocated bye (or
/// a forfeit win, where the player came) not counted as missed.
fn in_every_round(tournament: &Tournament, rounds: u32) -> impl Iterator<Item = &Entrant> {
    tournament.entrants.iter().filter(move |e| {
        let missed = (1..=rounds)
            .filter(|&r| {
                let cell = e.round(r);
                !cell.is_played()
                    && !matches!(
                        cell.code,
                        ResultCode::PairingAllocatedBye | ResultCode::ForfeitWin
                    )
            })
            .count();
        missed <= 1
    })
}

/// 1.4.3 d: a Swiss whose participants include at least 20 FIDE-rated
/// players not from the host federation, from at least 3 federations, at
/// least 10 of them GMs, IMs, WGMs or WIMs, each counted when he took part
/// in every round ([`in_every_round`]).
pub(super) fn swiss_exemption(tournament: &Tournament, host: &str, rounds: u32) -> bool {
    if predetermined_pairings(tournament) {
        return false;
    }
    let counted: Vec<&Entrant> = in_every_round(tournament, rounds)
        .filter(|e| {
            let p = &e.player;
            let federation = p.federation.trim();
            p.rating > 0
                && !federation.is_empty()
                && !federation.eq_ignore_ascii_case("FID")
                && !federation.eq_ignore_ascii_case(host)
        })
        .collect();
    let federations: BTreeSet<&str> = counted.iter().map(|e| e.player.federation.trim()).collect();
    let titled = counted
        .iter()
        .filter(|e| {
            e.player
                .title
                .as_deref()
                .and_then(Title::parse)
                .is_some_and(|t| NormTitle::Wim.holder(t))
        })
        .count();
    counted.len() >= 20 && federations.len() >= 3 && titled >= 10
}

/// 1.5.6's Swiss: an individual Swiss in which every round has at least
/// 40 players, averaging at least 2000, each counted when he took part in
/// every round ([`in_every_round`]). An unrated player counts at 1400, as
/// for an opponent (1.4.6 d).
pub(super) fn swiss_of_1_5_6(tournament: &Tournament, rounds: u32) -> bool {
    if predetermined_pairings(tournament) || rounds == 0 {
        return false;
    }
    let ratings: Vec<u64> = in_every_round(tournament, rounds)
        .map(|e| {
            u64::from(if e.player.rating == 0 {
                UNRATED
            } else {
                e.player.rating
            })
        })
        .collect();
    ratings.len() >= SWISS_1_5_6_PLAYERS
        && ratings.iter().sum::<u64>() >= SWISS_1_5_6_AVERAGE * ratings.len() as u64
}
