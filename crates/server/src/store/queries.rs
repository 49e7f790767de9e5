//! The queries of both backends, written once: the games' rows, their
//! events, the accounts, the challenges, the tournaments, the heartbeat
//! and the signed log's reads, generic over `sqlx`'s database and run by
//! each backend on its own read pool, so that SQLite and
//! PostgreSQL cannot drift apart. Both read `$1`, `$2`… placeholders.
//! Where their SQL must differ, each backend gives its own ([`Dialect`]);
//! the writers, which differ in everything, are the backends' own.

use std::collections::HashMap;

use arbiter_tlog::{Hash, Node};
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

use arbiter_rules::Color;

use super::log::{nodes_from_rows, rows_holding};
use super::{
    Account, Challenge, EventRow, GameColumns, GameRow, RelayRoundRow, RelayTourRow, StoreError,
    TournamentEventRow, TournamentRow,
};

/// A challenge's columns with both accounts', for `WHERE` clauses on `c`
/// (the challenge), `f` (from: the challenger) and `t` (to).
const CHALLENGES: &str = "SELECT c.id, c.clock_limit, c.clock_increment, c.color, \
     c.final_color, c.fen, c.created_unix_ms, \
     f.id AS f_id, f.name AS f_name, f.bot AS f_bot, f.created_unix_ms AS f_created, \
     t.id AS t_id, t.name AS t_name, t.bot AS t_bot, t.created_unix_ms AS t_created \
     FROM challenges c JOIN accounts f ON f.id = c.challenger \
     JOIN accounts t ON t.id = c.dest";

/// How many rows a statement changed: `sqlx` gives each backend a result
/// type of its own.
pub(super) trait RowsAffected {
    /// The count.
    fn rows_affected(&self) -> u64;
}

impl RowsAffected for sqlx::sqlite::SqliteQueryResult {
    fn rows_affected(&self) -> u64 {
        self.rows_affected()
    }
}

impl RowsAffected for sqlx::postgres::PgQueryResult {
    fn rows_affected(&self) -> u64 {
        self.rows_affected()
    }
}

/// The statements whose SQL differs between the backends.
pub(super) struct Dialect {
    /// A game's events (`$1`), in order: `game_id, seq, event, hash`.
    /// SQLite looks in its journal too.
    pub(super) events: &'static str,
    /// The last heartbeat, read in the transaction that records the next:
    /// PostgreSQL locks the row, so that a second server starting at the
    /// same moment waits for the first's.
    pub(super) last_heartbeat: &'static str,
    /// The start of a transaction that reads, then writes.
    pub(super) begin_writing: &'static str,
}

/// A backend's read pool, seen through the queries of both backends.
pub(super) struct Queries<'a, DB: Database> {
    /// The pool.
    pub(super) pool: &'a Pool<DB>,
    /// The backend's own statements.
    pub(super) dialect: &'static Dialect,
}

impl<DB> Queries<'_, DB>
where
    DB: Database,
    DB::QueryResult: RowsAffected,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB> + ColumnIndex<DB::Row>,
    usize: ColumnIndex<DB::Row>,
    i64: for<'q> Encode<'q, DB> + for<'r> Decode<'r, DB> + Type<DB>,
    bool: for<'q> Encode<'q, DB> + for<'r> Decode<'r, DB> + Type<DB>,
    String: for<'r> Decode<'r, DB> + Type<DB>,
    Option<i64>: for<'q> Encode<'q, DB>,
    for<'q> Option<&'q str>: Encode<'q, DB>,
    Option<Vec<u8>>: for<'r> Decode<'r, DB> + Type<DB>,
    Vec<u8>: Type<DB>,
{
    /// Every game, or only the unfinished ones, oldest first.
    pub(super) async fn games(&self, unfinished_only: bool) -> Result<Vec<GameRow>, StoreError> {
        let sql = if unfinished_only {
            "SELECT * FROM games WHERE result = '*' ORDER BY created_unix_ms"
        } else {
            "SELECT * FROM games ORDER BY created_unix_ms"
        };
        let rows = sqlx::query(sql).fetch_all(self.pool).await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// One game's row.
    pub(super) async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool)
            .await?;
        row.as_ref().map(Self::game_row).transpose()
    }

    /// The most recent games.
    pub(super) async fn recent_games(&self, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM games ORDER BY created_unix_ms DESC LIMIT $1")
            .bind(limit)
            .fetch_all(self.pool)
            .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// The games the account `id` plays (unfinished) or played (finished),
    /// the most recent first.
    pub(super) async fn games_of_account(
        &self,
        id: &str,
        finished: bool,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = if finished {
            "SELECT * FROM games WHERE (white_account = $1 OR black_account = $1) \
             AND result != '*' ORDER BY created_unix_ms DESC LIMIT $2"
        } else {
            "SELECT * FROM games WHERE (white_account = $1 OR black_account = $1) \
             AND result = '*' ORDER BY created_unix_ms DESC LIMIT $2"
        };
        let rows = sqlx::query(sql)
            .bind(id)
            .bind(limit)
            .fetch_all(self.pool)
            .await?;
        rows.iter().map(Self::game_row).collect()
    }

    /// `true` if a game names the account `id` at one of its seats.
    pub(super) async fn account_has_games(&self, id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM games WHERE white_account = $1 OR black_account = $1 LIMIT 1",
        )
        .bind(id)
        .fetch_optional(self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// A game's stored events, in order, with their links.
    pub(super) async fn events(&self, game_id: &str) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(self.dialect.events)
            .bind(game_id)
            .fetch_all(self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| EventRow {
                game_id: r.get(0),
                seq: r.get(1),
                event_json: r.get(2),
                hash: r.get(3),
            })
            .collect())
    }

    /// Moves every unfinished game's epoch forward by the time since the
    /// last heartbeat and records `now` as the new one, in one
    /// transaction; the downtime.
    pub(super) async fn resume_after_downtime(&self, now_unix_ms: i64) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin_with(self.dialect.begin_writing).await?;
        let last: Option<i64> = sqlx::query(self.dialect.last_heartbeat)
            .fetch_optional(&mut *tx)
            .await?
            .map(|r| r.get(0));
        let downtime = last.map_or(0, |hb| (now_unix_ms - hb).max(0));
        if downtime > 0 {
            sqlx::query("UPDATE games SET epoch_unix_ms = epoch_unix_ms + $1 WHERE result = '*'")
                .bind(downtime)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO heartbeat (id, unix_ms) VALUES (0, $1) \
             ON CONFLICT (id) DO UPDATE SET unix_ms = excluded.unix_ms",
        )
        .bind(now_unix_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(downtime)
    }

    /// Adds the account `a`, whose token has this digest.
    pub(super) async fn add_account(&self, a: &Account, digest: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO accounts (id, name, token, bot, created_unix_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(a.id.as_str())
        .bind(a.name.as_str())
        .bind(digest)
        .bind(a.bot)
        .bind(a.created_unix_ms)
        .execute(self.pool)
        .await?;
        Ok(())
    }

    /// The account whose token has this digest.
    pub(super) async fn account_by_token(
        &self,
        digest: &str,
    ) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE token = $1")
            .bind(digest)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.as_ref().map(Self::account_row))
    }

    /// The account `id`.
    pub(super) async fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT * FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.as_ref().map(Self::account_row))
    }

    /// Every account, by id.
    pub(super) async fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        let rows = sqlx::query("SELECT * FROM accounts ORDER BY id")
            .fetch_all(self.pool)
            .await?;
        Ok(rows.iter().map(Self::account_row).collect())
    }

    /// Removes the account `id`; `false` if there was none.
    pub(super) async fn delete_account(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM accounts WHERE id = $1")
            .bind(id)
            .execute(self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Gives the account `id` the token of this digest; `false` if there
    /// is no such account.
    pub(super) async fn replace_token(&self, id: &str, digest: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE accounts SET token = $1 WHERE id = $2")
            .bind(digest)
            .bind(id)
            .execute(self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Makes the account `id` a bot account.
    pub(super) async fn make_bot(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET bot = $1 WHERE id = $2")
            .bind(true)
            .bind(id)
            .execute(self.pool)
            .await?;
        Ok(())
    }

    /// Keeps a new challenge.
    pub(super) async fn open_challenge(&self, c: &Challenge) -> Result<(), StoreError> {
        let (limit, increment) = c.clock.map_or((None, None), |(l, i)| (Some(l), Some(i)));
        // Seconds of at most a few hours: they fit.
        let seconds = |s: Option<u64>| s.map(|s| i64::try_from(s).unwrap_or(i64::MAX));
        sqlx::query(
            "INSERT INTO challenges (id, challenger, dest, clock_limit, clock_increment, \
             color, final_color, fen, created_unix_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(c.id.as_str())
        .bind(c.challenger.id.as_str())
        .bind(c.dest.id.as_str())
        .bind(seconds(limit))
        .bind(seconds(increment))
        .bind(c.color.as_str())
        .bind(c.final_color.fold("white", "black"))
        .bind(c.fen.as_deref())
        .bind(c.created_unix_ms)
        .execute(self.pool)
        .await?;
        Ok(())
    }

    /// The open challenge `id`.
    pub(super) async fn challenge(&self, id: &str) -> Result<Option<Challenge>, StoreError> {
        let row = sqlx::query(&format!("{CHALLENGES} WHERE c.id = $1"))
            .bind(id)
            .fetch_optional(self.pool)
            .await?;
        row.as_ref().map(Self::challenge_row).transpose()
    }

    /// Deletes the open challenge `id`; `false` if there was none.
    pub(super) async fn take_challenge(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM challenges WHERE id = $1")
            .bind(id)
            .execute(self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The open challenges to the account `id`, oldest first.
    pub(super) async fn challenges_to(&self, id: &str) -> Result<Vec<Challenge>, StoreError> {
        self.challenges_where("c.dest = $1", id).await
    }

    /// The open challenges from the account `id`, oldest first.
    pub(super) async fn challenges_from(&self, id: &str) -> Result<Vec<Challenge>, StoreError> {
        self.challenges_where("c.challenger = $1", id).await
    }

    async fn challenges_where(&self, test: &str, id: &str) -> Result<Vec<Challenge>, StoreError> {
        let sql = format!("{CHALLENGES} WHERE {test} ORDER BY c.created_unix_ms, c.id");
        let rows = sqlx::query(&sql).bind(id).fetch_all(self.pool).await?;
        rows.iter().map(Self::challenge_row).collect()
    }

    /// Adds a tournament's row.
    pub(super) async fn add_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO tournaments (id, team, created_unix_ms) VALUES ($1, $2, $3)")
            .bind(t.id.as_str())
            .bind(t.team.as_str())
            .bind(t.created_unix_ms)
            .execute(self.pool)
            .await?;
        Ok(())
    }

    /// Every tournament, oldest first.
    pub(super) async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM tournaments ORDER BY created_unix_ms, id")
            .fetch_all(self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| TournamentRow {
                id: r.get("id"),
                team: r.get("team"),
                created_unix_ms: r.get("created_unix_ms"),
            })
            .collect())
    }

    /// Keeps a new broadcast tour.
    pub(super) async fn add_relay_tour(&self, t: &RelayTourRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO relay_tours (id, name, description, owner, created_unix_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(t.id.as_str())
        .bind(t.name.as_str())
        .bind(t.description.as_str())
        .bind(t.owner.as_str())
        .bind(t.created_unix_ms)
        .execute(self.pool)
        .await?;
        Ok(())
    }

    /// A broadcast tour.
    pub(super) async fn relay_tour(&self, id: &str) -> Result<Option<RelayTourRow>, StoreError> {
        let row = sqlx::query("SELECT * FROM relay_tours WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.map(|r| RelayTourRow {
            id: r.get("id"),
            name: r.get("name"),
            description: r.get("description"),
            owner: r.get("owner"),
            created_unix_ms: r.get("created_unix_ms"),
        }))
    }

    /// Keeps a new broadcast round.
    pub(super) async fn add_relay_round(&self, r: &RelayRoundRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO relay_rounds (id, tour, position, name, created_unix_ms, pgn) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(r.id.as_str())
        .bind(r.tour.as_str())
        .bind(r.position)
        .bind(r.name.as_str())
        .bind(r.created_unix_ms)
        .bind(r.pgn.as_str())
        .execute(self.pool)
        .await?;
        Ok(())
    }

    /// A broadcast round.
    pub(super) async fn relay_round(&self, id: &str) -> Result<Option<RelayRoundRow>, StoreError> {
        let row = sqlx::query("SELECT * FROM relay_rounds WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.map(|r| RelayRoundRow {
            id: r.get("id"),
            tour: r.get("tour"),
            position: r.get("position"),
            name: r.get("name"),
            created_unix_ms: r.get("created_unix_ms"),
            pgn: r.get("pgn"),
        }))
    }

    /// The ids of a broadcast tour's rounds, in order.
    pub(super) async fn relay_rounds_of(&self, tour: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM relay_rounds WHERE tour = $1 ORDER BY position")
            .bind(tour)
            .fetch_all(self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Keeps a broadcast round's games as last pushed.
    pub(super) async fn keep_relay_games(&self, id: &str, pgn: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE relay_rounds SET pgn = $2 WHERE id = $1")
            .bind(id)
            .bind(pgn)
            .execute(self.pool)
            .await?;
        Ok(())
    }

    /// Appends events to a tournament's log, all or none. (PostgreSQL's
    /// store appends in one statement of its own, with the leaves and the
    /// lease's fence.)
    pub(super) async fn append_tournament_events(
        &self,
        tournament: &str,
        rows: &[TournamentEventRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for row in rows {
            sqlx::query(
                "INSERT INTO tournament_events (tournament_id, seq, event, hash) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(tournament)
            .bind(row.seq)
            .bind(row.event_json.as_str())
            .bind(row.hash.as_str())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A tournament's stored events, in order, with their links.
    pub(super) async fn tournament_events(
        &self,
        tournament: &str,
        from: i64,
    ) -> Result<Vec<TournamentEventRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, event, hash FROM tournament_events \
             WHERE tournament_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(tournament)
        .bind(from)
        .fetch_all(self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| TournamentEventRow {
                seq: r.get("seq"),
                event_json: r.get("event"),
                hash: r.get("hash"),
            })
            .collect())
    }

    /// Runs raw SQL; the number of rows it changed.
    pub(super) async fn execute_raw(&self, sql: &str) -> Result<u64, StoreError> {
        Ok(sqlx::query(sql).execute(self.pool).await?.rows_affected())
    }

    /// Closes the pool's connections.
    pub(super) async fn close(&self) {
        self.pool.close().await;
    }

    fn game_row(r: &DB::Row) -> Result<GameRow, StoreError> {
        GameRow::parse(GameColumns {
            id: r.get("id"),
            setup_json: r.get("setup"),
            created_unix_ms: r.get("created_unix_ms"),
            epoch_unix_ms: r.get("epoch_unix_ms"),
            tokens: [
                r.get("white_token"),
                r.get("black_token"),
                r.get("arbiter_token"),
            ],
            white_account: r.get("white_account"),
            black_account: r.get("black_account"),
            result: r.get("result"),
        })
    }

    fn challenge_row(r: &DB::Row) -> Result<Challenge, StoreError> {
        let id: String = r.get("id");
        let corrupt = |detail: String| StoreError::Corrupt {
            game: id.clone(),
            what: "challenge",
            detail,
        };
        let seconds = |column: &str| -> Result<Option<u64>, StoreError> {
            r.get::<Option<i64>, _>(column)
                .map(|s| u64::try_from(s).map_err(|_| corrupt(format!("{column} {s}"))))
                .transpose()
        };
        let clock = match (seconds("clock_limit")?, seconds("clock_increment")?) {
            (Some(limit), increment) => Some((limit, increment.unwrap_or(0))),
            (None, _) => None,
        };
        let final_color = match r.get::<String, _>("final_color").as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(corrupt(format!("final_color {other:?}"))),
        };
        let account = |prefix: &str| Account {
            id: r.get(format!("{prefix}_id").as_str()),
            name: r.get(format!("{prefix}_name").as_str()),
            bot: r.get(format!("{prefix}_bot").as_str()),
            created_unix_ms: r.get(format!("{prefix}_created").as_str()),
        };
        Ok(Challenge {
            challenger: account("f"),
            dest: account("t"),
            clock,
            color: r.get("color"),
            final_color,
            fen: r.get("fen"),
            created_unix_ms: r.get("created_unix_ms"),
            id,
        })
    }

    fn account_row(r: &DB::Row) -> Account {
        Account {
            name: r.get("name"),
            id: r.get("id"),
            bot: r.get("bot"),
            created_unix_ms: r.get("created_unix_ms"),
        }
    }

    // The signed log: checkpoints, leaves, and the subtrees proofs are
    // made of (the same tables on both backends).

    /// The latest checkpoint signed: its size and note.
    pub(super) async fn latest_checkpoint(&self) -> Result<Option<(u64, String)>, StoreError> {
        let row = sqlx::query("SELECT size, note FROM log_checkpoints ORDER BY size DESC LIMIT 1")
            .fetch_optional(self.pool)
            .await?;
        Ok(row.map(|r| (r.get::<i64, _>(0) as u64, r.get(1))))
    }

    /// Every checkpoint signed, smallest first.
    pub(super) async fn checkpoints(&self) -> Result<Vec<(u64, String)>, StoreError> {
        let rows = sqlx::query("SELECT size, note FROM log_checkpoints ORDER BY size")
            .fetch_all(self.pool)
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| (r.get::<i64, _>(0) as u64, r.get(1)))
            .collect())
    }

    /// The checkpoint signed at `size` leaves, if one was.
    pub(super) async fn checkpoint_at(&self, size: u64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT note FROM log_checkpoints WHERE size = $1")
            .bind(size as i64)
            .fetch_optional(self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Replaces the checkpoint kept at `size` by `note` (the same, with
    /// witnesses' cosignatures added).
    pub(super) async fn replace_checkpoint(&self, size: u64, note: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE log_checkpoints SET note = $1 WHERE size = $2")
            .bind(note)
            .bind(size as i64)
            .execute(self.pool)
            .await?;
        Ok(())
    }

    /// The index of the leaf whose data is `data`, looked for from the end
    /// (a game's proof is mostly asked for soon after it ends).
    pub(super) async fn leaf_index(&self, data: &str) -> Result<Option<u64>, StoreError> {
        let row =
            sqlx::query("SELECT idx FROM log_leaves WHERE data = $1 ORDER BY idx DESC LIMIT 1")
                .bind(data)
                .fetch_optional(self.pool)
                .await?;
        Ok(row.map(|r| r.get::<i64, _>(0) as u64))
    }

    /// The hashes of `wanted` subtrees; `None` if a row is missing, or
    /// not hashed yet (on PostgreSQL, the signer hashes the leaves).
    pub(super) async fn log_nodes(
        &self,
        wanted: &[Node],
    ) -> Result<Option<HashMap<Node, Hash>>, StoreError> {
        let rows = rows_holding(wanted);
        if rows.is_empty() {
            return Ok(Some(HashMap::new()));
        }
        let list: Vec<String> = rows.iter().map(i64::to_string).collect();
        // Integers only: nothing a client sent is in this text.
        let sql = format!(
            "SELECT idx, nodes FROM log_nodes WHERE idx IN ({})",
            list.join(",")
        );
        let found: HashMap<i64, Vec<u8>> = sqlx::query(&sql)
            .fetch_all(self.pool)
            .await?
            .into_iter()
            .filter_map(|r| Some((r.get::<i64, _>(0), r.get::<Option<Vec<u8>>, _>(1)?)))
            .collect();
        Ok(nodes_from_rows(wanted, &found))
    }

    /// The leaves from `start` on, at most `limit`: index, data, and the
    /// leaf's own hash as stored (empty if not hashed yet).
    pub(super) async fn log_leaves(
        &self,
        start: u64,
        limit: u64,
    ) -> Result<Vec<(u64, String, Vec<u8>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT l.idx, l.data, substr(n.nodes, 1, 32) \
             FROM log_leaves l LEFT JOIN log_nodes n ON n.idx = l.idx \
             WHERE l.idx >= $1 ORDER BY l.idx LIMIT $2",
        )
        .bind(start as i64)
        .bind(limit as i64)
        .fetch_all(self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let hash: Option<Vec<u8>> = r.get(2);
                (
                    r.get::<i64, _>(0) as u64,
                    r.get(1),
                    hash.unwrap_or_default(),
                )
            })
            .collect())
    }
}
