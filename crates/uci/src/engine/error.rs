//! How an engine can fail.

use core::fmt;
use std::time::Duration;

use crate::protocol::OptionError;

/// What the driver was waiting for when an engine failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Awaiting {
    /// `uciok`, after `uci`.
    UciOk,
    /// `readyok`, after `isready`.
    ReadyOk,
    /// `bestmove`, after `go`.
    BestMove,
    /// `bestmove`, after `stop`.
    BestMoveAfterStop,
    /// Nothing in particular (writing a command).
    Nothing,
}

impl fmt::Display for Awaiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Awaiting::UciOk => "uciok",
            Awaiting::ReadyOk => "readyok",
            Awaiting::BestMove => "bestmove",
            Awaiting::BestMoveAfterStop => "bestmove after stop",
            Awaiting::Nothing => "nothing",
        })
    }
}

/// How a crashed engine went away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Crash {
    /// The process exited (with its status, as text: `exit status: 3`,
    /// `signal: 11 (SIGSEGV)`).
    Exited(String),
    /// Its output closed but the process did not exit (yet).
    OutputClosed,
    /// Writing to it failed: the pipe is broken.
    BrokenPipe,
    /// Another input/output error.
    Io(String),
}

impl fmt::Display for Crash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Crash::Exited(status) => write!(f, "exited, {status}"),
            Crash::OutputClosed => f.write_str("closed its output"),
            Crash::BrokenPipe => f.write_str("stopped reading its input (broken pipe)"),
            Crash::Io(e) => write!(f, "input/output error: {e}"),
        }
    }
}

/// An engine failure.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The process could not be started.
    #[error("cannot start engine {engine:?} ({command}): {source}")]
    Spawn {
        /// The engine's name.
        engine: String,
        /// The command line.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine did not answer in time.
    #[error("engine {engine:?} did not send {awaiting} within {}ms", after.as_millis())]
    Hang {
        /// The engine's name.
        engine: String,
        /// What it did not send.
        awaiting: Awaiting,
        /// How long it was given.
        after: Duration,
    },
    /// The engine answered `go` only after its time was up (it was told to
    /// stop and its late move was drained).
    #[error("engine {engine:?} sent no bestmove within {}ms", after.as_millis())]
    Overtime {
        /// The engine's name.
        engine: String,
        /// How long it was given.
        after: Duration,
    },
    /// The engine crashed.
    #[error("engine {engine:?} crashed while the driver awaited {awaiting}: {crash}")]
    Crashed {
        /// The engine's name.
        engine: String,
        /// What the driver was waiting for.
        awaiting: Awaiting,
        /// How.
        crash: Crash,
    },
    /// An option the user set does not exist or does not take the value.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The engine failed earlier and must be restarted.
    #[error("engine {engine:?} failed earlier and was not restarted")]
    Dead {
        /// The engine's name.
        engine: String,
    },
}

impl EngineError {
    /// True if the engine process can no longer be used.
    pub fn is_fatal(&self) -> bool {
        !matches!(self, EngineError::Overtime { .. } | EngineError::Option(_))
    }
}
