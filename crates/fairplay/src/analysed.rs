//! The analysed moves, kept: each side of each game with its player and
//! his scored moves, the engine's lines included, written as JSON lines
//! after a header naming the engine and the settings. A baseline or a
//! screen read back from it needs no engine, so that refitting the
//! baseline's model takes seconds where the analysis takes an hour.

use std::collections::BTreeMap;
use std::io::Write;

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

impl SideMoves {
    /// Both sides of `game`, White first, scored from `analysis`.
    pub fn of_game(
        game: &PlayedGame,
        analysis: &GameAnalysis,
        settings: &Settings,
    ) -> [SideMoves; 2] {
        [Color::White, Color::Black].map(|color| {
            let who = game.players.get(color);
            SideMoves {
                game: game.number,
                color,
                player: who.name.clone(),
                rating: who.rating,
                moves: score_side(game, analysis, color, settings)
                    .into_iter()
                    .flatten()
                    .collect(),
            }
        })
    }
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
            .flat_map(|(game, analysis)| SideMoves::of_game(game, analysis, &settings))
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
        let mut text = header_line(&self.engine, &self.settings);
        for side in &self.sides {
            text.push_str(&side_line(side));
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

/// The header line of an analysis file.
fn header_line(engine: &EngineId, settings: &Settings) -> String {
    let header = Header {
        analysis_format: ANALYSIS_FORMAT,
        engine: engine.clone(),
        settings: settings.clone(),
    };
    let mut line = serde_json::to_string(&header).expect("a header serialises");
    line.push('\n');
    line
}

/// The line of one side of a game.
fn side_line(side: &SideMoves) -> String {
    let mut line = serde_json::to_string(side).expect("a side serialises");
    line.push('\n');
    line
}

/// An analysis file written while the engines work: the header, then each
/// game's sides as soon as it and every game before it are analysed, so
/// that a run stopped half-way leaves a file of the games it finished,
/// first to last, that `--analysed` reads. When every game is in, the
/// file is the same, byte for byte, as [`AnalysedMoves::to_jsonl`].
///
/// ```
/// use arbiter_fairplay::{AnalysedMoves, AnalysisWriter, EngineId, Settings, SideMoves};
/// use arbiter_rules::Color;
///
/// let engine = EngineId { name: "Stockfish".into(), nodes: 5000, multipv: 3 };
/// let side = |game, color| SideMoves { game, color, player: format!("P{game}"), rating: None, moves: vec![] };
/// let mut file = AnalysisWriter::new(Vec::new(), engine.clone(), Settings::default());
/// file.add(1, [side(2, Color::White), side(2, Color::Black)]).unwrap();
/// assert_eq!(file.written(), 0); // game 2 waits for game 1
/// file.add(0, [side(1, Color::White), side(1, Color::Black)]).unwrap();
/// assert_eq!(file.written(), 2);
/// let text = String::from_utf8(file.into_inner()).unwrap();
/// assert_eq!(AnalysedMoves::read(&text).unwrap().sides.len(), 4);
/// ```
#[derive(Debug)]
pub struct AnalysisWriter<W: Write> {
    out: W,
    engine: EngineId,
    settings: Settings,
    header_written: bool,
    next: usize,
    waiting: BTreeMap<usize, [SideMoves; 2]>,
}

impl<W: Write> AnalysisWriter<W> {
    /// A file of analyses by `engine` under `settings`, written to `out`
    /// (nothing is written before the first game is in).
    pub fn new(out: W, engine: EngineId, settings: Settings) -> Self {
        AnalysisWriter {
            out,
            engine,
            settings,
            header_written: false,
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    /// The sides of the game at `index` (0 is the first game): written,
    /// with the games after it that were waiting for it, once every game
    /// before it is; each game's lines are flushed as they are written.
    pub fn add(&mut self, index: usize, sides: [SideMoves; 2]) -> std::io::Result<()> {
        self.waiting.insert(index, sides);
        if !self.header_written {
            self.out
                .write_all(header_line(&self.engine, &self.settings).as_bytes())?;
            self.header_written = true;
        }
        while let Some(sides) = self.waiting.remove(&self.next) {
            let lines: String = sides.iter().map(side_line).collect();
            self.out.write_all(lines.as_bytes())?;
            self.out.flush()?;
            self.next += 1;
        }
        Ok(())
    }

    /// How many games are written (the first ones, in order).
    pub fn written(&self) -> usize {
        self.next
    }

    /// The output.
    pub fn into_inner(self) -> W {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(game: u64, color: Color, rank: usize) -> SideMoves {
        SideMoves {
            game,
            color,
            player: format!("Player {game} {color:?}"),
            rating: Some(2000 + game as u32),
            moves: vec![MoveScore {
                rank: Some(rank),
                loss_cp: 12,
                accuracy: 91.5,
                complex: rank > 0,
                spent_ms: Some(3000),
                lines_cp: vec![40, 28, -5],
            }],
        }
    }

    fn games(count: u64) -> AnalysedMoves {
        AnalysedMoves {
            engine: EngineId {
                name: "Stockfish 15.1".into(),
                nodes: 100_000,
                multipv: 3,
            },
            settings: Settings::default(),
            sides: (1..=count)
                .flat_map(|g| [side(g, Color::White, 0), side(g, Color::Black, 2)])
                .collect(),
        }
    }

    fn game_sides(all: &AnalysedMoves, index: usize) -> [SideMoves; 2] {
        [
            all.sides[2 * index].clone(),
            all.sides[2 * index + 1].clone(),
        ]
    }

    #[test]
    fn games_finished_out_of_order_are_written_as_the_whole_file() {
        let all = games(4);
        let mut file = AnalysisWriter::new(Vec::new(), all.engine.clone(), all.settings.clone());
        for index in [2, 0, 3, 1] {
            file.add(index, game_sides(&all, index)).unwrap();
        }
        assert_eq!(file.written(), 4);
        assert_eq!(
            String::from_utf8(file.into_inner()).unwrap(),
            all.to_jsonl()
        );
    }

    #[test]
    fn a_run_stopped_half_way_leaves_the_games_before_the_first_missing_one() {
        let all = games(4);
        let mut file = AnalysisWriter::new(Vec::new(), all.engine.clone(), all.settings.clone());
        // Game 2 (index 1) never finishes: games 3 and 4 wait behind it.
        for index in [0, 2, 3] {
            file.add(index, game_sides(&all, index)).unwrap();
        }
        assert_eq!(file.written(), 1);
        let kept = AnalysedMoves::read(&String::from_utf8(file.into_inner()).unwrap()).unwrap();
        assert_eq!(kept, games(1));
    }

    #[test]
    fn a_write_error_is_returned() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("no space left on device"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let all = games(1);
        let mut file = AnalysisWriter::new(Full, all.engine.clone(), all.settings.clone());
        let error = file.add(0, game_sides(&all, 0)).unwrap_err();
        assert!(error.to_string().contains("no space left"));
    }
}
