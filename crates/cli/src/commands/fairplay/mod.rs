//! `arbiter fairplay`: a fair-play screen of PGN games, and the baseline
//! it measures players against.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use arbiter_fairplay::engine::Analyser;
use arbiter_fairplay::expectation::GAP_EDGES_CP;
use arbiter_fairplay::screen::DEFAULT_FALSE_POSITIVE_RATE;
use arbiter_fairplay::{
    AnalysedMoves, Baseline, PlayedGame, Settings, baseline_hash, baseline_text,
};
use arbiter_messages::catalogue;
use arbiter_uci::engine::EngineConfig;
use indicatif::{ProgressBar, ProgressStyle};

mod event_url;
mod record;
mod screening;
mod served;

use event_url::fetch_games;
use screening::{
    ScreenOptions, Screening, Searched, false_positive_rate, games_of_text, read_file,
};
pub use served::ServeArgs;

/// Arguments of `arbiter fairplay`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    screen: ScreenArgs,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Build a baseline from real games of rated players: each rating
    /// band's match rates and losses, with the engine and settings used.
    Baseline(BaselineArgs),
}

/// How the games are analysed: the same for a screen and its baseline.
#[derive(Debug, clap::Args)]
struct AnalysisArgs {
    /// The UCI engine (a program, with arguments after spaces).
    #[arg(long, default_value = "stockfish")]
    engine: String,
    /// Nodes searched per position.
    #[arg(long, default_value_t = 100_000)]
    nodes: u64,
    /// Engines run at once, each with one thread (default: the cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Lines per position (MultiPV), at least 3.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(3..=10))]
    multipv: u32,
    /// Moves of each side left out at the start (book).
    #[arg(long, default_value_t = Settings::default().book_moves)]
    book_moves: u32,
    /// An opening book, a PGN of lines (variations included): a game's
    /// moves are book while they stay in its positions. Replaces
    /// --book-moves.
    #[arg(long, conflicts_with = "book_moves")]
    book: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Also write the analysed moves to FILE (JSON lines, the engine's
    /// lines included), each game as soon as the games before it are
    /// done, so a stopped run keeps what it finished: `--analysed FILE`
    /// reads them back without an engine.
    #[arg(long, value_name = "FILE")]
    analysis: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct ScreenArgs {
    #[command(flatten)]
    analysis: AnalysisArgs,
    /// The event's games read from its address instead of files: an
    /// Arbiter server's tournament (`…/tournament/ID`), a Swiss
    /// (`…/swiss/ID`, lichess's or Arbiter's), a lichess broadcast or one
    /// of its rounds (`…/broadcast/…/ID`), or a PGN endpoint.
    #[arg(long, value_name = "URL", conflicts_with = "games")]
    event: Option<String>,
    /// The moves of an earlier run's `--analysis FILE` instead of games:
    /// no engine runs, its engine and settings are the file's.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "event"])]
    analysed: Option<PathBuf>,
    /// The PGN files.
    #[arg(required_unless_present_any = ["event", "analysed"])]
    games: Vec<PathBuf>,
    /// The baseline to measure players against (`arbiter fairplay baseline`).
    #[arg(long)]
    baseline: Option<PathBuf>,
    /// The chance, over the whole screen, that an honest player is marked
    /// for review.
    #[arg(long, default_value_t = DEFAULT_FALSE_POSITIVE_RATE, value_parser = false_positive_rate)]
    false_positive_rate: f64,
    /// One JSON object per player, one per line.
    #[arg(long)]
    json: bool,
    /// The report's language (`en`, `zh`).
    #[arg(long, default_value = "en")]
    lang: String,
}

#[derive(Debug, clap::Args)]
struct BaselineArgs {
    #[command(flatten)]
    analysis: AnalysisArgs,
    /// The moves of an earlier run's `--analysis FILE` instead of games:
    /// no engine runs, its engine and settings are the file's.
    #[arg(long, value_name = "FILE", conflicts_with = "games")]
    analysed: Option<PathBuf>,
    /// The PGN files.
    #[arg(required_unless_present = "analysed")]
    games: Vec<PathBuf>,
    /// Where to write the baseline.
    #[arg(short, long)]
    output: PathBuf,
    /// The lower edges of the gap bins (centipawns between the engine's
    /// best line and the next), increasing from 0; `0` alone measures
    /// every move against the band's overall figures.
    #[arg(long, value_name = "CP,…", value_delimiter = ',', default_values_t = GAP_EDGES_CP)]
    gap_edges: Vec<i32>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(Command::Baseline(baseline)) => build_baseline(baseline),
        None => run_screen(args.screen),
    }
}

fn run_screen(args: ScreenArgs) -> anyhow::Result<ExitCode> {
    let language =
        catalogue(&args.lang).with_context(|| format!("no catalogue for {:?}", args.lang))?;
    let read_back = args.analysed.as_deref().map(read_analysed).transpose()?;
    let options = args
        .analysis
        .options(args.baseline.as_deref(), args.false_positive_rate);
    let screening = screening(&args.analysis, read_back.as_ref(), options)?;
    let analysed = match read_back {
        Some(analysed) => analysed,
        None => {
            let games = match &args.event {
                Some(page) => {
                    let (url, text) = super::runtime()?.block_on(fetch_games(page, language))?;
                    games_of_text(&text, url.as_str())?
                }
                None => read_all(&args.games)?,
            };
            analyse(&screening, &args.analysis, games)?
        }
    };
    let report = screening.report_of(&analysed)?;
    let text = if args.json {
        report.json_lines()
    } else {
        report.text(language)
    };
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn build_baseline(args: BaselineArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.gap_edges.first() == Some(&0) && args.gap_edges.is_sorted_by(|a, b| a < b),
        "--gap-edges must increase from 0: {:?}",
        args.gap_edges
    );
    let read_back = args.analysed.as_deref().map(read_analysed).transpose()?;
    let options = args.analysis.options(None, DEFAULT_FALSE_POSITIVE_RATE);
    let screening = screening(&args.analysis, read_back.as_ref(), options)?;
    let analysed = match read_back {
        Some(analysed) => analysed,
        None => analyse(&screening, &args.analysis, read_all(&args.games)?)?,
    };
    let baseline = Baseline::build_in(
        analysed.engine.clone(),
        analysed.settings.clone(),
        &analysed.players(),
        &args.gap_edges,
    );
    let text = baseline.to_json();
    std::fs::write(&args.output, &text)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    let english = arbiter_messages::english();
    print!("{}", baseline_text(&baseline, english));
    println!(
        "{}",
        english.render(&arbiter_fairplay::ReportText::BaselineWritten {
            path: args.output.display().to_string(),
            hash: baseline_hash(text.as_bytes()),
        })
    );
    Ok(ExitCode::SUCCESS)
}

/// The screening of the games (or of the moves read back) as the
/// options say.
fn screening(
    args: &AnalysisArgs,
    read_back: Option<&AnalysedMoves>,
    options: ScreenOptions,
) -> anyhow::Result<Screening> {
    match read_back {
        Some(analysed) => Screening::of_analysed(analyser(args), analysed, options),
        None => Screening::new(analyser(args), options),
    }
}

/// The engine's analysis of `games`, with a progress bar, written to
/// `--analysis FILE` when asked.
fn analyse(
    screening: &Screening,
    args: &AnalysisArgs,
    games: Vec<PlayedGame>,
) -> anyhow::Result<AnalysedMoves> {
    let games = screening.prepare(games);
    let bar = progress(args, screening.positions(&games));
    let kept: Option<Box<dyn Write + Send>> = match &args.analysis {
        Some(path) => Some(Box::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?,
        )),
        None => None,
    };
    let analysed = super::runtime()?.block_on(screening.analyse(games, searched(&bar), kept));
    let analysed = match (analysed, &args.analysis) {
        (Err(e), Some(path)) => Err(e.context(format!(
            "{} keeps the games analysed before this, first to last",
            path.display()
        ))),
        (analysed, _) => analysed,
    }?;
    bar.finish_and_clear();
    Ok(analysed)
}

/// The analysed moves of an `--analysis` file.
fn read_analysed(path: &Path) -> anyhow::Result<AnalysedMoves> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    AnalysedMoves::read(&text).with_context(|| format!("{}", path.display()))
}

impl AnalysisArgs {
    /// The options of a screen with `baseline` and `false_positive_rate`.
    fn options<'a>(
        &'a self,
        baseline: Option<&'a Path>,
        false_positive_rate: f64,
    ) -> ScreenOptions<'a> {
        ScreenOptions {
            book_moves: self.book_moves,
            book: self.book.as_deref(),
            baseline,
            false_positive_rate,
        }
    }
}

fn analyser(args: &AnalysisArgs) -> Analyser {
    Analyser {
        config: engine_config(&args.engine),
        nodes: args.nodes,
        multipv: args.multipv,
        engines: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// The games of every file given.
fn read_all(paths: &[PathBuf]) -> anyhow::Result<Vec<PlayedGame>> {
    let mut games = Vec::new();
    for path in paths {
        read_file(path, &mut games)?;
    }
    Ok(games)
}

/// The progress bar over `positions` (hidden with `--quiet`).
fn progress(args: &AnalysisArgs, positions: usize) -> ProgressBar {
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(positions as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "[{elapsed_precise}] {bar:30} {pos}/{len} positions {per_sec}",
        )
        .expect("a valid template"),
    );
    bar
}

fn searched(bar: &ProgressBar) -> Searched {
    let bar = bar.clone();
    Arc::new(move |n: usize| bar.set_position(n as u64))
}

/// The engine command: a program and its arguments, split at spaces;
/// `stockfish` not on the path is looked for where Debian puts it.
fn engine_config(command: &str) -> EngineConfig {
    let mut words = command.split_whitespace();
    let program = words.next().unwrap_or("stockfish");
    let debian = Path::new("/usr/games").join(program);
    let found_on_path = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()));
    let mut config = if program == "stockfish" && !found_on_path && debian.is_file() {
        EngineConfig::new(debian)
    } else {
        EngineConfig::new(program)
    };
    config.args = words.map(str::to_string).collect();
    config
}
