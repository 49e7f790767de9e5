//! `arbiter account add NAME [--bot]`: an API account, and its token.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

/// Arguments of `arbiter account`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Adds an account and prints its new API token (shown only once).
    Add {
        /// The account's name (letters, digits, `-` and `_`; 2 to 30).
        name: String,
        /// A bot account (lichess's `BOT` title).
        #[arg(long)]
        bot: bool,
        /// The SQLite database.
        #[arg(long, default_value = "arbiter.db")]
        db: PathBuf,
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Action::Add { name, bot, db } = args.action;
    anyhow::ensure!(
        (2..=30).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        "account names are 2 to 30 letters, digits, '-' or '_'"
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let token = arbiter_server::token::new_token();
    runtime
        .block_on(async {
            let store = arbiter_server::store::Store::open(&db).await?;
            let added = store
                .add_account(&name, &token, bot, arbiter_server::time::unix_ms())
                .await;
            store.close().await;
            added
        })
        .with_context(|| format!("cannot add account {name:?} (does it exist already?)"))?;
    println!("{token}");
    Ok(ExitCode::SUCCESS)
}
