//! Fair-play screens run by the service for an event's arbiter (issue 35):
//! the event's finished games go, as PGN, to the screen the server was
//! started with (`arbiter serve --fairplay-engine`), in the background;
//! its report is recorded in the event's log by the arbiter who asked
//! ([`EventKind::FairPlayReported`]), hash-chained with the rest.
//!
//! The server runs no engine itself: the screen is given by the binary,
//! which knows the engine and `arbiter-fairplay` (the server's crate
//! depends on neither). One screen at a time per event; the last failure
//! is kept for the console until the next start.

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use arbiter_tournament::director::{EventKind, FairPlayReport};
use serde::Serialize;

use crate::tournament::LiveTournament;

/// A screen's answer: the report, or why there is none.
pub type Screened = Pin<Box<dyn Future<Output = Result<FairPlayReport, String>> + Send>>;

/// What a screen runs with, as the console shows it before a screen: the
/// fields a report's record names the same way, so that the arbiter sees
/// what his next report will rest on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScreenSetup {
    /// The engine's command (a report names the engine by its own name).
    pub command: String,
    /// Nodes searched a position.
    pub nodes: u64,
    /// Lines searched a position.
    pub multipv: u32,
    /// Moves of each side left out as book when no opening book is given.
    pub book_moves: u32,
    /// The opening book's SHA-256, when one says what is book.
    pub book: Option<String>,
    /// Positions beyond this, either way, are decided (centipawns).
    pub decided_cp: i32,
    /// A move losing this or more does not count as an alternative
    /// (centipawns).
    pub losing_cp: i32,
    /// The baseline's SHA-256, when the screen has one.
    pub baseline: Option<String>,
}

/// A fair-play screen the service can run.
pub trait FairPlayScreen: Send + Sync + fmt::Debug {
    /// What it runs with, as the console shows it before a screen.
    fn describe(&self) -> ScreenSetup;
    /// Screens the games of `pgn` (one file's text).
    fn screen(&self, pgn: String) -> Screened;
}

/// Where an event's screen stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Job {
    /// Running over this many games.
    Running {
        /// The finished games screened.
        games: u32,
    },
    /// The last screen gave no report.
    Failed {
        /// Why, as the screen or the log said it.
        error: String,
    },
}

/// The screens of every event, by event.
#[derive(Debug, Default)]
pub struct FairPlayJobs {
    jobs: Mutex<HashMap<String, Job>>,
}

/// A screen asked for while one runs.
#[derive(Debug)]
pub struct AlreadyRunning;

impl FairPlayJobs {
    /// Where the screen of `event` stands (`None`: none ran, or the last
    /// one's report is in the log).
    pub fn of(&self, event: &str) -> Option<Job> {
        self.jobs.lock().expect("jobs lock").get(event).cloned()
    }

    /// Starts a screen of `games` finished games (`pgn`) of `live` for its
    /// arbiter `by`, unless one runs: the report is recorded by `by` when
    /// it comes.
    pub fn start(
        self: &Arc<Self>,
        screen: &Arc<dyn FairPlayScreen>,
        live: Arc<LiveTournament>,
        by: String,
        pgn: String,
        games: u32,
    ) -> Result<(), AlreadyRunning> {
        let event = live.id.clone();
        {
            let mut jobs = self.jobs.lock().expect("jobs lock");
            if matches!(jobs.get(&event), Some(Job::Running { .. })) {
                return Err(AlreadyRunning);
            }
            jobs.insert(event.clone(), Job::Running { games });
        }
        let (jobs, screened) = (self.clone(), screen.screen(pgn));
        tokio::spawn(async move {
            let recorded = match screened.await {
                Ok(report) => {
                    let kind = EventKind::FairPlayReported {
                        report: Box::new(report),
                    };
                    live.act_now(&by, kind).await.map_err(|e| e.to_string())
                }
                Err(error) => Err(error),
            };
            let mut jobs = jobs.jobs.lock().expect("jobs lock");
            match recorded {
                Ok(()) => jobs.remove(&event),
                Err(error) => {
                    tracing::warn!("fair-play screen of {event}: {error}");
                    jobs.insert(event, Job::Failed { error })
                }
            };
        });
        Ok(())
    }
}
