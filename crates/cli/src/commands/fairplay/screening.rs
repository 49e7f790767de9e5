//! A screen as `arbiter fairplay` and `arbiter serve --fairplay-engine`
//! both run it: the engine and its search, the exclusions, the baseline
//! (checked against the settings), and games in, a report out.

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use arbiter_fairplay::engine::{Analyser, positions_to_search};
use arbiter_fairplay::screen::screen;
use arbiter_fairplay::{
    AnalysedMoves, AnalysisWriter, Baseline, Book, EngineId, GameAnalysis, PlayedGame, Report,
    Settings, SideMoves, baseline_hash,
};

/// How games are screened.
#[derive(Debug)]
pub struct Screening {
    /// The engine and its search.
    pub analyser: Analyser,
    /// What is left out.
    pub settings: Settings,
    /// The opening book, when one says what is book.
    pub book: Option<Book>,
    /// The baseline and its file's hash.
    pub baseline: Option<(Baseline, String)>,
    /// The chance, over a whole screen, that an honest player is marked.
    pub false_positive_rate: f64,
}

pub use arbiter_fairplay::engine::Searched;

/// Where a run's analysis is kept as it goes (`--analysis FILE`): the
/// output until the first game is in (the header names the engine, known
/// once it runs), then the file being written, or its first write error
/// (a full disk ends the run with it rather than with a file silently cut
/// short).
enum KeptFile {
    Unopened(Option<Box<dyn Write + Send>>),
    Writing(AnalysisWriter<Box<dyn Write + Send>>),
    Failed(std::io::Error),
}

impl KeptFile {
    fn add(&mut self, engine: &EngineId, settings: &Settings, index: usize, sides: [SideMoves; 2]) {
        if let KeptFile::Unopened(out) = self {
            let Some(out) = out.take() else { return };
            *self = KeptFile::Writing(AnalysisWriter::new(out, engine.clone(), settings.clone()));
        }
        if let KeptFile::Writing(file) = self
            && let Err(error) = file.add(index, sides)
        {
            *self = KeptFile::Failed(error);
        }
    }
}

/// What a screen is asked for beyond its engine, as `arbiter fairplay`
/// and `arbiter serve --fairplay-…` both give it: what is book, the
/// baseline and the false-positive rate. [`Screening::new`] reads it.
#[derive(Debug, Clone, Copy)]
pub struct ScreenOptions<'a> {
    /// Moves of each side that are book, when no opening book is given.
    pub book_moves: u32,
    /// The opening book's file, which then alone says what is book.
    pub book: Option<&'a Path>,
    /// The baseline's file.
    pub baseline: Option<&'a Path>,
    /// The chance, over a whole screen, that an honest player is marked
    /// ([`false_positive_rate`] reads it).
    pub false_positive_rate: f64,
}

/// A false-positive rate as the command line gives it: a chance, above
/// 0 and below 1.
pub fn false_positive_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(rate) if rate > 0.0 && rate < 1.0 => Ok(rate),
        _ => Err(format!("{text}: a chance above 0 and below 1 expected")),
    }
}

impl Screening {
    /// The screening `options` ask for, its files read; refused when the
    /// baseline was built with other settings.
    pub fn new(analyser: Analyser, options: ScreenOptions) -> anyhow::Result<Screening> {
        let (settings, book) = exclusions(options.book_moves, options.book)?;
        Screening::with_settings(analyser, settings, book, options)
    }

    /// The screening of moves already analysed (`--analysed FILE`): the
    /// file's search and exclusions, whatever `analyser` and `options`
    /// say of them.
    pub fn of_analysed(
        analyser: Analyser,
        analysed: &AnalysedMoves,
        options: ScreenOptions,
    ) -> anyhow::Result<Screening> {
        let analyser = Analyser {
            nodes: analysed.engine.nodes,
            multipv: analysed.engine.multipv,
            ..analyser
        };
        Screening::with_settings(analyser, analysed.settings.clone(), None, options)
    }

    fn with_settings(
        analyser: Analyser,
        settings: Settings,
        book: Option<Book>,
        options: ScreenOptions,
    ) -> anyhow::Result<Screening> {
        let baseline = match options.baseline {
            Some(path) => {
                let bytes = std::fs::read(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let baseline = Baseline::read(&bytes)
                    .map_err(|e| match e.format_text() {
                        Some(text) => anyhow::anyhow!(arbiter_messages::english().render(&text)),
                        None => e.into(),
                    })
                    .with_context(|| format!("{}", path.display()))?;
                Some((baseline, baseline_hash(&bytes)))
            }
            None => None,
        };
        if let Some((b, _)) = &baseline {
            anyhow::ensure!(
                b.settings == settings
                    && b.engine.nodes == analyser.nodes
                    && b.engine.multipv == analyser.multipv,
                "the baseline was built with other settings ({} nodes, MultiPV {}, {:?}): screen with the same",
                b.engine.nodes,
                b.engine.multipv,
                b.settings
            );
        }
        Ok(Screening {
            analyser,
            settings,
            book,
            baseline,
            false_positive_rate: options.false_positive_rate,
        })
    }

    /// `games` with their book moves marked by the opening book, if any:
    /// what [`Screening::positions`] and [`Screening::analyse`] take.
    pub fn prepare(&self, mut games: Vec<PlayedGame>) -> Vec<PlayedGame> {
        if let Some(book) = &self.book {
            games.iter_mut().for_each(|g| g.mark_book(book));
        }
        games
    }

    /// The positions of `games` the engine will search.
    pub fn positions(&self, games: &[PlayedGame]) -> usize {
        games
            .iter()
            .map(|g| positions_to_search(g, &self.settings).len())
            .sum()
    }

    /// Both sides' scored moves over `games`, with the engine's name;
    /// each game's sides written to `kept` as the games finish, in order,
    /// when it is given (`--analysis FILE`).
    pub async fn analyse(
        &self,
        games: Vec<PlayedGame>,
        searched: Searched,
        kept: Option<Box<dyn Write + Send>>,
    ) -> anyhow::Result<AnalysedMoves> {
        let games = Arc::new(games);
        // Without a file to keep, a game's sides are scored once, at the end.
        let keeping = kept.is_some();
        let file = Arc::new(Mutex::new(KeptFile::Unopened(kept)));
        let analysed = {
            let (games, settings, file) = (games.clone(), self.settings.clone(), file.clone());
            Arc::new(
                move |engine: &EngineId, index: usize, analysis: &GameAnalysis| {
                    if !keeping {
                        return;
                    }
                    let sides = SideMoves::of_game(&games[index], analysis, &settings);
                    let mut file = file
                        .lock()
                        .expect("the analysis file's lock is not poisoned");
                    file.add(engine, &settings, index, sides);
                },
            )
        };
        let (engine, analyses): (EngineId, Vec<GameAnalysis>) = self
            .analyser
            .analyse(games.clone(), &self.settings, searched, analysed)
            .await
            .context("the analysis failed")?;
        let file = std::mem::replace(
            &mut *file
                .lock()
                .expect("the analysis file's lock is not poisoned"),
            KeptFile::Unopened(None),
        );
        if let KeptFile::Failed(error) = file {
            return Err(error).context("cannot write the analysis file");
        }
        Ok(AnalysedMoves::score(
            engine,
            self.settings.clone(),
            &games,
            &analyses,
        ))
    }

    /// The report on `games`.
    pub async fn report(
        &self,
        games: Vec<PlayedGame>,
        searched: Searched,
    ) -> anyhow::Result<Report> {
        let analysed = self.analyse(games, searched, None).await?;
        self.report_of(&analysed)
    }

    /// The report on moves already analysed (by this screening's engine
    /// and settings, or read back from a file made with them).
    pub fn report_of(&self, analysed: &AnalysedMoves) -> anyhow::Result<Report> {
        if let Some((b, _)) = &self.baseline {
            anyhow::ensure!(
                b.engine.name == analysed.engine.name,
                "the baseline was built with {}, not {}",
                b.engine.name,
                analysed.engine.name
            );
        }
        let (threshold, players) = screen(
            &analysed.players(),
            self.baseline.as_ref().map(|(b, _)| b),
            self.false_positive_rate,
        );
        Ok(Report {
            engine: analysed.engine.clone(),
            settings: self.settings.clone(),
            baseline: self.baseline.as_ref().map(|(_, hash)| hash.clone()),
            threshold,
            players,
        })
    }
}

/// The settings, and the opening book of the file `book` when one is
/// given (then it alone says what is book).
fn exclusions(book_moves: u32, book: Option<&Path>) -> anyhow::Result<(Settings, Option<Book>)> {
    let Some(path) = book else {
        let settings = Settings {
            book_moves,
            ..Settings::default()
        };
        return Ok((settings, None));
    };
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let book = Book::read(&bytes).with_context(|| format!("{}", path.display()))?;
    let settings = Settings {
        book_moves: 0,
        book: Some(book.hash.clone()),
        ..Settings::default()
    };
    Ok((settings, Some(book)))
}

/// The games of a PGN text (`source` names it in errors).
pub fn games_of_text(text: &str, source: &str) -> anyhow::Result<Vec<PlayedGame>> {
    let mut games = Vec::new();
    read_games(
        arbiter_pgn::Reader::new(text.as_bytes()),
        source,
        &mut games,
    )?;
    Ok(games)
}

/// The games of a PGN file, added to `games`.
pub fn read_file(path: &Path, games: &mut Vec<PlayedGame>) -> anyhow::Result<()> {
    let reader = arbiter_pgn::Reader::open(path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    read_games(reader, &path.display().to_string(), games)
}

fn read_games<R: std::io::Read>(
    mut reader: arbiter_pgn::Reader<R>,
    source: &str,
    games: &mut Vec<PlayedGame>,
) -> anyhow::Result<()> {
    let mut number = 0;
    while let Some(game) = reader.read_game().with_context(|| source.to_string())? {
        number += 1;
        let played = PlayedGame::from_pgn(&game, number).with_context(|| source.to_string())?;
        games.push(played);
    }
    Ok(())
}
