//! A tournament as gacrux, FIDE TEC's tie-break checker, reads it; shared
//! with the command-line tests that check an event against gacrux.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use arbiter_rules::Color;
use arbiter_tournament::Tournament;
use arbiter_tournament::tiebreak::{Edition, Format};

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

/// The values gacrux gives: by start number, the rank and one value per
/// tie-break (`None` where gacrux prints `-0`, undefined).
pub type Table = BTreeMap<u32, (u32, Vec<Option<f64>>)>;

/// gacrux's standings of the TRF at `path` (written by [`for_gacrux`])
/// after `rounds` rounds, by `tiebreaks` (C.07's names) in `edition`.
pub fn gacrux(
    path: &Path,
    edition: Edition,
    format: Format,
    rounds: u32,
    tiebreaks: &[&str],
) -> Table {
    let version = match edition {
        Edition::Fide2024 => "V1",
        Edition::Fide2026 => "V2",
    };
    let output = Command::new("python3")
        .args(["-m", "gacrux.tiebreakchecker", "-i"])
        .arg(path)
        .args(["-o", "-", "-dT", "-r", "-n", &rounds.to_string()])
        .args(["-N", &rounds.to_string()])
        .arg(match format {
            Format::Swiss => "-s",
            Format::RoundRobin => "-p",
        })
        .arg("-t")
        .args(tiebreaks.iter().map(|t| format!("{t}/{version}")))
        .output()
        .expect("python3 runs (scripts/install-test-deps installs gacrux)");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && text.starts_with("Rank"),
        "gacrux failed on {}: {}{}",
        path.display(),
        text,
        String::from_utf8_lossy(&output.stderr)
    );
    text.lines()
        .skip(1)
        .filter(|l| !l.starts_with("Check"))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let values = fields[2..]
                .iter()
                .map(|v| match *v {
                    "-0" | "None" => None,
                    v => Some(v.parse::<f64>().expect("gacrux prints numbers")),
                })
                .collect();
            (
                fields[1].parse().unwrap(),
                (fields[0].parse().unwrap(), values),
            )
        })
        .collect()
}
