//! `arbiter pair`: the next round of a TRF tournament, command-line
//! compatible with bbpPairings and JaVaFo (`--berger IN.trf -p [OUT]`). The
//! output and exit statuses are documented in `docs/tournaments.md`.
//!
//! Each pairing system is a flag and a module of its own: `--berger`
//! (`berger.rs`); the Dutch system joins as `--dutch`.

mod berger;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_tournament::{Pairing, Tournament, trf, write_pairings};

/// Exit status: the round is paired.
const PAIRED: u8 = 0;
/// Exit status: no valid pairing exists (as bbpPairings).
const NO_PAIRING: u8 = 1;
/// Exit status: the input does not read (as bbpPairings).
const BAD_INPUT: u8 = 3;

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
#[command(group(clap::ArgGroup::new("system").required(true).args(["berger"])))]
pub struct Args {
    /// Round robin by the Berger tables (FIDE C.05 Annex 1).
    #[arg(long)]
    berger: bool,
    /// The tournament, as a TRF file.
    input: PathBuf,
    /// Pair the next round and write it to OUT (standard output without OUT).
    #[arg(short = 'p', value_name = "OUT", num_args = 0..=1, default_missing_value = "-")]
    pairings: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let tournament = match read(&args.input) {
        Ok(t) => t,
        Err(message) => {
            eprintln!("arbiter: {message}");
            return Ok(ExitCode::from(BAD_INPUT));
        }
    };
    // clap lets exactly one system flag through; each system answers with a
    // pairing or a refusal.
    debug_assert!(args.berger);
    let pairing = berger::next_round(&tournament);
    let pairing = match pairing {
        Ok(pairing) => pairing,
        Err(Refusal::BadInput(message)) => {
            eprintln!("arbiter: {}: {message}", args.input.display());
            return Ok(ExitCode::from(BAD_INPUT));
        }
        Err(Refusal::NoPairing(message)) => {
            eprintln!("arbiter: {}: {message}", args.input.display());
            return Ok(ExitCode::from(NO_PAIRING));
        }
    };
    write(args.pairings.as_deref(), &pairing)?;
    Ok(ExitCode::from(PAIRED))
}

/// Reads a TRF file (any encoding: bytes that are not UTF-8 are replaced,
/// names only suffer).
fn read(path: &Path) -> Result<Tournament, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    trf::read(&String::from_utf8_lossy(&bytes)).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes the pairing in bbpPairings' form, to a file or standard output.
fn write(out: Option<&Path>, pairing: &[Pairing]) -> anyhow::Result<()> {
    let text = write_pairings(pairing);
    match out {
        Some(path) if path != Path::new("-") => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        _ => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}
