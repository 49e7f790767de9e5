//! `arbiter ratings`: the FIDE rating change of every player of a TRF
//! tournament (Rating Regulations B.02). The format is documented in
//! `docs/tournaments.md`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use arbiter_messages::{Message, english};
use arbiter_tournament::rating::{KFactors, RatingLine, rating_changes};

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
            let _ = writeln!(out, "{}", serde_json::to_string(&json_line(line))?);
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
                decimal(i64::from(line.half_points), 2),
                line.expected
                    .map_or_else(dash, |e| decimal(i64::from(e), 100)),
                line.change.map_or_else(dash, |c| decimal(c, 100)),
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

/// One player's line of `--json`, its keys in the documented order.
#[derive(serde::Serialize)]
struct JsonLine<'a> {
    start_no: u32,
    name: &'a str,
    rating: Option<u32>,
    k: Option<u32>,
    games: u32,
    score: serde_json::Value,
    expected: Option<serde_json::Value>,
    change: Option<serde_json::Value>,
    new_rating: Option<u32>,
    note: Option<JsonNote>,
}

/// A note with its article, as the referee's rulings are written.
#[derive(serde::Serialize)]
struct JsonNote {
    rule: &'static str,
    message: Message,
}

fn json_line(line: &RatingLine) -> JsonLine<'_> {
    JsonLine {
        start_no: line.start_no,
        name: &line.name,
        rating: line.rating,
        k: line.k.map(|k| k.k),
        games: line.games,
        score: json_number(i64::from(line.half_points), 2),
        expected: line.expected.map(|e| json_number(i64::from(e), 100)),
        change: line.change.map(|c| json_number(c, 100)),
        new_rating: line.new_rating,
        note: line.note.as_ref().map(|n| JsonNote {
            rule: n.rule(),
            message: Message::of(n),
        }),
    }
}

/// `value / unit` as a JSON number: a whole number when it is one.
fn json_number(value: i64, unit: i64) -> serde_json::Value {
    if value % unit == 0 {
        serde_json::Value::from(value / unit)
    } else {
        serde_json::Number::from_f64(value as f64 / unit as f64)
            .map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

/// `value / unit` with the decimals it needs (`6.5`, `-12.8`, `5.12`, `7`).
fn decimal(value: i64, unit: i64) -> String {
    json_number(value, unit).to_string()
}
