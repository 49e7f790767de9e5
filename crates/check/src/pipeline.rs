//! Checking one input on every core.
//!
//! Worker threads take turns reading the input, a quarter of a megabyte
//! each, and cut what they read without reading the games: before a tag
//! line that follows a blank line, where one game most likely ends and the
//! next begins. (Each reads its own part, so that the bytes it goes on to
//! split are in its own core's cache, and no third thread competes with
//! them for the cores.) Then each splits its part into games and replays
//! them, taking the start of its part as a place between two games. The calling thread takes the parts back in
//! file order and checks that guess: a part whose games all end inside it
//! hands over to the next one as a sequential reading would. When a game
//! runs over a cut (a comment holding a blank line and a tag, a file
//! without blank lines), the calling thread splits and checks the games
//! across the cut itself and drops what the workers made of the next part.
//! Either way every game is cut, numbered and placed exactly as the
//! [`arbiter_pgn::Reader`] does, and the outcomes come out in file order.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::Mutex;
use std::sync::mpsc;
use std::thread;

use arbiter_pgn::{
    GameHead, GameTags, GameText, MAX_GAME_BYTES, NextGame, count_line_breaks, next_game_head,
    next_game_with_tags,
};
use arbiter_referee::{Ruleset, Termination};

use crate::finding::Finding;
use crate::fix::fixed_game;
use crate::replay::{GameReport, Replay};

/// About this many bytes of input go to a worker at a time: large enough
/// that handing over costs nothing, small enough to keep both cores busy
/// and memory low.
const PART_BYTES: usize = 256 << 10;

/// Parts read and not yet taken back in file order; bounds the memory in
/// flight.
const PARTS_IN_FLIGHT: usize = 4;

/// How many `\n[` a cut looks back over for one that follows a blank line.
const CUT_CANDIDATES: usize = 64;

/// What checking one game gave.
#[derive(Debug)]
pub struct GameOutcome {
    /// The findings, in the order met.
    pub findings: Vec<Finding>,
    /// Main-line moves replayed.
    pub plies: u64,
    /// How the position ended the game, if it did (the first automatic
    /// draw when moves went on after it).
    pub ending: Option<Termination>,
    /// The game in export format, corrected (with `--fix`).
    pub fixed: Option<Vec<u8>>,
}

/// How to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Replay threads.
    pub workers: usize,
    /// Also write each game back, corrected.
    pub fix: bool,
    /// The rules the referee replays the games under: which draws are
    /// automatic and which may be claimed.
    pub ruleset: Ruleset,
}

impl Default for Options {
    /// One thread, no corrected games, the FIDE Laws for standard games.
    fn default() -> Options {
        Options {
            workers: 1,
            fix: false,
            ruleset: Ruleset::fide_standard(),
        }
    }
}

/// Sizes the pipeline works with; tests make them small to cut everywhere.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Sizes {
    /// Bytes of input per part.
    pub part: usize,
    /// The largest game checked; a larger one is reported and skipped.
    pub max_game: usize,
}

impl Default for Sizes {
    fn default() -> Sizes {
        Sizes {
            part: PART_BYTES,
            max_game: MAX_GAME_BYTES,
        }
    }
}

/// Bytes of the input: `bytes[start..]`, which begin at `offset` in the
/// input. The byte before `start`, when there is one, is the byte that
/// precedes them in the input (it tells whether a `%` starts a line).
struct Part {
    seq: u64,
    bytes: Vec<u8>,
    start: usize,
    offset: u64,
    /// Whether the part ends the input.
    eof: bool,
}

/// What checking the games of some bytes gave. Games are numbered from 1
/// and lines from 1 at the start of the bytes; the caller adds what came
/// before.
struct Checked {
    outcomes: Vec<GameOutcome>,
    /// Where the bytes that could not be split yet begin (the length of the
    /// bytes when there are none): a game or an escape line cut off.
    rest: usize,
    /// Line breaks from the start of the bytes to `rest`.
    lines: usize,
}

/// Checks every game of `input`, calling `each` with the outcome of each
/// game in file order. `on_batch` is called from the reader thread after
/// each part of the input is read (for a progress bar).
pub fn check_input<R: Read + Send>(
    input: R,
    options: Options,
    on_batch: &(dyn Fn() + Sync),
    each: &mut dyn FnMut(GameOutcome),
) -> io::Result<()> {
    check_input_sized(input, options, Sizes::default(), on_batch, each)
}

/// [`check_input`] with the sizes given.
pub(crate) fn check_input_sized<R: Read + Send>(
    input: R,
    options: Options,
    sizes: Sizes,
    on_batch: &(dyn Fn() + Sync),
    each: &mut dyn FnMut(GameOutcome),
) -> io::Result<()> {
    let source = Mutex::new(PartSource::new(input, sizes.part));
    let (done_tx, done_rx) = mpsc::channel::<(Part, Checked)>();
    // A part may be read only with a ticket, handed back once the part is
    // taken in file order: that bounds the parts in flight, and so memory,
    // when a slow part holds the others back. A ticket carries the buffer
    // of a part taken, if it has one to give: a fresh buffer of half a
    // megabyte costs the kernel more to clear than the games in it cost
    // to split.
    let (ticket_tx, ticket_rx) = mpsc::sync_channel::<Option<Vec<u8>>>(PARTS_IN_FLIGHT);
    for _ in 0..PARTS_IN_FLIGHT {
        ticket_tx.send(None).expect("the receiver is alive");
    }
    let ticket_rx = Mutex::new(ticket_rx);
    let failure = Mutex::new(None);
    thread::scope(|scope| {
        for _ in 0..options.workers.max(1) {
            let tx = done_tx.clone();
            let (ruleset, fix) = (&options.ruleset, options.fix);
            let (source, ticket_rx, failure) = (&source, &ticket_rx, &failure);
            scope.spawn(move || {
                let mut replay = Replay::new(ruleset);
                loop {
                    let Ok(Ok(spare)) = ticket_rx.lock().map(|t| t.recv()) else {
                        break;
                    };
                    let Ok(mut source) = source.lock() else { break };
                    let part = match source.next_part(spare) {
                        Ok(Some(part)) => part,
                        Ok(None) => break,
                        Err(e) => {
                            if let Ok(mut failure) = failure.lock() {
                                failure.get_or_insert(e);
                            }
                            break;
                        }
                    };
                    drop(source);
                    on_batch();
                    let checked = check_bytes(
                        &mut replay,
                        &part.bytes,
                        part.start,
                        part.offset,
                        part.eof,
                        fix,
                        sizes.max_game,
                    );
                    if tx.send((part, checked)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut order = InOrder::new(&options, sizes.max_game);
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        for (part, checked) in done_rx {
            waiting.insert(part.seq, (part, checked));
            while let Some((part, checked)) = waiting.remove(&next) {
                let spare = order.take(part, checked, each);
                // The workers may be gone already: the ticket is then
                // dropped.
                let _ = ticket_tx.send(spare);
                next += 1;
            }
        }
    });
    match failure.into_inner() {
        Ok(Some(e)) => Err(e),
        Ok(None) => Ok(()),
        Err(_) => Err(io::Error::other("a worker panicked while reading")),
    }
}

/// Cuts the input into parts, read by the worker that takes each.
///
/// It reads into bytes already initialised: a buffer handed back keeps
/// its length, so only what it grows by is zeroed. (`read_to_end` zeroes
/// the whole spare capacity of its vector on every call, which cost as
/// much as splitting the games.) A worker reads its own part, so that the
/// bytes it splits are in its own core's cache.
struct PartSource<R> {
    input: R,
    part_bytes: usize,
    seq: u64,
    offset: u64,
    /// The buffer of the next part: its first `filled` bytes are the last
    /// byte of the part before and the bytes read past its cut.
    bytes: Vec<u8>,
    filled: usize,
    /// Where the next part's own bytes begin in `bytes`: 0 for the first
    /// part, then 1 (the byte before is the context).
    start: usize,
    /// Set once the part that ends the input is out.
    finished: bool,
}

impl<R: Read> PartSource<R> {
    fn new(input: R, part_bytes: usize) -> PartSource<R> {
        PartSource {
            input,
            part_bytes: part_bytes.max(1),
            seq: 0,
            offset: 0,
            bytes: Vec::new(),
            filled: 0,
            start: 0,
            finished: false,
        }
    }

    /// The next part, with `spare` (when given) as the buffer of the part
    /// after it; `None` once the input is over.
    fn next_part(&mut self, spare: Option<Vec<u8>>) -> io::Result<Option<Part>> {
        if self.finished {
            return Ok(None);
        }
        let start = self.start;
        let target = start + self.part_bytes;
        let mut bytes = std::mem::replace(&mut self.bytes, spare.unwrap_or_default());
        if bytes.len() < target {
            bytes.resize(target, 0);
        }
        let mut filled = self.filled;
        let read = fill(
            &mut self.input,
            &mut bytes[..target.max(filled)],
            &mut filled,
        );
        let eof = match read {
            Ok(eof) => eof,
            Err(e) => {
                // Every worker stops at the first error, which is returned.
                self.finished = true;
                return Err(e);
            }
        };
        bytes.truncate(filled);
        let cut = if eof {
            filled
        } else {
            cut_point(&bytes, start)
        };
        // The next part starts with the last byte of this one.
        self.filled = 0;
        if !eof {
            let carried = &bytes[cut - 1..];
            let next = &mut self.bytes;
            if next.len() < carried.len() {
                next.resize(carried.len(), 0);
            }
            next[..carried.len()].copy_from_slice(carried);
            self.filled = carried.len();
            bytes.truncate(cut);
        }
        let part = Part {
            seq: self.seq,
            bytes,
            start,
            offset: self.offset,
            eof,
        };
        self.offset += (cut - start) as u64;
        self.start = 1;
        self.seq += 1;
        self.finished = eof;
        Ok(Some(part))
    }
}

/// Reads into `buf[*filled..]` until it is full or the input ends, moving
/// `filled` on; `true` if the input ended.
fn fill(input: &mut impl Read, buf: &mut [u8], filled: &mut usize) -> io::Result<bool> {
    while *filled < buf.len() {
        match input.read(&mut buf[*filled..]) {
            Ok(0) => return Ok(true),
            Ok(n) => *filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(false)
}

/// Where to end a part that holds `bytes[start..]` (more than `start`
/// bytes): before a tag line that follows a blank line, else after the
/// last line break, else at the end (but never between `\r` and `\n`).
fn cut_point(bytes: &[u8], start: usize) -> usize {
    let own = &bytes[start..];
    let mut last_tag_line = None;
    for at in memchr::memmem::rfind_iter(own, b"\n[").take(CUT_CANDIDATES) {
        let before = &own[..at];
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        if before[line_start..]
            .iter()
            .all(|&b| matches!(b, b' ' | b'\t' | b'\r'))
            && line_start > 0
        {
            return start + at + 1;
        }
        last_tag_line.get_or_insert(at);
    }
    if let Some(at) = last_tag_line {
        return start + at + 1;
    }
    if let Some(at) = memchr::memrchr(b'\n', own) {
        return start + at + 1;
    }
    match own.last() {
        Some(b'\r') if own.len() > 1 => bytes.len() - 1,
        _ => bytes.len(),
    }
}

/// Splits `bytes[start..]` into games and checks each.
///
/// A game whose movetext begins is replayed at once, the parser finding
/// its end ([`Replay::check_open_game`]), which spares the splitter a pass
/// over every byte of its movetext; the splitter cuts the others first.
fn check_bytes(
    replay: &mut Replay,
    bytes: &[u8],
    start: usize,
    offset: u64,
    eof: bool,
    fix: bool,
    max_game: usize,
) -> Checked {
    let mut outcomes = Vec::new();
    let mut i = start;
    // The line of `line_at`.
    let mut line = 1;
    let mut line_at = start;
    let mut tags = GameTags::default();
    let rest = loop {
        let head = next_game_head(bytes, i, eof, &mut tags);
        if let GameHead::Open(open) = &head {
            let game_start = open.start();
            let game_line = line + count_line_breaks(&bytes[line_at..game_start]);
            let place = (
                outcomes.len() as u64 + 1,
                game_line,
                offset + (game_start - start) as u64,
            );
            if let Some((text, report)) =
                replay.check_open_game(bytes, open, &tags, max_game, place)
            {
                (line, line_at) = (game_line, game_start);
                i = game_start + text.bytes().len();
                outcomes.push(outcome(&text, report, fix));
                continue;
            }
        }
        let next = match head {
            GameHead::Known(next) => next,
            GameHead::Open(_) => next_game_with_tags(bytes, i, eof, &mut tags),
        };
        match next {
            NextGame::Game(game) => {
                line += count_line_breaks(&bytes[line_at..game.start]);
                line_at = game.start;
                let number = outcomes.len() as u64 + 1;
                let at = offset + (game.start - start) as u64;
                let outcome = if game.len() > max_game {
                    let head = &bytes[game.start..game.start + 200.min(game.len())];
                    let text = GameText::oversized(head, number, line, at, max_game);
                    check_game(replay, &text, fix)
                } else {
                    let text =
                        GameText::new(&bytes[game.clone()], number, line, at).with_tags(&tags);
                    check_game(replay, &text, fix)
                };
                outcomes.push(outcome);
                i = game.end;
            }
            NextGame::NeedsMore(rest) => break rest,
            NextGame::End => break bytes.len(),
        }
    };
    Checked {
        outcomes,
        rest,
        lines: line - 1 + count_line_breaks(&bytes[line_at..rest]),
    }
}

/// Checks one game, and with `fix` writes it back corrected.
fn check_game(replay: &mut Replay, text: &GameText<'_>, fix: bool) -> GameOutcome {
    let report = replay.check_game(text);
    outcome(text, report, fix)
}

/// The outcome of a game from its replay's report, and with `fix` the
/// game written back corrected.
fn outcome(text: &GameText<'_>, report: GameReport, fix: bool) -> GameOutcome {
    let fixed = fix.then(|| fixed_game(text, report.correction.as_ref()));
    GameOutcome {
        findings: report
            .findings
            .into_iter()
            .map(|f| f.locate(text))
            .collect(),
        plies: report.plies,
        ending: report.automatic_draw.map(|(e, _)| e).or(report.ending),
        fixed,
    }
}

/// The calling thread's side: takes the parts in file order, numbers and
/// places their games, and checks the games that run over a cut.
struct InOrder {
    /// Whether games are written back corrected.
    fix: bool,
    max_game: usize,
    replay: Replay,
    /// Games handed out.
    games: u64,
    /// The line of the first byte not yet checked.
    line: usize,
    /// Input not yet split, when a game ran over the last cut: the
    /// workers' guess for the next part is then wrong.
    carry: Option<Carry>,
}

/// Bytes a game runs over a cut with: `bytes[start..]`, with the byte
/// before them in the input (if any) at `start - 1`.
struct Carry {
    bytes: Vec<u8>,
    start: usize,
    offset: u64,
    /// How long the bytes were when last split: splitting again waits
    /// until they have doubled, so a huge game is not read over and over.
    split_at: usize,
    /// A game too large to check is being skipped, to the next line that
    /// opens a tag pair: where to look for it from.
    skipping: Option<usize>,
}

impl Carry {
    /// The bytes of `part` from `rest` on.
    fn new(mut bytes: Vec<u8>, rest: usize, offset: u64) -> Carry {
        let context = rest.min(1);
        bytes.drain(..rest - context);
        Carry {
            split_at: bytes.len(),
            bytes,
            start: context,
            offset,
            skipping: None,
        }
    }
}

impl InOrder {
    fn new(options: &Options, max_game: usize) -> InOrder {
        InOrder {
            fix: options.fix,
            max_game,
            replay: Replay::new(&options.ruleset),
            games: 0,
            line: 1,
            carry: None,
        }
    }

    /// The outcomes of some checked bytes, handed out with their games
    /// numbered and placed in the whole input.
    fn hand_out(&mut self, checked: Checked, each: &mut dyn FnMut(GameOutcome)) {
        let n = checked.outcomes.len() as u64;
        for mut outcome in checked.outcomes {
            for f in &mut outcome.findings {
                f.game += self.games;
                f.line += self.line - 1;
            }
            each(outcome);
        }
        self.games += n;
        self.line += checked.lines;
    }

    /// The next part of the input, with what a worker made of it. Returns
    /// the part's buffer when it is done with.
    fn take(
        &mut self,
        part: Part,
        checked: Checked,
        each: &mut dyn FnMut(GameOutcome),
    ) -> Option<Vec<u8>> {
        let Some(mut carry) = self.carry.take() else {
            let rest = checked.rest;
            let rest_offset = part.offset + (rest - part.start) as u64;
            self.hand_out(checked, each);
            if rest < part.bytes.len() {
                self.carry = Some(Carry::new(part.bytes, rest, rest_offset));
                return None;
            }
            return Some(part.bytes);
        };
        // A game ran over the last cut: the worker took this part for the
        // start of a game, which it is not.
        carry.bytes.extend_from_slice(&part.bytes[part.start..]);
        self.carry = self.settle(carry, part.eof, each);
        Some(part.bytes)
    }

    /// Checks the games of `carry` that are whole; what is left, if any.
    fn settle(
        &mut self,
        mut carry: Carry,
        eof: bool,
        each: &mut dyn FnMut(GameOutcome),
    ) -> Option<Carry> {
        loop {
            if let Some(from) = carry.skipping {
                carry = self.skip(carry, from, eof)?;
                if carry.skipping.is_some() {
                    return Some(carry);
                }
            }
            if !eof && carry.bytes.len() < 2 * carry.split_at {
                return Some(carry);
            }
            let checked = check_bytes(
                &mut self.replay,
                &carry.bytes,
                carry.start,
                carry.offset,
                eof,
                self.fix,
                self.max_game,
            );
            let rest = checked.rest;
            let rest_offset = carry.offset + (rest - carry.start) as u64;
            self.hand_out(checked, each);
            if rest == carry.bytes.len() {
                return None;
            }
            carry = Carry::new(carry.bytes, rest, rest_offset);
            if carry.bytes.len() - carry.start <= self.max_game {
                return Some(carry);
            }
            self.too_large(&carry, each);
            carry.skipping = Some(carry.start + self.max_game);
        }
    }

    /// Reports the game at the start of `carry`, too large to check.
    fn too_large(&mut self, carry: &Carry, each: &mut dyn FnMut(GameOutcome)) {
        let game = &carry.bytes[carry.start..];
        let head = &game[..200.min(game.len())];
        let text = GameText::oversized(head, 1, 1, carry.offset, self.max_game);
        let outcome = check_game(&mut self.replay, &text, self.fix);
        self.hand_out(
            Checked {
                outcomes: vec![outcome],
                rest: 0,
                lines: 0,
            },
            each,
        );
    }

    /// Skips a game too large to check from `from` on, up to the next line
    /// that opens a tag pair (as the [`arbiter_pgn::Reader`] does); `None`
    /// when the input ends first.
    fn skip(&mut self, mut carry: Carry, from: usize, eof: bool) -> Option<Carry> {
        let from = from.min(carry.bytes.len());
        match memchr::memmem::find(&carry.bytes[from..], b"\n[") {
            Some(at) => {
                let resume = from + at + 1;
                self.line += count_line_breaks(&carry.bytes[carry.start..resume]);
                let offset = carry.offset + (resume - carry.start) as u64;
                let mut next = Carry::new(carry.bytes, resume, offset);
                next.split_at = 0;
                Some(next)
            }
            None if eof => None,
            None => {
                // Keep the last byte, which may be the `\n` of a `\n[`
                // (with the `\r` before it, not to count a line twice).
                let mut keep = carry.bytes.len().saturating_sub(1).max(carry.start);
                if keep > carry.start && carry.bytes[keep - 1] == b'\r' {
                    keep -= 1;
                }
                self.line += count_line_breaks(&carry.bytes[carry.start..keep]);
                carry.offset += (keep - carry.start) as u64;
                carry.bytes.drain(..keep);
                carry.start = 0;
                carry.skipping = Some(0);
                Some(carry)
            }
        }
    }
}
