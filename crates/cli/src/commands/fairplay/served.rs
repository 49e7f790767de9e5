//! The screen `arbiter serve --fairplay-engine` gives the server: the
//! event's finished games (PGN) screened as `arbiter fairplay` screens
//! them, the report turned into the record the event's log keeps.

use std::path::PathBuf;
use std::sync::Arc;

use arbiter_fairplay::Settings;
use arbiter_fairplay::engine::Analyser;
use arbiter_fairplay::screen::DEFAULT_FALSE_POSITIVE_RATE;
use arbiter_server::{FairPlayScreen, ScreenSetup, Screened};

use super::record::log_record;
use super::screening::{ScreenOptions, Screening, false_positive_rate, games_of_text};

/// `arbiter serve`'s fair-play options.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The UCI engine the arbiters' fair-play screens run (a program, with
    /// arguments after spaces): without it, the console's screen is
    /// refused.
    #[arg(long, value_name = "CMD")]
    fairplay_engine: Option<String>,
    /// Nodes searched per position by the screens.
    #[arg(long, default_value_t = 100_000, requires = "fairplay_engine")]
    fairplay_nodes: u64,
    /// Engines a screen runs at once, each with one thread (the server
    /// keeps the other cores for its games).
    #[arg(long, default_value_t = 1, requires = "fairplay_engine")]
    fairplay_threads: usize,
    /// The baseline the screens measure players against (`arbiter
    /// fairplay baseline`, with the same engine, nodes and book).
    #[arg(long, value_name = "FILE", requires = "fairplay_engine")]
    fairplay_baseline: Option<PathBuf>,
    /// Moves of each side the screens leave out at the start (book).
    #[arg(
        long,
        value_name = "N",
        default_value_t = Settings::default().book_moves,
        requires = "fairplay_engine"
    )]
    fairplay_book_moves: u32,
    /// An opening book, a PGN of lines (variations included): a game's
    /// moves are book while they stay in its positions. Replaces
    /// --fairplay-book-moves.
    #[arg(
        long,
        value_name = "FILE",
        requires = "fairplay_engine",
        conflicts_with = "fairplay_book_moves"
    )]
    fairplay_book: Option<PathBuf>,
    /// The chance, over a whole screen, that an honest player is marked
    /// for review.
    #[arg(
        long,
        value_name = "P",
        default_value_t = DEFAULT_FALSE_POSITIVE_RATE,
        value_parser = false_positive_rate,
        requires = "fairplay_engine"
    )]
    fairplay_false_positive_rate: f64,
}

/// The server's screen.
#[derive(Debug)]
struct EngineScreen {
    screening: Arc<Screening>,
    command: String,
}

impl ServeArgs {
    /// The screen these options ask for (`None`: no engine given).
    pub fn screen(&self) -> anyhow::Result<Option<Arc<dyn FairPlayScreen>>> {
        let Some(command) = &self.fairplay_engine else {
            return Ok(None);
        };
        let analyser = Analyser {
            config: super::engine_config(command),
            nodes: self.fairplay_nodes,
            multipv: 3,
            engines: self.fairplay_threads.max(1),
        };
        let options = ScreenOptions {
            book_moves: self.fairplay_book_moves,
            book: self.fairplay_book.as_deref(),
            baseline: self.fairplay_baseline.as_deref(),
            false_positive_rate: self.fairplay_false_positive_rate,
        };
        let screening = Screening::new(analyser, options)?;
        Ok(Some(Arc::new(EngineScreen {
            screening: Arc::new(screening),
            command: command.clone(),
        })))
    }
}

impl FairPlayScreen for EngineScreen {
    fn describe(&self) -> ScreenSetup {
        let (analyser, settings) = (&self.screening.analyser, &self.screening.settings);
        ScreenSetup {
            command: self.command.clone(),
            nodes: analyser.nodes,
            multipv: analyser.multipv,
            book_moves: settings.book_moves,
            book: settings.book.clone(),
            decided_cp: settings.decided_cp,
            losing_cp: settings.losing_cp,
            baseline: self
                .screening
                .baseline
                .as_ref()
                .map(|(_, hash)| hash.clone()),
        }
    }

    fn screen(&self, pgn: String) -> Screened {
        let screening = self.screening.clone();
        Box::pin(async move {
            let games = games_of_text(&pgn, "the event's games").map_err(|e| format!("{e:#}"))?;
            let games = screening.prepare(games);
            let count = games.len() as u32;
            let report = screening
                .report(games, Arc::new(|_| {}))
                .await
                .map_err(|e| format!("{e:#}"))?;
            let baseline = screening.baseline.as_ref().map(|(b, _)| b);
            Ok(log_record(&report, baseline, count))
        })
    }
}
