//! The game actor: the only owner of a game's referee state.
//!
//! Each action is stamped with the server's clock on the game's time line,
//! decided by the referee, written through the group-commit writer, and
//! only then acknowledged and broadcast. The actor also wakes at the
//! referee's next deadline, so a flag falls on time with nobody moving.

use std::sync::Arc;
use std::time::Duration;

use arbiter_protocol::ws::{ChatLine, Presence};
use arbiter_referee::{Actor, Event, EventKind, Game, Mode};
use arbiter_rules::{ByColor, Color};
use tokio::sync::{broadcast, mpsc};
use tokio::time::{Instant, sleep_until};

use super::WrittenVerdict;
use super::desk::Desk;
use super::handle::{Acted, Command, RematchAnswer, Room, StateUpdate};
use super::listener::Listeners;
use super::view::{Head, Ruled, View};
use super::{ActError, GameHandle, GameMeta, Update};
use crate::problem::Problem;
use crate::store::{EventRow, Fence, Op, Receipt, StoreError, Writer, chain};
use crate::time::unix_ms;

/// Updates kept for watchers who have not read them yet. The ring is
/// allocated whole with each game (about 48 bytes a slot: 12 KiB a game
/// at 256, 120 MB for 10,000 games); a watcher that falls further behind
/// is sent the whole view instead, and games change at the pace of
/// people.
const UPDATES_KEPT: usize = 32;

/// What every actor shares.
#[derive(Clone)]
pub struct Context {
    /// The one writer every game's events are committed through.
    pub writer: Writer,
    /// How long a player's connections must stay closed before the
    /// opponent may claim the win (given to the referee with each
    /// `player_left` event).
    pub gone_grace: Duration,
    /// How long a finished game nobody watches stays in memory.
    pub idle_unload: Duration,
    /// Told when a game ends.
    pub listeners: Arc<Listeners>,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("gone_grace", &self.gone_grace)
            .finish_non_exhaustive()
    }
}

/// The game's state in the actor.
struct GameActor {
    meta: Arc<GameMeta>,
    /// The id and head every view shares.
    id: Arc<str>,
    head: Arc<Head>,
    game: Game,
    /// Wall-clock ms of `at_ms = 0`.
    epoch_unix_ms: i64,
    /// The last link of the hash chain.
    link: String,
    /// Events durable so far (equal to `game.events().len()` between commands).
    stored: usize,
    /// Moves already announced.
    announced: usize,
    moves_uci: String,
    updates: broadcast::Sender<Update>,
    present: ByColor<u32>,
    /// Each player has joined at least once (online games start then).
    seen: ByColor<bool>,
    /// Each player's connections are all closed (since he had one).
    gone: ByColor<bool>,
    /// Web pages watching without a seat.
    spectators: u32,
    /// A player's standing rematch offer, once the game is over.
    rematch_offer: Option<Color>,
    /// Both players agreed to a rematch (the new game is being made or made).
    rematch_agreed: bool,
    chat: Vec<ChatLine>,
    /// What the game's electronic board has told it.
    desk: Desk,
    ctx: Context,
    /// On a node: the game's lease this node holds, without which its
    /// events are not written.
    fence: Option<Fence>,
    /// The actor stops and lets the game go: its lease is lost (another
    /// node runs the game now), or the database was lost under a commit
    /// of this game's and whether it was kept is not known. Either way the
    /// record alone says what happened, and the game is read again from it
    /// when next wanted.
    let_go: bool,
}

/// Starts the actor of a game rebuilt from its stored events (`events`
/// already replayed into `game`) and returns its handle. On a node,
/// `fence` is the game's lease the node holds: the actor writes under it,
/// and stops once it is lost.
pub fn spawn(
    meta: GameMeta,
    game: Game,
    epoch_unix_ms: i64,
    link: String,
    ctx: Context,
    fence: Option<Fence>,
) -> GameHandle {
    let epoch = fence.as_ref().map(|f| f.epoch);
    let (tx, rx) = mpsc::channel(256);
    let (updates, _) = broadcast::channel(UPDATES_KEPT);
    let meta = Arc::new(meta);
    let mut moves_uci = String::new();
    for p in game.plies() {
        if !moves_uci.is_empty() {
            moves_uci.push(' ');
        }
        moves_uci.push_str(&p.uci);
    }
    let actor = GameActor {
        id: Arc::from(meta.id.as_str()),
        head: Arc::new(Head::of(game.setup())),
        meta: meta.clone(),
        stored: game.events().len(),
        announced: game.plies().len(),
        game,
        epoch_unix_ms,
        link,
        moves_uci,
        updates,
        present: ByColor::default(),
        seen: ByColor::default(),
        gone: ByColor::default(),
        spectators: 0,
        rematch_offer: None,
        rematch_agreed: false,
        chat: Vec::new(),
        desk: Desk::default(),
        ctx,
        fence,
        let_go: false,
    };
    tokio::spawn(actor.run(rx));
    GameHandle { meta, tx, epoch }
}

impl GameActor {
    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        // A game that was due to end while the server was down (or
        // starting) ends now.
        let _ = self.tick_if_due(self.now_ms()).await;
        while !self.let_go {
            let deadline = self.game.next_deadline_ms().map(|d| self.instant_of(d));
            let idle = (self.game.outcome().is_some() && self.updates.receiver_count() == 0)
                .then(|| Instant::now() + self.ctx.idle_unload);
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    let _ = self.tick_if_due(self.now_ms()).await;
                }
                () = sleep_until(idle.unwrap_or_else(Instant::now)), if idle.is_some() => break,
            }
        }
    }

    /// The server's clock on the game's time line, never going back.
    fn now_ms(&self) -> u64 {
        let wall = (unix_ms() - self.epoch_unix_ms).max(0) as u64;
        let last = self.game.events().last().map_or(0, |e| e.at_ms);
        wall.max(last)
    }

    fn instant_of(&self, at_ms: u64) -> Instant {
        let now = self.now_ms();
        Instant::now() + Duration::from_millis(at_ms.saturating_sub(now))
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Act { actor, kind, reply } => {
                let verdict = self.act(actor, kind).await;
                let _ = reply.send(verdict);
            }
            Command::Join { reply } => {
                let view = self.view(0);
                let _ = reply.send((
                    view,
                    Arc::from(self.moves_uci.as_str()),
                    self.updates.subscribe(),
                ));
            }
            Command::Presence { color, present } => self.presence(color, present).await,
            Command::Chat(line) => {
                if self.chat.len() >= 200 {
                    self.chat.remove(0);
                }
                self.chat.push(line.clone());
                let _ = self.updates.send(Update::Chat(Arc::new(line)));
            }
            Command::Board(seen) => {
                self.desk.read(seen.clone(), unix_ms());
                let _ = self.updates.send(Update::Board(Arc::new(seen)));
            }
            Command::BoardNotice(notice) => {
                let events = self.game.events().len();
                self.desk.notice(notice, events, unix_ms());
            }
            Command::BoardLink(connected) => self.desk.link(connected),
            Command::Desk { reply } => {
                let fen = self.game.position().fen();
                let _ = reply.send(self.desk.view(fen, self.game.events()));
            }
            Command::Refused(refusal) => {
                let events = self.game.events().len();
                let verdict = refusal.verdict.json();
                let (actor, kind) = (refusal.actor, refusal.kind);
                self.desk.refused(actor, kind, verdict, events, unix_ms());
                let _ = self.updates.send(Update::Refused(Arc::new(refusal)));
            }
            Command::ChatLog { reply } => {
                let _ = reply.send(self.chat.clone());
            }
            Command::Read(f) => f(&self.game),
            Command::Watch { present } => {
                self.spectators = if present {
                    self.spectators + 1
                } else {
                    self.spectators.saturating_sub(1)
                };
                self.announce_presence();
            }
            Command::OfferRematch { color, reply } => {
                let _ = reply.send(self.offer_rematch(color));
            }
            Command::RematchMade(game) => {
                let _ = self
                    .updates
                    .send(Update::Room(Arc::new(Room::Rematch(game))));
            }
            Command::Release => self.let_go = true,
        }
    }

    fn view(&self, moves_from: usize) -> View {
        View::of(
            &self.id,
            &self.head,
            &self.game,
            self.now_ms(),
            unix_ms(),
            moves_from,
        )
    }

    /// Whatever the referee said is due by `now` (a flag's fall, a
    /// default) happens first, and is announced: the one place the actor
    /// asks, whether it woke for the deadline, an action came, or a
    /// player's connections changed.
    async fn tick_if_due(&mut self, now: u64) -> Result<(), ActError> {
        if self.game.next_deadline_ms().is_some_and(|d| d <= now) {
            let verdict = WrittenVerdict::new(self.game.tick(now));
            self.commit(Some(verdict)).await?;
        }
        Ok(())
    }

    /// Decides one action: a flag that fell first, then the action itself.
    async fn act(&mut self, actor: Actor, kind: EventKind) -> Result<Acted, ActError> {
        let now = self.now_ms();
        self.tick_if_due(now).await?;
        let ruling = WrittenVerdict::new(self.game.apply(Event::new(actor, now, kind)));
        let mut receipt = None;
        if ruling.verdict().is_accepted() {
            receipt = self.commit(Some(ruling.clone())).await?;
        }
        Ok(Acted {
            ruling,
            tree_size: receipt.and_then(|r| r.tree_size),
        })
    }

    /// Makes every event applied since the last commit durable, then
    /// announces the new state, with `ruled`, the verdict on the last of
    /// them; the write's receipt (`None`: nothing to write). On a storage
    /// failure the game goes back to what is durable, and the action is
    /// reported as not done.
    async fn commit(&mut self, ruled: Option<WrittenVerdict>) -> Result<Option<Receipt>, ActError> {
        let Some(receipt) = self.write_pending().await? else {
            return Ok(None);
        };
        self.announce(ruled);
        if self.game.outcome().is_some() {
            let view = self.view(0);
            self.ctx.listeners.finished(&self.meta, &view);
        }
        Ok(Some(receipt))
    }

    /// Makes every event applied since the last write durable; its
    /// receipt (`None`: there was none to write). On a storage failure the
    /// game goes back to what is durable.
    async fn write_pending(&mut self) -> Result<Option<Receipt>, ActError> {
        let events = &self.game.events()[self.stored..];
        if events.is_empty() {
            return Ok(None);
        }
        let mut ops = Vec::with_capacity(events.len() + 1);
        let mut link = self.link.clone();
        for (i, event) in events.iter().enumerate() {
            let event_json = serde_json::to_string(event).expect("events serialise");
            link = chain::next(&link, &event_json);
            ops.push(Op::Event(EventRow {
                game_id: self.meta.id.clone(),
                seq: (self.stored + i) as i64,
                event_json,
                hash: link.clone(),
            }));
        }
        let finished = self.game.outcome().map(|o| o.result);
        if let Some(result) = finished {
            ops.push(Op::Finish {
                game_id: self.meta.id.clone(),
                result: result.to_string(),
            });
        }
        let written = match &self.fence {
            Some(fence) => self.ctx.writer.write_fenced(ops, fence.clone()).await,
            None => self.ctx.writer.write(ops).await,
        };
        let receipt = match written {
            Ok(receipt) => receipt,
            Err(e @ StoreError::OutcomeUnknown(_)) => {
                tracing::error!(
                    "game {}: {e}; the game stops, to be read again from its record",
                    self.meta.id
                );
                self.let_go = true;
                return Err(ActError::Storage(e.to_string()));
            }
            Err(e @ StoreError::LeaseLost(_)) => {
                tracing::warn!("game {}: {e}; this node lets it go", self.meta.id);
                self.roll_back();
                self.let_go = true;
                return Err(ActError::Moved);
            }
            Err(e) => {
                tracing::error!(
                    "game {}: {e}; rolling back to the durable record",
                    self.meta.id
                );
                self.roll_back();
                return Err(ActError::Storage(e.to_string()));
            }
        };
        self.link = link;
        self.stored = self.game.events().len();
        Ok(Some(receipt))
    }

    fn roll_back(&mut self) {
        let durable = self.game.events()[..self.stored].to_vec();
        match Game::replay(self.game.setup().clone(), durable) {
            Ok((game, _)) => self.game = game,
            Err(e) => tracing::error!("game {}: cannot roll back: {e}", self.meta.id),
        }
    }

    /// Tells everybody watching of the new state, and of `ruled`, the
    /// verdict on the event decided last.
    fn announce(&mut self, ruled: Option<WrittenVerdict>) {
        let last = self.game.events().last();
        let ruled = ruled
            .zip(last)
            .map(|(verdict, event)| (event.actor, &event.kind, verdict));
        // An offer made on the opponent's time marks the offerer's last
        // move (FIDE 9.1.2.2), already announced: the last two moves go
        // again, so that watchers see the mark.
        let offer = matches!(ruled, Some((_, EventKind::OfferDraw, _)));
        let ruled = ruled.map(|(actor, kind, verdict)| Ruled {
            actor,
            kind: kind.name().to_string(),
            verdict,
        });
        let plies = self.game.plies();
        for p in &plies[self.announced.min(plies.len())..] {
            if !self.moves_uci.is_empty() {
                self.moves_uci.push(' ');
            }
            self.moves_uci.push_str(&p.uci);
        }
        let from = if offer {
            self.announced.saturating_sub(2)
        } else {
            self.announced
        };
        let mut view = self.view(from);
        // Watchers have the head from their first, whole view.
        view.head = None;
        self.announced = plies.len();
        view.ruled = ruled;
        let _ = self.updates.send(Update::State(Arc::new(StateUpdate::new(
            view,
            Arc::from(self.moves_uci.as_str()),
        ))));
    }

    async fn presence(&mut self, color: Color, present: bool) {
        if present {
            *self.seen.get_mut(color) = true;
            self.start_when_seated().await;
        }
        let count = self.present.get_mut(color);
        let was = *count;
        *count = if present {
            was + 1
        } else {
            was.saturating_sub(1)
        };
        let now = *count;
        let playing = self.game.outcome().is_none();
        let grace = self.ctx.gone_grace.as_secs();
        if was > 0 && now == 0 {
            *self.gone.get_mut(color) = true;
            if playing {
                let _ = self.updates.send(Update::Gone {
                    color,
                    gone: true,
                    claim_win_in_seconds: grace,
                });
                let claim_after_ms = self.ctx.gone_grace.as_millis() as u64;
                self.note_presence(EventKind::PlayerLeft {
                    side: color,
                    claim_after_ms,
                })
                .await;
            }
        } else if was == 0 && now > 0 {
            let was_gone = std::mem::take(self.gone.get_mut(color));
            if playing && was_gone {
                let _ = self.updates.send(Update::Gone {
                    color,
                    gone: false,
                    claim_win_in_seconds: 0,
                });
            }
            // The record, not this run's memory, says who left: a player
            // noted gone before a restart is noted back too.
            if playing && self.game.has_left(color) {
                self.note_presence(EventKind::PlayerReturned { side: color })
                    .await;
            }
        }
        if (was == 0) != (now == 0) {
            self.announce_presence();
        }
    }

    /// Puts on the record, as the arbiter, that a player left or came back
    /// (online only: over the board the arbiter sees who is at the board),
    /// for the referee to decide a claim from. Watchers already had
    /// [`Update::Gone`]: the event is written, not announced again.
    async fn note_presence(&mut self, kind: EventKind) {
        if self.game.setup().mode != Mode::Online || !self.game.is_started() {
            return;
        }
        let now = self.now_ms();
        // A flag that fell first is announced as usual.
        let _ = self.tick_if_due(now).await;
        if self
            .game
            .apply(Event::new(Actor::Arbiter, now, kind))
            .is_accepted()
        {
            let _ = self.write_pending().await;
        }
    }

    /// Tells everybody who is there now.
    fn announce_presence(&self) {
        let presence = Presence {
            white: self.present.white > 0,
            black: self.present.black > 0,
            spectators: self.spectators,
        };
        let _ = self
            .updates
            .send(Update::Room(Arc::new(Room::Presence(presence))));
    }

    /// A rematch needs both players' wish, once the game is over (as on
    /// lichess: the offer stands until the opponent takes it up).
    fn offer_rematch(&mut self, color: Color) -> RematchAnswer {
        if self.game.outcome().is_none() {
            return RematchAnswer::Refused(Problem::GameNotOver);
        }
        if self.rematch_agreed {
            return RematchAnswer::Refused(Problem::RematchAlreadyMade);
        }
        match self.rematch_offer {
            Some(by) if by != color => {
                self.rematch_agreed = true;
                RematchAnswer::Agreed
            }
            _ => {
                self.rematch_offer = Some(color);
                let _ = self
                    .updates
                    .send(Update::Room(Arc::new(Room::RematchOffered { by: color })));
                RematchAnswer::Offered
            }
        }
    }

    /// Online, the server (as arbiter) starts the clock once both players
    /// have come to the board (FIDE 6.5); over the board, the arbiter does.
    async fn start_when_seated(&mut self) {
        let online = self.game.setup().mode == Mode::Online;
        if online && !self.game.is_started() && self.seen.white && self.seen.black {
            let _ = self.act(Actor::Arbiter, EventKind::Start).await;
        }
    }
}
