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
//! A game's new row is written (and awaited) before any of its events,
//! and its result after them, so the parts of one statement, which all
//! see the database as it was when it began, never depend on each other.

use std::time::Duration;

use sqlx::Connection as _;
use sqlx::postgres::{PgConnectOptions, PgConnection};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::super::{MAX_BATCH, Op, Request, StoreError, Unwritten, Writer};

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

/// The writer's connection, with the process id of its session on the
/// server (to end it, should it outlive the connection's loss).
struct Session {
    conn: PgConnection,
    pid: i32,
}

/// Connects the writer, takes the server's lock, and starts its loop.
pub(super) async fn start(options: PgConnectOptions) -> Result<Writer, StoreError> {
    let session = connect(&options).await?;
    let (writer, rx) = Writer::channel();
    tokio::spawn(run(options, session, rx));
    Ok(writer)
}

/// Commits batch after batch. A batch that the database refuses is
/// answered with the error (nothing of it was acknowledged); one whose
/// connection fails is settled first (see the module's documentation).
async fn run(options: PgConnectOptions, session: Session, mut rx: mpsc::Receiver<Request>) {
    let mut pid = session.pid;
    let mut conn = Some(session.conn);
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
        let outcome = match &mut conn {
            Some(c) => commit(c, &columns).await,
            // Lost with a batch that could not be settled: this one is
            // settled likewise, on a new session (where it is not yet).
            None => Err(sqlx::Error::PoolClosed),
        };
        let outcome = match outcome {
            Ok(()) => Ok(()),
            Err(e) if !connection_lost(&e) => Err(StoreError::from(e)),
            Err(e) => {
                tracing::warn!(
                    "group commit of {} writes: connection lost ({e}); finding out whether it committed",
                    waiting.len()
                );
                conn = None;
                match settle(&options, pid, &columns).await {
                    Ok(session) => {
                        pid = session.pid;
                        conn = Some(session.conn);
                        Ok(())
                    }
                    Err(e) => Err(e),
                }
            }
        };
        let outcome = outcome.map_err(|e| {
            tracing::error!("group commit of {} writes failed: {e}", waiting.len());
            Unwritten::from(e)
        });
        for done in waiting.drain(..) {
            let _ = done.send(outcome.clone());
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
/// server's lock, once the batch is known to have committed there (read
/// back, or sent again and committed); or why that could not be learnt
/// within [`SETTLE_WITHIN`].
async fn settle(
    options: &PgConnectOptions,
    lost_pid: i32,
    columns: &Columns,
) -> Result<Session, StoreError> {
    let give_up = Instant::now() + SETTLE_WITHIN;
    let mut why = String::new();
    while Instant::now() < give_up {
        match settle_once(options, lost_pid, columns).await {
            Ok(session) => return Ok(session),
            Err(e) => why = e.to_string(),
        }
        tokio::time::sleep(RECONNECT_PAUSE).await;
    }
    Err(StoreError::OutcomeUnknown(why))
}

/// One attempt of [`settle`].
async fn settle_once(
    options: &PgConnectOptions,
    lost_pid: i32,
    columns: &Columns,
) -> Result<Session, StoreError> {
    let mut conn = PgConnection::connect_with(options).await?;
    if !try_lock(&mut conn).await? {
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
        if !try_lock(&mut conn).await? {
            return Err(StoreError::InUse);
        }
    }
    let pid = backend_pid(&mut conn).await?;
    if !committed(&mut conn, columns).await? {
        tracing::warn!("the batch had not committed: sending it again");
        commit(&mut conn, columns).await?;
    }
    Ok(Session { conn, pid })
}

/// Whether the batch `c` committed, read from the row it wrote first.
async fn committed(conn: &mut PgConnection, c: &Columns) -> Result<bool, StoreError> {
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
            Some(stored) if stored == *hash => Ok(true),
            Some(_) => Err(StoreError::Corrupt {
                game: game.clone(),
                what: "event",
                detail: format!("seq {seq} holds another event than the one just written"),
            }),
            None => Ok(false),
        };
    }
    if let (Some(id), Some(token)) = (c.game_ids.first(), c.white_tokens.first()) {
        let stored: Option<String> =
            sqlx::query_scalar("SELECT white_token FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
        return match stored {
            Some(stored) if stored == *token => Ok(true),
            Some(_) => Err(StoreError::Corrupt {
                game: id.clone(),
                what: "game",
                detail: "another game has its id".into(),
            }),
            None => Ok(false),
        };
    }
    // A heartbeat alone: sending it again changes nothing.
    Ok(false)
}

/// A connection holding the server's lock.
async fn connect(options: &PgConnectOptions) -> Result<Session, StoreError> {
    let mut conn = PgConnection::connect_with(options).await?;
    if !try_lock(&mut conn).await? {
        return Err(StoreError::InUse);
    }
    let pid = backend_pid(&mut conn).await?;
    Ok(Session { conn, pid })
}

/// Takes the server's lock if it is free.
async fn try_lock(conn: &mut PgConnection) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(SERVER_LOCK)
        .fetch_one(conn)
        .await
}

/// The process id of the connection's session on the server.
async fn backend_pid(conn: &mut PgConnection) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(conn)
        .await
}

/// Sends the batch `c` as its one statement.
async fn commit(conn: &mut PgConnection, c: &Columns) -> Result<(), sqlx::Error> {
    sqlx::query(BATCH)
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
        .bind(&c.results[..])
        .bind(c.heartbeat)
        .execute(conn)
        .await?;
    Ok(())
}
