//! Checks one PGN file as `arbiter check -j N` does, without the command's
//! report: for profiling the pipeline alone (callgrind on a cut of the
//! benchmark corpus builds in a fraction of the binary's time).
//!
//! `cargo run --release -p arbiter-check --example check_pgn -- FILE [JOBS]`
//! prints the games, moves and findings counted.

use std::path::Path;

use arbiter_check::{Options, check_input};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: check_pgn FILE [JOBS]");
    let workers = args
        .next()
        .map_or(1, |j| j.parse().expect("JOBS is a number"));
    let (input, _) = arbiter_pgn::open_input(Path::new(&path))?;
    let options = Options {
        workers,
        ..Options::default()
    };
    let (mut games, mut plies, mut findings) = (0u64, 0u64, 0usize);
    check_input(input, options, &|| {}, &mut |outcome| {
        games += 1;
        plies += outcome.plies;
        findings += outcome.findings.len();
    })?;
    println!("{games} games, {plies} moves, {findings} findings");
    Ok(())
}
