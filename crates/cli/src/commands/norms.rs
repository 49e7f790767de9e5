//! `arbiter norms`: the FIDE title norms a TRF tournament gives (Title
//! Regulations B.01, 1.4). The format is documented in
//! `docs/tournaments.md`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_messages::english;
use arbiter_tournament::Decimal;
use arbiter_tournament::norm::{NormLine, NormOptions, norms};

/// Arguments of `arbiter norms`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament, as a TRF file.
    trf: PathBuf,
    /// A World or Continental Team or Club Championship of 7 to 9 rounds:
    /// 7 games make a norm (B.01 1.4.1 b).
    #[arg(long)]
    team_championship: bool,
    /// The World Cup or the Women's World Cup: 8 games make a norm, which
    /// counts as 9 (B.01 1.4.1 b).
    #[arg(long)]
    world_cup: bool,
    /// One of the events B.01 1.5.6 names besides the large Swiss (a Chess
    /// Olympiad, a GSC event qualifying for the Candidates, an event
    /// qualifying for the World Cup, an EVE event, a national
    /// championship's final).
    #[arg(long = "event-of-1-5-6")]
    event_of_1_5_6: bool,
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
        world_cup: args.world_cup,
        federations_exempt: args.federations_exempt,
        host: args.host,
        event_of_1_5_6: args.event_of_1_5_6,
    };
    let mut out = String::new();
    if !args.json {
        out.push_str("StartNo\tName\tTitle\tNorm\tGames\tScore\tRa\tRp\tMissed\n");
    }
    for player in norms(&tournament, &options) {
        for result in &player.titles {
            let shown = result.shown();
            if args.json {
                let line = NormLine {
                    start_no: player.start_no,
                    name: &player.name,
                    result,
                };
                let _ = writeln!(out, "{}", serde_json::to_string(&line)?);
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
                    Decimal::half_points(shown.half_points),
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
