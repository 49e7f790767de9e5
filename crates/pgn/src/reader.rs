//! The streaming reader: cuts the input into games, holding one at a time.

use std::io::{self, Read};
use std::path::Path;

use crate::game::GameBuilder;
use crate::lex::count_line_breaks;
use crate::open::{Input, Progress, open_input};
use crate::split::{game_end, skip_to_game};
use crate::{Game, GameText, ReadError, Visitor};

/// The largest game the reader holds in memory; a larger one is skipped
/// and reported as [`crate::SyntaxErrorKind::GameTooLarge`].
pub const MAX_GAME_BYTES: usize = 64 << 20;

const INITIAL_BUFFER: usize = 1 << 20;

/// Reads games one after the other from a stream, in memory proportional to
/// the largest game rather than to the input.
///
/// ```
/// use arbiter_pgn::{GameResult, Reader};
/// let pgn = b"[White \"Anderssen\"]\n\n1. e4 e5 1-0\n\n1. d4 *\n";
/// let mut reader = Reader::new(&pgn[..]);
/// let first = reader.read_game()?.unwrap();
/// assert_eq!(first.tags.get("White"), Some("Anderssen"));
/// assert_eq!(first.mainline_sans().collect::<Vec<_>>(), ["e4", "e5"]);
/// assert_eq!(first.result, Some(GameResult::WhiteWins));
/// assert_eq!(reader.read_game()?.unwrap().moves.len(), 1);
/// assert!(reader.read_game()?.is_none());
/// # Ok::<(), arbiter_pgn::ReadError>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Everything before `start` has been handed out.
    start: usize,
    /// `buf[..end]` holds input.
    end: usize,
    eof: bool,
    /// The line of `buf[start]`, from 1.
    line: usize,
    /// The input offset of `buf[start]`.
    offset: u64,
    games: u64,
    max_game: usize,
    oversized: Oversized,
}

impl Reader<Input> {
    /// Opens a file (`-` for standard input), decompressing `.gz` and `.zst`
    /// input, recognised by its first bytes.
    pub fn open(path: impl AsRef<Path>) -> io::Result<Reader<Input>> {
        Ok(Reader::new(open_input(path.as_ref())?.0))
    }

    /// Like [`Reader::open`], with a handle that tells how much of the raw
    /// input has been read (for a progress bar).
    pub fn open_with_progress(path: impl AsRef<Path>) -> io::Result<(Reader<Input>, Progress)> {
        let (input, progress) = open_input(path.as_ref())?;
        Ok((Reader::new(input), progress))
    }
}

impl<R: Read> Reader<R> {
    /// A reader of an uncompressed stream (see [`crate::decompress`] for
    /// compressed ones).
    pub fn new(inner: R) -> Reader<R> {
        Reader {
            inner,
            buf: Vec::new(),
            start: 0,
            end: 0,
            eof: false,
            line: 1,
            offset: 0,
            games: 0,
            max_game: MAX_GAME_BYTES,
            oversized: Oversized::default(),
        }
    }

    /// Sets the largest game held in memory (default [`MAX_GAME_BYTES`]).
    pub fn with_max_game_bytes(mut self, max: usize) -> Reader<R> {
        self.max_game = max.max(1024);
        self
    }

    /// The bytes of memory the reader holds for its buffer: about the size
    /// of the largest game read, whatever the size of the input.
    pub fn buffer_capacity(&self) -> usize {
        self.buf.len()
    }

    /// How many games have been handed out so far.
    pub fn games_read(&self) -> u64 {
        self.games
    }

    /// Moves unread input to the front of the buffer, grows it if it is
    /// full, and reads more. Returns `false` at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.buf.len() - self.end < INITIAL_BUFFER / 2 {
            let size = (self.buf.len() * 2).max(INITIAL_BUFFER);
            self.buf.resize(size, 0);
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Hands out `buf[start..to]` as consumed.
    fn consume(&mut self, to: usize) {
        self.line += count_line_breaks(&self.buf[self.start..to]);
        self.offset += (to - self.start) as u64;
        self.start = to;
    }

    /// The extent of the next game in the buffer, reading as needed, or
    /// `Extent::Oversized` for a game skipped for its size.
    fn next_extent(&mut self) -> io::Result<Option<Extent>> {
        let game_start = loop {
            match skip_to_game(&self.buf[..self.end], self.start, self.eof) {
                Ok(s) if s == self.end => {
                    self.consume(s);
                    return Ok(None);
                }
                Ok(s) => break s,
                Err(blank) => {
                    self.consume(blank);
                    self.fill()?;
                }
            }
        };
        self.consume(game_start);
        loop {
            if let Some(e) = game_end(&self.buf[..self.end], self.start, self.eof) {
                if e - self.start > self.max_game {
                    self.keep_head();
                    self.consume(e);
                    return Ok(Some(Extent::Oversized));
                }
                return Ok(Some(Extent::Game(self.start, e)));
            }
            if self.end - self.start > self.max_game {
                self.skip_oversized()?;
                return Ok(Some(Extent::Oversized));
            }
            self.fill()?;
        }
    }

    /// Skips a game larger than the limit, up to the next line that opens
    /// a tag pair, keeping its first bytes to report it by.
    fn skip_oversized(&mut self) -> io::Result<()> {
        self.keep_head();
        let mut from = self.start + self.max_game.min(self.end - self.start);
        loop {
            if let Some(i) = memchr::memmem::find(&self.buf[from..self.end], b"\n[") {
                self.consume(from + i + 1);
                return Ok(());
            }
            let keep = self.end.saturating_sub(1).max(self.start);
            self.consume(keep);
            if !self.fill()? {
                self.consume(self.end);
                return Ok(());
            }
            from = self.start;
        }
    }

    /// Keeps the first bytes and the place of the game at `start`, to report
    /// it by when it is skipped for its size.
    fn keep_head(&mut self) {
        let head = 200.min(self.end - self.start);
        self.oversized = Oversized {
            head: self.buf[self.start..self.start + head].to_vec(),
            line: self.line,
            offset: self.offset,
        };
    }

    /// The text of the next game, or `None` at the end of the input.
    ///
    /// The text borrows the reader's buffer: copy its bytes to keep them
    /// (as a program that checks games on several threads does).
    pub fn next_game_text(&mut self) -> io::Result<Option<GameText<'_>>> {
        let Some(extent) = self.next_extent()? else {
            return Ok(None);
        };
        self.games += 1;
        match extent {
            Extent::Game(start, end) => {
                let (line, offset) = (self.line, self.offset);
                self.consume(end);
                Ok(Some(GameText::new(
                    &self.buf[start..end],
                    self.games,
                    line,
                    offset,
                )))
            }
            Extent::Oversized => {
                let o = &self.oversized;
                Ok(Some(GameText::oversized(
                    &o.head,
                    self.games,
                    o.line,
                    o.offset,
                    self.max_game,
                )))
            }
        }
    }

    /// Reads the next game through a visitor; `None` at the end of the input.
    pub fn visit_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        Ok(self.next_game_text()?.map(|text| text.visit(visitor)))
    }

    /// Reads the next game into a [`Game`]; `Ok(None)` at the end of the input.
    ///
    /// A game with a syntax error that the reader cannot recover from is
    /// returned as [`ReadError::Game`] and skipped: the next call reads the
    /// game after it. An I/O error ends the reading.
    pub fn read_game(&mut self) -> Result<Option<Game>, ReadError> {
        let Some(text) = self.next_game_text()? else {
            return Ok(None);
        };
        let mut builder = GameBuilder::default();
        let built = text.visit(&mut builder);
        match built {
            Ok(game) => Ok(Some(game)),
            Err(e) => Err(ReadError::Game(crate::GameError {
                game: text.number(),
                location: text.location(e.offset),
                kind: e.kind,
            })),
        }
    }

    /// Every game as a [`Game`], or the error that stopped it; the iterator
    /// ends at the end of the input or after an I/O error.
    pub fn games(self) -> Games<R> {
        Games {
            reader: self,
            done: false,
        }
    }
}

/// Where the next game is.
enum Extent {
    Game(usize, usize),
    Oversized,
}

/// The start of a game too large to hold.
#[derive(Debug, Default)]
struct Oversized {
    head: Vec<u8>,
    line: usize,
    offset: u64,
}

/// The iterator of [`Reader::games`].
#[derive(Debug)]
pub struct Games<R> {
    reader: Reader<R>,
    done: bool,
}

impl<R: Read> Iterator for Games<R> {
    type Item = Result<Game, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.reader.read_game() {
            Ok(Some(game)) => Some(Ok(game)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(ReadError::Io(e)) => {
                self.done = true;
                Some(Err(ReadError::Io(e)))
            }
            Err(e) => Some(Err(e)),
        }
    }
}
