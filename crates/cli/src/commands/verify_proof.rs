//! `arbiter verify-proof FILE --key KEY`: checks a game's proof offline,
//! without the database: that the game's record in the proof rebuilds the
//! leaf the log signed, and that the checkpoint is the log's (and, with
//! `--witness`, cosigned by each witness named; with `--pgn`, that a
//! printed or exported game is the one the record holds).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_tlog::record::GameRecord;
use arbiter_tlog::{TlogProof, Verifier, VerifierKey};
use serde_json::json;

/// Arguments of `arbiter verify-proof`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The proof (c2sp.org/tlog-proof, as `GET /api/games/ID/proof` gives
    /// it).
    file: PathBuf,
    /// The log's verifier key (`NAME+HEXID+BASE64`, as `arbiter key`
    /// prints it), or a file holding it.
    #[arg(long)]
    key: String,
    /// A witness whose cosignature the checkpoint must carry: its verifier
    /// key, or a file holding it. May be given several times.
    #[arg(long = "witness", value_name = "KEY")]
    witnesses: Vec<String>,
    /// The game as PGN (exported, or typed in from a printed scoresheet):
    /// its moves and result must be the logged record's, and its log tags
    /// (`LogOrigin`, `LogIndex`), if it has them, must name the proof's
    /// leaf.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// A verifier key given on the command line, or the file that holds one.
pub fn read_key(text: &str) -> anyhow::Result<VerifierKey> {
    match VerifierKey::parse(text) {
        Ok(key) => Ok(key),
        Err(problem) => {
            let path = std::path::Path::new(text);
            if !path.exists() {
                bail!("{text}: {problem}");
            }
            let held = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            VerifierKey::parse(&held).map_err(|p| anyhow::anyhow!("{}: {p}", path.display()))
        }
    }
}

/// Exit code 0 when the proof holds, 1 when it does not.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let key = read_key(&args.key)?;
    let witnesses = args
        .witnesses
        .iter()
        .map(|w| read_key(w))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let file = args.file.display();
    let proof = TlogProof::parse(&text).map_err(|p| anyhow::anyhow!("{file}: {p}"))?;
    let extra = proof
        .extra
        .as_deref()
        .context("the proof carries no game record (no extra line)")?;
    let record = std::str::from_utf8(extra)
        .map_err(|_| anyhow::anyhow!("{file}: the game record is not text"))
        .and_then(|t| GameRecord::parse(t).map_err(|p| anyhow::anyhow!("{file}: {p}")))?;
    let printed = match &args.pgn {
        Some(path) => Some(read_pgn(path)?),
        None => None,
    };
    let keys: [&dyn Verifier; 1] = [&key];
    let witness_keys: Vec<&dyn Verifier> = witnesses.iter().map(|w| w as &dyn Verifier).collect();
    let verdict = proof
        .verify(record.last_leaf().hash(), key.name(), &keys, &witness_keys)
        .map_err(|problem| problem.to_string())
        .and_then(|(signed, cosigners)| {
            match witnesses
                .iter()
                .find(|w| !cosigners.iter().any(|c| c == w.name()))
            {
                Some(missing) => Err(format!("not cosigned by the witness {}", missing.name())),
                None => Ok((signed.checkpoint, cosigners)),
            }
        })
        .and_then(|(checkpoint, cosigners)| {
            if let Some(pgn) = &printed {
                super::proof_pgn::check(pgn, &record, &checkpoint.origin, proof.index)
                    .map_err(|why| format!("the PGN is not the logged game: {why}"))?;
            }
            Ok((checkpoint, cosigners))
        });
    let game = &record.game;
    let events = record.events.len();
    let index = proof.index;
    if args.json {
        let body = match &verdict {
            Ok((checkpoint, cosigners)) => json!({
                "game": game, "events": events, "index": index, "holds": true,
                "origin": checkpoint.origin, "size": checkpoint.size,
                "root": checkpoint.root.to_base64(), "cosigners": cosigners,
            }),
            Err(why) => json!({
                "game": game, "events": events, "index": index, "holds": false, "problem": why,
            }),
        };
        println!("{body}");
    } else {
        match &verdict {
            Ok((checkpoint, cosigners)) => {
                println!(
                    "game {game}: its {events} events are leaf {index} of the log {} at {} leaves (root {}), signed by its key",
                    checkpoint.origin, checkpoint.size, checkpoint.root
                );
                if !cosigners.is_empty() {
                    println!("cosigned by {}", cosigners.join(", "));
                }
                if let Some(path) = &args.pgn {
                    println!("{} is this game", path.display());
                }
            }
            Err(why) => println!("game {game}: {why}"),
        }
    }
    Ok(if verdict.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The first game of the PGN file at `path`.
fn read_pgn(path: &std::path::Path) -> anyhow::Result<arbiter_pgn::Game> {
    let shown = path.display();
    arbiter_pgn::Reader::open(path)
        .with_context(|| format!("cannot read {shown}"))?
        .read_game()
        .map_err(|e| anyhow::anyhow!("{shown}: {e}"))?
        .with_context(|| format!("{shown}: no game"))
}
