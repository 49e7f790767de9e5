//! `arbiter verify`: checks every stored game's and tournament's hash
//! chain and replays it.

use std::process::ExitCode;

use anyhow::Context;
use arbiter_server::Database;

/// Arguments of `arbiter verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The database: an SQLite file (`PATH` or `sqlite:PATH`) or a
    /// PostgreSQL URL (`postgres://USER@HOST/DB`).
    #[arg(long, default_value = "arbiter.db")]
    db: Database,
    /// Also check the signed log against this checkpoint, saved earlier
    /// by anyone from `GET /checkpoint` (or a game's proof, from
    /// `GET /api/games/ID/proof`, whose record is checked too). May be
    /// given several times.
    #[arg(long = "checkpoint", value_name = "FILE")]
    checkpoints: Vec<std::path::PathBuf>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Exit code 0 when every game and tournament checks out, 1 when something
/// was altered.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::ensure_database_exists(&args.db)?;
    let runtime = super::runtime()?;
    let saved = args
        .checkpoints
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            arbiter_server::SavedCheckpoint::parse(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let report = runtime.block_on(async {
        let store = super::open_store(&args.db).await?;
        let report = arbiter_server::verify_with(&store, &saved).await;
        store.close().await;
        anyhow::Ok(report?)
    })?;
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        for f in &report.findings {
            match f.seq {
                Some(seq) => println!("game {} event {seq}: {}", f.game, f.problem),
                None => println!("game {}: {}", f.game, f.problem),
            }
        }
        for f in &report.tournaments.findings {
            println!("tournament {} event {}: {}", f.tournament, f.seq, f.problem);
        }
        let log_findings = report.log.as_ref().map_or(&[][..], |l| &l.findings[..]);
        for f in log_findings {
            match (f.game.as_str(), f.seq) {
                ("", _) => println!("log: {}", f.problem),
                (game, Some(seq)) => println!("game {game} event {seq}: {}", f.problem),
                (game, None) => println!("game {game}: {}", f.problem),
            }
        }
        let log_tournaments = report.log.as_ref().map_or(&[][..], |l| &l.tournaments[..]);
        for f in log_tournaments {
            println!("tournament {} event {}: {}", f.tournament, f.seq, f.problem);
        }
        if let Some(log) = &report.log {
            println!(
                "signed log: {} leaves checked against {} checkpoints",
                log.leaves, log.checkpoints
            );
        }
        let altered = report.findings.len()
            + report.tournaments.findings.len()
            + log_findings.len()
            + log_tournaments.len();
        println!(
            "{} games, {} events, {} tournaments, {} tournament events checked: {}",
            report.games,
            report.events,
            report.tournaments.tournaments,
            report.tournaments.events,
            if altered == 0 {
                "every record is intact".to_string()
            } else {
                format!("{altered} altered")
            }
        );
    }
    Ok(if report.is_clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
