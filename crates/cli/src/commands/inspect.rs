//! `arbiter inspect`: for each FEN on standard input, one JSON line saying
//! what the position allows and what it decides by itself. The format is
//! documented in `docs/inspect.md`.
//!
//! A benchmark feeds it tens of thousands of positions, so each line is
//! written by hand into one reused buffer: the moves and the FEN are plain
//! ASCII that needs no escaping, and only error messages go through
//! `serde_json`.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_rules::san::SanPlus;
use arbiter_rules::uci::Uci;
use arbiter_rules::{Color, Move, Position};

/// Arguments of `arbiter inspect` (none yet: it reads standard input).
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    let mut input = io::stdin().lock();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut buf = Vec::with_capacity(128);
    let mut json = String::with_capacity(4096);
    let mut line = 0;
    loop {
        buf.clear();
        let read = input
            .read_until(b'\n', &mut buf)
            .context("reading standard input")?;
        if read == 0 {
            break;
        }
        line += 1;
        let text = trim(&buf);
        if text.is_empty() {
            continue;
        }
        json.clear();
        match read_position(text) {
            Ok(pos) => write_report(&mut json, &pos),
            Err(error) => write_problem(&mut json, &error, line),
        }
        json.push('\n');
        out.write_all(json.as_bytes())?;
    }
    out.flush().context("writing standard output")?;
    Ok(ExitCode::SUCCESS)
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

fn read_position(line: &[u8]) -> Result<Position, String> {
    let fen = std::str::from_utf8(line).map_err(|_| "the line is not UTF-8 text".to_string())?;
    Position::from_fen(fen).map_err(|e| e.to_string())
}

/// `{"error": "...", "line": N}`
fn write_problem(json: &mut String, error: &str, line: usize) {
    json.push_str("{\"error\":");
    json.push_str(&serde_json::to_string(error).expect("a string serialises"));
    let _ = write!(json, ",\"line\":{line}}}");
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

fn write_report(json: &mut String, pos: &Position) {
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
    let _ = write!(
        json,
        "],\"in_check\":{},\"outcome\":{},\"winner\":{},\"can_mate\":{{\"white\":{},\"black\":{}}}}}",
        pos.is_check(),
        quoted_or_null(outcome.map(|o| o.as_str())),
        quoted_or_null(outcome.and_then(|o| o.winner()).map(Color::name)),
        pos.has_mating_material(Color::White),
        pos.has_mating_material(Color::Black),
    );
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
