//! `arbiter standings`: a TRF tournament's ranking by an ordered list of
//! FIDE tie-breaks (C.07). The format is documented in `docs/tournaments.md`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_tournament::tiebreak::{self, Edition, Format, Options, Tiebreak};

/// Arguments of `arbiter standings`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament, as a TRF file.
    trf: PathBuf,
    /// The tie-breaks, in order, separated by commas (e.g. PTS,BH/C1,BH,SB,DE).
    #[arg(long, value_delimiter = ',', default_value = "PTS")]
    tiebreaks: Vec<String>,
    /// The edition of FIDE's tie-break rules: 2024 (in force from 1 August
    /// 2024) or 2026 (from 1 March 2026). Default: the one in force on the
    /// tournament's start date.
    #[arg(long)]
    tiebreak_rules: Option<String>,
    /// Treat the event as a round robin or a Swiss (default: as the file
    /// declares, or as its size suggests).
    #[arg(long, value_parser = ["swiss", "round-robin"])]
    format: Option<String>,
    /// The rating given to unrated players for ARO, TPR, PTP, APRO and APPO
    /// (without it, those are undefined when anyone is unrated).
    #[arg(long)]
    unrated_rating: Option<u32>,
    /// The standings after this round (default: the last one paired).
    #[arg(long)]
    after_round: Option<u32>,
    /// One JSON object per player instead of tab-separated columns.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let tiebreaks = args
        .tiebreaks
        .iter()
        .map(|name| name.parse::<Tiebreak>())
        .collect::<Result<Vec<_>, _>>()?;
    let edition = args
        .tiebreak_rules
        .as_deref()
        .map(str::parse::<Edition>)
        .transpose()?;
    let Some(tournament) = super::read_trf(&args.trf)? else {
        return Ok(ExitCode::from(3));
    };
    let options = Options {
        edition,
        format: args.format.as_deref().map(|f| match f {
            "round-robin" => Format::RoundRobin,
            _ => Format::Swiss,
        }),
        unrated_rating: args.unrated_rating,
        after_round: args.after_round,
    };
    let standings = tiebreak::standings(&tournament, &tiebreaks, &options);
    // Who each start number is: his rating and federation as the file
    // gives them (0 and empty when it gives none).
    let player = |start_no| tournament.entrant(start_no).map(|e| &e.player);
    let rating = |start_no| player(start_no).map_or(0, |p| p.rating);
    let federation = |start_no| player(start_no).map_or("", |p| p.federation.as_str());
    let mut out = String::new();
    if args.json {
        for row in &standings.rows {
            let line = JsonRow {
                rank: row.rank,
                start_no: row.start_no,
                name: &row.name,
                rating: rating(row.start_no),
                federation: federation(row.start_no),
                tiebreaks: InOrder(
                    standings
                        .tiebreaks
                        .iter()
                        .zip(&row.values)
                        .map(|(t, v)| (t.to_string(), json_number(*v)))
                        .collect(),
                ),
            };
            let line = serde_json::to_string(&line)?;
            let _ = writeln!(out, "{line}");
        }
    } else {
        out.push_str("Rank\tStartNo\tName\tRating\tFed");
        for t in &standings.tiebreaks {
            let _ = write!(out, "\t{t}");
        }
        out.push('\n');
        for row in &standings.rows {
            let _ = write!(
                out,
                "{}\t{}\t{}\t{}\t{}",
                row.rank,
                row.start_no,
                row.name,
                rating(row.start_no),
                federation(row.start_no)
            );
            for value in &row.values {
                match value {
                    Some(v) => {
                        let _ = write!(out, "\t{v}");
                    }
                    None => out.push_str("\t-"),
                }
            }
            out.push('\n');
        }
    }
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// One player's line of `--json`, its keys in the documented order.
#[derive(serde::Serialize)]
struct JsonRow<'a> {
    rank: u32,
    start_no: u32,
    name: &'a str,
    rating: u32,
    federation: &'a str,
    tiebreaks: InOrder,
}

/// The tie-breaks keyed by name, in the order the command line gives them
/// (a JSON object keeps the order it is written in).
struct InOrder(Vec<(String, serde_json::Value)>);

impl serde::Serialize for InOrder {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A tie-break value as a JSON number (`null` when undefined).
fn json_number(value: Option<tiebreak::Value>) -> serde_json::Value {
    match value {
        None => serde_json::Value::Null,
        Some(v) if v.raw() % 100_000 == 0 => serde_json::Value::from(v.raw() / 100_000),
        Some(v) => serde_json::Number::from_f64(v.as_f64())
            .map_or(serde_json::Value::Null, serde_json::Value::Number),
    }
}
