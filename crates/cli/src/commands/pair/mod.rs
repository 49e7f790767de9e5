//! `arbiter pair`: the next round of a tournament file, in the command-line
//! form of the FIDE-endorsed pairing engines (JaVaFo, bbpPairings), so that a
//! tournament manager or server can call Arbiter in their place.

use std::path::PathBuf;
use std::process::ExitCode;

mod dutch;
mod generate;

/// Arguments of `arbiter pair`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("system").required(true)))]
#[command(group(clap::ArgGroup::new("mode").required(true)))]
pub struct Args {
    /// Pair by the FIDE (Dutch) system, C.04.3.
    #[arg(long, group = "system")]
    dutch: bool,
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

/// Exit status: paired (or the check agreed).
pub const PAIRED: u8 = 0;
/// Exit status: no pairing meets the absolute criteria (or the check found
/// differences).
pub const NO_PAIRING: u8 = 1;
/// Exit status: the input could not be read.
pub const BAD_INPUT: u8 = 3;

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
    let options = dutch::Options { baku: args.baku };
    if args.check {
        return dutch::check(input, options);
    }
    dutch::pair_next(input, args.pairings.flatten().as_deref(), options)
}
