//! `arbiter serve`: the web service, on an embedded SQLite database or
//! on PostgreSQL.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use arbiter_server::Database;

/// Arguments of `arbiter serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The address to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The database, created if missing: an SQLite file (`PATH` or
    /// `sqlite:PATH`) or a PostgreSQL URL (`postgres://USER@HOST/DB`).
    #[arg(long, default_value = "arbiter.db")]
    db: Database,
    /// Requests per second allowed to one client address (0: no limit).
    #[arg(long, default_value_t = 50)]
    rate_limit: u32,
    /// Requests one client address may make in a burst.
    #[arg(long, default_value_t = 200)]
    rate_burst: u32,
    /// Seconds a player must be gone before the opponent may claim the win.
    #[arg(long, default_value_t = 60)]
    gone_grace: u64,
    /// The default time (FIDE 6.7.1) of timed games made by lichess
    /// challenges: seconds a player may take over his first move before he
    /// loses the game.
    #[arg(long, default_value_t = 60)]
    default_time: u64,
    /// Run as the node NAME, one of several sharing the PostgreSQL
    /// database: each game is run by one node, any node answers any
    /// request (see docs/scale.md). Without it, the database has this one
    /// server.
    #[arg(long, value_name = "NAME")]
    node: Option<String>,
    /// Where the other nodes reach this one (default: the address it
    /// listens on, `http://ADDR`).
    #[arg(long, value_name = "URL", requires = "node")]
    advertise: Option<String>,
    /// Milliseconds a node's games stay its own without a word from it:
    /// after this, other nodes take them over.
    #[arg(long, default_value_t = 2000, requires = "node")]
    lease_ms: u64,
    /// On PostgreSQL, the file of the log's signing key, made there if
    /// missing (readable by its owner only); every node of a database
    /// signs with the same key, so give them all a copy. Without it, the
    /// log's leaves are kept but this server signs no checkpoint. (On
    /// SQLite the key is kept beside the database, `DB.log-key`.)
    #[arg(long, value_name = "FILE")]
    log_key: Option<std::path::PathBuf>,
    /// On SQLite, keep the log's leaves (and the receipts' tree sizes) but
    /// sign no checkpoint, as a PostgreSQL server without --log-key:
    /// games' proofs wait for the next server that signs, which signs the
    /// whole tree at its start. For measuring what signing costs.
    #[arg(long, conflicts_with = "log_key")]
    unsigned: bool,
    /// A witness (c2sp.org/tlog-witness, such as `arbiter witness`) to ask
    /// for a cosignature of each new checkpoint: its base URL, and its
    /// verifier key after `=` (what `arbiter witness` prints first). With
    /// the key, a cosignature that does not verify is refused (logged,
    /// not served). May be given several times; the checkpoint served
    /// carries each witness's cosignature.
    #[arg(long = "witness", value_name = "URL[=KEY]")]
    witnesses: Vec<arbiter_server::WitnessConfig>,
    #[command(flatten)]
    fair_play: super::fairplay::ServeArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // Log to standard error; standard output's first line is the address.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_max_level(tracing_subscriber::filter::LevelFilter::INFO)
        .init();
    if args.log_key.is_some() && args.db.sqlite_path().is_some() {
        anyhow::bail!(
            "--log-key is for PostgreSQL: on SQLite the log's key is kept beside the database (DB.log-key)"
        );
    }
    if args.node.is_some() && args.db.sqlite_path().is_some() {
        anyhow::bail!(
            "--node needs a PostgreSQL database (--db postgres://…): an SQLite file has one server"
        );
    }
    let node = args.node.map(|name| arbiter_server::NodeConfig {
        url: args.advertise.clone(),
        lease: Duration::from_millis(args.lease_ms),
        ..arbiter_server::NodeConfig::named(&name)
    });
    // Failures name the database (another process may hold its lock).
    let context = format!("arbiter serve on {}", args.db);
    let mut config = arbiter_server::Config::new(args.db);
    config.node = node;
    config.log_key = args.log_key;
    config.unsigned = args.unsigned;
    config.witnesses = args.witnesses;
    config.fair_play = args.fair_play.screen()?;
    config.rate_per_second = args.rate_limit;
    config.rate_burst = args.rate_burst;
    config.gone_grace = Duration::from_secs(args.gone_grace);
    config.default_time = Duration::from_secs(args.default_time);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime
        .block_on(arbiter_server::serve(args.addr, config))
        .context(context)?;
    Ok(ExitCode::SUCCESS)
}
