//! The `Game` model: a whole game record in memory.

use crate::visitor::{RawComment, RawTag, SanToken};
use crate::{Comment, GameResult, Nag, SyntaxError, Visitor};

/// The tag pairs of a game, in the order they were read or set.
///
/// ```
/// use arbiter_pgn::Tags;
/// let mut tags = Tags::default();
/// tags.insert("White", "Carlsen, Magnus");
/// tags.insert("White", "Carlsen, M.");
/// assert_eq!(tags.get("White"), Some("Carlsen, M."));
/// assert_eq!(tags.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// The value of tag `name`, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing its value if it is set already.
    pub fn insert(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let name = name.into();
        let value = value.into();
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    /// Removes tag `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.remove(i).1)
    }

    /// The tags as (name, value) pairs, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// `true` if there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        let mut tags = Tags::default();
        for (n, v) in iter {
            tags.insert(n, v);
        }
        tags
    }
}

/// A move of a game or of a variation, with what is written after it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveNode {
    /// The move as written, check sign included (`Nf3`, `Qxf7#`).
    pub san: String,
    /// Annotation glyphs after the move.
    pub nags: Vec<Nag>,
    /// Comments after the move.
    pub comments: Vec<Comment>,
    /// Alternatives to this move, each starting from the position before it.
    pub variations: Vec<Variation>,
}

impl MoveNode {
    /// A move with nothing written after it.
    pub fn new(san: impl Into<String>) -> MoveNode {
        MoveNode {
            san: san.into(),
            ..MoveNode::default()
        }
    }

    /// Adds a comment after the move (builder style).
    pub fn with_comment(mut self, comment: Comment) -> MoveNode {
        self.comments.push(comment);
        self
    }
}

/// A line of moves: a variation, or (in [`Game`]) the main line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variation {
    /// Comments before the first move.
    pub comments: Vec<Comment>,
    /// The moves of the line in order, each with its comments and sub-variations.
    pub moves: Vec<MoveNode>,
}

/// A game record: tags, the main line with its comments, annotations and
/// variations, and the termination marker.
///
/// ```
/// use arbiter_pgn::{ClockTime, Comment, Game, GameResult, MoveNode};
/// let mut game = Game::default();
/// game.tags.insert("White", "Anderssen, Adolf");
/// game.tags.insert("Black", "Kieseritzky, Lionel");
/// let mut clock = Comment::default();
/// clock.clock = Some(ClockTime::from_millis(170_000));
/// game.moves.push(MoveNode::new("e4").with_comment(clock));
/// game.moves.push(MoveNode::new("e5"));
/// game.result = Some(GameResult::WhiteWins);
/// let pgn = game.to_string();
/// assert!(pgn.starts_with("[Event \"?\"]\n"));
/// assert!(pgn.contains("1. e4 {[%clk 0:02:50]} 1... e5 1-0"));
/// let again = arbiter_pgn::Reader::new(pgn.as_bytes()).read_game()?.unwrap();
/// assert_eq!(again.moves, game.moves);
/// # Ok::<(), arbiter_pgn::ReadError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Game {
    /// The tag pairs.
    pub tags: Tags,
    /// Comments before the first move.
    pub comments: Vec<Comment>,
    /// The main line.
    pub moves: Vec<MoveNode>,
    /// The termination marker at the end of the movetext, if there is one.
    pub result: Option<GameResult>,
}

impl Game {
    /// The moves of the main line, as written.
    pub fn mainline_sans(&self) -> impl Iterator<Item = &str> {
        self.moves.iter().map(|m| m.san.as_str())
    }

    /// The result the game records: the termination marker, else the
    /// `Result` tag, else `*`.
    pub fn recorded_result(&self) -> GameResult {
        self.result
            .or_else(|| self.tags.get("Result").and_then(|r| r.parse().ok()))
            .unwrap_or(GameResult::Unknown)
    }
}

/// Builds a [`Game`] from the parser's events; the first syntax error that
/// cannot be recovered from makes the game an error.
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Game,
    /// The lines being read: the main line, then each open variation.
    lines: Vec<Variation>,
    error: Option<SyntaxError>,
}

impl GameBuilder {
    fn top(&mut self) -> &mut Variation {
        if self.lines.is_empty() {
            self.lines.push(Variation::default());
        }
        self.lines.last_mut().expect("a line is open")
    }
}

impl Visitor for GameBuilder {
    type Output = Result<Game, SyntaxError>;

    fn begin_game(&mut self) {
        self.game = Game::default();
        self.lines.clear();
        self.lines.push(Variation::default());
        self.error = None;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.game.tags.insert(
            crate::decode_text(name).into_owned(),
            value.decode().into_owned(),
        );
    }

    fn san(&mut self, san: SanToken<'_>) {
        let mut text = san.decode().into_owned();
        match san.check_mark() {
            Some(crate::CheckMark::Check) => text.push('+'),
            Some(crate::CheckMark::Mate) => text.push('#'),
            None => {}
        }
        self.top().moves.push(MoveNode::new(text));
    }

    fn nag(&mut self, nag: Nag, _offset: usize) {
        if let Some(m) = self.top().moves.last_mut() {
            m.nags.push(nag);
        }
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        let c = comment.parse();
        if c.is_empty() {
            return;
        }
        let top = self.top();
        match top.moves.last_mut() {
            Some(m) => m.comments.push(c),
            None => top.comments.push(c),
        }
    }

    fn begin_variation(&mut self) -> crate::Skip {
        self.lines.push(Variation::default());
        crate::Skip(false)
    }

    fn end_variation(&mut self) {
        if self.lines.len() < 2 {
            return;
        }
        let v = self.lines.pop().expect("a variation is open");
        if let Some(m) = self.top().moves.last_mut() {
            m.variations.push(v);
        }
    }

    fn result(&mut self, result: GameResult, _offset: usize) {
        self.game.result = Some(result);
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        if self.error.is_none() && !error.kind.is_recoverable() {
            self.error = Some(error);
        }
    }

    fn end_game(&mut self) -> Result<Game, SyntaxError> {
        while self.lines.len() > 1 {
            self.end_variation();
        }
        let main = self.lines.pop().unwrap_or_default();
        let mut game = std::mem::take(&mut self.game);
        game.comments = main.comments;
        game.moves = main.moves;
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(game),
        }
    }
}
