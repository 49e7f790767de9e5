//! Checking one input on every core: a reader thread cuts the input into
//! batches of games, worker threads replay them, and the calling thread
//! receives the results back in file order.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::Range;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use arbiter_pgn::{GameText, Reader};

use crate::ending::Ending;
use crate::finding::Finding;
use crate::fix::fixed_game;
use crate::replay::Replay;

/// About this many bytes of games go to a worker at a time: large enough
/// that handing over costs nothing, small enough to keep both cores busy
/// and memory low.
const BATCH_BYTES: usize = 256 << 10;

/// Batches waiting for a worker; bounds the memory in flight.
const QUEUED_BATCHES: usize = 8;

/// What checking one game gave.
#[derive(Debug)]
pub struct GameOutcome {
    /// The findings, in the order met.
    pub findings: Vec<Finding>,
    /// Main-line moves replayed.
    pub plies: u64,
    /// How the position ended the game, if it did (the first automatic
    /// draw when moves went on after it).
    pub ending: Option<Ending>,
    /// The game in export format, corrected (with `--fix`).
    pub fixed: Option<Vec<u8>>,
}

/// How to check.
#[derive(Copy, Clone, Debug)]
pub struct Options {
    /// Replay threads.
    pub workers: usize,
    /// Also write each game back, corrected.
    pub fix: bool,
}

struct Span {
    range: Range<usize>,
    /// The game's number and place, its bytes aside.
    place: GameText<'static>,
}

struct Batch {
    seq: u64,
    bytes: Vec<u8>,
    games: Vec<Span>,
}

/// Checks every game of `input`, calling `each` with the outcome of each
/// game in file order. `on_batch` is called from the reader thread after
/// each batch is read (for a progress bar).
pub fn check_input<R: Read + Send>(
    input: R,
    options: Options,
    on_batch: &(dyn Fn() + Sync),
    each: &mut dyn FnMut(GameOutcome),
) -> io::Result<()> {
    let (batch_tx, batch_rx) = mpsc::sync_channel::<Batch>(QUEUED_BATCHES);
    let batch_rx = Arc::new(Mutex::new(batch_rx));
    let (done_tx, done_rx) = mpsc::channel::<(u64, Vec<GameOutcome>)>();
    thread::scope(|scope| {
        let reader = scope.spawn(move || read_batches(input, batch_tx, on_batch));
        for _ in 0..options.workers.max(1) {
            let rx = Arc::clone(&batch_rx);
            let tx = done_tx.clone();
            scope.spawn(move || {
                let mut replay = Replay::default();
                loop {
                    let next = rx.lock().map(|r| r.recv());
                    let Ok(Ok(batch)) = next else { break };
                    let outcomes = check_batch(&mut replay, &batch, options);
                    if tx.send((batch.seq, outcomes)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        for (seq, outcomes) in done_rx {
            waiting.insert(seq, outcomes);
            while let Some(outcomes) = waiting.remove(&next) {
                outcomes.into_iter().for_each(&mut *each);
                next += 1;
            }
        }
        reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reader thread panicked")))
    })
}

/// The reader thread: cuts the input into batches of whole games.
fn read_batches<R: Read>(
    input: R,
    tx: mpsc::SyncSender<Batch>,
    on_batch: &(dyn Fn() + Sync),
) -> io::Result<()> {
    let mut reader = Reader::new(input);
    let mut seq = 0;
    let mut batch = Batch {
        seq,
        bytes: Vec::with_capacity(BATCH_BYTES + (64 << 10)),
        games: Vec::new(),
    };
    while let Some(text) = reader.next_game_text()? {
        let start = batch.bytes.len();
        batch.bytes.extend_from_slice(text.bytes());
        batch.games.push(Span {
            range: start..batch.bytes.len(),
            place: text.with_bytes(&[]),
        });
        if batch.bytes.len() >= BATCH_BYTES {
            seq += 1;
            let full = std::mem::replace(
                &mut batch,
                Batch {
                    seq,
                    bytes: Vec::with_capacity(BATCH_BYTES + (64 << 10)),
                    games: Vec::new(),
                },
            );
            if tx.send(full).is_err() {
                return Ok(());
            }
            on_batch();
        }
    }
    if !batch.games.is_empty() {
        let _ = tx.send(batch);
    }
    on_batch();
    Ok(())
}

fn check_batch(replay: &mut Replay, batch: &Batch, options: Options) -> Vec<GameOutcome> {
    batch
        .games
        .iter()
        .map(|span| {
            let text = span.place.with_bytes(&batch.bytes[span.range.clone()]);
            let report = replay.check_game(&text);
            let fixed = options
                .fix
                .then(|| fixed_game(&text, report.correction.as_ref()));
            GameOutcome {
                findings: report
                    .findings
                    .into_iter()
                    .map(|f| f.locate(&text))
                    .collect(),
                plies: report.plies,
                ending: report.automatic_draw.map(|(e, _)| e).or(report.ending),
                fixed,
            }
        })
        .collect()
}
