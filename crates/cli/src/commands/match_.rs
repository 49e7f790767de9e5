//! `arbiter match`: engines play each other under the referee.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context;
use arbiter_uci::stats::EloEstimate;
use arbiter_uci::tournament::{
    GameRecord, Observer, Standings, parse_match_args, report, run_match,
};
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `arbiter match`, in cutechess-cli and fastchess style.
#[derive(Debug, clap::Args)]
#[command(after_help = MATCH_HELP)]
pub struct Args {
    /// The match options (see below).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    options: Vec<String>,
}

const MATCH_HELP: &str = "\
Options (cutechess-cli / fastchess style):
  -engine cmd=PROG [name=N] [arg=A] [dir=D] [option.NAME=VALUE]... [tc=T] [st=S]
          [nodes=N] [depth=N] [timemargin=MS] [restart=on|off] [stderr=FILE]
                        an engine (repeat for each engine)
  -each KEY=VALUE...    settings for every engine (an engine's own win)
  -games N              games per encounter per round (default 1)
  -rounds N             rounds (default 1)
  -repeat               play each opening twice, colours reversed (pairs)
  -concurrency N        games played at once (default 1)
  -openings file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=N]
  -draw movenumber=N movecount=N score=CP     draw adjudication (labelled)
  -resign movecount=N score=CP [twosided=true] resign adjudication (labelled)
  -maxmoves N           adjudicate a draw after N moves each
  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=normalized|logistic]
  -ruleset NAME         fide-standard, fide-rapid, fide-blitz or classic
                        (default: FIDE's for the time control's pace)
  -claims on|off        the referee claims threefold/fifty-move draws for
                        the engines (default on; off: only fivefold/75 end them)
  -tournament round-robin|gauntlet [-seeds N]
  -recover              restart crashed or hung engines and go on
  -pgnout FILE          append every game as PGN
  -state FILE           keep the match state; run again to resume
  -logdir DIR           keep the engines' standard error there
  -srand N              seed for random opening order
  -strict-options       refuse an engine lacking a configured option
                        (default: warn, leave it unset and play on)
  -event NAME, -site NAME, -handshake-timeout SECONDS, -quiet
Time controls: [moves/]seconds[+increment], e.g. tc=10+0.1, tc=40/60, tc=inf.";

/// Live progress: one line per finished game, and a bar with the score.
struct Progress {
    bar: ProgressBar,
    quiet: bool,
}

impl Progress {
    fn status(standings: &Standings) -> String {
        let forfeits = standings.time_forfeits();
        if standings.engines.len() == 2 {
            let w = standings.head_to_head().games;
            let e = EloEstimate::from_wdl(w);
            let elo = match (w.games() > 0 && e.elo.is_finite(), e.elo_error.is_finite()) {
                (true, true) => format!("Elo {:+.1} ± {:.1}", e.elo, e.elo_error),
                (true, false) => format!("Elo {:+.1} ± ?", e.elo),
                (false, _) => "Elo -".to_string(),
            };
            format!(
                "{} {} - {} {} (W {} D {} L {}) | {elo} | time forfeits {forfeits}",
                standings.engines[0].name,
                w.points(),
                w.games() as f64 - w.points(),
                standings.engines[1].name,
                w.wins,
                w.draws,
                w.losses
            )
        } else {
            format!("{} games | time forfeits {forfeits}", standings.games)
        }
    }
}

impl Observer for Progress {
    fn started(&mut self, total: usize, done: usize, standings: &Standings) {
        self.bar.set_length(total as u64);
        self.bar.set_position(done as u64);
        self.bar.set_message(Progress::status(standings));
        if done > 0 {
            self.note(&format!("resuming: {done} of {total} games already played"));
        }
    }

    fn game_finished(&mut self, record: &GameRecord, standings: &Standings) {
        let names = |i: usize| standings.engines[i].name.as_str();
        let p = record.pairing;
        if !self.quiet {
            let mut why = record.reason.clone();
            if let Some(a) = &record.adjudication {
                why = format!("adjudication: {a}");
            }
            if let Some(f) = &record.failure {
                why = format!(
                    "{} ({}): {why}",
                    f.kind.as_str(),
                    names(f.side.fold(p.white, p.black))
                );
            }
            self.bar.println(format!(
                "Finished game {} ({} vs {}): {} {{{why}}} [{}]",
                p.number,
                names(p.white),
                names(p.black),
                record.result,
                record.rule
            ));
        }
        self.bar.inc(1);
        self.bar.set_message(Progress::status(standings));
    }

    fn note(&mut self, message: &str) {
        // A hidden bar prints nothing, and warnings must still be seen.
        if self.bar.is_hidden() {
            eprintln!("{message}");
        } else {
            self.bar.println(message);
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let opts =
        parse_match_args(&args.options).context("bad arguments (see arbiter match --help)")?;
    let sprt = opts.sprt;
    let paired = opts.repeat;
    let bar = if opts.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(0)
    };
    bar.set_style(
        ProgressStyle::with_template("[{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
            .expect("a valid template"),
    );
    let mut progress = Progress {
        bar: bar.clone(),
        quiet: opts.quiet,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let stop = Arc::new(AtomicBool::new(false));
    let report = runtime.block_on(async {
        let interrupt = stop.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                eprintln!("\narbiter: interrupted; finishing the games in progress (the state file keeps the rest)");
                interrupt.store(true, Ordering::SeqCst);
            }
        });
        run_match(opts, args.options.clone(), &mut progress, stop.clone()).await
    })?;
    bar.finish_and_clear();
    print!("{}", report::summary(&report, sprt.as_ref(), paired));
    Ok(ExitCode::SUCCESS)
}
