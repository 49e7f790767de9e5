//! `arbiter replay`: runs an event log (or a recorded PGN game) through the
//! referee and prints one verdict per line as JSON, then the game's state.
//! The format is documented in `docs/replay.md`.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_referee::recorded::{ImportOptions, read_pgn, to_events};
use arbiter_referee::scoresheet::Language;
use arbiter_referee::{Event, Game, GameSetup, Mode, Ruleset, TimeControl, Verdict};
use serde::Deserialize;
use serde_json::json;

/// What to print.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Output {
    /// One verdict per event as JSON, then the state.
    Verdicts,
    /// The scoresheet as PGN.
    Pgn,
    /// The scoresheet in the classic rules' layout.
    Scoresheet,
}

/// The language of `--output scoresheet`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    /// Chinese piece names and labels (the classic rules' record).
    Zh,
    /// SAN and English labels.
    En,
}

/// How events arrive.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// A move and the clock press in one event.
    Online,
    /// Touch, release and press as separate events.
    OverTheBoard,
}

/// Arguments of `arbiter replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The event log (JSON Lines; `-` for standard input).
    #[arg(required_unless_present = "from_pgn", conflicts_with = "from_pgn")]
    log: Option<PathBuf>,
    /// Referee the games of a PGN file instead: their moves become
    /// online-mode events, timed from their clock comments.
    #[arg(long, value_name = "GAME.pgn")]
    from_pgn: Option<PathBuf>,
    /// The ruleset: fide-standard, fide-rapid, fide-blitz or classic
    /// (default: the log's setup line, else fide-standard).
    #[arg(long)]
    ruleset: Option<String>,
    /// The time control in PGN TimeControl syntax (default: the log's setup
    /// line or the PGN TimeControl tag).
    #[arg(long)]
    time_control: Option<String>,
    /// The mode (default: the log's setup line, else online).
    #[arg(long, value_enum)]
    mode: Option<ModeArg>,
    /// What to print.
    #[arg(long, value_enum, default_value = "verdicts")]
    output: Output,
    /// The scoresheet's language.
    #[arg(long, value_enum, default_value = "zh")]
    language: Lang,
}

/// The optional first line of a log.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupLine {
    setup: GameSetup,
}

fn read_text(path: &PathBuf) -> anyhow::Result<String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        for line in std::io::stdin().lock().lines() {
            text.push_str(&line?);
            text.push('\n');
        }
        Ok(text)
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
    }
}

/// A log as read: its setup line, if any, and its events with their line
/// numbers.
struct Log {
    setup: Option<GameSetup>,
    events: Vec<(usize, Event)>,
}

/// Reads a JSON Lines log: an optional setup line, then events.
fn read_log(text: &str, name: &str) -> anyhow::Result<Log> {
    let mut setup = None;
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if events.is_empty()
            && setup.is_none()
            && let Ok(s) = serde_json::from_str::<SetupLine>(trimmed)
        {
            setup = Some(s.setup);
            continue;
        }
        let event: Event = serde_json::from_str(trimmed)
            .with_context(|| format!("{name}, line {line_no}: not an event"))?;
        events.push((line_no, event));
    }
    Ok(Log { setup, events })
}

fn apply_overrides(setup: &mut GameSetup, args: &Args) -> anyhow::Result<()> {
    if let Some(r) = &args.ruleset {
        setup.ruleset = Ruleset::by_name(r)?;
    }
    if let Some(mode) = args.mode {
        setup.mode = match mode {
            ModeArg::Online => Mode::Online,
            ModeArg::OverTheBoard => Mode::OverTheBoard,
        };
    }
    if let Some(tc) = &args.time_control {
        setup.time_control = tc.parse::<TimeControl>()?;
        setup.black_time_control = None;
    }
    Ok(())
}

fn state_line(game: &Game) -> serde_json::Value {
    let at = game.events().last().map_or(0, |e| e.at_ms);
    let clock = game.clock_at(at);
    match game.outcome() {
        Some(o) => json!({
            "state": "over",
            "result": o.result,
            "termination": o.termination,
            "rule": o.ruling.rule,
            "message": o.ruling.message(),
            "at_ms": o.at_ms,
            "fen": game.position().fen(),
            "clock": clock,
        }),
        None => json!({
            "state": "playing",
            "result": "*",
            "turn": game.turn(),
            "fen": game.position().fen(),
            "clock": clock,
            "next_deadline_ms": game.next_deadline_ms(),
            "pending_offer": game.pending_offer(),
        }),
    }
}

fn print_game(
    out: &mut impl Write,
    game: &Game,
    lines: &[(usize, Event, Verdict)],
    extra: serde_json::Value,
    args: &Args,
) -> anyhow::Result<()> {
    match args.output {
        Output::Verdicts => {
            for (line, event, verdict) in lines {
                let mut v = serde_json::to_value(verdict)?;
                v["line"] = json!(line);
                v["event"] = serde_json::to_value(event)?;
                if let serde_json::Value::Object(map) = &extra {
                    for (k, val) in map {
                        v[k] = val.clone();
                    }
                }
                writeln!(out, "{}", serde_json::to_string(&v)?)?;
            }
            let mut state = state_line(game);
            if let serde_json::Value::Object(map) = extra {
                for (k, val) in map {
                    state[k] = val;
                }
            }
            writeln!(out, "{}", serde_json::to_string(&state)?)?;
        }
        Output::Pgn => write!(out, "{}", game.to_pgn())?,
        Output::Scoresheet => {
            let lang = match args.language {
                Lang::Zh => Language::Chinese,
                Lang::En => Language::English,
            };
            write!(out, "{}", game.scoresheet().render(lang))?;
        }
    }
    Ok(())
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let Some(path) = &args.from_pgn {
        let text = read_text(path)?;
        let games = read_pgn(&text).with_context(|| format!("{}", path.display()))?;
        if games.is_empty() {
            bail!("{}: no game found", path.display());
        }
        let options = ImportOptions {
            ruleset: args.ruleset.as_deref().map(Ruleset::by_name).transpose()?,
            time_control: args
                .time_control
                .as_deref()
                .map(str::parse::<TimeControl>)
                .transpose()?,
        };
        for (n, recorded) in games.iter().enumerate() {
            let imported = to_events(recorded, &options)
                .with_context(|| format!("{}, game {}", path.display(), n + 1))?;
            let mut game = Game::new(imported.setup)
                .with_context(|| format!("{}, game {}", path.display(), n + 1))?;
            let lines: Vec<(usize, Event, Verdict)> = imported
                .events
                .into_iter()
                .enumerate()
                .map(|(i, e)| {
                    let v = game.apply(e.clone());
                    (i + 1, e, v)
                })
                .collect();
            let extra = json!({
                "game": n + 1,
                "recorded_result": recorded.result.map(|r| r.to_string()).or_else(|| recorded.tag("Result").map(str::to_string)),
                "recorded_termination": recorded.tag("TerminationDetails").or(recorded.tag("Termination")),
            });
            print_game(&mut out, &game, &lines, extra, &args)?;
        }
    } else {
        let path = args.log.clone().context("a log or --from-pgn is needed")?;
        let text = read_text(&path)?;
        let Log { setup, events } = read_log(&text, &path.display().to_string())?;
        let mut setup = setup.unwrap_or_default();
        apply_overrides(&mut setup, &args)?;
        let mut game = Game::new(setup).context("the setup cannot start a game")?;
        let lines: Vec<(usize, Event, Verdict)> = events
            .into_iter()
            .map(|(line, e)| {
                let v = game.apply(e.clone());
                (line, e, v)
            })
            .collect();
        print_game(&mut out, &game, &lines, json!({}), &args)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
