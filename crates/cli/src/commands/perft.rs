//! `arbiter perft`: node counts of the legal move tree.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use arbiter_rules::perft::{Counting, divide, perft};
use arbiter_rules::{CastlingMode, Position, PositionError, Setup, Validation};

/// Arguments of `arbiter perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, as FEN (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// How many plies deep to count.
    #[arg(long)]
    depth: u32,
    /// Print one line per root move with its count, as Stockfish does.
    #[arg(long)]
    divide: bool,
    /// Play every leaf instead of counting the legal moves one ply above.
    #[arg(long)]
    no_bulk: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let fen = args
        .fen
        .as_deref()
        .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let setup: Setup = fen
        .parse()
        .with_context(|| format!("cannot read FEN {fen:?}"))?;
    let mode = CastlingMode::detect(&setup);
    let pos = match Position::from_setup(&setup, mode) {
        Ok(pos) => pos,
        // Perft suites contain checks no last move could give; the move
        // generator is exact for them, so count them, but say so.
        Err(e @ PositionError::ImpossibleCheck { .. }) => {
            eprintln!("arbiter: warning: {e}; counting anyway");
            let lenient = Validation {
                allow_impossible_check: true,
                ..Validation::STRICT
            };
            Position::from_setup_with(&setup, mode, lenient)
                .with_context(|| format!("FEN {fen:?} is not a legal position"))?
        }
        Err(e) => {
            return Err(e).with_context(|| format!("FEN {fen:?} is not a legal position"));
        }
    };
    let counting = if args.no_bulk {
        Counting::PlayEveryLeaf
    } else {
        Counting::Bulk
    };
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, args.depth, counting) {
            writeln!(out, "{}: {n}", arbiter_rules::uci::Uci::from_move(&pos, m))?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        perft(&pos, args.depth, counting)
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {nodes}")?;
    writeln!(
        out,
        "Time: {seconds:.3} s ({:.1} Mnps)",
        nodes as f64 / seconds.max(1e-9) / 1e6
    )?;
    Ok(ExitCode::SUCCESS)
}
