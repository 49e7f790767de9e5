//! `arbiter check`: reads every game of PGN files, replays every move under
//! the rules, and reports each problem with its place and the rule it
//! breaks. The kinds of finding are listed in `docs/check.md`.

mod report;

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

use arbiter_check::{GameOutcome, Options, Severity};
use arbiter_referee::Ruleset;
use report::{Style, Tally, write_finding, write_summary};

/// When to colour the output.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Arguments of `arbiter check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// PGN files to check (`-` for standard input); gzip and Zstandard
    /// compressed files are recognised and read as such.
    #[arg(required_unless_present = "kinds")]
    files: Vec<PathBuf>,
    /// List the kinds of finding (identifier, severity, rule) and exit.
    #[arg(long)]
    kinds: bool,
    /// One JSON object per line and per finding on standard output (the
    /// summary goes to standard error).
    #[arg(long)]
    json: bool,
    /// Write every game back in export format, with the results the final
    /// positions prove and a comment on each change (needs --output).
    #[arg(long, requires = "output")]
    fix: bool,
    /// Where --fix writes the games.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Leave out findings of severity info.
    #[arg(long)]
    no_info: bool,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// The rules the games are replayed under: fide-standard (the
    /// default), fide-rapid, fide-blitz or classic (whose threefold
    /// repetition and fifty moves end the game by themselves).
    #[arg(long, value_name = "NAME", default_value = "fide-standard")]
    ruleset: String,
    /// Threads that replay games (default: one per core).
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// No progress bar, even on a terminal.
    #[arg(long)]
    no_progress: bool,
}

/// Runs the command: exit status 0 without errors, 1 with errors, 2 when an
/// input could not be read.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    if args.kinds {
        report::write_kinds(&mut stdout.lock())?;
        return Ok(ExitCode::SUCCESS);
    }
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            !args.json && stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    };
    let style = Style { color };
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut fixed = match &args.output {
        Some(path) if args.fix => {
            Some(BufWriter::new(File::create(path).with_context(|| {
                format!("cannot create {}", path.display())
            })?))
        }
        _ => None,
    };
    let workers = args.jobs.unwrap_or_else(thread_count).max(1);
    let options = Options {
        workers,
        fix: fixed.is_some(),
        ruleset: Ruleset::by_name(&args.ruleset)?,
    };
    let mut tally = Tally::default();
    let mut unreadable = false;
    for path in &args.files {
        let name = path.display().to_string();
        let (input, progress) = match arbiter_pgn::open_input(path) {
            Ok(opened) => opened,
            Err(e) => {
                out.flush()?;
                eprintln!("arbiter: cannot read {name}: {e}");
                unreadable = true;
                continue;
            }
        };
        let bar = progress_bar(path, &args);
        let tick = || {
            if let Some(bar) = &bar {
                bar.set_position(progress.bytes_read());
            }
        };
        let mut write_error = None;
        let mut each = |outcome: GameOutcome| {
            tally.games += 1;
            tally.plies += outcome.plies;
            if let Some(e) = outcome.ending {
                *tally.endings.entry(e).or_default() += 1;
            }
            for f in &outcome.findings {
                if args.no_info && f.severity == Severity::Info {
                    continue;
                }
                tally.add(f.kind);
                let written = match &bar {
                    // Findings on the terminal go above the bar, not through it.
                    Some(bar) => bar.suspend(|| {
                        write_finding(&mut out, &name, f, args.json, style)
                            .and_then(|()| out.flush())
                    }),
                    None => write_finding(&mut out, &name, f, args.json, style),
                };
                if let Err(e) = written {
                    write_error.get_or_insert(e);
                }
            }
            if let (Some(w), Some(bytes)) = (fixed.as_mut(), &outcome.fixed)
                && let Err(e) = w.write_all(bytes)
            {
                write_error.get_or_insert(e);
            }
        };
        let result = arbiter_check::check_input(input, options.clone(), &tick, &mut each);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        if let Some(e) = write_error {
            return Err(e).context("cannot write the report");
        }
        tally.files += 1;
        if let Err(e) = result {
            out.flush()?;
            eprintln!("arbiter: error reading {name}: {e}");
            unreadable = true;
        }
    }
    if let Some(mut w) = fixed {
        w.flush().context("cannot write the fixed games")?;
    }
    if args.json {
        out.flush()?;
        write_summary(&mut io::stderr().lock(), &tally, Style { color: false })?;
    } else {
        write_summary(&mut out, &tally, style)?;
        out.flush()?;
    }
    Ok(if unreadable {
        ExitCode::from(2)
    } else if tally.count(Severity::Error) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn thread_count() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A progress bar on standard error, for files of more than a few
/// megabytes when standard error is a terminal.
fn progress_bar(path: &std::path::Path, args: &Args) -> Option<ProgressBar> {
    if args.no_progress || !io::stderr().is_terminal() {
        return None;
    }
    let len = std::fs::metadata(path).ok()?.len();
    if len < 4 << 20 {
        return None;
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {msg} [{bar:40}] {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
        )
        .ok()?
        .progress_chars("=> "),
    );
    bar.set_message(path.display().to_string());
    Some(bar)
}
