//! `arbiter`: the command line of the Arbiter chess referee.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;

/// mimalloc rather than the system's allocator: under `arbiter serve`'s
/// load, glibc's `malloc` and `free` took a fifth of the server's time
/// (profiled under the load generator, `crates/server/benches/load.rs`).
///
/// Built without its transparent huge pages (`no_thp`): mimalloc marks its
/// memory `MADV_HUGEPAGE`, and where the kernel then compacts memory to
/// find a 2 MiB page as the page is first touched (`defrag=madvise`, a
/// common default), a thread can stall for milliseconds per page. Under
/// `arbiter serve`'s load the server's memory grows in bursts (ten
/// thousand games' records reaching the same length together), and those
/// bursts held moves for 100 to 400 ms.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A chess referee under the Laws of Chess.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator test).
    Perft(commands::perft::Args),
    /// Read FENs from standard input; print each position's legal moves and
    /// what it decides by itself, one JSON object per line.
    Inspect(commands::inspect::Args),
    /// Play a match or tournament between UCI engines, refereed under the
    /// Laws (cutechess-cli/fastchess style options: `-engine cmd=… tc=…`).
    Match(commands::match_::Args),
    /// Screen PGN games for outside help: each player's match rates and
    /// losses against a baseline of his rating band; "no signal" or
    /// "review", never a verdict.
    Fairplay(commands::fairplay::Args),
    /// Run a game's event log (or a PGN game) through the referee.
    Replay(commands::replay::Args),
    /// Check PGN files: every move under the rules, results, tags.
    Check(commands::check::Args),
    /// Serve games in the browser and over a lichess-compatible API.
    Serve(commands::serve::Args),
    /// Check every stored game's hash chain and replay it.
    Verify(commands::verify::Args),
    /// Print the verifier key of the log's signing key, with which anyone
    /// checks the server's checkpoints and proofs.
    Key(commands::key::Args),
    /// Check a game's proof (`GET /api/games/ID/proof`) offline, against
    /// the log's key: its record is the one the log signed.
    VerifyProof(commands::verify_proof::Args),
    /// Vouch that a log only grows: cosign its checkpoints (C2SP
    /// tlog-witness), each only with a proof that it extends the last.
    Witness(commands::witness::Args),
    /// Manage API accounts.
    Account(commands::account::Args),
    /// Pair a tournament's next round (FIDE Dutch system), check a file's
    /// pairings, or generate a random tournament; bbpPairings' command line.
    Pair(commands::pair::Args),
    /// Rank a TRF tournament by FIDE tie-breaks (C.07).
    Standings(commands::standings::Args),
    /// Write a TRF tournament as the rating report FIDE's rating officers
    /// take (TRF-2026 or TRF-16): every mandatory record, ranks and points.
    RatingReport(commands::rating_report::Args),
    /// The FIDE rating change of every player of a TRF tournament (B.02).
    Ratings(commands::ratings::Args),
    /// The FIDE title norms a TRF tournament gives (B.01 1.4).
    Norms(commands::norms::Args),
    /// Feed a game on `arbiter serve` from a DGT electronic board and
    /// clock (or a recorded capture), the referee's answers shown on the
    /// clock.
    Board(commands::board::Args),
    /// Broadcasts: push an Arbiter round to a lichess-compatible
    /// broadcast (lichess's own, or another Arbiter server).
    Broadcast(commands::broadcast::Args),
    /// Simulate a DGT board and clock on a pseudo-terminal, played from a
    /// script, for `arbiter board --port` without hardware.
    BoardSim(commands::board_sim::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => commands::perft::run(args),
        Command::Inspect(args) => commands::inspect::run(args),
        Command::Match(args) => commands::match_::run(args),
        Command::Fairplay(args) => commands::fairplay::run(args),
        Command::Replay(args) => commands::replay::run(args),
        Command::Check(args) => commands::check::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Verify(args) => commands::verify::run(args),
        Command::Key(args) => commands::key::run(args),
        Command::VerifyProof(args) => commands::verify_proof::run(args),
        Command::Witness(args) => commands::witness::run(args),
        Command::Account(args) => commands::account::run(args),
        Command::Pair(args) => commands::pair::run(args),
        Command::Standings(args) => commands::standings::run(args),
        Command::RatingReport(args) => commands::rating_report::run(args),
        Command::Ratings(args) => commands::ratings::run(args),
        Command::Norms(args) => commands::norms::run(args),
        Command::Board(args) => commands::board::run(args),
        Command::BoardSim(args) => commands::board_sim::run(args),
        Command::Broadcast(args) => commands::broadcast::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("arbiter: {e:#}");
            ExitCode::from(2)
        }
    }
}
