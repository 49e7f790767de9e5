//! Storage: every game is its event log, each event sealed by a hash chain;
//! accounts; the server's heartbeat. Two backends keep them: an embedded
//! SQLite file (the default, which needs nothing), and a PostgreSQL server
//! (`--db postgres://…`), which several nodes can share.
//!
//! # What is stored
//!
//! A game is the events the referee accepted, in order: the setup, then
//! each event as the JSON of `arbiter replay`'s logs, with its link in the
//! hash chain. The game's state is never stored: it is rebuilt by
//! replaying the log (`Game::replay`) when the server starts and whenever
//! a finished game is opened again, so what is stored and what the referee
//! decides cannot disagree.
//!
//! - **Rejected events are not stored.** They change nothing, so the log
//!   replays to the same game without them, and storing them would let any
//!   client fill the durable record with junk. The sender gets the refusal
//!   and its rule at once.
//! - **A hash chain seals each game** ([`chain`]): changing, inserting,
//!   deleting or reordering an event breaks every link after it, and
//!   `arbiter verify` finds the first broken one. Someone with write access
//!   who recomputes every later link is not caught by the chain alone: the
//!   last link, which the log endpoint shows, anchors a finished game when
//!   it is published or printed.
//! - Chat lines are not stored: they are not part of the game.
//! - Open challenges are stored, one row each, until accepted, declined
//!   or cancelled, so that they outlive a restart and every node sharing
//!   a database sees the same ones. They are written straight through the
//!   pool, not the group-commit writer: they are few, and a challenge is
//!   taken (accepted or withdrawn) by the one request whose `DELETE`
//!   finds it, which settles two requests racing for it on any node.
//!
//! # One interface, two backends
//!
//! [`Store`] is an enum over the two, not a trait object or a type
//! parameter: the set of backends is closed and known here, a `match`
//! costs nothing beside a query, and neither the services nor the HTTP
//! handlers carry a type parameter or box a future per call for it. Every feature
//! of a game goes through the same methods whichever backend runs it.
//! The reads, the accounts and the heartbeat are the same SQL on both,
//! written once (`queries`, generic over `sqlx`'s database, with `$1`
//! placeholders both accept); each backend gives only the statements
//! that must differ (`queries::Dialect`: a game's events, which SQLite
//! also looks for in its journal, and the heartbeat, which PostgreSQL
//! locks), its opening and its writer.
//!
//! Writes go through one [`Writer`], the same handle for both: a channel
//! to the backend's group-commit loop, which takes whatever is pending
//! from all games, commits it in one transaction, and answers everybody
//! once the transaction has committed. Durability costs one sync of the
//! log per batch, not per move; when idle a batch holds one event and is
//! committed at once, so nobody waits for a timer. A move is acknowledged
//! only after its commit.
//!
//! # Durability, and what it costs
//!
//! A move is acknowledged to its player, and broadcast to the watchers,
//! only once its transaction has committed: on SQLite in WAL mode with
//! `synchronous=FULL`, on PostgreSQL with `synchronous_commit = on` (see
//! `postgres`); a committed move survives a crash of the process and of
//! the machine. A synced write takes 0.2 to 8 ms on the shared virtual
//! disks the server was measured on (`bench/runs/`); one per move would
//! bound the server by the disk, so the writes are shaped around it:
//!
//! - **Group commit** ([`Writer`]). One thread (on PostgreSQL, one task)
//!   owns the write connection.
//!   Game actors hand it their events and wait; it takes everything pending
//!   from all games, writes it in one transaction, commits and answers them
//!   all, so a batch of dozens of events costs one `fsync`. A move reaching
//!   an idle writer is committed at once; under load, commits are paced a
//!   couple of milliseconds apart so that each carries more events. Reads
//!   go through a small pool and never wait for the writer.
//! - **Journal, then home** (SQLite's `filing`). A new event is appended to the
//!   journal, a table in commit order, where the events of one batch, from
//!   many games, fill a page or two; written straight into `events`, ordered
//!   by game, each would dirty its own game's 4 KiB page, one more WAL frame
//!   to write and sync before the batch is acknowledged. The writer files
//!   the journal home a large round at a time, grouped by game, a slice in
//!   each batch's own transaction, so that filing adds no commit of its own
//!   and a game's events land on its page together. A game's log is read
//!   from both tables; opening the database files whatever the journal
//!   holds.
//! - **Checkpoints off the commit path** (SQLite's `checkpoint`). A connection of
//!   its own copies the WAL into the database a few times a second with
//!   passive checkpoints, which never block the writer; the writer only
//!   finishes the last few pages between two batches so that the WAL can
//!   start over. SQLite's own checkpoint inside a commit, which would hold
//!   every move of that batch while it copies and syncs the database, is
//!   kept only as a backstop.
//! - On PostgreSQL, a batch is one statement, one round trip and one WAL
//!   flush; its events go straight to their home (`postgres::writer`).
//! - **One actor per game** (outside this module): a game's events are
//!   decided one at a time in the order they arrive, and games never
//!   contend. If a write fails, the actor rebuilds its game from what is
//!   durable and answers 503: nothing was changed.
//!
//! # Bindings
//!
//! Reads go through `sqlx` pools on both backends, and PostgreSQL's writer
//! is an `sqlx` connection too. SQLite's writer alone uses `rusqlite` (the
//! same SQLite library, `libsqlite3-sys`): it runs on a thread of its own
//! with prepared statements, where `sqlx`'s SQLite driver cost three round
//! trips to its worker thread per batch and parsed a statement anew for
//! every batch (see `sqlite::writer`). With PostgreSQL the network round
//! trip is the cost, and one statement per batch is what `sqlx` sends.
//!
//! # Schema
//!
//! The tables are made by versioned migrations, in `migrations/sqlite`
//! and `migrations/postgres` beside this crate's manifest, named as
//! `sqlx migrate` expects; they are built into the binary and applied
//! when a store opens (recorded in `_sqlx_migrations`).
//!
//! # Clocks across restarts
//!
//! The server records a heartbeat every half second. At start it moves
//! every unfinished game's epoch forward by the time since the last
//! heartbeat, in the transaction that records the new one: the downtime is
//! charged to nobody.
pub mod chain;
#[cfg(test)]
mod challenge_tests;
#[cfg(test)]
mod cluster_log_tests;
mod damage;
mod lock_wait;
pub mod log;
#[cfg(test)]
mod log_tests;
mod migrations;
pub mod nodes;
#[cfg(test)]
mod nodes_tests;
mod postgres;
mod queries;
mod sqlite;
pub mod tournament_leases;
#[cfg(test)]
mod tournament_leases_tests;
#[cfg(test)]
mod writer_tests;
// The integration tests' databases (SQLite, or the throwaway PostgreSQL
// cluster), for the store's own tests.
#[cfg(test)]
#[path = "../../tests/common/pg.rs"]
mod pg;
#[cfg(test)]
#[path = "../../tests/common/db.rs"]
pub(crate) mod test_db;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arbiter_referee::{Event, GameSetup};
use arbiter_rules::Color;
use tokio::sync::{mpsc, oneshot};

use crate::token::TokenDigest;

/// Where the games are kept, as given to `--db`: a PostgreSQL URL
/// (`postgres://` or `postgresql://`, any libpq form), or an SQLite file
/// (`sqlite:PATH` or a plain path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, created if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL database, created if missing.
    Postgres(String),
}

impl Database {
    /// Reads a `--db` argument.
    pub fn parse(text: &str) -> Database {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Database::Postgres(text.to_string());
        }
        let path = text
            .strip_prefix("sqlite://")
            .or_else(|| text.strip_prefix("sqlite:"));
        Database::Sqlite(PathBuf::from(path.unwrap_or(text)))
    }

    /// The SQLite file, if it is one.
    pub fn sqlite_path(&self) -> Option<&Path> {
        match self {
            Database::Sqlite(path) => Some(path),
            Database::Postgres(_) => None,
        }
    }
}

impl std::str::FromStr for Database {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<Database, Self::Err> {
        Ok(Database::parse(text))
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            // The password, if the URL has one, stays out of logs.
            Database::Postgres(url) => match url::password_span(url) {
                Some((start, end)) => write!(f, "{}***{}", &url[..start], &url[end..]),
                None => f.write_str(url),
            },
        }
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Database {
        Database::Sqlite(path)
    }
}

impl From<&Path> for Database {
    fn from(path: &Path) -> Database {
        Database::Sqlite(path.to_path_buf())
    }
}

impl From<&PathBuf> for Database {
    fn from(path: &PathBuf) -> Database {
        Database::Sqlite(path.clone())
    }
}

impl From<&Database> for Database {
    fn from(db: &Database) -> Database {
        db.clone()
    }
}

impl From<&str> for Database {
    fn from(text: &str) -> Database {
        Database::parse(text)
    }
}

mod url {
    /// Where the password of `scheme://user:password@host` lies.
    pub fn password_span(url: &str) -> Option<(usize, usize)> {
        let authority_start = url.find("://")? + 3;
        let rest = &url[authority_start..];
        let at = rest.find('@')?;
        let colon = rest[..at].find(':')?;
        Some((authority_start + colon + 1, authority_start + at))
    }
}

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database said no.
    #[error("database: {0}")]
    Database(#[source] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("database schema: {0}")]
    Migrate(#[source] sqlx::migrate::MigrateError),
    /// Another process held a lock on the database (SQLite's, or on
    /// PostgreSQL the migrations') for longer than a process waits for
    /// it: nothing was changed.
    #[error(
        "the database is locked by another process (a server, a node or a command writing to it), \
         which did not free it within {} s: nothing was changed, try again",
        lock_wait::LOCK_WAIT.as_secs()
    )]
    Locked,
    /// A stored row cannot be read back.
    #[error("game {game}: stored {what} is unreadable: {detail}")]
    Corrupt {
        /// The id of the game whose row is unreadable.
        game: String,
        /// What was being read.
        what: &'static str,
        /// Why it failed.
        detail: String,
    },
    /// The writer's connection failed.
    #[error("database: {0}")]
    Writer(String),
    /// Another server already writes to this PostgreSQL database.
    #[error(
        "another arbiter serve already runs on this database (it holds the server's advisory lock)"
    )]
    InUse,
    /// A node (`--node`) was started on a database a single server
    /// (without `--node`) runs on.
    #[error(
        "a single arbiter serve (started without --node) runs on this database: stop it before starting nodes"
    )]
    SingleServerRuns,
    /// A node was started under the name of a node that still runs.
    #[error("a node named {0} already runs on this database")]
    NodeNameTaken(String),
    /// `--node` was given with an SQLite database.
    #[error("several nodes need a PostgreSQL database: an SQLite file has one server")]
    NodesNeedPostgres,
    /// The write was refused: this node no longer holds the game's lease
    /// (another node took the game over).
    #[error("game {0}: another node runs this game now")]
    LeaseLost(String),
    /// The append was refused: this node no longer holds the tournament's
    /// lease (another node took the tournament over).
    #[error("tournament {0}: another node holds this tournament now")]
    TournamentLeaseLost(String),
    /// The writer task has stopped.
    #[error("the database writer has stopped")]
    WriterGone,
    /// The connection was lost under a commit, and the database could not
    /// be reached again to learn whether the commit was kept: the write
    /// may or may not be in the record.
    #[error(
        "database: the connection was lost under a commit, and whether it was kept is not known: {0}"
    )]
    OutcomeUnknown(String),
    /// The log's signing key cannot be read or made.
    #[error("the log's signing key: {0}")]
    LogKey(String),
    /// On PostgreSQL, no server has signed the log yet: it names no key.
    #[error("the log has no key yet: on PostgreSQL, a server started with --log-key FILE signs it")]
    LogNotKept,
}

/// A game's row: everything but its events.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The public id.
    pub id: String,
    /// The setup, as stored (JSON).
    pub setup_json: String,
    /// The setup, read back from its JSON.
    pub setup: GameSetup,
    /// Wall-clock time of creation, ms since 1970.
    pub created_unix_ms: i64,
    /// Wall-clock time of `at_ms = 0` on the game's time line; moved
    /// forward over server downtime so that downtime is charged to nobody.
    pub epoch_unix_ms: i64,
    /// Digests of the seat tokens and the arbiter's.
    pub white: TokenDigest,
    /// Black's seat.
    pub black: TokenDigest,
    /// The arbiter's.
    pub arbiter: TokenDigest,
    /// Accounts playing the seats, for games made by challenge.
    pub white_account: Option<String>,
    /// Black's account.
    pub black_account: Option<String>,
    /// `*` while the game goes on.
    pub result: String,
}

/// A game's row as its columns read, before the setup and digests are
/// parsed: each backend reads these, [`GameRow::parse`] does the rest.
struct GameColumns {
    id: String,
    setup_json: String,
    created_unix_ms: i64,
    epoch_unix_ms: i64,
    tokens: [String; 3],
    white_account: Option<String>,
    black_account: Option<String>,
    result: String,
}

impl GameRow {
    fn parse(c: GameColumns) -> Result<GameRow, StoreError> {
        let corrupt = |what, detail: String| StoreError::Corrupt {
            game: c.id.clone(),
            what,
            detail,
        };
        let setup: GameSetup =
            serde_json::from_str(&c.setup_json).map_err(|e| corrupt("setup", e.to_string()))?;
        let digest = |i: usize, col: &str| {
            TokenDigest::from_hex(&c.tokens[i])
                .ok_or_else(|| corrupt("token digest", col.to_string()))
        };
        Ok(GameRow {
            setup,
            white: digest(0, "white_token")?,
            black: digest(1, "black_token")?,
            arbiter: digest(2, "arbiter_token")?,
            setup_json: c.setup_json,
            created_unix_ms: c.created_unix_ms,
            epoch_unix_ms: c.epoch_unix_ms,
            white_account: c.white_account,
            black_account: c.black_account,
            result: c.result,
            id: c.id,
        })
    }
}

/// A stored event with its place in the chain.
#[derive(Clone, Debug, Default)]
pub struct EventRow {
    /// The game.
    pub game_id: String,
    /// 0, 1, 2...
    pub seq: i64,
    /// The event as stored (JSON).
    pub event_json: String,
    /// Its link in the chain.
    pub hash: String,
}

/// A new game's row, as the writer stores it.
#[derive(Clone, Debug)]
pub struct NewGameRow {
    /// The new game's public id.
    pub id: String,
    /// The game's setup as JSON, the start of its hash chain.
    pub setup_json: String,
    /// Creation time and epoch, ms since 1970.
    pub created_unix_ms: i64,
    /// Token digests, hex: white, black, arbiter.
    pub tokens: [String; 3],
    /// Accounts of the seats, if any.
    pub accounts: [Option<String>; 2],
}

/// An API account.
#[derive(Clone, Debug)]
pub struct Account {
    /// The name as given (`Alice`).
    pub(crate) name: String,
    /// The lower-case id (`alice`).
    pub(crate) id: String,
    /// A bot account (lichess title `BOT`).
    pub(crate) bot: bool,
    /// When it was made, ms since 1970.
    pub(crate) created_unix_ms: i64,
}

impl Account {
    /// The name as given (`Alice`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `true` for a bot account (lichess's `BOT` title).
    pub fn is_bot(&self) -> bool {
        self.bot
    }

    /// The day it was made (`YYYY-MM-DD`, UTC).
    pub fn created_on(&self) -> String {
        crate::time::date_of(self.created_unix_ms)
    }
}

/// A challenge from one account to another (lichess's
/// `POST /api/challenge/{username}`), open until accepted, declined or
/// cancelled.
#[derive(Clone, Debug)]
pub(crate) struct Challenge {
    /// The challenge's id, which the game it becomes takes too.
    pub id: String,
    /// Who challenges.
    pub challenger: Account,
    /// Who is challenged.
    pub dest: Account,
    /// Initial time and increment, seconds (`None`: untimed).
    pub clock: Option<(u64, u64)>,
    /// The challenger's colour as asked: `white`, `black` or `random`.
    pub color: String,
    /// The challenger's colour, drawn when the challenge is made if asked
    /// at random (lichess's `finalColor`).
    pub final_color: Color,
    /// A starting position.
    pub fen: Option<String>,
    /// Created, ms since 1970.
    pub created_unix_ms: i64,
}

/// One write.
#[derive(Clone, Debug)]
pub enum Op {
    /// A new game's row.
    NewGame(NewGameRow),
    /// An accepted event.
    Event(EventRow),
    /// The game is over with this result.
    Finish {
        /// The game.
        game_id: String,
        /// `1-0`, `0-1`, `1/2-1/2` or `*` (`*` is stored as `-`: over, no result).
        result: String,
    },
    /// The server is alive at this time (ms since 1970).
    Heartbeat(i64),
    /// A tournament's events, all or none (SQLite: through the writer, so
    /// that they are leaves of the signed log in commit order; a request
    /// holding them is written in a savepoint of its own, so that an event
    /// already in its place refuses it alone, not its batch).
    TournamentEvents {
        /// The tournament.
        tournament: String,
        /// Its new events.
        rows: Vec<TournamentEventRow>,
    },
}

impl Op {
    /// An event or a result: a write to a running game, which a node makes
    /// only under the game's lease.
    fn is_of_a_game(&self) -> bool {
        matches!(self, Op::Event(_) | Op::Finish { .. })
    }

    /// The result as stored: `*` is stored as `-` (over, no result), since
    /// `*` in the column means the game goes on.
    fn stored_result(result: &str) -> &str {
        if result == "*" { "-" } else { result }
    }
}

/// Writes waiting for the same commit, answered together.
struct Request {
    ops: Vec<Op>,
    /// On a node: the game whose events these are, and the lease epoch the
    /// node holds it at. The writes stand only if the lease still holds.
    fence: Option<Fence>,
    done: oneshot::Sender<Result<Receipt, Unwritten>>,
}

/// What a committed write gets back: where its records stand in the
/// signed log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Receipt {
    /// The size of the log's tree once the write's last record was added
    /// to it: every checkpoint of this size or larger includes them.
    /// `None` when the write added no record to the log (a heartbeat, a
    /// result), or, on PostgreSQL, when its commit was confirmed after a
    /// lost connection (which does not tell where its leaves went).
    pub tree_size: Option<u64>,
}

/// A node's claim to write a game: the game and the epoch of its lease
/// (the fencing token).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    /// The game.
    pub game_id: String,
    /// The epoch the node took the game with.
    pub epoch: i64,
}

/// Why a request was not acknowledged, as told to its writer.
#[derive(Clone, Debug)]
enum Unwritten {
    /// The batch was not committed.
    Failed(String),
    /// Whether the batch was committed is not known (see
    /// [`StoreError::OutcomeUnknown`]).
    Unknown(String),
    /// The batch committed, but the request's fence no longer held: its
    /// writes were left out.
    Fenced,
}

impl From<StoreError> for Unwritten {
    fn from(e: StoreError) -> Unwritten {
        match e {
            StoreError::OutcomeUnknown(why) => Unwritten::Unknown(why),
            e => Unwritten::Failed(e.to_string()),
        }
    }
}

/// Most requests folded into one transaction.
const MAX_BATCH: usize = 8192;

/// The handle games use to write: a channel to the backend's group-commit
/// loop.
#[derive(Clone, Debug)]
pub struct Writer {
    tx: mpsc::Sender<Request>,
}

/// A handle on a writer that does not keep it running: the store keeps
/// one to the writer it started, to write tournaments' events in the
/// signed log while the server runs.
#[derive(Clone, Debug)]
struct WeakWriter(mpsc::WeakSender<Request>);

impl WeakWriter {
    /// The writer, if it still runs.
    fn upgrade(&self) -> Option<Writer> {
        self.0.upgrade().map(|tx| Writer { tx })
    }
}

impl Writer {
    /// Whether the writer (and so its server) still runs, for the tasks
    /// that serve it and must stop with it.
    pub(crate) fn still_running(&self) -> impl Fn() -> bool + Send + Sync + 'static {
        let weak = self.downgrade();
        move || weak.upgrade().is_some()
    }

    /// A handle that does not keep the writer running.
    fn downgrade(&self) -> WeakWriter {
        WeakWriter(self.tx.downgrade())
    }

    /// A writer and the queue its commit loop drains.
    fn channel() -> (Writer, mpsc::Receiver<Request>) {
        let (tx, rx) = mpsc::channel(65536);
        (Writer { tx }, rx)
    }

    /// Writes `ops` in the next batch and returns once it has committed,
    /// with where they stand in the signed log.
    pub async fn write(&self, ops: Vec<Op>) -> Result<Receipt, StoreError> {
        self.send(ops, None).await
    }

    /// Writes a game's `ops` (its events and result) in the next batch, on
    /// a node, only if the node still holds the game's lease at the fence's
    /// epoch when the batch commits: [`StoreError::LeaseLost`] otherwise,
    /// and nothing of `ops` is written.
    pub async fn write_fenced(&self, ops: Vec<Op>, fence: Fence) -> Result<Receipt, StoreError> {
        self.send(ops, Some(fence)).await
    }

    async fn send(&self, ops: Vec<Op>, fence: Option<Fence>) -> Result<Receipt, StoreError> {
        let game = fence.as_ref().map(|f| f.game_id.clone());
        let (done, wait) = oneshot::channel();
        self.tx
            .send(Request { ops, fence, done })
            .await
            .map_err(|_| StoreError::WriterGone)?;
        match wait.await {
            Ok(Ok(receipt)) => Ok(receipt),
            Ok(Err(Unwritten::Failed(e))) => Err(StoreError::Writer(e)),
            Ok(Err(Unwritten::Unknown(e))) => Err(StoreError::OutcomeUnknown(e)),
            Ok(Err(Unwritten::Fenced)) => Err(StoreError::LeaseLost(game.unwrap_or_default())),
            Err(_) => Err(StoreError::WriterGone),
        }
    }
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store(Backend);

#[derive(Clone, Debug)]
enum Backend {
    Sqlite(Arc<sqlite::SqliteStore>),
    Postgres(Arc<postgres::PgStore>),
}

/// Runs the same expression on whichever backend `store` is.
macro_rules! on_backend {
    ($store:expr, $backend:ident => $body:expr) => {
        match &$store.0 {
            Backend::Sqlite($backend) => $body,
            Backend::Postgres($backend) => $body,
        }
    };
}

// After `on_backend!`, which they use.
mod relays;
mod tournaments;
pub use damage::{Damage, Finding};
pub use relays::{RelayRoundRow, RelayTourRow};
pub use tournaments::{TournamentEventRow, TournamentFence, TournamentRow, check_chain};

impl Store {
    /// Opens (creating if needed) the database, and brings its schema up
    /// to date: one process at a time, the others waiting for it (see
    /// `lock_wait`), so that processes opening a fresh database together
    /// all find it made once. A committed transaction survives a crash of the process
    /// and of the machine (SQLite: WAL with full synchronisation;
    /// PostgreSQL: `synchronous_commit = on`).
    pub async fn open(db: impl Into<Database>) -> Result<Store, StoreError> {
        Ok(Store(match &db.into() {
            Database::Sqlite(path) => {
                Backend::Sqlite(Arc::new(sqlite::SqliteStore::open(path).await?))
            }
            Database::Postgres(url) => {
                Backend::Postgres(Arc::new(postgres::PgStore::open(url).await?))
            }
        }))
    }

    /// Starts the group-commit writer on its own connection, for the
    /// database's one server.
    pub(crate) async fn writer(&self) -> Result<Writer, StoreError> {
        match &self.0 {
            Backend::Sqlite(s) => s.writer().await,
            Backend::Postgres(s) => s.writer(None).await,
        }
    }

    /// Starts the group-commit writer of the node `node`, one of several
    /// sharing a PostgreSQL database: it writes a game's events only under
    /// the game's lease ([`Writer::write_fenced`]).
    pub(crate) async fn node_writer(&self, node: &str) -> Result<Writer, StoreError> {
        match &self.0 {
            Backend::Sqlite(_) => Err(StoreError::NodesNeedPostgres),
            Backend::Postgres(s) => s.writer(Some(node)).await,
        }
    }

    /// Keeps the log's leaves but signs no checkpoint: on SQLite, the
    /// writer started next does not sign; on PostgreSQL a server signs
    /// only when [`Store::sign_log`] is called, so nothing to do.
    pub(crate) fn leave_unsigned(&self) {
        if let Backend::Sqlite(s) = &self.0 {
            s.leave_unsigned();
        }
    }

    /// On PostgreSQL, signs the log's checkpoints with the key kept in
    /// `key_file` (made there if missing) while this server (the node
    /// `node`, or the one server) holds the signing lease, renewed every
    /// `renew` for `lease`, for as long as `writer` runs. On SQLite the
    /// writer signs, with the key beside the database: nothing to do.
    pub(crate) fn sign_log(
        &self,
        key_file: &Path,
        node: Option<&str>,
        renew: std::time::Duration,
        lease: std::time::Duration,
        writer: &Writer,
    ) -> Result<(), StoreError> {
        let Backend::Postgres(s) = &self.0 else {
            return Ok(());
        };
        let key = log::load_or_make_key(key_file, None, arbiter_tlog::KeyKind::Ed25519)?;
        let signer =
            postgres::signer::Signer::new(s.pool().clone(), key, node.unwrap_or(""), lease);
        signer.start(renew, writer.still_running());
        Ok(())
    }

    /// The nodes' leases, on PostgreSQL ([`StoreError::NodesNeedPostgres`]
    /// on SQLite).
    pub(crate) fn nodes(&self) -> Result<nodes::Nodes, StoreError> {
        match &self.0 {
            Backend::Sqlite(_) => Err(StoreError::NodesNeedPostgres),
            Backend::Postgres(s) => Ok(nodes::Nodes::new(s.pool())),
        }
    }

    /// Every game, or only the unfinished ones, oldest first.
    pub(crate) async fn games(&self, unfinished_only: bool) -> Result<Vec<GameRow>, StoreError> {
        on_backend!(self, s => s.queries().games(unfinished_only).await)
    }

    /// One game's row.
    pub(crate) async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        on_backend!(self, s => s.queries().game(id).await)
    }

    /// The most recent games (for the lobby).
    pub(crate) async fn recent_games(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        on_backend!(self, s => s.queries().recent_games(limit).await)
    }

    /// A game's stored events, in order, with their links.
    pub(crate) async fn events(&self, game_id: &str) -> Result<Vec<EventRow>, StoreError> {
        on_backend!(self, s => s.queries().events(game_id).await)
    }

    /// Parses stored events.
    pub(crate) fn parse_events(game_id: &str, rows: &[EventRow]) -> Result<Vec<Event>, StoreError> {
        rows.iter()
            .map(|r| {
                serde_json::from_str(&r.event_json).map_err(|e| StoreError::Corrupt {
                    game: game_id.to_string(),
                    what: "event",
                    detail: format!("seq {}: {e}", r.seq),
                })
            })
            .collect()
    }

    /// Adds an account made now; its token is given by the caller, stored
    /// as a digest.
    pub async fn add_account(
        &self,
        name: &str,
        token: &str,
        bot: bool,
    ) -> Result<Account, StoreError> {
        let account = Account {
            name: name.to_string(),
            id: name.to_lowercase(),
            bot,
            created_unix_ms: crate::time::unix_ms(),
        };
        let digest = TokenDigest::of(token).to_hex();
        on_backend!(self, s => s.queries().add_account(&account, &digest).await)?;
        Ok(account)
    }

    /// The account whose token has this digest.
    pub(crate) async fn account_by_token(
        &self,
        digest: &TokenDigest,
    ) -> Result<Option<Account>, StoreError> {
        on_backend!(self, s => s.queries().account_by_token(&digest.to_hex()).await)
    }

    /// The account with this id (lower-case name).
    pub(crate) async fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        on_backend!(self, s => s.queries().account(&id.to_lowercase()).await)
    }

    /// Every account, by id.
    pub async fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        on_backend!(self, s => s.queries().accounts().await)
    }

    /// Removes the account `id`; `false` if there was none.
    pub async fn delete_account(&self, id: &str) -> Result<bool, StoreError> {
        on_backend!(self, s => s.queries().delete_account(&id.to_lowercase()).await)
    }

    /// Gives the account `id` a new token (stored as a digest), so that the
    /// old one no longer works; `false` if there is no such account.
    pub async fn replace_token(&self, id: &str, token: &str) -> Result<bool, StoreError> {
        let digest = TokenDigest::of(token).to_hex();
        on_backend!(self, s => s.queries().replace_token(&id.to_lowercase(), &digest).await)
    }

    /// Makes the account `id` a bot account (lichess's `BOT` title).
    pub(crate) async fn make_bot(&self, id: &str) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().make_bot(&id.to_lowercase()).await)
    }

    /// The games the account `id` plays or played, the most recent first:
    /// unfinished ones only, or finished ones only.
    pub(crate) async fn games_of_account(
        &self,
        id: &str,
        finished: bool,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        on_backend!(self, s => s.queries().games_of_account(&id.to_lowercase(), finished, limit).await)
    }

    /// `true` if a game was ever played by an account named `id` (its name
    /// stays taken after the account is deleted: the games keep it).
    pub async fn account_has_games(&self, id: &str) -> Result<bool, StoreError> {
        on_backend!(self, s => s.queries().account_has_games(&id.to_lowercase()).await)
    }

    /// Keeps a new challenge until it is accepted, declined or cancelled.
    pub(crate) async fn open_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().open_challenge(challenge).await)
    }

    /// The open challenge `id`.
    pub(crate) async fn challenge(&self, id: &str) -> Result<Option<Challenge>, StoreError> {
        on_backend!(self, s => s.queries().challenge(id).await)
    }

    /// Closes the open challenge `id`: `false` if it was not open (never
    /// made, or already taken by another request, here or on another
    /// node). Of two requests taking the same challenge, one gets `true`.
    pub(crate) async fn take_challenge(&self, id: &str) -> Result<bool, StoreError> {
        on_backend!(self, s => s.queries().take_challenge(id).await)
    }

    /// The open challenges to and from the account `id`, oldest first.
    pub(crate) async fn challenges_of(
        &self,
        id: &str,
    ) -> Result<(Vec<Challenge>, Vec<Challenge>), StoreError> {
        let id = id.to_lowercase();
        on_backend!(self, s => {
            let q = s.queries();
            Ok((q.challenges_to(&id).await?, q.challenges_from(&id).await?))
        })
    }

    /// Called once at start: moves every unfinished game's epoch forward by
    /// the time since the last heartbeat (the server's downtime), so that
    /// downtime is charged to nobody, and records `now` as the new
    /// heartbeat, in one transaction. Returns the downtime.
    pub(crate) async fn resume_after_downtime(&self, now_unix_ms: i64) -> Result<i64, StoreError> {
        on_backend!(self, s => s.queries().resume_after_downtime(now_unix_ms).await)
    }

    /// The log's verifier key: on SQLite, of the signing key kept beside
    /// the database (made there at first start); on PostgreSQL, the one
    /// the database names, that every signer signs with
    /// ([`StoreError::LogNotKept`] if none has signed yet).
    pub async fn log_verifier(&self) -> Result<arbiter_tlog::VerifierKey, StoreError> {
        match &self.0 {
            Backend::Sqlite(s) => {
                Ok(
                    log::load_or_make_key(&s.log_key_path(), None, arbiter_tlog::KeyKind::Ed25519)?
                        .verifier(),
                )
            }
            Backend::Postgres(s) => s.log_verifier().await,
        }
    }

    /// The latest checkpoint signed: its size and signed note.
    pub async fn latest_checkpoint(&self) -> Result<Option<(u64, String)>, StoreError> {
        on_backend!(self, s => s.queries().latest_checkpoint().await)
    }

    /// The checkpoint signed at `size` leaves, if one was (every one is
    /// kept).
    pub async fn checkpoint_at(&self, size: u64) -> Result<Option<String>, StoreError> {
        on_backend!(self, s => s.queries().checkpoint_at(size).await)
    }

    /// Every checkpoint signed, smallest first.
    pub async fn checkpoints(&self) -> Result<Vec<(u64, String)>, StoreError> {
        on_backend!(self, s => s.queries().checkpoints().await)
    }

    /// Replaces the checkpoint kept at `size` by `note`: the same, with
    /// witnesses' cosignatures added.
    pub(crate) async fn replace_checkpoint(&self, size: u64, note: &str) -> Result<(), StoreError> {
        on_backend!(self, s => s.queries().replace_checkpoint(size, note).await)
    }

    /// The index of the leaf whose data is `data`.
    pub async fn leaf_index(&self, data: &str) -> Result<Option<u64>, StoreError> {
        on_backend!(self, s => s.queries().leaf_index(data).await)
    }

    /// The leaves from `start` on, at most `limit`: index, data, the hash
    /// stored for it.
    pub async fn log_leaves(
        &self,
        start: u64,
        limit: u64,
    ) -> Result<Vec<(u64, String, Vec<u8>)>, StoreError> {
        on_backend!(self, s => s.queries().log_leaves(start, limit).await)
    }

    /// A proof's hashes over `ranges` of leaves (from
    /// `arbiter_tlog::inclusion_ranges` or `consistency_ranges`); `None`
    /// if the tree lacks a subtree they need.
    pub async fn log_proof(
        &self,
        ranges: &[std::ops::Range<u64>],
    ) -> Result<Option<Vec<arbiter_tlog::Hash>>, StoreError> {
        let wanted = arbiter_tlog::tree::nodes_needed(ranges);
        let Some(found) = on_backend!(self, s => s.queries().log_nodes(&wanted).await?) else {
            return Ok(None);
        };
        Ok(arbiter_tlog::tree::assemble(ranges, |n| {
            found.get(&n).copied()
        }))
    }

    /// Game `id`'s proof (c2sp.org/tlog-proof): its record, the inclusion
    /// proof of its last leaf, and the latest checkpoint. `None` if the
    /// game is unknown, not in the log, or not yet in a signed checkpoint
    /// (one is signed within a second of a write).
    pub async fn game_proof(
        &self,
        id: &str,
    ) -> Result<Option<arbiter_tlog::TlogProof>, StoreError> {
        let Some(game) = self.game(id).await? else {
            return Ok(None);
        };
        let events = self.events(id).await?;
        let record = arbiter_tlog::record::GameRecord {
            game: game.id,
            setup_json: game.setup_json,
            events: events.into_iter().map(|e| e.event_json).collect(),
        };
        let (Some(index), Some((size, checkpoint)), Some(text)) = (
            self.leaf_index(&record.last_leaf().data()).await?,
            self.latest_checkpoint().await?,
            record.to_text(),
        ) else {
            return Ok(None);
        };
        if index >= size {
            return Ok(None);
        }
        let Some(path) = self
            .log_proof(&arbiter_tlog::inclusion_ranges(index, size))
            .await?
        else {
            return Ok(None);
        };
        Ok(Some(arbiter_tlog::TlogProof {
            extra: Some(text.into_bytes()),
            index,
            path,
            checkpoint,
        }))
    }

    /// Where game `id`'s record of its first `events` events stands in the
    /// signed log, for its scoresheet and its PGN: the log's origin (read
    /// off its latest checkpoint) and the leaf that seals that record.
    /// `None` before the first checkpoint, or if that record is not in the
    /// log.
    pub async fn record_reference(
        &self,
        id: &str,
        events: usize,
    ) -> Result<Option<arbiter_tlog::record::RecordReference>, StoreError> {
        use arbiter_tlog::record::{Leaf, RecordReference, game_genesis};
        let (Some(game), Some((_, note))) = (self.game(id).await?, self.latest_checkpoint().await?)
        else {
            return Ok(None);
        };
        let leaf = match events.checked_sub(1) {
            None => Leaf::GameCreated {
                game: game.id,
                genesis: game_genesis(id, &game.setup_json),
            },
            Some(last) => match self.events(id).await?.into_iter().nth(last) {
                Some(row) => Leaf::GameEvent {
                    game: game.id,
                    seq: row.seq,
                    link: row.hash,
                },
                None => return Ok(None),
            },
        };
        let origin = arbiter_tlog::Note::parse(note.as_bytes())
            .ok()
            .and_then(|n| arbiter_tlog::Checkpoint::parse(n.text()).ok())
            .map(|c| c.origin);
        let (Some(origin), Some(index)) = (origin, self.leaf_index(&leaf.data()).await?) else {
            return Ok(None);
        };
        Ok(Some(RecordReference {
            origin,
            game: id.to_string(),
            index,
        }))
    }

    /// Runs raw SQL (tests use it to alter a record the way an intruder would).
    pub async fn execute_raw(&self, sql: &str) -> Result<u64, StoreError> {
        on_backend!(self, s => s.queries().execute_raw(sql).await)
    }

    /// Closes the connections.
    pub async fn close(&self) {
        on_backend!(self, s => s.queries().close().await)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_postgres_and_anything_else_an_sqlite_file() {
        let url = "postgres://arbiter@db.example/games";
        assert_eq!(Database::parse(url), Database::Postgres(url.to_string()));
        let url = "postgresql://arbiter@localhost/games?host=/run/postgresql";
        assert_eq!(Database::parse(url), Database::Postgres(url.to_string()));
        for (given, path) in [
            ("arbiter.db", "arbiter.db"),
            ("sqlite:/var/lib/arbiter.db", "/var/lib/arbiter.db"),
            ("sqlite:///var/lib/arbiter.db", "/var/lib/arbiter.db"),
            ("games/postgres.db", "games/postgres.db"),
        ] {
            assert_eq!(
                Database::parse(given),
                Database::Sqlite(PathBuf::from(path))
            );
        }
    }

    #[test]
    fn a_password_in_a_url_is_not_shown() {
        let db = Database::parse("postgres://arbiter:s3cret@db.example:5432/games");
        assert_eq!(
            db.to_string(),
            "postgres://arbiter:***@db.example:5432/games"
        );
        let db = Database::parse("postgres://arbiter@db.example/games");
        assert_eq!(db.to_string(), "postgres://arbiter@db.example/games");
    }
}
