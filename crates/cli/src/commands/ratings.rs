//! `arbiter ratings`: the FIDE rating change of every player of a TRF
//! tournament (Rating Regulations B.02). The format is documented in
//! `docs/tournaments.md`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter_messages::english;
use arbiter_tournament::Decimal;
use arbiter_tournament::rating::{KFactors, rating_changes};

/// Arguments of `arbiter ratings`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament, as a TRF file.
    trf: PathBuf,
    /// Players' K from the rating list (B.02 8.3.3): one a line, a FIDE
    /// id or a start number, then K (e.g. `4100018 40` for a new player).
    #[arg(long)]
    k_factors: Option<PathBuf>,
    /// One JSON object per player instead of tab-separated columns.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Some(tournament) = super::read_trf(&args.trf)? else {
        return Ok(ExitCode::from(3));
    };
    let given = match &args.k_factors {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            KFactors::parse(&text, &tournament).with_context(|| path.display().to_string())?
        }
        None => KFactors::default(),
    };
    let lines = rating_changes(&tournament, &given);
    let mut out = String::new();
    if args.json {
        for line in &lines {
            let _ = writeln!(out, "{}", serde_json::to_string(line)?);
        }
    } else {
        out.push_str("StartNo\tName\tRating\tK\tGames\tScore\tExpected\tChange\tNewRating\tNote\n");
        for line in &lines {
            let dash = || "-".to_string();
            let _ = writeln!(
                out,
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                line.start_no,
                line.name,
                line.rating.map_or_else(dash, |r| r.to_string()),
                line.k.map_or_else(dash, |k| k.k.to_string()),
                line.games,
                line.score(),
                line.expected
                    .map_or_else(dash, |e| Decimal::hundredths(i64::from(e)).to_string()),
                line.change
                    .map_or_else(dash, |c| Decimal::hundredths(c).to_string()),
                line.new_rating.map_or_else(dash, |r| r.to_string()),
                line.note.as_ref().map_or_else(String::new, |n| format!(
                    "{}: {}",
                    n.rule(),
                    english().render(n)
                )),
            );
        }
    }
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
