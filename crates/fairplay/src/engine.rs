//! The analysis: every position that can be scored searched by a UCI
//! engine at a fixed node count with `Threads=1` and `MultiPV`, several
//! engines at once, one game at a time each.
//!
//! Reproducible by construction: each game starts with `ucinewgame` (the
//! engine forgets its hash and histories) and its positions are searched
//! in order, so a game's analysis does not depend on which engine took it
//! or on what that engine searched before.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use arbiter_uci::engine::{Engine, EngineConfig, EngineError};
use arbiter_uci::protocol::{Go, PositionCommand};
use tokio::sync::Mutex;

use crate::{EngineId, GameAnalysis, Line, PlayedGame, PositionAnalysis, Settings};

/// How the engine searches.
#[derive(Clone, Debug)]
pub struct Analyser {
    /// How to start the engine (options are added: `Threads`, `MultiPV`).
    pub config: EngineConfig,
    /// Nodes per position.
    pub nodes: u64,
    /// Lines per position (`MultiPV`, at least 3 for the top-3 rate).
    pub multipv: u32,
    /// Engines run at once (each with one thread).
    pub engines: usize,
}

/// An analysis that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// An engine failed.
    #[error("{0}")]
    Engine(#[from] EngineError),
    /// A search failed.
    #[error("game {game}, move {move_number}: {error}")]
    Search {
        /// The game's number in its file.
        game: u64,
        /// The move number of the position searched.
        move_number: String,
        /// What the engine did.
        error: EngineError,
    },
}

/// The positions of `game` the screen may score: from the first move after
/// the book to the end (the position after the last move included, unless
/// the game ended on the board). The rest need no search.
pub fn positions_to_search(game: &PlayedGame, settings: &Settings) -> std::ops::Range<usize> {
    let first = (0..game.plies.len())
        .find(|&i| !game.is_book(i, settings))
        .unwrap_or(game.plies.len());
    let end = if game.end.is_game_over() || first == game.plies.len() {
        game.plies.len()
    } else {
        game.plies.len() + 1
    };
    first..end
}

/// Called after each position searched, with the number searched so far.
pub type Searched = Arc<dyn Fn(usize) + Send + Sync>;

/// Called as each game's analysis ends, in whatever order the engines
/// finish them: the engine and its search, the game's index in the games,
/// and its analysis.
pub type GameAnalysed = Arc<dyn Fn(&EngineId, usize, &GameAnalysis) + Send + Sync>;

impl Analyser {
    /// Analyses `games`; `searched` is called after each position, and
    /// `analysed` after each game. Returns the engine's name and settings
    /// and one analysis per game, in order.
    pub async fn analyse(
        &self,
        games: Arc<Vec<PlayedGame>>,
        settings: &Settings,
        searched: Searched,
        analysed: GameAnalysed,
    ) -> Result<(EngineId, Vec<GameAnalysis>), AnalysisError> {
        let mut config = self.config.clone();
        config.options.retain(|(name, _)| {
            !name.eq_ignore_ascii_case("Threads") && !name.eq_ignore_ascii_case("MultiPV")
        });
        config.options.push(("Threads".into(), "1".into()));
        config
            .options
            .push(("MultiPV".into(), self.multipv.to_string()));
        let next_game = Arc::new(AtomicUsize::new(0));
        let done = Arc::new(AtomicUsize::new(0));
        let results: Arc<Mutex<Vec<Option<GameAnalysis>>>> =
            Arc::new(Mutex::new(vec![None; games.len()]));
        let mut engines = Vec::new();
        for _ in 0..self.engines.clamp(1, games.len().max(1)) {
            engines.push(Engine::start(&config).await?);
        }
        let id = Arc::new(EngineId {
            name: engines[0]
                .id_name()
                .unwrap_or(engines[0].name())
                .to_string(),
            nodes: self.nodes,
            multipv: self.multipv,
        });
        let mut workers = tokio::task::JoinSet::new();
        for mut engine in engines {
            let (games, next_game, done, results) = (
                games.clone(),
                next_game.clone(),
                done.clone(),
                results.clone(),
            );
            let (settings, searched, analysed, id, nodes) = (
                settings.clone(),
                searched.clone(),
                analysed.clone(),
                id.clone(),
                self.nodes,
            );
            workers.spawn(async move {
                let outcome = loop {
                    let index = next_game.fetch_add(1, Ordering::SeqCst);
                    let Some(game) = games.get(index) else {
                        break Ok(());
                    };
                    let on_position = || searched(done.fetch_add(1, Ordering::SeqCst) + 1);
                    match analyse_game(&mut engine, game, &settings, nodes, on_position).await {
                        Ok(analysis) => {
                            analysed(&id, index, &analysis);
                            results.lock().await[index] = Some(analysis);
                        }
                        Err(e) => break Err(e),
                    }
                };
                engine.quit().await;
                outcome
            });
        }
        while let Some(joined) = workers.join_next().await {
            joined.expect("an analysis task does not panic")?;
        }
        let analyses = std::mem::take(&mut *results.lock().await)
            .into_iter()
            .map(|a| a.expect("every game was analysed"))
            .collect();
        Ok((Arc::unwrap_or_clone(id), analyses))
    }
}

/// How long a search may take before the engine is called hung: far
/// beyond what any engine needs for `nodes` (a slow one searches 100,000
/// a second), so that only a hang reaches it.
fn search_budget(nodes: u64) -> Duration {
    Duration::from_secs(30 + nodes / 100_000)
}

async fn analyse_game(
    engine: &mut Engine,
    game: &PlayedGame,
    settings: &Settings,
    nodes: u64,
    on_position: impl Fn(),
) -> Result<GameAnalysis, AnalysisError> {
    let mut analysis = GameAnalysis {
        positions: vec![None; game.plies.len() + 1],
    };
    let search_error = |index: usize, error| AnalysisError::Search {
        game: game.number,
        move_number: game
            .plies
            .get(index)
            .map_or_else(|| "end".to_string(), |p| p.move_number.clone()),
        error,
    };
    engine.new_game().await.map_err(|e| search_error(0, e))?;
    let go = Go {
        nodes: Some(nodes),
        ..Go::default()
    };
    for index in positions_to_search(game, settings) {
        let position = PositionCommand {
            fen: game.start_fen.clone(),
            moves: game.plies[..index].iter().map(|p| p.uci.clone()).collect(),
        };
        let search = engine
            .search(&position, &go, Some(search_budget(nodes)))
            .await
            .map_err(|f| search_error(index, f.error))?;
        analysis.positions[index] = Some(PositionAnalysis {
            lines: search
                .lines
                .into_iter()
                // A line the engine skipped ends the list: the ranks after
                // it would be wrong.
                .map_while(|info| {
                    Some(Line {
                        uci: info.pv.first()?.clone(),
                        score: info.score?,
                    })
                })
                .collect(),
        });
        on_position();
    }
    Ok(analysis)
}
