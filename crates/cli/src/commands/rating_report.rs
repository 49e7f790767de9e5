//! `arbiter rating-report`: a TRF tournament as the rating report FIDE's
//! rating officers take (TRF-16 or TRF-2026, UTF-8). The format is
//! documented in `docs/tournaments.md`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter_pgn::Date;
use arbiter_tournament::trf::{self, TrfEdition};

/// Arguments of `arbiter rating-report`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament, as a TRF file.
    trf: PathBuf,
    /// The edition of the TRF to write: 2026 (with record 162) or 16.
    #[arg(long, default_value = "2026", value_parser = ["2026", "16"])]
    trf_edition: String,
    /// The rounds' dates in order, separated by commas (e.g.
    /// 2026-03-01,2026-03-02); default: the file's record 132.
    #[arg(long, value_delimiter = ',')]
    round_dates: Vec<String>,
    /// Where to write the report (default: standard output).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let dates = args
        .round_dates
        .iter()
        .map(|d| Date::parse_lenient(d).with_context(|| format!("{d:?} is not a date")))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let bytes =
        std::fs::read(&args.trf).with_context(|| format!("cannot read {}", args.trf.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let tournament = match trf::read(&text) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("arbiter: {}: {e}", args.trf.display());
            return Ok(ExitCode::from(3));
        }
    };
    let edition = match args.trf_edition.as_str() {
        "16" => TrfEdition::Trf16,
        _ => TrfEdition::Trf2026,
    };
    let report = match trf::rating_report(&tournament, edition, &dates) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("arbiter: {}: {e}", args.trf.display());
            return Ok(ExitCode::from(3));
        }
    };
    match args.output {
        Some(path) => std::fs::write(&path, report)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => print!("{report}"),
    }
    Ok(ExitCode::SUCCESS)
}
