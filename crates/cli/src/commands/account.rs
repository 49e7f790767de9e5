//! `arbiter account add|list|delete|token`: the API accounts lichess
//! clients log in with.

use std::process::ExitCode;

use anyhow::Context;
use arbiter_server::{Database, Store};

/// Arguments of `arbiter account`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
    /// The database: an SQLite file (`PATH` or `sqlite:PATH`) or a
    /// PostgreSQL URL (`postgres://USER@HOST/DB`).
    #[arg(long, default_value = "arbiter.db", global = true)]
    db: Database,
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
    },
    /// Lists the accounts: name, `bot` or `human`, creation date (UTC).
    List,
    /// Deletes an account: its token stops working. Its games are kept,
    /// and so its name stays taken.
    Delete {
        /// The account's name.
        name: String,
    },
    /// Replaces an account's token with a new one, printed once; the old
    /// one stops working.
    Token {
        /// The account's name.
        name: String,
        /// Make the new token (the only thing this command does, and so
        /// required, so that nobody replaces a token by accident).
        #[arg(long, required = true)]
        rotate: bool,
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = super::runtime()?;
    runtime.block_on(async {
        let store = super::open_store(&args.db).await?;
        let done = act(&store, args.action).await;
        store.close().await;
        done
    })
}

async fn act(store: &Store, action: Action) -> anyhow::Result<ExitCode> {
    match action {
        Action::Add { name, bot } => add(store, &name, bot).await,
        Action::List => {
            for a in store.accounts().await? {
                println!(
                    "{}\t{}\t{}",
                    a.name(),
                    if a.is_bot() { "bot" } else { "human" },
                    a.created_on()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Action::Delete { name } => {
            anyhow::ensure!(
                store.delete_account(&name).await?,
                "no account named {name:?}"
            );
            eprintln!("account {name:?} deleted");
            Ok(ExitCode::SUCCESS)
        }
        Action::Token { name, rotate: _ } => {
            let token = arbiter_server::new_token();
            anyhow::ensure!(
                store.replace_token(&name, &token).await?,
                "no account named {name:?}"
            );
            println!("{token}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

async fn add(store: &Store, name: &str, bot: bool) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        (2..=30).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        "account names are 2 to 30 letters, digits, '-' or '_'"
    );
    // A deleted account's games still name it: a new account of that name
    // would take them over.
    anyhow::ensure!(
        !store.account_has_games(name).await?,
        "the name {name:?} is taken by the games of a deleted account"
    );
    let token = arbiter_server::new_token();
    store
        .add_account(name, &token, bot)
        .await
        .with_context(|| format!("cannot add account {name:?} (does it exist already?)"))?;
    println!("{token}");
    Ok(ExitCode::SUCCESS)
}
