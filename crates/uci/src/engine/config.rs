//! How to start an engine and how long to wait for it.

use std::path::PathBuf;
use std::time::Duration;

/// How long the driver waits for each kind of answer before it calls the
/// engine hung.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// From `uci` to `uciok`.
    pub handshake: Duration,
    /// From `isready` to `readyok`.
    pub ready: Duration,
    /// From `stop` to `bestmove`.
    pub stop: Duration,
    /// From `quit` to the process's exit, before it is killed.
    pub quit: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            handshake: Duration::from_secs(10),
            ready: Duration::from_secs(10),
            stop: Duration::from_secs(2),
            quit: Duration::from_secs(1),
        }
    }
}

/// What to do with a configured option the engine does not declare.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum UnknownOptions {
    /// Leave it unset, keep a warning (see `Engine::option_warnings`) and
    /// play on, as cutechess-cli and fastchess do: `-each option.Hash=16`
    /// is common with engines that have no hash table.
    #[default]
    Warn,
    /// Refuse to start the engine (`-strict-options`).
    Refuse,
}

/// Everything needed to start an engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineConfig {
    /// The name shown in results and PGN (the engine's own `id name` when
    /// empty).
    pub name: String,
    /// The program.
    pub command: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its working directory.
    pub dir: Option<PathBuf>,
    /// Environment variables set for it (on top of the inherited ones).
    pub env: Vec<(String, String)>,
    /// UCI options to set after the handshake, as name and value. Checked
    /// against the engine's declarations; `Threads` is always sent first.
    pub options: Vec<(String, String)>,
    /// What an option the engine does not declare does.
    pub unknown_options: UnknownOptions,
    /// Where the engine's standard error goes (appended); discarded when
    /// `None`.
    pub stderr_log: Option<PathBuf>,
    /// How long to wait for answers.
    pub timeouts: Timeouts,
}

impl EngineConfig {
    /// A configuration that runs `command` with defaults for the rest.
    pub fn new(command: impl Into<PathBuf>) -> Self {
        EngineConfig {
            command: command.into(),
            ..EngineConfig::default()
        }
    }

    /// The command line as text, for messages.
    pub fn command_line(&self) -> String {
        let mut s = self.command.display().to_string();
        for a in &self.args {
            s.push(' ');
            s.push_str(a);
        }
        s
    }
}
