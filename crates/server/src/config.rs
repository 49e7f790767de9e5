//! How the server runs: its database, its limits and timings, and, on a
//! node of several, the node's name and leases.

use std::sync::Arc;
use std::time::Duration;

use arbiter_tlog::VerifierKey;

use crate::fair_play::FairPlayScreen;
use crate::store::Database;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database: an SQLite file or a PostgreSQL URL.
    pub db: Database,
    /// Seconds a player's connections must stay closed before the opponent
    /// may claim the win.
    pub gone_grace: Duration,
    /// How long a finished game nobody watches stays in memory.
    pub idle_unload: Duration,
    /// Requests per second allowed to one client address (0: no limit).
    pub rate_per_second: u32,
    /// Requests one client may make in a burst.
    pub rate_burst: u32,
    /// Largest request body accepted, bytes.
    pub body_limit: usize,
    /// How often the server records that it is alive (for the clocks
    /// after a crash).
    pub heartbeat: Duration,
    /// The default time of timed games made by lichess challenges (FIDE
    /// 6.7.1): a player who has not made his first move this long after
    /// his clock started loses the game.
    pub default_time: Duration,
    /// One node of several sharing a PostgreSQL database (`None`: the
    /// database's one server).
    pub node: Option<NodeConfig>,
    /// On PostgreSQL, the file of the log's signing key (made there if
    /// missing): the server signs the log's checkpoints while it holds the
    /// signing lease. `None`: it signs none. (On SQLite the key is kept
    /// beside the database.)
    pub log_key: Option<std::path::PathBuf>,
    /// On SQLite, keep the log's leaves but sign no checkpoint (a
    /// PostgreSQL server signs only with [`Config::log_key`]).
    pub unsigned: bool,
    /// Witnesses (c2sp.org/tlog-witness) asked to cosign each new
    /// checkpoint; the checkpoint served carries their cosignatures.
    pub witnesses: Vec<WitnessConfig>,
    /// The fair-play screen the arbiters may run over their events'
    /// finished games (`None`: none; `arbiter serve --fairplay-engine`).
    pub fair_play: Option<Arc<dyn FairPlayScreen>>,
}

/// A witness the server asks to cosign its checkpoints (`--witness`).
#[derive(Clone, Debug)]
pub struct WitnessConfig {
    /// Its base URL (`/add-checkpoint` is added).
    pub url: String,
    /// Its verifier key, if given: its cosignatures are kept only if they
    /// verify with it. Without one, the server keeps what it answers (but
    /// never a line under the log's own name), for whoever trusts the
    /// witness to check.
    pub key: Option<VerifierKey>,
}

impl std::str::FromStr for WitnessConfig {
    type Err = String;

    /// `URL` or `URL=KEY` (a base URL holds no `=`; a key's name may).
    fn from_str(text: &str) -> Result<WitnessConfig, String> {
        let (url, key) = match text.split_once('=') {
            Some((url, key)) => {
                let key = VerifierKey::parse(key)
                    .map_err(|e| format!("the witness's key after `=`: {e}"))?;
                (url, Some(key))
            }
            None => (text, None),
        };
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("{url:?} is not an http:// or https:// URL"));
        }
        Ok(WitnessConfig {
            url: url.trim_end_matches('/').to_string(),
            key,
        })
    }
}

/// A node of several sharing one PostgreSQL database (`--node`).
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// The node's name, unique among the database's nodes.
    pub name: String,
    /// Where the other nodes reach this one (`http://HOST:PORT`); by
    /// default the address it listens on.
    pub url: Option<String>,
    /// How long the node's leases last without renewal: after this long
    /// without a word from it, its games are taken over. It renews them
    /// every [`Config::heartbeat`].
    pub lease: Duration,
}

impl NodeConfig {
    /// The node `name`, with two-second leases.
    pub fn named(name: &str) -> NodeConfig {
        NodeConfig {
            name: name.to_string(),
            url: None,
            lease: Duration::from_secs(2),
        }
    }
}

impl Config {
    /// The defaults, on the database `db` (a path is an SQLite file).
    pub fn new(db: impl Into<Database>) -> Config {
        Config {
            db: db.into(),
            gone_grace: Duration::from_secs(60),
            idle_unload: Duration::from_secs(60),
            rate_per_second: 50,
            rate_burst: 200,
            body_limit: 16 * 1024,
            heartbeat: Duration::from_millis(500),
            default_time: Duration::from_secs(60),
            node: None,
            log_key: None,
            unsigned: false,
            witnesses: Vec::new(),
            fair_play: None,
        }
    }
}
