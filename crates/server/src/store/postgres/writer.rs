//! PostgreSQL's group commit: each batch is one statement.
//!
//! The loop takes every request waiting, folds their writes into a
//! handful of arrays, and sends them as one statement whose data-modifying
//! parts insert the new games, append the events, record the results and
//! the heartbeat. One statement is one transaction and one round trip: a
//! batch costs one WAL flush at its commit (with `synchronous_commit =
//! on`, see the module above), whatever it holds. While a batch commits,
//! the next one gathers, so the batches grow with the load and the
//! commits per second stay near what the server's disk can sync.
//!
//! # The signed log
//!
//! The batch's statement also appends its records' leaves to the log, one
//! tree for every node sharing the database: it takes the next indices
//! from `log_head`, whose row it then holds locked until its commit, so
//! that the database gives the leaves their indices in commit order,
//! without gaps, and a reader sees a whole prefix of them. The batch
//! returns its first index, from which each request's receipt (the tree's
//! size after its last leaf) is counted. The subtrees' hashes are the
//! signer's to add (`signer`), off the commit path.
//!
//! One server at a time writes to a database: the writer's connection
//! holds a session advisory lock ([`SERVER_LOCK`]) for as long as it is
//! open, and a second server finds it taken and does not start (two would
//! run the same games). PostgreSQL lets the lock go the moment the
//! holder's connection closes, a killed server's included, so a restarted
//! server starts at once. A writer that has to reconnect takes the lock
//! again before it commits anything.
//!
//! # Nodes
//!
//! Several nodes (`--node NAME`) share a database: each writer holds the
//! same lock shared ([`SERVER_LOCK`], so that a single server cannot start
//! beside nodes, nor nodes beside it) and a lock of its own name (so that
//! two processes cannot run as one node). A node's batch is a statement of
//! its own, [`NODE_BATCH`]: it locks (`FOR SHARE`) the lease row of every
//! game it writes, and writes a game's events and result only if the row
//! still names this node at the epoch the game's actor holds. A takeover
//! updates that row, so it waits for a batch in flight to commit, and a
//! batch that comes after it finds the epoch changed and leaves the game
//! out: a node that lost a game can never write to it again (fencing),
//! even if it was paused and does not know yet. The statement returns the
//! games it left out, whose requests are answered [`WriteFailure::Fenced`].
//!
//! # A commit whose answer is lost
//!
//! When the connection fails after a batch was sent, the batch may have
//! committed or not: the server may have flushed the commit and lost only
//! its answer. Answering it as failed would roll the games back in memory
//! over moves the database keeps (and a move played again would then be
//! recorded twice); answering it as done could acknowledge moves that
//! were never kept. So the writer finds out ([`settle`]). It connects
//! again and takes the server's lock: the lost session held it until its
//! end, and PostgreSQL ends a session's transaction before it lets its
//! locks go, so once the lock is taken the batch has committed or never
//! will (a session that lingers, its client gone, is terminated first).
//! Then it reads back one row the batch wrote, its witness: an event
//! with its link in the chain, or a new game with its token. There, the
//! whole batch is (one statement is one transaction) and everybody is
//! answered as committed; absent, nothing of it is, and the batch is sent
//! again on the new connection. If the database cannot be reached to
//! tell, the games are answered [`StoreError::OutcomeUnknown`]: they stop
//! and are read again from their record when next wanted.
//!
//! A batch with neither events nor new games (a heartbeat, alone) is
//! simply sent again: writing it twice changes nothing.
//!
//! A node's batch may have left some games out (fenced), so no one row
//! witnesses it all: a new game's row witnesses the batch, and each game
//! is then answered by its own first event (there: written; absent or
//! another: fenced). With no new game, a batch none of whose events is
//! there is sent again: had it committed, every game of it was fenced, and
//! the fence leaves them out again.
//!
//! A game's new row is written (and awaited) before any of its events,
//! and its result after them, so the parts of one statement, which all
//! see the database as it was when it began, never depend on each other.

use std::time::Duration;

use sqlx::Connection as _;
use sqlx::postgres::{PgConnectOptions, PgConnection};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::super::log;
use super::super::{Fence, MAX_BATCH, Op, Receipt, Request, StoreError, Unwritten, Writer};

/// The one statement of a batch: its parameters are the arrays of
/// [`Columns`], in order.
const BATCH: &str = "\
WITH new_games AS (
    INSERT INTO games (id, setup, created_unix_ms, epoch_unix_ms, white_token, black_token,
                       arbiter_token, white_account, black_account)
    SELECT id, setup, created, created, w, b, a, wa, ba
    FROM UNNEST($1::text[], $2::text[], $3::int8[], $4::text[], $5::text[], $6::text[],
                $7::text[], $8::text[]) AS g (id, setup, created, w, b, a, wa, ba)
), new_events AS (
    INSERT INTO events (game_id, seq, event, hash)
    SELECT * FROM UNNEST($9::text[], $10::int8[], $11::text[], $12::text[])
), results AS (
    UPDATE games SET result = f.result
    FROM UNNEST($13::text[], $14::text[]) AS f (id, result)
    WHERE games.id = f.id
), beat AS (
    INSERT INTO heartbeat (id, unix_ms) SELECT 0, $15::int8 WHERE $15::int8 IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms
), head AS (
    UPDATE log_head SET size = size + cardinality($16::text[])
    WHERE id = 0 AND cardinality($16::text[]) > 0
    RETURNING size - cardinality($16::text[]) AS first
), leaves AS (
    INSERT INTO log_leaves (idx, data)
    SELECT head.first + l.n - 1, l.data FROM head, UNNEST($16::text[]) WITH ORDINALITY AS l (data, n)
)
SELECT ARRAY[]::text[], (SELECT first FROM head)";

/// A node's batch: as [`BATCH`], each game's writes kept only while the
/// node holds its lease at the epoch given (`$15` the node, `$16` and `$17`
/// the games and epochs), and a lease for each new game; the leaves (`$18`
/// their games, `$19` their data) of the writes kept. Returns the games
/// left out, and the index of the first leaf. A node records no heartbeat
/// here: its row in `nodes` is renewed apart (see `store::nodes`).
const NODE_BATCH: &str = "\
WITH fence AS (
    SELECT l.game_id FROM leases l
    JOIN UNNEST($16::text[], $17::int8[]) AS f (id, epoch) ON l.game_id = f.id AND l.epoch = f.epoch
    WHERE l.node = $15
    FOR SHARE OF l
), new_games AS (
    INSERT INTO games (id, setup, created_unix_ms, epoch_unix_ms, white_token, black_token,
                       arbiter_token, white_account, black_account)
    SELECT id, setup, created, created, w, b, a, wa, ba
    FROM UNNEST($1::text[], $2::text[], $3::int8[], $4::text[], $5::text[], $6::text[],
                $7::text[], $8::text[]) AS g (id, setup, created, w, b, a, wa, ba)
), new_leases AS (
    INSERT INTO leases (game_id, node, epoch)
    SELECT id, $15, 1 FROM UNNEST($1::text[]) AS g (id)
), new_events AS (
    INSERT INTO events (game_id, seq, event, hash)
    SELECT * FROM UNNEST($9::text[], $10::int8[], $11::text[], $12::text[]) AS e (g, s, ev, h)
    WHERE e.g IN (SELECT game_id FROM fence)
), results AS (
    UPDATE games SET result = f.result
    FROM UNNEST($13::text[], $14::text[]) AS f (id, result)
    WHERE games.id = f.id AND f.id IN (SELECT game_id FROM fence)
), kept AS (
    SELECT l.data, row_number() OVER (ORDER BY l.n) AS n
    FROM UNNEST($18::text[], $19::text[]) WITH ORDINALITY AS l (game, data, n)
    WHERE l.game IN (SELECT game_id FROM fence) OR l.game = ANY($1::text[])
), head AS (
    UPDATE log_head SET size = size + (SELECT count(*) FROM kept)
    WHERE id = 0 AND EXISTS (SELECT 1 FROM kept)
    RETURNING size - (SELECT count(*) FROM kept) AS first
), leaves AS (
    INSERT INTO log_leaves (idx, data) SELECT head.first + kept.n - 1, kept.data FROM head, kept
)
SELECT ARRAY(SELECT f.id FROM UNNEST($16::text[]) AS f (id)
             WHERE f.id NOT IN (SELECT game_id FROM fence)),
       (SELECT first FROM head)";

/// The key of the advisory lock a running server holds on its database
/// (`arbiter` in ASCII): the one server holds it alone, nodes share it.
pub(super) const SERVER_LOCK: i64 = 0x0061_7262_6974_6572;

/// The first key of a node's own lock (the second is its name's hash):
/// `node` in ASCII.
const NODE_LOCK: i32 = 0x6e6f_6465;

/// How long a writer whose connection failed keeps trying to learn
/// whether its last batch committed, before it gives the games up as
/// unknown.
const SETTLE_WITHIN: Duration = Duration::from_secs(10);

/// The pause between two attempts to reconnect.
const RECONNECT_PAUSE: Duration = Duration::from_millis(100);

/// How long a lingering session of this writer's is given to end once
/// told to (`pg_terminate_backend`).
const TERMINATE_WAIT_MS: i64 = 5_000;

/// A batch's writes as the statement's arrays, one per column.
#[derive(Default)]
struct Columns {
    game_ids: Vec<String>,
    setups: Vec<String>,
    created: Vec<i64>,
    white_tokens: Vec<String>,
    black_tokens: Vec<String>,
    arbiter_tokens: Vec<String>,
    white_accounts: Vec<Option<String>>,
    black_accounts: Vec<Option<String>>,
    event_games: Vec<String>,
    event_seqs: Vec<i64>,
    events: Vec<String>,
    hashes: Vec<String>,
    finished: Vec<String>,
    results: Vec<String>,
    heartbeat: Option<i64>,
    fenced_games: Vec<String>,
    fenced_epochs: Vec<i64>,
    /// The leaves of the writes, in order: each one's game and data.
    leaf_games: Vec<String>,
    leaf_data: Vec<String>,
}

/// What a committed batch tells: the games its fences left out, and the
/// index of its first leaf in the log (`None`: it added none, or the
/// batch was settled after a lost connection, which does not tell).
#[derive(Debug, Default)]
struct Batched {
    fenced: Vec<String>,
    first_leaf: Option<i64>,
}

impl Columns {
    /// The columns of `ops`, taken apart; how many leaves they add.
    fn push(&mut self, ops: Vec<Op>, fence: Option<&Fence>) -> u64 {
        if let Some(f) = fence {
            self.fenced_games.push(f.game_id.clone());
            self.fenced_epochs.push(f.epoch);
        }
        let c = self;
        let mut leaves = Vec::new();
        for op in &ops {
            log::leaves_of(op, &mut leaves);
        }
        let added = leaves.len() as u64;
        for leaf in leaves {
            c.leaf_games.push(leaf.record().to_string());
            c.leaf_data.push(leaf.data());
        }
        for op in ops {
            match op {
                Op::NewGame(game) => {
                    let [white, black, arbiter] = game.tokens;
                    let [white_account, black_account] = game.accounts;
                    c.game_ids.push(game.id);
                    c.setups.push(game.setup_json);
                    c.created.push(game.created_unix_ms);
                    c.white_tokens.push(white);
                    c.black_tokens.push(black);
                    c.arbiter_tokens.push(arbiter);
                    c.white_accounts.push(white_account);
                    c.black_accounts.push(black_account);
                }
                Op::Event(row) => {
                    c.event_games.push(row.game_id);
                    c.event_seqs.push(row.seq);
                    c.events.push(row.event_json);
                    c.hashes.push(row.hash);
                }
                Op::Finish { game_id, result } => {
                    c.results.push(Op::stored_result(&result).to_string());
                    c.finished.push(game_id);
                }
                Op::Heartbeat(ms) => c.heartbeat = Some(ms),
                // Refused before (see `run`): on PostgreSQL a tournament's
                // events are written through the pool.
                Op::TournamentEvents { .. } => {}
            }
        }
        added
    }
}

/// The writer's connection, with the process id of its session on the
/// server (to end it, should it outlive the connection's loss).
struct Session {
    conn: PgConnection,
    pid: i32,
}

/// Where the writer connects, and as whom: the database's one server, or
/// the node of that name.
struct Link {
    options: PgConnectOptions,
    node: Option<String>,
}

impl Link {
    /// A new session holding the server's lock (or the node's).
    async fn connect(&self) -> Result<Session, StoreError> {
        let mut conn = PgConnection::connect_with(&self.options).await?;
        self.lock(&mut conn).await?;
        let pid = backend_pid(&mut conn).await?;
        Ok(Session { conn, pid })
    }

    /// Takes the lock this writer runs under: the server's, alone, for the
    /// one server; the server's shared with the other nodes and the node's
    /// own name for a node.
    async fn lock(&self, conn: &mut PgConnection) -> Result<(), StoreError> {
        let Some(node) = &self.node else {
            let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(SERVER_LOCK)
                .fetch_one(conn)
                .await?;
            return if locked {
                Ok(())
            } else {
                Err(StoreError::InUse)
            };
        };
        let shared: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock_shared($1)")
            .bind(SERVER_LOCK)
            .fetch_one(&mut *conn)
            .await?;
        if !shared {
            return Err(StoreError::SingleServerRuns);
        }
        let named: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1, hashtext($2))")
            .bind(NODE_LOCK)
            .bind(node)
            .fetch_one(conn)
            .await?;
        if named {
            Ok(())
        } else {
            Err(StoreError::NodeNameTaken(node.clone()))
        }
    }
}

/// Connects the writer, takes the server's lock (or the node's), and
/// starts its loop.
pub(super) async fn start(
    options: PgConnectOptions,
    node: Option<String>,
) -> Result<Writer, StoreError> {
    let link = Link { options, node };
    let session = link.connect().await?;
    let (writer, rx) = Writer::channel();
    tokio::spawn(run(link, session, rx));
    Ok(writer)
}

/// Commits batch after batch. A batch that the database refuses is
/// answered with the error (nothing of it was acknowledged); one whose
/// connection fails is settled first (see the module's documentation).
async fn run(link: Link, session: Session, mut rx: mpsc::Receiver<Request>) {
    let mut pid = session.pid;
    let mut conn = Some(session.conn);
    let mut waiting = Vec::new();
    let on_node = link.node.is_some();
    while let Some(first) = rx.recv().await {
        let mut columns = Columns::default();
        let mut take = |r: Request| {
            // A node writes a game's moves only under its lease: without a
            // fence, its batch would leave them out, so they are refused
            // here rather than acknowledged unwritten.
            if on_node && r.fence.is_none() && r.ops.iter().any(Op::is_of_a_game) {
                let _ = r.done.send(Err(Unwritten::Fenced));
                return;
            }
            if r.ops
                .iter()
                .any(|op| matches!(op, Op::TournamentEvents { .. }))
            {
                let why = "on PostgreSQL, a tournament's events are written through the pool";
                let _ = r.done.send(Err(Unwritten::Failed(why.into())));
                return;
            }
            let leaves = columns.push(r.ops, r.fence.as_ref());
            waiting.push((r.fence.map(|f| f.game_id), leaves, r.done));
        };
        take(first);
        for _ in 1..MAX_BATCH {
            match rx.try_recv() {
                Ok(r) => take(r),
                Err(_) => break,
            }
        }
        if waiting.is_empty() {
            continue;
        }
        let outcome = match &mut conn {
            Some(c) => commit(c, link.node.as_deref(), &columns).await,
            // Lost with a batch that could not be settled: this one is
            // settled likewise, on a new session (where it is not yet).
            None => Err(sqlx::Error::PoolClosed),
        };
        let outcome = match outcome {
            Ok(batched) => Ok(batched),
            Err(e) if !connection_lost(&e) => Err(StoreError::from(e)),
            Err(e) => {
                tracing::warn!(
                    "group commit of {} writes: connection lost ({e}); finding out whether it committed",
                    waiting.len()
                );
                conn = None;
                match settle(&link, pid, &columns).await {
                    Ok((session, batched)) => {
                        pid = session.pid;
                        conn = Some(session.conn);
                        Ok(batched)
                    }
                    Err(e) => Err(e),
                }
            }
        };
        let outcome = outcome.map_err(|e| {
            tracing::error!("group commit of {} writes failed: {e}", waiting.len());
            Unwritten::from(e)
        });
        // The leaves kept are the batch's, from its first on, in the
        // order of the requests, less those of the games left out.
        let mut size = outcome.as_ref().ok().and_then(|b| b.first_leaf);
        for (game, leaves, done) in waiting.drain(..) {
            let answer = match &outcome {
                Ok(b) if game.as_ref().is_some_and(|g| b.fenced.contains(g)) => {
                    Err(Unwritten::Fenced)
                }
                Ok(_) => {
                    size = size.map(|s| s + leaves as i64);
                    Ok(Receipt {
                        tree_size: size.filter(|_| leaves > 0).map(|s| s as u64),
                    })
                }
                Err(e) => Err(e.clone()),
            };
            let _ = done.send(answer);
        }
    }
}

/// `true` if `e` may have left the batch's outcome unknown: the connection
/// failed, rather than the database answering with an error (which rolls
/// the statement's transaction back).
fn connection_lost(e: &sqlx::Error) -> bool {
    match e {
        // Class 08 (connection exception) and 57 (operator intervention,
        // such as a terminated session) end the session: the commit may
        // have happened just before.
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|c| c.starts_with("08") || c.starts_with("57")),
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        _ => false,
    }
}

/// After the connection failed under a batch: a new session holding the
/// writer's lock, once the batch is known to have committed there (read
/// back, or sent again and committed), with the games it left out; or why
/// that could not be learnt within [`SETTLE_WITHIN`].
async fn settle(
    link: &Link,
    lost_pid: i32,
    columns: &Columns,
) -> Result<(Session, Batched), StoreError> {
    let give_up = Instant::now() + SETTLE_WITHIN;
    let mut why = String::new();
    while Instant::now() < give_up {
        match settle_once(link, lost_pid, columns).await {
            Ok(settled) => return Ok(settled),
            Err(e) => why = e.to_string(),
        }
        tokio::time::sleep(RECONNECT_PAUSE).await;
    }
    Err(StoreError::OutcomeUnknown(why))
}

/// One attempt of [`settle`].
async fn settle_once(
    link: &Link,
    lost_pid: i32,
    columns: &Columns,
) -> Result<(Session, Batched), StoreError> {
    let mut conn = PgConnection::connect_with(&link.options).await?;
    if let Err(taken) = link.lock(&mut conn).await {
        if matches!(taken, StoreError::SingleServerRuns) {
            return Err(taken);
        }
        // The lost session may linger, its client gone unnoticed: end it
        // (only if it is still the one holding an advisory lock, so as
        // never to end another server's writer), and wait for it to go.
        sqlx::query(
            "SELECT pg_terminate_backend(pid, $2) FROM pg_locks \
             WHERE locktype = 'advisory' AND granted AND pid = $1",
        )
        .bind(lost_pid)
        .bind(TERMINATE_WAIT_MS)
        .execute(&mut conn)
        .await?;
        link.lock(&mut conn).await?;
    }
    let pid = backend_pid(&mut conn).await?;
    let batched = match committed(&mut conn, link.node.is_some(), columns).await? {
        Some(fenced) => Batched {
            fenced,
            first_leaf: None,
        },
        None => {
            tracing::warn!("the batch had not committed: sending it again");
            commit(&mut conn, link.node.as_deref(), columns).await?
        }
    };
    Ok((Session { conn, pid }, batched))
}

/// Whether the batch `c` committed, read back from the rows it wrote: the
/// games it left out if it did (on a node), `None` if it did not.
async fn committed(
    conn: &mut PgConnection,
    on_node: bool,
    c: &Columns,
) -> Result<Option<Vec<String>>, StoreError> {
    if on_node {
        return node_batch_committed(conn, c).await;
    }
    if let (Some(game), Some(seq), Some(hash)) = (
        c.event_games.first(),
        c.event_seqs.first(),
        c.hashes.first(),
    ) {
        let stored: Option<String> =
            sqlx::query_scalar("SELECT hash FROM events WHERE game_id = $1 AND seq = $2")
                .bind(game)
                .bind(seq)
                .fetch_optional(&mut *conn)
                .await?;
        return match stored {
            Some(stored) if stored == *hash => Ok(Some(Vec::new())),
            Some(_) => Err(StoreError::Corrupt {
                game: game.clone(),
                what: "event",
                detail: format!("seq {seq} holds another event than the one just written"),
            }),
            None => Ok(None),
        };
    }
    if !new_game_stored(conn, c).await?.unwrap_or(false) {
        // Not there, or a heartbeat alone: sending it again changes nothing.
        return Ok(None);
    }
    Ok(Some(Vec::new()))
}

/// [`committed`] for a node's batch, whose fenced games were left out.
async fn node_batch_committed(
    conn: &mut PgConnection,
    c: &Columns,
) -> Result<Option<Vec<String>>, StoreError> {
    // Each game's first event of the batch.
    let (mut games, mut seqs, mut hashes) = (Vec::new(), Vec::new(), Vec::new());
    for ((game, seq), hash) in c.event_games.iter().zip(&c.event_seqs).zip(&c.hashes) {
        if !games.contains(game) {
            games.push(game.clone());
            seqs.push(*seq);
            hashes.push(hash.clone());
        }
    }
    let missing: Vec<String> = sqlx::query_scalar(
        "SELECT f.g FROM UNNEST($1::text[], $2::int8[], $3::text[]) AS f (g, s, h) \
         WHERE NOT EXISTS (SELECT 1 FROM events e \
                           WHERE e.game_id = f.g AND e.seq = f.s AND e.hash = f.h)",
    )
    .bind(&games[..])
    .bind(&seqs[..])
    .bind(&hashes[..])
    .fetch_all(&mut *conn)
    .await?;
    let witnessed = match new_game_stored(conn, c).await? {
        Some(stored) => stored,
        None => missing.len() < games.len(),
    };
    Ok(witnessed.then_some(missing))
}

/// Whether the batch's first new game is stored with its token (`None`
/// if the batch makes no game).
async fn new_game_stored(conn: &mut PgConnection, c: &Columns) -> Result<Option<bool>, StoreError> {
    let (Some(id), Some(token)) = (c.game_ids.first(), c.white_tokens.first()) else {
        return Ok(None);
    };
    let stored: Option<String> = sqlx::query_scalar("SELECT white_token FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    match stored {
        Some(stored) if stored == *token => Ok(Some(true)),
        Some(_) => Err(StoreError::Corrupt {
            game: id.clone(),
            what: "game",
            detail: "another game has its id".into(),
        }),
        None => Ok(Some(false)),
    }
}

/// The process id of the connection's session on the server.
async fn backend_pid(conn: &mut PgConnection) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(conn)
        .await
}

/// Sends the batch `c` as its one statement (as the node `node`'s,
/// fenced, on a node): the games it left out, and its first leaf.
async fn commit(
    conn: &mut PgConnection,
    node: Option<&str>,
    c: &Columns,
) -> Result<Batched, sqlx::Error> {
    let statement = if node.is_some() { NODE_BATCH } else { BATCH };
    let query = sqlx::query_as(statement)
        .bind(&c.game_ids[..])
        .bind(&c.setups[..])
        .bind(&c.created[..])
        .bind(&c.white_tokens[..])
        .bind(&c.black_tokens[..])
        .bind(&c.arbiter_tokens[..])
        .bind(&c.white_accounts[..])
        .bind(&c.black_accounts[..])
        .bind(&c.event_games[..])
        .bind(&c.event_seqs[..])
        .bind(&c.events[..])
        .bind(&c.hashes[..])
        .bind(&c.finished[..])
        .bind(&c.results[..]);
    let query = match node {
        Some(node) => query
            .bind(node)
            .bind(&c.fenced_games[..])
            .bind(&c.fenced_epochs[..])
            .bind(&c.leaf_games[..])
            .bind(&c.leaf_data[..]),
        None => query.bind(c.heartbeat).bind(&c.leaf_data[..]),
    };
    let (fenced, first_leaf): (Vec<String>, Option<i64>) = query.fetch_one(conn).await?;
    Ok(Batched { fenced, first_leaf })
}
