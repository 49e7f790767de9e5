//! Running a whole match: engines kept running between games, games
//! played `concurrency` at a time, results counted, PGN and state written
//! as each game ends, and the match stopped early by an SPRT decision, an
//! engine's crash or hang without `-recover`, or an interruption. An
//! illegal move loses its game and the match goes on.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_referee::Ruleset;
use arbiter_rules::{ByColor, Color};
use tokio::sync::{mpsc, oneshot};

use super::game::{GameContext, Overhead, PlayedGame, forfeited, play_game};
use super::openings::{Opening, OpeningsError};
use super::options::MatchOptions;
use super::record::GameRecord;
use super::schedule::{Pairing, schedule};
use super::standings::Standings;
use super::state::{MatchState, StateError};
use crate::engine::{Engine, EngineConfig};
use crate::stats::SprtDecision;

/// Told about the match as it goes (a progress display).
pub trait Observer: Send {
    /// The match starts: `total` games scheduled, `done` already played
    /// (a resumed match).
    fn started(&mut self, _total: usize, _done: usize, _standings: &Standings) {}
    /// A game ended.
    fn game_finished(&mut self, _record: &GameRecord, _standings: &Standings) {}
    /// Something worth telling the user.
    fn note(&mut self, _message: &str) {}
}

/// An observer that says nothing.
#[derive(Debug, Default)]
pub struct Silent;
impl Observer for Silent {}

/// A match that cannot run.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The opening book.
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    /// The state file.
    #[error(transparent)]
    State(#[from] StateError),
    /// The PGN output.
    #[error("cannot write {path}: {source}")]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Why a match ended before its schedule did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The SPRT accepted a hypothesis.
    Sprt(SprtDecision),
    /// An engine crashed, stopped answering or could not start, and
    /// `-recover` was not given.
    EngineFailure(String),
    /// The user interrupted it.
    Interrupted,
}

/// What a match did.
#[derive(Debug)]
pub struct MatchReport {
    /// The engines' names, in the order given.
    pub names: Vec<String>,
    /// All finished games (earlier runs' included).
    pub records: Vec<GameRecord>,
    /// The tallies.
    pub standings: Standings,
    /// Games played in this run.
    pub games_this_run: u64,
    /// Games scheduled.
    pub scheduled: usize,
    /// Wall time of this run.
    pub elapsed: Duration,
    /// Arbiter's time per move in this run.
    pub overhead: Overhead,
    /// Set if the match stopped early.
    pub stopped: Option<StopReason>,
}

struct Shared {
    opts: MatchOptions,
    names: Vec<String>,
    openings: Vec<Opening>,
    ruleset: Option<Ruleset>,
    date: String,
    queue: Mutex<VecDeque<Pairing>>,
    stop: Arc<AtomicBool>,
}

struct Finished {
    played: PlayedGame,
    /// Answered once the game is counted, so the worker sees a stop
    /// decision before it takes the next game.
    counted: oneshot::Sender<()>,
}

/// Runs the match. `args` are the command line (kept in the state file);
/// `stop` is set by the caller to interrupt (running games finish).
pub async fn run_match(
    opts: MatchOptions,
    args: Vec<String>,
    observer: &mut dyn Observer,
    stop: Arc<AtomicBool>,
) -> Result<MatchReport, MatchError> {
    let started = Instant::now();
    let mut state = MatchState {
        args: args.clone(),
        seed: opts.seed,
        games: Vec::new(),
    };
    if let Some(path) = &opts.state
        && let Some(saved) = MatchState::load(path)?
    {
        if saved.args != args {
            return Err(StateError::OtherMatch {
                path: path.display().to_string(),
                saved: saved.args.join(" "),
            }
            .into());
        }
        state = saved;
    }
    let openings = match &opts.openings {
        Some(spec) => spec.load(state.seed)?,
        None => vec![Opening::default()],
    };
    let names = unique_names(&opts);
    let all = schedule(
        opts.tournament,
        opts.engines.len(),
        opts.games,
        opts.rounds,
        opts.repeat,
    );
    let mut standings = Standings::new(&names);
    let done: std::collections::HashSet<u64> =
        state.games.iter().map(|g| g.pairing.number).collect();
    for g in &state.games {
        standings.record(g);
    }
    observer.started(all.len(), done.len(), &standings);
    let queue: VecDeque<Pairing> = all
        .iter()
        .filter(|p| !done.contains(&p.number))
        .copied()
        .collect();
    let ruleset = opts
        .ruleset
        .as_deref()
        .map(|r| Ruleset::by_name(r).expect("checked when the options were read"));
    let workers = opts.concurrency.min(queue.len()).max(1);
    let shared = Arc::new(Shared {
        names: names.clone(),
        openings,
        ruleset,
        date: today(),
        queue: Mutex::new(queue),
        stop: stop.clone(),
        opts,
    });
    let (tx, mut rx) = mpsc::unbounded_channel::<Finished>();
    let mut handles = Vec::new();
    for w in 0..workers {
        let shared = shared.clone();
        let tx = tx.clone();
        handles.push(tokio::spawn(async move { worker(w, shared, tx).await }));
    }
    drop(tx);

    let mut stopped = None;
    let mut games_this_run = 0;
    let mut overhead = Overhead::default();
    let opts = &shared.opts;
    let mut warned = std::collections::HashSet::new();
    while let Some(Finished { played, counted }) = rx.recv().await {
        games_this_run += 1;
        for warning in &played.warnings {
            if warned.insert(warning.clone()) {
                observer.note(&format!("warning: {warning}"));
            }
        }
        overhead
            .total_us
            .extend_from_slice(&played.overhead.total_us);
        overhead
            .compute_us
            .extend_from_slice(&played.overhead.compute_us);
        let record = played.record.clone();
        standings.record(&record);
        if let Some(path) = &opts.pgnout {
            append_pgn(path, &played)?;
        }
        state.games.push(record.clone());
        if let Some(path) = &opts.state {
            state.save(path)?;
        }
        observer.game_finished(&record, &standings);
        if stopped.is_none() {
            if let Some(f) = &record.failure
                && f.kind.stops_match()
                && !opts.recover
            {
                let name = &names[f.side.fold(record.pairing.white, record.pairing.black)];
                stopped = Some(StopReason::EngineFailure(format!(
                    "{name}: {} ({}); use -recover to go on after engine failures",
                    f.kind.as_str(),
                    f.detail
                )));
            } else if let Some(sprt) = &opts.sprt {
                let h2h = standings.head_to_head();
                let llr = if opts.repeat {
                    sprt.llr_pairs(h2h.pairs)
                } else {
                    sprt.llr_games(h2h.games)
                };
                let decision = sprt.decide(llr);
                if decision != SprtDecision::Continue {
                    stopped = Some(StopReason::Sprt(decision));
                }
            }
            if stopped.is_some() {
                shared.stop.store(true, Ordering::SeqCst);
            }
        }
        let _ = counted.send(());
    }
    for h in handles {
        let _ = h.await;
    }
    if stopped.is_none() && stop.load(Ordering::SeqCst) && state.games.len() < all.len() {
        stopped = Some(StopReason::Interrupted);
    }
    Ok(MatchReport {
        names,
        records: state.games,
        standings,
        games_this_run,
        scheduled: all.len(),
        elapsed: started.elapsed(),
        overhead,
        stopped,
    })
}

/// Engine names as shown: the configured ones, made unique.
fn unique_names(opts: &MatchOptions) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for spec in &opts.engines {
        let base = spec.config.name.clone();
        let mut name = base.clone();
        let mut n = 2;
        while names.contains(&name) {
            name = format!("{base}#{n}");
            n += 1;
        }
        names.push(name);
    }
    names
}

async fn worker(id: usize, shared: Arc<Shared>, tx: mpsc::UnboundedSender<Finished>) {
    let mut engines: HashMap<usize, Engine> = HashMap::new();
    loop {
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let Some(pairing) = shared.queue.lock().expect("queue lock").pop_front() else {
            break;
        };
        let played = play_pairing(id, &shared, pairing, &mut engines).await;
        let (counted, was_counted) = oneshot::channel();
        if tx.send(Finished { played, counted }).is_err() || was_counted.await.is_err() {
            break;
        }
    }
    for (_, engine) in engines.drain() {
        engine.quit().await;
    }
}

fn engine_config(id: usize, shared: &Shared, index: usize) -> EngineConfig {
    let spec = &shared.opts.engines[index];
    let mut config = spec.config.clone();
    config.name = shared.names[index].clone();
    if config.stderr_log.is_none()
        && let Some(dir) = &shared.opts.log_dir
    {
        let safe: String = config
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        config.stderr_log = Some(dir.join(format!("{safe}.{id}.stderr.log")));
    }
    config
}

/// Makes sure engine `index` runs and is usable (restarting it if it
/// failed, or before every game with `restart=on`).
async fn ready_engine(
    id: usize,
    shared: &Shared,
    index: usize,
    engines: &mut HashMap<usize, Engine>,
) -> Result<Engine, crate::engine::EngineError> {
    if let Some(engine) = engines.remove(&index) {
        if engine.is_usable() && !shared.opts.engines[index].restart {
            return Ok(engine);
        }
        engine.quit().await;
    }
    Engine::start(&engine_config(id, shared, index)).await
}

async fn play_pairing(
    id: usize,
    shared: &Shared,
    pairing: Pairing,
    engines: &mut HashMap<usize, Engine>,
) -> PlayedGame {
    let opts = &shared.opts;
    let opening = &shared.openings[pairing.opening % shared.openings.len()];
    let ctx = GameContext {
        pairing,
        specs: ByColor {
            white: &opts.engines[pairing.white],
            black: &opts.engines[pairing.black],
        },
        names: ByColor {
            white: shared.names[pairing.white].clone(),
            black: shared.names[pairing.black].clone(),
        },
        opening,
        ruleset: shared.ruleset.clone(),
        claims: opts.claims,
        draw: opts.draw,
        resign: opts.resign,
        maxmoves: opts.maxmoves,
        event: opts.event.clone(),
        site: opts.site.clone(),
        date: shared.date.clone(),
    };
    let white = ready_engine(id, shared, pairing.white, engines).await;
    let black = ready_engine(id, shared, pairing.black, engines).await;
    let warnings: Vec<String> = [&white, &black]
        .into_iter()
        .flatten()
        .flat_map(|e| e.option_warnings().iter().cloned())
        .collect();
    let mut played = match (white, black) {
        (Ok(mut w), Ok(mut b)) => {
            let played = play_game(&ctx, &mut w, &mut b).await;
            engines.insert(pairing.white, w);
            engines.insert(pairing.black, b);
            played
        }
        (Err(e), b) => {
            if let Ok(b) = b {
                engines.insert(pairing.black, b);
            }
            forfeited(&ctx, Color::White, &e)
        }
        (Ok(w), Err(e)) => {
            engines.insert(pairing.white, w);
            forfeited(&ctx, Color::Black, &e)
        }
    };
    played.warnings = warnings;
    played
}

fn append_pgn(path: &std::path::Path, played: &PlayedGame) -> Result<(), MatchError> {
    use std::io::Write;
    let text = super::pgn::to_pgn(played).to_string();
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|source| MatchError::Pgn {
            path: path.to_path_buf(),
            source,
        })
}

/// Today's date as PGN writes it, from the system clock (UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    arbiter_pgn::Date::from_unix_days((secs / 86_400) as i64).to_string()
}
