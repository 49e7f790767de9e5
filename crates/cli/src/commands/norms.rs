//! `arbiter norms`: the FIDE title norms a TRF tournament gives (Title
//! Regulations B.01, 1.4), and with `--it1`/`--it3` the forms an arbiter
//! sends FIDE about them. The format is documented in
//! `docs/tournaments.md`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use arbiter_messages::{catalogue, english};
use arbiter_server::forms::{document, it1_section, it3_section};
use arbiter_tournament::norm::forms::forms;
use arbiter_tournament::norm::{NormLine, NormOptions, NormTitle, norms};
use arbiter_tournament::{Decimal, StartNo, Tournament};

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
    /// Writes each norm's certificate (FIDE IT1) into this folder, one
    /// printable HTML page a norm: `it1-START-TITLE.html`.
    #[arg(long, value_name = "DIR")]
    it1: Option<PathBuf>,
    /// Writes the tournament report (FIDE IT3) to this file, a printable
    /// HTML page.
    #[arg(long, value_name = "FILE")]
    it3: Option<PathBuf>,
    /// The language of the forms: `en` or `zh`.
    #[arg(long, default_value = "en", value_parser = ["en", "zh"])]
    lang: String,
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
    write_forms(&tournament, &options, &args.it1, &args.it3, &args.lang)?;
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The IT1 of each norm into `it1` and the IT3 to `it3`, as the service's
/// pages lay them out (`arbiter_server::forms`), in `lang`.
fn write_forms(
    tournament: &Tournament,
    options: &NormOptions,
    it1: &Option<PathBuf>,
    it3: &Option<PathBuf>,
    lang: &str,
) -> anyhow::Result<()> {
    if it1.is_none() && it3.is_none() {
        return Ok(());
    }
    let words = catalogue(lang).context("a catalogue of the languages clap allows")?;
    let forms = forms(tournament, options);
    let name =
        |start: StartNo, title: NormTitle| format!("it1-{start}-{}.html", title.abbreviation());
    if let Some(dir) = it1 {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for certificate in &forms.it1 {
            let path = dir.join(name(certificate.player.start_no, certificate.title));
            let heading = format!(
                "IT1 {} {}",
                certificate.title.abbreviation(),
                certificate.player.name
            );
            let page = document(lang, &heading, &it1_section(certificate, words));
            std::fs::write(&path, page)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    if let Some(file) = it3 {
        // The report links each certificate where --it1 wrote it, beside
        // the report unless another folder was given.
        let beside = file.parent().unwrap_or(Path::new(""));
        let link = |start: StartNo, title: NormTitle| -> String {
            let certificate = name(start, title);
            match it1 {
                Some(dir) if dir.as_path() != beside => dir.join(certificate).display().to_string(),
                _ => certificate,
            }
        };
        let heading = format!("IT3 {}", forms.it3.event.name);
        let page = document(lang, &heading, &it3_section(&forms.it3, words, &link));
        std::fs::write(file, page).with_context(|| format!("cannot write {}", file.display()))?;
    }
    Ok(())
}
