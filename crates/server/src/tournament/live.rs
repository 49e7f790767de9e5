//! One tournament in memory: its state, the end of its stored chain, and
//! the acts that change it (each checked, stored, then kept).

use std::sync::Arc;

use arbiter_referee::{GameSetup, Mode, Outcome, Player, Ruleset};
use arbiter_tournament::director::{
    Director, Event, EventKind, GivenRound, PlayerId, REFEREE, Refusal, RoundState,
};
use tokio::sync::Notify;

use super::Venue;
use super::spread::{self, GameToMake};
use crate::game::GameError;
use crate::store::{Damage, StoreError, TournamentEventRow, TournamentFence, TournamentRow, chain};
use crate::time::unix_ms;

/// Why a tournament act failed.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// The tournament refuses the event (its words are in the catalogues).
    #[error("{0}")]
    Refused(Refusal),
    /// Storage failed: nothing was changed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A round's game could not be made.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The stored record does not hold together.
    #[error("tournament {tournament}: event {seq}: {problem}")]
    Altered {
        /// The tournament.
        tournament: String,
        /// The first event that fails.
        seq: i64,
        /// What is wrong.
        problem: Damage,
    },
    /// Asked of a node that does not hold the tournament (another node
    /// took it over): nothing was done; sent again, the act reaches the
    /// holder.
    #[error("tournament {0}: another node holds it")]
    Elsewhere(String),
}

/// Whether this process may append to a tournament's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holding {
    /// A single server: the only process there is.
    Alone,
    /// A node holding the tournament's lease: its appends are fenced.
    Held(TournamentFence),
    /// A node that does not hold it: a copy of the log, brought up to date
    /// from the store before it is read.
    Copy,
}

/// The state and where its chain ends.
#[derive(Debug)]
pub(super) struct Log {
    director: Director,
    /// The seq the next event takes.
    next_seq: i64,
    /// The link of the last stored event.
    link: chain::Link,
}

/// A tournament the server runs.
#[derive(Debug)]
pub struct LiveTournament {
    /// Its public id.
    pub id: String,
    /// Its team (lichess's `teamId`).
    pub team: String,
    /// When it was made, ms since 1970.
    pub created_unix_ms: i64,
    log: tokio::sync::Mutex<Log>,
    /// Where its log is stored and its games played.
    pub(super) venue: Arc<Venue>,
    /// Wakes the schedule when something changed.
    pub(super) wake: Notify,
    holding: std::sync::Mutex<Holding>,
}

impl LiveTournament {
    pub(super) fn new(row: TournamentRow, venue: Arc<Venue>, holding: Holding) -> LiveTournament {
        LiveTournament {
            log: tokio::sync::Mutex::new(Log {
                director: Director::default(),
                next_seq: 0,
                link: chain::tournament_genesis(&row.id),
            }),
            id: row.id,
            team: row.team,
            created_unix_ms: row.created_unix_ms,
            venue,
            wake: Notify::new(),
            holding: std::sync::Mutex::new(holding),
        }
    }

    /// Whether this process may append to the log.
    pub(super) fn holding(&self) -> Holding {
        self.holding.lock().expect("holding lock").clone()
    }

    /// This node no longer holds the tournament: it keeps a copy, and its
    /// schedule stops.
    pub(super) fn let_go(&self) {
        *self.holding.lock().expect("holding lock") = Holding::Copy;
        self.wake.notify_one();
    }

    /// Rebuilds a tournament from its stored log, checking the chain and
    /// the fold.
    pub(super) async fn load(
        venue: Arc<Venue>,
        row: TournamentRow,
        holding: Holding,
    ) -> Result<LiveTournament, TournamentError> {
        let live = LiveTournament::new(row, venue, holding);
        {
            let mut log = live.log.lock().await;
            live.catch_up_log(&mut log).await?;
        }
        Ok(live)
    }

    /// Reads the state (a node's copy, as the store has it now).
    pub async fn read<R>(&self, f: impl FnOnce(&Director) -> R) -> R {
        let mut log = self.log.lock().await;
        if self.holding() == Holding::Copy
            && let Err(e) = self.catch_up_log(&mut log).await
        {
            tracing::warn!("tournament {}: the copy of its log: {e}", self.id);
        }
        f(&log.director)
    }

    /// Brings the log up to date with the store (from its start, when the
    /// tournament is loaded; on a node's copy, the events the holder
    /// appended since): their chain checked and each applied, the games of
    /// rounds published noted as the tournament's.
    pub(super) async fn catch_up_log(&self, log: &mut Log) -> Result<(), TournamentError> {
        let rows = self
            .venue
            .store
            .tournament_events_from(&self.id, log.next_seq)
            .await?;
        if rows.is_empty() {
            return Ok(());
        }
        let altered = |seq, problem| TournamentError::Altered {
            tournament: self.id.clone(),
            seq,
            problem,
        };
        let events = rows
            .iter()
            .map(|r| (r.seq, r.event_json.as_str(), r.hash.as_str()));
        let link = chain::follow_from(log.link.clone(), log.next_seq, events, Damage::ChainBroken)
            .map_err(|(seq, p)| altered(seq, p))?;
        let mut director = log.director.clone();
        for r in &rows {
            let event = parse_event(&self.id, r)?;
            director.apply(&event).map_err(|refusal| {
                altered(
                    r.seq,
                    Damage::Refused {
                        refusal: Box::new(refusal),
                    },
                )
            })?;
            if let EventKind::RoundPublished { games, .. } = &event.kind {
                for g in games {
                    self.venue.results.note_game(g, &self.id);
                }
            }
        }
        log.director = director;
        log.next_seq += rows.len() as i64;
        log.link = link;
        Ok(())
    }

    /// Every game of the tournament's rounds.
    pub async fn games(&self) -> Vec<String> {
        self.read(|d| {
            d.rounds()
                .iter()
                .flat_map(|r| r.boards.iter().filter_map(|b| b.game.clone()))
                .collect()
        })
        .await
    }

    /// Applies an event: checked by the fold, stored, then kept. A refused
    /// event, or one that could not be stored, changes nothing.
    pub async fn act(&self, event: Event) -> Result<(), TournamentError> {
        let mut log = self.log.lock().await;
        self.append(&mut log, event).await
    }

    /// An act by `by` now.
    pub async fn act_now(&self, by: &str, kind: EventKind) -> Result<(), TournamentError> {
        self.act(now(by, kind)).await
    }

    async fn append(&self, log: &mut Log, event: Event) -> Result<(), TournamentError> {
        self.append_all(log, vec![event]).await
    }

    /// Applies events in order and stores them in one transaction: a
    /// refusal of any, or a failed write, changes nothing, and a crash
    /// leaves all of them or none (a pairing and its manual change, an
    /// imported list of players).
    async fn append_all(&self, log: &mut Log, events: Vec<Event>) -> Result<(), TournamentError> {
        let fence = match self.holding() {
            Holding::Alone => None,
            Holding::Held(fence) => Some(fence),
            Holding::Copy => return Err(TournamentError::Elsewhere(self.id.clone())),
        };
        let mut director = log.director.clone();
        let mut link = log.link.clone();
        let mut rows = Vec::with_capacity(events.len());
        for event in &events {
            director.apply(event).map_err(TournamentError::Refused)?;
            let event_json = serde_json::to_string(event).expect("events serialise");
            let hash = chain::next(&link, &event_json);
            link = hash.clone();
            rows.push(TournamentEventRow {
                seq: log.next_seq + rows.len() as i64,
                event_json,
                hash,
            });
        }
        let appended = self
            .venue
            .store
            .append_tournament_events(&self.id, &rows, fence.as_ref())
            .await;
        if let Err(StoreError::TournamentLeaseLost(_)) = &appended {
            tracing::warn!(
                "tournament {}: another node took it over; this node lets it go",
                self.id
            );
            self.let_go();
            return Err(TournamentError::Elsewhere(self.id.clone()));
        }
        appended?;
        log.director = director;
        log.next_seq += rows.len() as i64;
        log.link = link;
        self.wake.notify_one();
        if fence.is_some() {
            super::tidings::tell(&self.venue.store, &self.id, None).await;
        }
        Ok(())
    }

    /// Pairs the next round (the director's one operation, whoever asks:
    /// the console, the API, the schedule) and stores its events
    /// together: lots drawn if due, the round as `given` or by the
    /// event's system, round 1's manual pairings. The round paired.
    pub async fn pair_next_round(
        &self,
        by: &str,
        given: Option<GivenRound>,
    ) -> Result<u32, TournamentError> {
        self.pair(by, given, false).await
    }

    /// Pairs the next round as [`LiveTournament::pair_next_round`] does
    /// and publishes it: each board's game is made (online, started at
    /// once, so that the default time runs from now) and its players told
    /// (`gameStart`).
    pub async fn start_next_round(&self, by: &str) -> Result<u32, TournamentError> {
        self.pair(by, None, true).await
    }

    /// The pairing is made on a copy of the state, off the lock and on a
    /// thread for blocking work: a large Swiss takes seconds to pair,
    /// which would hold one of the runtime's few workers (and every read
    /// of the event). Its events are stored only if the state is still the
    /// one it was made from; otherwise it is made again, the third time
    /// holding the lock.
    async fn pair(
        &self,
        by: &str,
        given: Option<GivenRound>,
        publish: bool,
    ) -> Result<u32, TournamentError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut held = None;
            let (plan, seq) = {
                let log = self.log.lock().await;
                let state = (log.director.clone(), log.next_seq);
                if attempt >= 3 {
                    held = Some(log);
                }
                state
            };
            let (who, given_here) = (by.to_string(), given.clone());
            let started = std::time::Instant::now();
            let events = tokio::task::spawn_blocking(move || {
                plan.pair_round(&who, unix_ms(), given_here, shuffle)
            })
            .await
            .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
            .map_err(TournamentError::Refused)?;
            let paired_in = started.elapsed();
            let mut log = match held {
                Some(log) => log,
                None => self.log.lock().await,
            };
            if log.next_seq != seq {
                continue;
            }
            self.append_all(&mut log, events).await?;
            let round = log.director.rounds_paired();
            // At thousands of players the engine's time is the arbiter's
            // wait.
            tracing::info!(
                "tournament {}: round {round} paired in {:.1} ms",
                self.id,
                paired_in.as_secs_f64() * 1e3
            );
            if publish {
                self.publish_locked(&mut log, by).await?;
            }
            return Ok(round);
        }
    }

    /// Draws the lots of a round robin by lot (FIDE Tournament Rules, C.06
    /// II), by `by`: the pairing numbers in an order the server's generator
    /// shuffles, recorded in the log. Again, before round 1, the draw
    /// replaces the one before.
    pub async fn draw_lots(&self, by: &str) -> Result<(), TournamentError> {
        let mut log = self.log.lock().await;
        if log.director.knockout().is_some() {
            // In a knockout, the lots decide the matches level after
            // every stage, all in one transaction.
            let due = log.director.matches_due_a_lot();
            if due.is_empty() {
                return Err(TournamentError::Refused(Refusal::LotNotDue));
            }
            let events = due
                .into_iter()
                .map(|(first, second)| now(by, winner_by_lot(first, second)))
                .collect();
            return self.append_all(&mut log, events).await;
        }
        let event = now(by, drawn_lots(&log.director));
        self.append(&mut log, event).await
    }

    /// After a restart: a round paired but not published (the server
    /// stopped between the two) is published now. Its games are found by
    /// their ids, which depend only on the tournament, the round and the
    /// board: a game made before the stop is taken up as it stands, so no
    /// game is made twice and none is left out of the tournament.
    pub(super) async fn resume_publication(&self) -> Result<(), TournamentError> {
        let mut log = self.log.lock().await;
        let pending = log
            .director
            .rounds()
            .last()
            .filter(|r| !r.published)
            .map(|r| r.paired_by.clone());
        if let Some(by) = pending {
            let round = self.publish_locked(&mut log, &by).await?;
            tracing::info!(
                "tournament {}: round {round} published after a restart",
                self.id
            );
        }
        Ok(())
    }

    /// Publishes the round paired last: each board's game is made (online,
    /// started at once) and its players told.
    pub async fn publish(&self, by: &str) -> Result<u32, TournamentError> {
        let mut log = self.log.lock().await;
        self.publish_locked(&mut log, by).await
    }

    /// Registers players in order, all or none: each is checked by the
    /// fold before any is stored. Their numbers.
    pub async fn register_all(
        &self,
        by: &str,
        players: Vec<arbiter_tournament::director::Registration>,
    ) -> Result<Vec<arbiter_tournament::director::PlayerId>, TournamentError> {
        let mut log = self.log.lock().await;
        let events: Vec<Event> = players
            .into_iter()
            .map(|player| {
                let entry_code = None;
                now(by, EventKind::Registered { player, entry_code })
            })
            .collect();
        let first = log.director.players().len() as u32 + 1;
        let count = events.len() as u32;
        self.append_all(&mut log, events).await?;
        Ok((first..first + count).collect())
    }

    async fn publish_locked(&self, log: &mut Log, by: &str) -> Result<u32, TournamentError> {
        let d = &log.director;
        let settings = d
            .settings()
            .ok_or(TournamentError::Refused(Refusal::NotCreated))?;
        let round = d
            .rounds()
            .last()
            .ok_or(TournamentError::Refused(Refusal::NotLastRound { round: 1 }))?;
        if round.published {
            return Err(TournamentError::Refused(Refusal::AlreadyPublished {
                round: round.number,
            }));
        }
        // A knockout's tie-break games have their stage's clocks.
        let clocks = d
            .round_clocks(round.number)
            .ok_or(TournamentError::Refused(Refusal::NotCreated))?;
        let ruleset = Ruleset::by_name(&clocks.ruleset).map_err(|_| {
            TournamentError::Refused(Refusal::UnknownRuleset {
                name: clocks.ruleset.clone(),
            })
        })?;
        let (date, time) = crate::time::today_and_now();
        let online = settings.mode == Mode::Online;
        let homes = spread::homes(&self.venue, &self.venue.spread).await;
        let mut creations = Vec::new();
        for (i, b) in round.boards.iter().enumerate() {
            let player = |id| d.player(id).expect("paired players are registered");
            let (white, black) = (player(b.board.white), player(b.board.black));
            let seat = |p: &arbiter_tournament::director::PlayerState| Player {
                name: p.registration.name.clone(),
                rating: (p.registration.rating > 0).then_some(p.registration.rating),
                fide_id: p.registration.fide_id,
            };
            let setup = GameSetup {
                ruleset: ruleset.clone(),
                time_control: clocks.time_control.clone(),
                black_time_control: clocks.black_time_control.clone(),
                mode: settings.mode,
                white: seat(white),
                black: seat(black),
                event: settings.name.clone(),
                site: if settings.place.is_empty() {
                    "Arbiter".into()
                } else {
                    settings.place.clone()
                },
                date: date.clone(),
                time: time.clone(),
                round: format!("{}.{}", round.number, i + 1),
                default_time_ms: settings.default_time_ms.filter(|_| online),
                ..GameSetup::default()
            };
            let accounts = [
                white.registration.account.clone(),
                black.registration.account.clone(),
            ];
            let game = GameToMake {
                id: board_game_id(&self.id, round, i as u32 + 1),
                setup,
                accounts,
                start_now: online,
            };
            let home = homes[i % homes.len()].as_deref();
            creations.push(spread::board_game(
                &self.venue,
                &self.venue.spread,
                home,
                game,
            ));
        }
        let number = round.number;
        let created = futures_util::future::join_all(creations).await;
        let mut games = Vec::new();
        for c in created {
            games.push(c?);
        }
        for g in &games {
            self.venue.results.note_game(g, &self.id);
        }
        let published = now(
            by,
            EventKind::RoundPublished {
                round: number,
                games,
            },
        );
        self.append(log, published).await?;
        Ok(number)
    }

    /// Records a game's end as the director's rule reads it
    /// ([`Director::game_ended`]): the board's result, a forfeit for a
    /// game one side never moved in; nothing for a game called off, whose
    /// result the arbiter enters, or a board that has its result.
    pub(super) async fn record_game_result(
        &self,
        game: &str,
        outcome: Option<&Outcome>,
    ) -> Result<(), TournamentError> {
        let Some(outcome) = outcome else {
            return Ok(());
        };
        let mut log = self.log.lock().await;
        let Some(kind) = log.director.game_ended(game, outcome) else {
            return Ok(());
        };
        self.append(&mut log, now(REFEREE, kind)).await
    }

    /// On a node: records the result of the game `game` as the store has
    /// it (it may have ended on another node), if it is over. Recorded at
    /// most once, whoever tells it and however often: a board that has its
    /// result takes none again.
    pub(super) async fn record_from_store(&self, game: &str) {
        let view = if self.venue.games.runs_here(game) {
            match self.venue.games.game(game).await {
                Ok(Some(handle)) => handle.view().await.ok(),
                _ => None,
            }
        } else {
            match self.venue.games.snapshot(game).await {
                Ok(found) => found.map(|(_, view)| view),
                Err(e) => {
                    tracing::warn!("tournament {}: game {game}: {e}", self.id);
                    None
                }
            }
        };
        let Some(outcome) = view.and_then(|v| v.outcome) else {
            return;
        };
        if let Err(e) = self.record_game_result(game, Some(&outcome)).await {
            tracing::warn!("tournament {}: result of game {game}: {e}", self.id);
        }
    }

    /// The games of boards without a result.
    pub(super) async fn open_games(&self) -> Vec<String> {
        self.read(|d| {
            d.rounds()
                .iter()
                .flat_map(|r| r.boards.iter())
                .filter(|b| b.result.is_none())
                .filter_map(|b| b.game.clone())
                .collect()
        })
        .await
    }

    /// After a restart: the results of the games that ended while the
    /// server was down, or before their result was recorded.
    pub(super) async fn catch_up_results(&self) {
        for game in self.open_games().await {
            match self.venue.games.game(&game).await {
                Ok(Some(handle)) => {
                    if let Ok(view) = handle.view().await
                        && let Some(outcome) = &view.outcome
                        && let Err(e) = self.record_game_result(&game, Some(outcome)).await
                    {
                        tracing::warn!("tournament {}: game {game}: {e}", self.id);
                    }
                }
                Ok(None) => tracing::warn!("tournament {}: game {game} is missing", self.id),
                Err(e) => tracing::warn!("tournament {}: game {game}: {e}", self.id),
            }
        }
    }
}

/// A stored event read back (`Altered` if it cannot be).
fn parse_event(tournament: &str, row: &TournamentEventRow) -> Result<Event, TournamentError> {
    serde_json::from_str(&row.event_json).map_err(|e| TournamentError::Altered {
        tournament: tournament.to_string(),
        seq: row.seq,
        problem: Damage::Unreadable {
            error: e.to_string(),
        },
    })
}

/// A board's game id: the same for the same tournament, round and board,
/// so that publishing a round again after a crash finds the games it made.
fn board_game_id(tournament: &str, round: &RoundState, board: u32) -> String {
    crate::token::derived_id(&format!("{tournament}/{}/{board}", round.number), 8)
}

/// A drawing of lots: every player of `d`, in the order [`shuffle`]
/// gives. The order is the event; the fold only checks it.
fn drawn_lots(d: &Director) -> EventKind {
    let mut order: Vec<PlayerId> = d.players().iter().map(|p| p.id).collect();
    shuffle(&mut order);
    EventKind::LotsDrawn { order }
}

/// Puts the players in an order the server's generator (ChaCha, seeded
/// from the operating system) draws.
fn shuffle(order: &mut [PlayerId]) {
    use rand::seq::SliceRandom as _;
    order.shuffle(&mut rand::rng());
}

/// A knockout match decided by lot: the winner drawn by the server's
/// generator, as for the pairing numbers.
fn winner_by_lot(first: PlayerId, second: PlayerId) -> EventKind {
    use rand::Rng as _;
    let winner = if rand::rng().random_bool(0.5) {
        first
    } else {
        second
    };
    EventKind::MatchDecidedByLot {
        first,
        second,
        winner,
    }
}

/// An event by `by` at this moment.
fn now(by: &str, kind: EventKind) -> Event {
    Event {
        at_ms: unix_ms(),
        by: by.to_string(),
        kind,
    }
}
