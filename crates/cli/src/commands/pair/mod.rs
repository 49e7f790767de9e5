//! `arbiter pair`: the next round of a TRF tournament, in the command-line
//! form of the FIDE-endorsed pairing engines (JaVaFo, bbpPairings), so that a
//! tournament manager or server can call Arbiter in their place. The output
//! and exit statuses are documented in `docs/tournaments.md`.
//!
//! Each pairing system is a flag and a module of its own: `--dutch`
//! (`dutch.rs`, with the checker and the generator), `--berger`
//! (`berger.rs`).

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
#[command(group(clap::ArgGroup::new("system").required(true)))]
#[command(group(clap::ArgGroup::new("mode").required(true)))]
pub struct Args {
    /// Pair by the FIDE (Dutch) system, C.04.3.
    #[arg(long, group = "system")]
    dutch: bool,
    /// Round robin by the Berger tables (FIDE C.05 Annex 1).
    #[arg(long, group = "system", conflicts_with_all = ["check", "generate"])]
    berger: bool,
    /// The tournament (TRF-2026 or TRF-16, with bbpPairings' extension lines).
    input: Option<PathBuf>,
    /// Pair the next round; print the pairs to OUT, or to standard output.
    #[arg(short = 'p', num_args = 0..=1, value_name = "OUT", group = "mode")]
    pairings: Option<Option<PathBuf>>,
    /// Check the file: re-pair every played round and list where the file
    /// differs, with the criterion that decides it.
    #[arg(short = 'c', group = "mode")]
    check: bool,
    /// Generate a random tournament (FIDE C.04.A), paired by Arbiter; CONFIG
    /// sets its size and rates (`PlayersNumber=…`, `RoundsNumber=…`).
    #[arg(short = 'g', num_args = 0..=1, value_name = "CONFIG", group = "mode")]
    generate: Option<Option<PathBuf>>,
    /// Where the generated tournament is written.
    #[arg(short = 'o', value_name = "OUT.trf", requires = "generate")]
    output: Option<PathBuf>,
    /// The generator's seed (default: from the clock).
    #[arg(short = 's', value_name = "SEED", requires = "generate")]
    seed: Option<u64>,
    /// Baku acceleration (C.04.5.1), unless the file gives accelerations.
    #[arg(long)]
    baku: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(config) = &args.generate {
        return generate::run(
            config.as_deref(),
            args.output.as_deref(),
            args.seed,
            args.baku,
        );
    }
    let Some(input) = &args.input else {
        eprintln!("arbiter: pair: a tournament file is needed");
        return Ok(ExitCode::from(BAD_INPUT));
    };
    let out = args.pairings.flatten();
    if args.berger {
        return pair_berger(input, out.as_deref());
    }
    let options = dutch::Options { baku: args.baku };
    if args.check {
        return dutch::check(input, options);
    }
    dutch::pair_next(input, out.as_deref(), options)
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
