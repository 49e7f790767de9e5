//! `arbiter pair`: the next round of a TRF tournament, in the command-line
//! form of the FIDE-endorsed pairing engines (JaVaFo, bbpPairings), so that a
//! tournament manager or server can call Arbiter in their place. The output
//! and exit statuses are documented in `docs/tournaments.md`.
//!
//! Each pairing system is a flag and a module of its own: `--dutch`
//! (`dutch.rs`, with the checker and the generator), `--berger`
//! (`berger.rs`). The Dutch system, the one FIDE endorses programs for, is
//! the default: a standard invocation pairs by it (the SPP's Verification
//! Check List, VCL.01-VCL.03).

mod berger;
mod dutch;
mod generate;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_tournament::{Pairing, write_pairings};

/// Exit status: paired (or the check agreed).
pub const PAIRED: u8 = 0;
/// Exit status: no pairing meets the absolute criteria (or the check found
/// differences).
pub const NO_PAIRING: u8 = 1;
/// Exit status: the input could not be read.
pub const BAD_INPUT: u8 = 3;

/// Why a pairing system gives no pairing.
#[derive(Debug)]
pub enum Refusal {
    /// The file does not suit the system (exit status 3).
    BadInput(String),
    /// No valid pairing exists (exit status 1).
    NoPairing(String),
}

/// Arguments of `arbiter pair`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("system")))]
#[command(group(clap::ArgGroup::new("mode")))]
pub struct Args {
    /// Pair by the FIDE (Dutch) system, C.04.3: the default.
    #[arg(long, group = "system")]
    dutch: bool,
    /// Round robin by the Berger tables (FIDE C.05 Annex 1).
    #[arg(long, group = "system", conflicts_with_all = ["check", "generate", "checklist"])]
    berger: bool,
    /// The tournament (TRF-2026 or TRF-16, with bbpPairings' extension
    /// lines); with `-g`, the model tournament.
    input: Option<PathBuf>,
    /// Pair the next round; print the pairs to OUT, or to standard output.
    #[arg(short = 'p', num_args = 0..=1, value_name = "OUT", group = "mode")]
    pairings: Option<Option<PathBuf>>,
    /// Check the file: re-pair every played round and list where the file
    /// differs, with the criterion that decides it.
    #[arg(short = 'c', group = "mode")]
    check: bool,
    /// Generate a random tournament (FIDE C.04.A), paired by Arbiter; CONFIG
    /// sets its size and rates (`PlayersNumber=…`, `RoundsNumber=…`), or
    /// the tournament given before `-g` is the model: its players, rounds
    /// and rates.
    #[arg(short = 'g', num_args = 0..=1, value_name = "CONFIG", group = "mode")]
    generate: Option<Option<PathBuf>>,
    /// Where the generated tournament is written.
    #[arg(short = 'o', value_name = "OUT.trf", requires = "generate")]
    output: Option<PathBuf>,
    /// The generator's seed (default: from the clock).
    #[arg(short = 's', value_name = "SEED", requires = "generate")]
    seed: Option<u64>,
    /// With `-p` or `-c`: write the check-list of each round paired (every
    /// player's pairing card and opponent) to LIST, by default the input
    /// file with the extension `.list`.
    #[arg(short = 'l', num_args = 0..=1, value_name = "LIST", conflicts_with = "generate")]
    checklist: Option<Option<PathBuf>>,
    /// Print the release and the pairing rules it implements.
    #[arg(short = 'r')]
    release: bool,
    /// Baku acceleration (C.04.5.1), unless the file gives accelerations.
    #[arg(long)]
    baku: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.release {
        println!("{}", release());
    }
    if let Some(config) = &args.generate {
        if config.is_some() && args.input.is_some() {
            eprintln!("arbiter: pair -g: give a model tournament or a configuration, not both");
            return Ok(ExitCode::from(BAD_INPUT));
        }
        let source = match (config, &args.input) {
            (Some(path), _) => generate::Source::Config(path),
            (None, Some(model)) => generate::Source::Model(model),
            (None, None) => generate::Source::Random,
        };
        return generate::run(source, args.output.as_deref(), args.seed, args.baku);
    }
    if args.pairings.is_none() && !args.check {
        if args.release {
            return Ok(ExitCode::from(PAIRED));
        }
        eprintln!("arbiter: pair: say what to do: -p (pair), -c (check) or -g (generate)");
        return Ok(ExitCode::from(BAD_INPUT));
    }
    let Some(input) = &args.input else {
        eprintln!("arbiter: pair: a tournament file is needed");
        return Ok(ExitCode::from(BAD_INPUT));
    };
    let out = args.pairings.flatten();
    if args.berger {
        return pair_berger(input, out.as_deref());
    }
    let checklist = args
        .checklist
        .map(|path| path.unwrap_or_else(|| input.with_extension("list")));
    let options = dutch::Options {
        baku: args.baku,
        checklist,
    };
    if args.check {
        return dutch::check(input, &options);
    }
    dutch::pair_next(input, out.as_deref(), &options)
}

/// What `-r` prints: the program, its release, and the rules it pairs by.
fn release() -> String {
    format!(
        "Arbiter {}: FIDE (Dutch) System, C.04.3 (the rules in force from 2026); \
         Baku acceleration, C.04.5.1; Berger tables, C.05 Annex 1",
        env!("CARGO_PKG_VERSION")
    )
}

/// `--berger -p`: the next round of a round robin.
fn pair_berger(input: &Path, out: Option<&Path>) -> anyhow::Result<ExitCode> {
    let tournament = match dutch::read(input) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    match berger::next_round(&tournament) {
        Ok(pairing) => {
            write(out, &pairing)?;
            Ok(ExitCode::from(PAIRED))
        }
        Err(Refusal::BadInput(message)) => {
            eprintln!("arbiter: {}: {message}", input.display());
            Ok(ExitCode::from(BAD_INPUT))
        }
        Err(Refusal::NoPairing(message)) => {
            eprintln!("arbiter: {}: {message}", input.display());
            Ok(ExitCode::from(NO_PAIRING))
        }
    }
}

/// Writes a pairing in bbpPairings' form, to a file or standard output.
fn write(out: Option<&Path>, pairing: &[Pairing]) -> anyhow::Result<()> {
    let text = write_pairings(pairing);
    match out {
        Some(path) if path != Path::new("-") => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        _ => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}
