//! The match's state on disk, so an interrupted match resumes where it
//! stopped: the command line it was started with and every finished game.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::record::GameRecord;

/// The saved state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchState {
    /// The arguments of `arbiter match` (a resumed match must be the
    /// same match).
    pub args: Vec<String>,
    /// The seed used for random openings.
    pub seed: u64,
    /// Finished games, in the order they finished.
    pub games: Vec<GameRecord>,
}

/// A state file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// Reading or writing failed.
    #[error("state file {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a match state.
    #[error("state file {path} is damaged: {source}")]
    Damaged {
        /// The file.
        path: String,
        /// Why.
        source: serde_json::Error,
    },
    /// The file belongs to another match.
    #[error(
        "state file {path} was written by another match ({saved}); remove it or use the same arguments"
    )]
    OtherMatch {
        /// The file.
        path: String,
        /// That match's arguments.
        saved: String,
    },
}

impl MatchState {
    /// Reads the state, if the file exists.
    pub fn load(path: &Path) -> Result<Option<MatchState>, StateError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(StateError::Io {
                    path: path.display().to_string(),
                    source,
                });
            }
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|source| StateError::Damaged {
                path: path.display().to_string(),
                source,
            })
    }

    /// Writes the state: to a temporary file first, then renamed over the
    /// old one, so an interruption never leaves half a file.
    pub fn save(&self, path: &Path) -> Result<(), StateError> {
        let io = |source| StateError::Io {
            path: path.display().to_string(),
            source,
        };
        let tmp = path.with_extension("tmp");
        let text = serde_json::to_string(self).expect("the state serialises");
        std::fs::write(&tmp, text).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)
    }
}
