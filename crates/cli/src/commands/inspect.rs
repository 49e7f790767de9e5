//! `arbiter inspect`: for each FEN on standard input, one JSON line saying
//! what the position allows and what it decides by itself. The format is
//! documented in `docs/inspect.md`.
//!
//! A benchmark feeds it tens of thousands of positions, so each line is
//! written by hand: the moves and the FEN are plain ASCII that needs no
//! escaping, and only error messages go through `serde_json`. Lines are read
//! in batches and answered on worker threads (the analysis of who can still
//! mate dominates), then written in input order.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_rules::dead_position::{SearchBudget, Winnability, can_mate};
use arbiter_rules::san::SanPlus;
use arbiter_rules::uci::Uci;
use arbiter_rules::{CastlingMode, Color, Move, Position, PositionError, Setup, Validation};

/// Lines read before they are answered together. Every batch ends with the
/// workers waiting for the slowest: on a busy machine, where a worker may
/// be descheduled for a while, few big batches lose less than many small.
const BATCH: usize = 4096;

/// Arguments of `arbiter inspect` (the positions come on standard input).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Nodes the analysis of who can still mate may spend per side and
    /// position; past it the answer is `null` (undecided). Default: eight
    /// million where a pawn is blocked by an enemy pawn or king (sixteen
    /// million when at most ten men stand) and in pawnless endings of at
    /// most five men, two million elsewhere.
    #[arg(long)]
    budget: Option<u64>,
    /// Worker threads (default: one per core).
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let budget = args.budget.map(SearchBudget::nodes);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut input = io::stdin().lock();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = 0;
    loop {
        let mut batch: Vec<(usize, Vec<u8>)> = Vec::with_capacity(BATCH);
        while batch.len() < BATCH {
            let mut buf = Vec::with_capacity(128);
            let read = input
                .read_until(b'\n', &mut buf)
                .context("reading standard input")?;
            if read == 0 {
                break;
            }
            line += 1;
            if !trim(&buf).is_empty() {
                batch.push((line, buf));
            }
        }
        if batch.is_empty() {
            break;
        }
        for json in answer_batch(&batch, budget, jobs) {
            out.write_all(json.as_bytes())?;
        }
    }
    out.flush().context("writing standard output")?;
    Ok(ExitCode::SUCCESS)
}

/// The JSON lines of a batch, in its order, computed on `jobs` threads
/// taking lines in turn (the hard positions are spread among them).
fn answer_batch(
    batch: &[(usize, Vec<u8>)],
    budget: Option<SearchBudget>,
    jobs: usize,
) -> Vec<String> {
    let answer = |(line, buf): &(usize, Vec<u8>)| {
        let mut json = String::with_capacity(4096);
        match read_position(trim(buf)) {
            Ok((pos, unreachable)) => {
                write_report(
                    &mut json,
                    &pos,
                    budget.unwrap_or_else(|| SearchBudget::for_position(&pos)),
                );
                if let Some(reason) = unreachable {
                    write_unreachable(&mut json, &reason);
                }
            }
            Err(error) => write_problem(&mut json, &error, *line),
        }
        json.push('\n');
        json
    };
    if jobs == 1 || batch.len() == 1 {
        return batch.iter().map(answer).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut answers: Vec<String> = vec![String::new(); batch.len()];
    let done: Vec<Vec<(usize, String)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.min(batch.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = batch.get(i) else {
                            return mine;
                        };
                        mine.push((i, answer(item)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("an inspect worker never panics"))
            .collect()
    });
    for (i, json) in done.into_iter().flatten() {
        answers[i] = json;
    }
    answers
}

/// The line without surrounding spaces, CR, or the NUL bytes some files
/// pad lines with.
fn trim(line: &[u8]) -> &[u8] {
    let is_padding = |b: &u8| b.is_ascii_whitespace() || *b == 0;
    let start = line
        .iter()
        .position(|b| !is_padding(b))
        .unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|b| !is_padding(b))
        .map_or(start, |i| i + 1);
    &line[start..end]
}

/// The position of a line, with the reason no game could reach it when it
/// has a check no last move could give or more than eight pawns of a
/// colour: such a position is still one to play from (the move generator
/// is exact for it), and composed problems ask who can mate in them.
fn read_position(line: &[u8]) -> Result<(Position, Option<String>), String> {
    let fen = std::str::from_utf8(line).map_err(|_| "the line is not UTF-8 text".to_string())?;
    let setup = Setup::from_fen(fen).map_err(|e| e.to_string())?;
    let mode = CastlingMode::detect(&setup);
    match Position::from_setup(&setup, mode) {
        Ok(pos) => Ok((pos, None)),
        Err(
            error @ (PositionError::ImpossibleCheck { .. }
            | PositionError::TooManyPieces { what: "pawns", .. }),
        ) => {
            let playable = Validation {
                allow_impossible_check: true,
                allow_impossible_material: true,
                ..Validation::STRICT
            };
            let pos =
                Position::from_setup_with(&setup, mode, playable).map_err(|e| e.to_string())?;
            Ok((pos, Some(error.to_string())))
        }
        Err(error) => Err(error.to_string()),
    }
}

/// `{"error": "...", "line": N, "can_mate": {"white": null, "black": null}, "dead": false}`:
/// every line says who can mate, here that nobody knows.
fn write_problem(json: &mut String, error: &str, line: usize) {
    json.push_str("{\"error\":");
    json.push_str(&serde_json::to_string(error).expect("a string serialises"));
    let _ = write!(
        json,
        ",\"line\":{line},\"can_mate\":{{\"white\":null,\"black\":null}},\"dead\":false}}"
    );
}

/// Appends `"unreachable": "..."` to a finished report object.
fn write_unreachable(json: &mut String, reason: &str) {
    debug_assert!(json.ends_with('}'));
    json.pop();
    json.push_str(",\"unreachable\":");
    json.push_str(&serde_json::to_string(reason).expect("a string serialises"));
    json.push('}');
}

/// The legal moves in the order of their UCI text, each with its UCI form.
fn sorted_moves(pos: &Position) -> Vec<(Uci, Move)> {
    let mut moves: Vec<(u32, Uci, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let uci = Uci::from_move(pos, m);
            (uci_order(uci), uci, m)
        })
        .collect();
    moves.sort_unstable_by_key(|&(key, ..)| key);
    moves.into_iter().map(|(_, uci, m)| (uci, m)).collect()
}

/// A number that sorts like the UCI text: from-file, from-rank, to-file,
/// to-rank, then the promotion letter (none first).
fn uci_order(uci: Uci) -> u32 {
    match uci {
        Uci::Normal {
            from,
            to,
            promotion,
        } => {
            let promotion = promotion.map_or(0, |r| r.char() as u32);
            ((from.file() as u32) << 20)
                | ((from.rank() as u32) << 16)
                | ((to.file() as u32) << 12)
                | ((to.rank() as u32) << 8)
                | promotion
        }
        Uci::Null => 0,
    }
}

fn write_report(json: &mut String, pos: &Position, budget: SearchBudget) {
    let moves = sorted_moves(pos);
    json.push_str("{\"fen\":\"");
    json.push_str(&pos.fen());
    json.push_str("\",\"legal\":[");
    for (i, (uci, _)) in moves.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push('"');
        push_uci(json, *uci);
        json.push('"');
    }
    json.push_str("],\"san\":[");
    for (i, &(_, m)) in moves.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push('"');
        SanPlus::from_move(pos, m).append_to(json);
        json.push('"');
    }
    let outcome = pos.outcome();
    let [white, black] = Color::ALL.map(|side| can_mate(pos, side, budget));
    let dead = white.is_unwinnable() && black.is_unwinnable();
    let _ = write!(
        json,
        "],\"in_check\":{},\"outcome\":{},\"winner\":{},\"can_mate\":{{\"white\":{},\"black\":{}}},\"dead\":{dead}}}",
        pos.is_check(),
        quoted_or_null(outcome.map(|o| o.as_str())),
        quoted_or_null(outcome.and_then(|o| o.winner()).map(Color::name)),
        verdict(&white),
        verdict(&black),
    );
}

/// `true`, `false`, or `null` when undecided.
fn verdict(answer: &Winnability) -> &'static str {
    match answer.decided() {
        Some(true) => "true",
        Some(false) => "false",
        None => "null",
    }
}

/// The UCI text, without the formatting machinery (this is the hot loop).
fn push_uci(json: &mut String, uci: Uci) {
    match uci {
        Uci::Normal {
            from,
            to,
            promotion,
        } => {
            for sq in [from, to] {
                json.push(sq.file().char());
                json.push(sq.rank().char());
            }
            if let Some(role) = promotion {
                json.push(role.char());
            }
        }
        Uci::Null => json.push_str("0000"),
    }
}

fn quoted_or_null(value: Option<&str>) -> String {
    value.map_or_else(|| "null".to_string(), |v| format!("\"{v}\""))
}
