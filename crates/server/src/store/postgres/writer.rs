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
//! A game's new row is written (and awaited) before any of its events,
//! and its result after them, so the parts of one statement, which all
//! see the database as it was when it began, never depend on each other.

use sqlx::Connection as _;
use sqlx::postgres::{PgConnectOptions, PgConnection};
use tokio::sync::mpsc;

use super::super::{Fence, MAX_BATCH, Op, Request, StoreError, WriteFailure, Writer};

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
)
INSERT INTO heartbeat (id, unix_ms) SELECT 0, $15::int8 WHERE $15::int8 IS NOT NULL
ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms";

/// A node's batch: as [`BATCH`], each game's writes kept only while the
/// node holds its lease at the epoch given (`$15` the node, `$16` and `$17`
/// the games and epochs), and a lease for each new game. Returns the games
/// left out. A node records no heartbeat here: its row in `nodes` is
/// renewed apart (see `store::nodes`).
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
)
SELECT f.id FROM UNNEST($16::text[]) AS f (id) WHERE f.id NOT IN (SELECT game_id FROM fence)";

/// The key of the advisory lock a running server holds on its database
/// (`arbiter` in ASCII): the one server holds it alone, nodes share it.
pub(super) const SERVER_LOCK: i64 = 0x0061_7262_6974_6572;

/// The first key of a node's own lock (the second is its name's hash):
/// `node` in ASCII.
const NODE_LOCK: i32 = 0x6e6f_6465;

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
}

impl Columns {
    /// The columns of `ops`, taken apart.
    fn push(&mut self, ops: Vec<Op>, fence: Option<&Fence>) {
        if let Some(f) = fence {
            self.fenced_games.push(f.game_id.clone());
            self.fenced_epochs.push(f.epoch);
        }
        let c = self;
        for op in ops {
            match op {
                Op::NewGame {
                    id,
                    setup_json,
                    created_unix_ms,
                    tokens,
                    accounts,
                } => {
                    let [white, black, arbiter] = tokens;
                    let [white_account, black_account] = accounts;
                    c.game_ids.push(id);
                    c.setups.push(setup_json);
                    c.created.push(created_unix_ms);
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
            }
        }
    }
}

/// Connects the writer, takes the server's lock (or the node's), and
/// starts its loop.
pub(super) async fn start(
    options: PgConnectOptions,
    node: Option<String>,
) -> Result<Writer, StoreError> {
    let conn = connect(&options, node.as_deref()).await?;
    let (writer, rx) = Writer::channel();
    tokio::spawn(run(options, node, Some(conn), rx));
    Ok(writer)
}

/// Commits batch after batch. A batch that fails is answered with the
/// error (nothing of it was acknowledged), and the next one starts on a
/// new connection, should the old one be what failed.
async fn run(
    options: PgConnectOptions,
    node: Option<String>,
    mut conn: Option<PgConnection>,
    mut rx: mpsc::Receiver<Request>,
) {
    let mut waiting = Vec::new();
    while let Some(first) = rx.recv().await {
        let mut columns = Columns::default();
        let mut take = |r: Request| {
            // A node writes a game's moves only under its lease: without a
            // fence, its batch would leave them out, so they are refused
            // here rather than acknowledged unwritten.
            if node.is_some() && r.fence.is_none() && r.ops.iter().any(Op::is_of_a_game) {
                let _ = r.done.send(Err(WriteFailure::Fenced));
                return;
            }
            columns.push(r.ops, r.fence.as_ref());
            waiting.push((r.fence.map(|f| f.game_id), r.done));
        };
        take(first);
        for _ in 1..MAX_BATCH {
            match rx.try_recv() {
                Ok(r) => take(r),
                Err(_) => break,
            }
        }
        let outcome = commit(&options, node.as_deref(), &mut conn, columns)
            .await
            .map_err(|e| e.to_string());
        if let Err(e) = &outcome {
            tracing::error!("group commit of {} writes failed: {e}", waiting.len());
            conn = None;
        }
        for (game, done) in waiting.drain(..) {
            let answer = match &outcome {
                Ok(fenced) if game.as_ref().is_some_and(|g| fenced.contains(g)) => {
                    Err(WriteFailure::Fenced)
                }
                Ok(_) => Ok(()),
                Err(e) => Err(WriteFailure::Failed(e.clone())),
            };
            let _ = done.send(answer);
        }
    }
}

/// A connection holding the server's lock: alone for the one server,
/// shared with the other nodes and with the node's own name for a node.
async fn connect(
    options: &PgConnectOptions,
    node: Option<&str>,
) -> Result<PgConnection, StoreError> {
    let mut conn = PgConnection::connect_with(options).await?;
    let Some(node) = node else {
        let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(SERVER_LOCK)
            .fetch_one(&mut conn)
            .await?;
        return if locked {
            Ok(conn)
        } else {
            Err(StoreError::InUse)
        };
    };
    let shared: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock_shared($1)")
        .bind(SERVER_LOCK)
        .fetch_one(&mut conn)
        .await?;
    if !shared {
        return Err(StoreError::SingleServerRuns);
    }
    let named: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1, hashtext($2))")
        .bind(NODE_LOCK)
        .bind(node)
        .fetch_one(&mut conn)
        .await?;
    if !named {
        return Err(StoreError::NodeNameTaken(node.to_string()));
    }
    Ok(conn)
}

/// Commits a batch; the fenced games whose writes were left out.
async fn commit(
    options: &PgConnectOptions,
    node: Option<&str>,
    conn: &mut Option<PgConnection>,
    c: Columns,
) -> Result<Vec<String>, StoreError> {
    let conn = match conn {
        Some(conn) => conn,
        None => conn.insert(connect(options, node).await?),
    };
    if let Some(node) = node {
        let fenced = sqlx::query_scalar(NODE_BATCH)
            .bind(c.game_ids)
            .bind(c.setups)
            .bind(c.created)
            .bind(c.white_tokens)
            .bind(c.black_tokens)
            .bind(c.arbiter_tokens)
            .bind(c.white_accounts)
            .bind(c.black_accounts)
            .bind(c.event_games)
            .bind(c.event_seqs)
            .bind(c.events)
            .bind(c.hashes)
            .bind(c.finished)
            .bind(c.results)
            .bind(node)
            .bind(c.fenced_games)
            .bind(c.fenced_epochs)
            .fetch_all(conn)
            .await?;
        return Ok(fenced);
    }
    sqlx::query(BATCH)
        .bind(c.game_ids)
        .bind(c.setups)
        .bind(c.created)
        .bind(c.white_tokens)
        .bind(c.black_tokens)
        .bind(c.arbiter_tokens)
        .bind(c.white_accounts)
        .bind(c.black_accounts)
        .bind(c.event_games)
        .bind(c.event_seqs)
        .bind(c.events)
        .bind(c.hashes)
        .bind(c.finished)
        .bind(c.results)
        .bind(c.heartbeat)
        .execute(conn)
        .await?;
    Ok(Vec::new())
}
