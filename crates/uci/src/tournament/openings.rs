//! Opening books: EPD positions or PGN lines, taken in order or at random.

use std::path::{Path, PathBuf};

use arbiter_rules::fen::Epd;
use arbiter_rules::uci::Uci;
use arbiter_rules::{CastlingMode, Position, Validation};
use rand::SeedableRng;
use rand::seq::SliceRandom;

/// The kind of file a book is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// One position per line.
    Epd,
    /// Games whose moves are the opening lines.
    Pgn,
}

/// In which order openings are used.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum BookOrder {
    /// In file order from `start`, wrapping around.
    #[default]
    Sequential,
    /// Shuffled once with the match's seed.
    Random,
}

/// `-openings file=… format=… order=… plies=… start=…`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningsSpec {
    /// The book.
    pub file: PathBuf,
    /// Its format; from the file's extension when `None`.
    pub format: Option<BookFormat>,
    /// The order the book's openings are played in.
    pub order: BookOrder,
    /// For PGN books, how many plies of each line to play (all if `None`).
    pub plies: Option<u32>,
    /// The 1-based number of the first opening used.
    pub start: usize,
}

/// An opening: where the game starts and the book moves played from there.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Opening {
    /// The starting position's FEN; `None` for the standard position.
    pub fen: Option<String>,
    /// Book moves in UCI notation, played before the engines take over.
    pub moves: Vec<String>,
}

impl Opening {
    /// The position the book moves start from.
    pub fn start_position(&self) -> Position {
        match &self.fen {
            Some(fen) => Position::from_fen(fen).expect("openings are validated when loaded"),
            None => Position::new(),
        }
    }

    /// The position after the book moves.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start_position();
        for m in &self.moves {
            let uci: Uci = m.parse().expect("validated when loaded");
            let mv = uci.to_move(&pos).expect("validated when loaded");
            pos.play_unchecked(mv);
        }
        pos
    }
}

/// A book that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file cannot be read.
    #[error("cannot read opening book {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line or game that is not a usable opening.
    #[error("{path}:{place}: {problem}")]
    Bad {
        /// The file.
        path: PathBuf,
        /// `line N` or `game N`.
        place: String,
        /// What is wrong.
        problem: String,
    },
    /// No opening in the file.
    #[error("opening book {0} contains no opening")]
    Empty(PathBuf),
}

impl OpeningsSpec {
    /// Reads the book and puts the openings in the order they will be
    /// used (starting at `start`).
    pub fn load(&self, seed: u64) -> Result<Vec<Opening>, OpeningsError> {
        let format = self.format.unwrap_or_else(|| {
            let name = self.file.to_string_lossy().to_ascii_lowercase();
            if name.contains(".pgn") {
                BookFormat::Pgn
            } else {
                BookFormat::Epd
            }
        });
        let mut openings = match format {
            BookFormat::Epd => read_epd(&self.file)?,
            BookFormat::Pgn => read_pgn(&self.file, self.plies)?,
        };
        if openings.is_empty() {
            return Err(OpeningsError::Empty(self.file.clone()));
        }
        if self.order == BookOrder::Random {
            openings.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
        }
        let start = (self.start.max(1) - 1) % openings.len();
        openings.rotate_left(start);
        Ok(openings)
    }
}

fn legal(fen: &str) -> Result<Position, String> {
    let setup: arbiter_rules::Setup = fen.parse().map_err(|e| format!("{e}"))?;
    legal_setup(&setup)
}

fn legal_setup(setup: &arbiter_rules::Setup) -> Result<Position, String> {
    Position::from_setup_with(setup, CastlingMode::detect(setup), Validation::STRICT)
        .map_err(|e| format!("{e}"))
}

fn read_epd(path: &Path) -> Result<Vec<Opening>, OpeningsError> {
    let text = std::fs::read_to_string(path).map_err(|source| OpeningsError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |problem: String| OpeningsError::Bad {
            path: path.to_path_buf(),
            place: format!("line {}", i + 1),
            problem,
        };
        let epd = Epd::from_line(line).map_err(|e| bad(e.to_string()))?;
        let pos = legal_setup(&epd.setup).map_err(bad)?;
        if pos.outcome().is_some() {
            return Err(bad("the position is already decided".into()));
        }
        out.push(Opening {
            fen: Some(pos.fen()),
            moves: Vec::new(),
        });
    }
    Ok(out)
}

fn read_pgn(path: &Path, plies: Option<u32>) -> Result<Vec<Opening>, OpeningsError> {
    let reader = arbiter_pgn::Reader::open(path).map_err(|source| OpeningsError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut out = Vec::new();
    for (i, game) in reader.games().enumerate() {
        let bad = |problem: String| OpeningsError::Bad {
            path: path.to_path_buf(),
            place: format!("game {}", i + 1),
            problem,
        };
        let game = game.map_err(|e| bad(e.to_string()))?;
        let fen = game.tags.get("FEN").map(str::to_string);
        let mut pos = match &fen {
            Some(f) => legal(f).map_err(bad)?,
            None => Position::new(),
        };
        let mut moves = Vec::new();
        for san in game
            .mainline_sans()
            .take(plies.map_or(usize::MAX, |p| p as usize))
        {
            let m = pos
                .parse_san(san)
                .map_err(|e| bad(format!("move {}: {e}", moves.len() + 1)))?;
            moves.push(Uci::from_move(&pos, m).to_string());
            pos.play_unchecked(m);
        }
        if pos.outcome().is_some() {
            return Err(bad("the line ends in a decided position".into()));
        }
        out.push(Opening {
            fen: fen.map(|_| pos_fen_of_start(&game)),
            moves,
        });
    }
    Ok(out)
}

/// The normalised FEN of a game's starting position (already validated).
fn pos_fen_of_start(game: &arbiter_pgn::Game) -> String {
    let fen = game.tags.get("FEN").unwrap_or_default();
    legal(fen)
        .map(|p| p.fen())
        .unwrap_or_else(|_| fen.to_string())
}
