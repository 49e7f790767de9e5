//! The analysed moves, kept: each side of each game with its player and
//! his scored moves, the engine's lines included, written as JSON lines
//! after a header naming the engine and the settings. A baseline or a
//! screen read back from it needs no engine, so that refitting the
//! baseline's model takes seconds where the analysis takes an hour.

use std::collections::BTreeMap;

use arbiter_rules::Color;
use serde::{Deserialize, Serialize};

use crate::player::PlayerMoves;
use crate::{EngineId, GameAnalysis, MoveScore, PlayedGame, Settings, score_side};

/// The version of the analysis file's format this build reads and writes.
pub const ANALYSIS_FORMAT: u32 = 1;

/// One side of one game: who played it and his scored moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideMoves {
    /// The game's number in its file (1 is the first).
    pub game: u64,
    /// The side.
    pub color: Color,
    /// The player's name.
    pub player: String,
    /// His rating in this game, when the game gives one.
    pub rating: Option<u32>,
    /// His scored moves, in the order played.
    pub moves: Vec<MoveScore>,
}

/// The analysed moves of a set of games, with the engine and settings
/// they were scored with.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysedMoves {
    /// The engine and its search.
    pub engine: EngineId,
    /// What was left out.
    pub settings: Settings,
    /// Each side of each game, in the games' order, White first.
    pub sides: Vec<SideMoves>,
}

/// The analysis file's first line.
#[derive(Serialize, Deserialize)]
struct Header {
    analysis_format: u32,
    engine: EngineId,
    settings: Settings,
}

/// An analysis file that cannot be read, with its line.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisFileError {
    /// The file is empty.
    #[error("an empty analysis file")]
    Empty,
    /// Written in a format this build does not read.
    #[error("analysis format {found}, this build reads format {ANALYSIS_FORMAT}")]
    Format {
        /// The file's format.
        found: u32,
    },
    /// A line is not what it should be.
    #[error("line {line}: {error}")]
    Line {
        /// The line's number (1 is the header).
        line: usize,
        /// What is wrong with it.
        error: serde_json::Error,
    },
}

impl AnalysedMoves {
    /// Scores both sides of every game of `games`, analysed by `analyses`
    /// (in the same order).
    pub fn score(
        engine: EngineId,
        settings: Settings,
        games: &[PlayedGame],
        analyses: &[GameAnalysis],
    ) -> AnalysedMoves {
        let sides = games
            .iter()
            .zip(analyses)
            .flat_map(|(game, analysis)| {
                [Color::White, Color::Black].map(|color| {
                    let who = game.players.get(color);
                    SideMoves {
                        game: game.number,
                        color,
                        player: who.name.clone(),
                        rating: who.rating,
                        moves: score_side(game, analysis, color, &settings)
                            .into_iter()
                            .flatten()
                            .collect(),
                    }
                })
            })
            .collect();
        AnalysedMoves {
            engine,
            settings,
            sides,
        }
    }

    /// Each player's scored moves over the games, by name: the order is
    /// the names', not the games'.
    pub fn players(&self) -> Vec<PlayerMoves> {
        let mut players: BTreeMap<&str, PlayerMoves> = BTreeMap::new();
        for side in &self.sides {
            let entry = players.entry(&side.player).or_insert_with(|| PlayerMoves {
                name: side.player.clone(),
                ..PlayerMoves::default()
            });
            entry.games += 1;
            entry.ratings.extend(side.rating);
            entry.moves.extend(side.moves.iter().cloned());
        }
        players.into_values().collect()
    }

    /// The file's text: the header, then one line per side of a game.
    pub fn to_jsonl(&self) -> String {
        let header = Header {
            analysis_format: ANALYSIS_FORMAT,
            engine: self.engine.clone(),
            settings: self.settings.clone(),
        };
        let mut text = serde_json::to_string(&header).expect("a header serialises");
        text.push('\n');
        for side in &self.sides {
            text.push_str(&serde_json::to_string(side).expect("a side serialises"));
            text.push('\n');
        }
        text
    }

    /// Reads an analysis file.
    pub fn read(text: &str) -> Result<AnalysedMoves, AnalysisFileError> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines.next().ok_or(AnalysisFileError::Empty)?;
        let at = |line: usize| move |error| AnalysisFileError::Line { line, error };
        #[derive(Deserialize)]
        struct Version {
            analysis_format: u32,
        }
        let version: Version = serde_json::from_str(first).map_err(at(1))?;
        if version.analysis_format != ANALYSIS_FORMAT {
            return Err(AnalysisFileError::Format {
                found: version.analysis_format,
            });
        }
        let header: Header = serde_json::from_str(first).map_err(at(1))?;
        let sides = lines
            .map(|(i, line)| serde_json::from_str(line).map_err(at(i + 1)))
            .collect::<Result<_, _>>()?;
        Ok(AnalysedMoves {
            engine: header.engine,
            settings: header.settings,
            sides,
        })
    }
}
