//! `arbiter key --db DB`: prints the verifier key of the log's signing
//! key (`NAME+HEXID+base64(0x01 ‖ public key)`), which players and
//! witnesses use to check checkpoints and proofs. On SQLite, makes the
//! key beside the database if the server has not yet; on PostgreSQL, the
//! key the database names (the one its signers sign with).

use std::process::ExitCode;

use arbiter_server::Database;

/// Arguments of `arbiter key`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The database whose log's key to print (an SQLite file: the key is
    /// kept beside it, `DB.log-key`; or a PostgreSQL URL).
    #[arg(long, default_value = "arbiter.db")]
    db: Database,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::ensure_database_exists(&args.db)?;
    let runtime = super::runtime()?;
    let key = runtime.block_on(async {
        let store = super::open_store(&args.db).await?;
        let key = store.log_verifier().await;
        store.close().await;
        anyhow::Ok(key?)
    })?;
    println!("{key}");
    Ok(ExitCode::SUCCESS)
}
