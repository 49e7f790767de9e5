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
//! A game's new row is written (and awaited) before any of its events,
//! and its result after them, so the parts of one statement, which all
//! see the database as it was when it began, never depend on each other.

use sqlx::Connection as _;
use sqlx::postgres::{PgConnectOptions, PgConnection};
use tokio::sync::mpsc;

use super::super::{MAX_BATCH, Op, Request, StoreError, Writer};

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

/// The key of the advisory lock a running server holds on its database
/// (`arbiter` in ASCII).
pub(super) const SERVER_LOCK: i64 = 0x0061_7262_6974_6572;

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
}

impl Columns {
    /// The columns of `ops`, taken apart.
    fn push(&mut self, ops: Vec<Op>) {
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

/// Connects the writer, takes the server's lock, and starts its loop.
pub(super) async fn start(options: PgConnectOptions) -> Result<Writer, StoreError> {
    let conn = connect(&options).await?;
    let (writer, rx) = Writer::channel();
    tokio::spawn(run(options, Some(conn), rx));
    Ok(writer)
}

/// Commits batch after batch. A batch that fails is answered with the
/// error (nothing of it was acknowledged), and the next one starts on a
/// new connection, should the old one be what failed.
async fn run(
    options: PgConnectOptions,
    mut conn: Option<PgConnection>,
    mut rx: mpsc::Receiver<Request>,
) {
    let mut waiting = Vec::new();
    while let Some(first) = rx.recv().await {
        let mut columns = Columns::default();
        let mut take = |r: Request| {
            columns.push(r.ops);
            waiting.push(r.done);
        };
        take(first);
        for _ in 1..MAX_BATCH {
            match rx.try_recv() {
                Ok(r) => take(r),
                Err(_) => break,
            }
        }
        let outcome = commit(&options, &mut conn, columns)
            .await
            .map_err(|e| e.to_string());
        if let Err(e) = &outcome {
            tracing::error!("group commit of {} writes failed: {e}", waiting.len());
            conn = None;
        }
        for done in waiting.drain(..) {
            let _ = done.send(outcome.clone());
        }
    }
}

/// A connection holding the server's lock.
async fn connect(options: &PgConnectOptions) -> Result<PgConnection, StoreError> {
    let mut conn = PgConnection::connect_with(options).await?;
    let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(SERVER_LOCK)
        .fetch_one(&mut conn)
        .await?;
    if !locked {
        return Err(StoreError::InUse);
    }
    Ok(conn)
}

async fn commit(
    options: &PgConnectOptions,
    conn: &mut Option<PgConnection>,
    c: Columns,
) -> Result<(), StoreError> {
    let conn = match conn {
        Some(conn) => conn,
        None => conn.insert(connect(options).await?),
    };
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
    Ok(())
}
