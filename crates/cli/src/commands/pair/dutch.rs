//! `arbiter pair --dutch`: pairing and checking by the Dutch system.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_tournament::dutch::{self, Acceleration, Board};
use arbiter_tournament::{Pairing, StartNo, Tournament, trf, write_pairings};

use super::{BAD_INPUT, NO_PAIRING, PAIRED};

/// How the rounds are paired, and what is written beside.
#[derive(Debug, Clone)]
pub struct Options {
    /// Baku acceleration.
    pub baku: bool,
    /// Where to write the check-list of the rounds paired.
    pub checklist: Option<PathBuf>,
}

impl Options {
    fn acceleration(&self) -> Acceleration {
        Acceleration { baku: self.baku }
    }

    /// Writes the check-lists of `rounds`, when asked for.
    fn write_checklist(
        &self,
        t: &Tournament,
        rounds: impl IntoIterator<Item = u32>,
    ) -> anyhow::Result<()> {
        let Some(path) = &self.checklist else {
            return Ok(());
        };
        let mut text = String::new();
        for round in rounds {
            match dutch::checklist(t, round, self.acceleration()) {
                Ok(table) => text.push_str(&table),
                Err(e) => text.push_str(&format!("Round {round}\n{e}\n")),
            }
            text.push('\n');
        }
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
    }
}

/// Reads a tournament, or says why not (exit status 3).
pub fn read(path: &Path) -> Result<Tournament, ExitCode> {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("arbiter: cannot read {}: {e}", path.display());
            return Err(ExitCode::from(BAD_INPUT));
        }
    };
    trf::read(&text).map_err(|e| {
        eprintln!("arbiter: {}: {e}", path.display());
        ExitCode::from(BAD_INPUT)
    })
}

/// The pairs as JaVaFo and bbpPairings print them: the number of pairs,
/// then `WHITE BLACK` start numbers a line, `N 0` for the bye.
pub fn format(boards: &[Board]) -> String {
    let start_no = |id: usize| id as StartNo + 1;
    let pairings: Vec<Pairing> = boards
        .iter()
        .map(|b| match b.black {
            Some(black) => Pairing::Game {
                white: start_no(b.white),
                black: start_no(black),
            },
            None => Pairing::Bye(start_no(b.white)),
        })
        .collect();
    write_pairings(&pairings)
}

pub fn pair_next(input: &Path, out: Option<&Path>, options: &Options) -> anyhow::Result<ExitCode> {
    let t = match read(input) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let round = dutch::rounds_paired(&t) + 1;
    if let Some(planned) = t.planned_rounds
        && round > planned
    {
        eprintln!(
            "arbiter: {}: all {planned} rounds are paired already",
            input.display()
        );
        return Ok(ExitCode::from(BAD_INPUT));
    }
    options.write_checklist(&t, [round])?;
    let view = dutch::round_to_pair(&t, round, options.acceleration());
    match dutch::pair(&view) {
        Ok(boards) => {
            let text = format(&boards);
            match out {
                Some(path) => std::fs::write(path, text)
                    .with_context(|| format!("cannot write {}", path.display()))?,
                None => print!("{text}"),
            }
            Ok(ExitCode::from(PAIRED))
        }
        Err(e) => {
            eprintln!("arbiter: round {round}: {e}");
            Ok(ExitCode::from(NO_PAIRING))
        }
    }
}

pub fn check(input: &Path, options: &Options) -> anyhow::Result<ExitCode> {
    let t = match read(input) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let report = dutch::check(&t, options.acceleration());
    options.write_checklist(&t, report.iter().map(|r| r.round))?;
    for round in &report {
        for line in &round.differences {
            println!("round {}: {line}", round.round);
        }
    }
    let agreeing = report.iter().filter(|r| r.differences.is_empty()).count();
    println!("{agreeing} of {} rounds agree", report.len());
    Ok(ExitCode::from(if agreeing == report.len() {
        PAIRED
    } else {
        NO_PAIRING
    }))
}
