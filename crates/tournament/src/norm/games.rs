//! The games a norm is computed from (B.01 1.4.2).

use arbiter_rules::PlayerResult;

use super::title::Title;
use crate::player::StartNo;
use crate::result::ResultCode;
use crate::tournament::{Entrant, Tournament};

/// The rating an unrated opponent counts at (1.4.6).
pub const UNRATED: u32 = 1400;

/// One game of the norm's player, with what the norm reads of his opponent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NormGame {
    /// The round, from 1.
    pub round: u32,
    /// The opponent's start number.
    pub opponent: StartNo,
    /// The opponent's rating at the start of the event (1.4.6 a), 1400
    /// when he has none.
    pub rating: u32,
    /// The opponent's title, if any.
    pub title: Option<Title>,
    /// The opponent's federation as the file writes it; `FID` and blank
    /// are no federation for the federation requirements (1.4.2 a).
    pub federation: String,
    /// The player's result.
    pub result: PlayerResult,
}

impl NormGame {
    /// The opponent's federation, unless it is none for the federation
    /// requirements: `FID` players "are accepted, but do not count as
    /// foreign players" (1.4.2 a), nor does a blank federation.
    pub fn federation(&self) -> Option<&str> {
        let f = self.federation.trim();
        (!f.is_empty() && !f.eq_ignore_ascii_case("FID")).then_some(f)
    }
}

/// What one round of the event is for a norm's player.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NormRound {
    /// A game counted (1.4.2: played over the board, `1`, `=` or `0`).
    Game(NormGame),
    /// A round with no game that he did not choose: a forfeit win or the
    /// pairing-allocated bye, which 1.4.1 c lets a 9-round event's norm
    /// stand in for.
    NotChosen,
    /// Any other round: a bye asked for, a forfeit lost, an absence, or a
    /// game the file says is not rated.
    Other,
}

/// The rounds 1 to `rounds` of `entrant`, as the norm reads them.
///
/// 1.4.2 c: "games decided by forfeit, adjudication or any means other
/// than over-the-board play" are not included, so a `+`/`-` cell is no
/// game; `W`/`D`/`L`, games the file itself says are not rated, are left
/// out too (a norm is a rated result). 1.4.2 b: in a round robin, a game
/// against an unrated opponent who scored nothing against rated
/// opponents is not included either.
pub fn norm_rounds(tournament: &Tournament, entrant: &Entrant, rounds: u32) -> Vec<NormRound> {
    let round_robin = super::predetermined_pairings(tournament);
    (1..=rounds)
        .map(|round| {
            let cell = entrant.round(round);
            let result = match cell.code {
                ResultCode::Win => PlayerResult::Win,
                ResultCode::Draw => PlayerResult::Draw,
                ResultCode::Loss => PlayerResult::Loss,
                ResultCode::ForfeitWin | ResultCode::PairingAllocatedBye => {
                    return NormRound::NotChosen;
                }
                _ => return NormRound::Other,
            };
            let Some(opponent) = cell.opponent.and_then(|o| tournament.entrant(o)) else {
                return NormRound::Other;
            };
            if round_robin && scored_nothing_unrated(tournament, opponent, rounds) {
                return NormRound::Other;
            }
            let p = &opponent.player;
            NormRound::Game(NormGame {
                round,
                opponent: p.start_no,
                rating: if p.rating == 0 { UNRATED } else { p.rating },
                title: p.title.as_deref().and_then(Title::parse),
                federation: p.federation.clone(),
                result,
            })
        })
        .collect()
}

/// 1.4.2 b: an unrated player who scored no point against the rated
/// players of the event (over its games played, rounds 1 to `rounds`).
fn scored_nothing_unrated(tournament: &Tournament, player: &Entrant, rounds: u32) -> bool {
    player.player.rating == 0
        && (1..=rounds).all(|round| {
            let cell = player.round(round);
            let against_rated = cell
                .opponent
                .and_then(|o| tournament.entrant(o))
                .is_some_and(|o| o.player.rating > 0);
            !(cell.is_played()
                && against_rated
                && matches!(
                    cell.code,
                    ResultCode::Win
                        | ResultCode::Draw
                        | ResultCode::UnratedWin
                        | ResultCode::UnratedDraw
                ))
        })
}
