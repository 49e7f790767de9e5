//! A tournament as gacrux, FIDE TEC's tie-break checker, reads it; shared
//! with the command-line tests that check an event against gacrux.

use arbiter_rules::Color;
use arbiter_tournament::Tournament;

/// The tournament as gacrux can read it: cut to the rounds the standings are
/// after (gacrux counts later rounds' pre-entered byes, and its Fore
/// Buchholz fails on them), and with a colour on forfeits that have none
/// (TRF allows `-`; gacrux stops at it). Neither changes a tie-break: rounds
/// after the standings are not counted, and forfeits count no colour.
pub fn for_gacrux(tournament: &Tournament, rounds: u32) -> Tournament {
    let mut t = tournament.clone();
    let system = t.points;
    for e in &mut t.entrants {
        e.rounds.truncate(rounds as usize);
        e.player.stated_points = Some(e.score_after(rounds, &system));
        let me = e.player.start_no;
        for cell in &mut e.rounds {
            if let (Some(opponent), None) = (cell.opponent, cell.colour) {
                cell.colour = Some(if me < opponent {
                    Color::White
                } else {
                    Color::Black
                });
            }
        }
    }
    t
}
