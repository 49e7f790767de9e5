//! Writing a [`Tournament`] as a TRF file that [`super::read`] reads back to
//! the same tournament.

use std::fmt::Write as _;

use arbiter_rules::Color;

use crate::points::PointSystem;
use crate::result::RoundEntry;
use crate::tournament::{Entrant, RequestedBye, Tournament};

/// Writes a tournament as TRF (TRF-16 columns, bbpPairings' extension lines
/// for what TRF-16 lacks), one line per record, LF line ends.
///
/// Header records come first, in their order; then the planned rounds (`XXR`),
/// the configuration (`XXC`), the point system when it is not FIDE's
/// (`BBW`…`BBU`), the players (`001`), accelerations (`XXA`), forbidden pairs
/// (`260`), requested byes (`240`) and players absent next round (`XXZ`).
///
/// The point system is written as record 162 and bbpPairings' six lines, which cannot say a
/// forfeit win, a full-point bye or a half-point bye scores other than a win
/// or a draw; those three values are written as the win and draw values.
pub fn write(tournament: &Tournament) -> String {
    write_with(tournament, false)
}

/// [`write`], with record 162 written even for FIDE's own point system
/// (`record_162`), as a TRF-2026 rating report states it.
pub(super) fn write_with(tournament: &Tournament, record_162: bool) -> String {
    let mut out = String::new();
    for record in &tournament.records {
        if record.text.is_empty() {
            let _ = writeln!(out, "{}", record.code);
        } else {
            let _ = writeln!(out, "{} {}", record.code, record.text);
        }
    }
    if let Some(rounds) = tournament.planned_rounds {
        let _ = writeln!(out, "XXR {rounds}");
    }
    let mut configuration = Vec::new();
    if tournament.pair_by_rank {
        configuration.push("rank");
    }
    match tournament.initial_colour {
        Some(Color::White) => configuration.push("white1"),
        Some(Color::Black) => configuration.push("black1"),
        None => {}
    }
    if !configuration.is_empty() {
        let _ = writeln!(out, "XXC {}", configuration.join(" "));
    }
    write_point_system(&mut out, &tournament.points, record_162);
    // With `XXC rank` the lines' order is the ranking: keep it.
    for entrant in tournament.in_pairing_order() {
        write_player(&mut out, entrant);
    }
    for entrant in &tournament.entrants {
        if entrant.accelerations.is_empty() {
            continue;
        }
        let _ = write!(out, "XXA {:>4}", entrant.player.start_no);
        for value in &entrant.accelerations {
            let _ = write!(out, " {value:>4}");
        }
        out.push('\n');
    }
    for pair in &tournament.forbidden_pairs {
        let _ = write!(out, "260");
        for number in pair {
            let _ = write!(out, " {number:>4}");
        }
        out.push('\n');
    }
    for (round, kind, players) in &tournament.requested_byes {
        let letter = match kind {
            RequestedBye::FullPoint => 'F',
            RequestedBye::HalfPoint => 'H',
            RequestedBye::ZeroPoint => 'Z',
        };
        let _ = write!(out, "240 {letter} {round:>3}");
        for number in players {
            let _ = write!(out, " {number:>4}");
        }
        out.push('\n');
    }
    if !tournament.absent_next_round.is_empty() {
        let _ = write!(out, "XXZ");
        for number in &tournament.absent_next_round {
            let _ = write!(out, " {number}");
        }
        out.push('\n');
    }
    out
}

fn write_point_system(out: &mut String, points: &PointSystem, record_162: bool) {
    let fide = PointSystem::FIDE;
    let representable_default = points.win == fide.win
        && points.draw == fide.draw
        && points.loss == fide.loss
        && points.zero_point_bye == fide.zero_point_bye
        && points.forfeit_loss == fide.forfeit_loss
        && points.pairing_allocated_bye == points.win;
    if representable_default && !record_162 {
        return;
    }
    // Record 162 (TRF-2026) for the programs that read it, in the columns
    // bbpPairings and gacrux read (a letter every nine columns from 6), then
    // bbpPairings' own lines, which also tell a zero-point bye from a
    // forfeit loss.
    let _ = writeln!(
        out,
        "162  W{:>4}    D{:>4}    L{:>4}    Z{:>4}    P{:>4}",
        points.win, points.draw, points.loss, points.zero_point_bye, points.pairing_allocated_bye
    );
    if representable_default {
        return;
    }
    let _ = writeln!(out, "BBW {:>4}", points.win);
    let _ = writeln!(out, "BBD {:>4}", points.draw);
    let _ = writeln!(out, "BBL {:>4}", points.loss);
    let _ = writeln!(out, "BBZ {:>4}", points.zero_point_bye);
    let _ = writeln!(out, "BBF {:>4}", points.forfeit_loss);
    let _ = writeln!(out, "BBU {:>4}", points.pairing_allocated_bye);
}

/// Pads or cuts `text` to exactly `width` characters, left-aligned.
fn fixed(text: &str, width: usize) -> String {
    let mut s: String = text.chars().take(width).collect();
    let len = s.chars().count();
    s.extend(std::iter::repeat_n(' ', width - len));
    s
}

fn write_player(out: &mut String, entrant: &Entrant) {
    let p = &entrant.player;
    let mut line = String::with_capacity(100 + 10 * entrant.rounds.len());
    let _ = write!(line, "001 {:>4} ", p.start_no);
    line.push(p.sex.unwrap_or(' '));
    let title = p.title.as_deref().unwrap_or("");
    let _ = write!(line, "{:>3} ", fixed(title, 3).trim_end());
    line.push_str(&fixed(&p.name, 33));
    line.push(' ');
    if p.rating > 0 {
        let _ = write!(line, "{:>4}", p.rating % 10_000);
    } else {
        line.push_str("    ");
    }
    line.push(' ');
    line.push_str(&fixed(&p.federation, 3));
    line.push(' ');
    match p.fide_id {
        Some(id) => {
            let _ = write!(line, "{:>11}", id % 100_000_000_000);
        }
        None => line.push_str(&" ".repeat(11)),
    }
    line.push(' ');
    line.push_str(&fixed(&p.birth, 10));
    line.push(' ');
    match p.stated_points {
        Some(points) => {
            let _ = write!(line, "{:>4}", fixed(&points.to_string(), 4).trim_end());
        }
        None => line.push_str("    "),
    }
    line.push(' ');
    match p.stated_rank {
        Some(rank) => {
            let _ = write!(line, "{:>4}", rank % 10_000);
        }
        None => line.push_str("    "),
    }
    for entry in &entrant.rounds {
        line.push_str("  ");
        write_round(&mut line, entry);
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

fn write_round(line: &mut String, entry: &RoundEntry) {
    match entry.opponent {
        Some(opponent) => {
            let _ = write!(line, "{:>4}", opponent % 10_000);
        }
        None if *entry == RoundEntry::NOT_PAIRED => line.push_str("    "),
        None => line.push_str("0000"),
    }
    line.push(' ');
    line.push(match entry.colour {
        Some(Color::White) => 'w',
        Some(Color::Black) => 'b',
        None if *entry == RoundEntry::NOT_PAIRED => ' ',
        None => '-',
    });
    line.push(' ');
    line.push(entry.code.to_char());
}
