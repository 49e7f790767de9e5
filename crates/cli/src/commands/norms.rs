//! `arbiter norms`: the FIDE title norms a TRF tournament gives (Title
//! Regulations B.01, 1.4). The format is documented in
//! `docs/tournaments.md`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_messages::{Message, english};
use arbiter_tournament::norm::{Assessment, NormOptions, NormResult, norms};

/// Arguments of `arbiter norms`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament, as a TRF file.
    trf: PathBuf,
    /// A World or Continental Team or Club Championship of 7 to 9 rounds:
    /// 7 games make a norm (B.01 1.4.1 b).
    #[arg(long)]
    team_championship: bool,
    /// An event exempt from the federation requirements (1.4.3 a-c: a
    /// national championship's final, a national team championship, a
    /// zonal).
    #[arg(long)]
    federations_exempt: bool,
    /// The host federation (three letters), for the Swiss exemption of
    /// 1.4.3 d.
    #[arg(long)]
    host: Option<String>,
    /// One JSON object per player and title instead of tab-separated
    /// columns.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Some(tournament) = super::read_trf(&args.trf)? else {
        return Ok(ExitCode::from(3));
    };
    let options = NormOptions {
        team_championship: args.team_championship,
        federations_exempt: args.federations_exempt,
        host: args.host,
    };
    let mut out = String::new();
    if !args.json {
        out.push_str("StartNo\tName\tTitle\tNorm\tGames\tScore\tRa\tRp\tMissed\n");
    }
    for player in norms(&tournament, &options) {
        for result in &player.titles {
            let shown = result
                .norm
                .as_ref()
                .map_or(&result.event, |n| &n.assessment);
            if args.json {
                let value = json_line(player.start_no, &player.name, result, shown);
                let _ = writeln!(out, "{value}");
            } else {
                let missed: Vec<String> = shown
                    .missed()
                    .map(|r| format!("{}: {}", r.rule(), english().render(r)))
                    .collect();
                let _ = writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    player.start_no,
                    player.name,
                    result.title.abbreviation(),
                    result
                        .norm
                        .as_ref()
                        .map_or("no".to_string(), |n| match n.rule {
                            Some(rule) => format!("yes, rounds 1-{} ({rule})", n.last_round),
                            None => "yes".to_string(),
                        }),
                    shown.games,
                    points(shown),
                    shown.average,
                    shown.performance,
                    missed.join("; "),
                );
            }
        }
    }
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn points(a: &Assessment) -> serde_json::Value {
    if a.half_points.is_multiple_of(2) {
        serde_json::Value::from(a.half_points / 2)
    } else {
        serde_json::Value::from(f64::from(a.half_points) / 2.0)
    }
}

/// `{"start_no", "name", "title", "norm", "last_round", "dropped",
/// "counts_as", "rule", "games", "score", "average", "performance",
/// "missed": [{"rule", "requirement", "message"}]}`.
fn json_line(
    start_no: u32,
    name: &str,
    result: &NormResult,
    shown: &Assessment,
) -> serde_json::Value {
    let norm = result.norm.as_ref();
    serde_json::json!({
        "start_no": start_no,
        "name": name,
        "title": result.title.abbreviation(),
        "norm": norm.is_some(),
        "last_round": norm.map(|n| n.last_round),
        "dropped": norm.map(|n| n.dropped.clone()),
        "counts_as": norm.map(|n| n.counts_as),
        "rule": norm.and_then(|n| n.rule),
        "games": shown.games,
        "score": points(shown),
        "average": shown.average,
        "performance": shown.performance,
        "missed": shown.missed().map(|r| serde_json::json!({
            "rule": r.rule(),
            "requirement": r.name(),
            "message": Message::of(r),
        })).collect::<Vec<_>>(),
    })
}
