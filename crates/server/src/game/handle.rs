//! The handle through which the rest of the server talks to a game actor.

use std::sync::Arc;

use arbiter_protocol::ws::{BoardNotice, BoardSeen, ChatLine, Presence, Seat, ServerMessage};

use super::desk::DeskView;
use arbiter_referee::{Actor, EventKind, GameSetup};
use arbiter_rules::Color;
use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::{View, WrittenVerdict};
use crate::problem::Problem;
use crate::token::TokenDigest;

/// What never changes about a game.
#[derive(Debug)]
pub struct GameMeta {
    /// The public id.
    pub id: String,
    /// The game's setup: players, time control, ruleset, mode, start position.
    pub setup: GameSetup,
    /// Creation time, ms since 1970.
    pub created_unix_ms: i64,
    /// Wall-clock ms of the game's time line's 0 (its events' `at_ms`
    /// count from it).
    pub epoch_unix_ms: i64,
    /// Digests of White's, Black's and the arbiter's tokens.
    pub seats: [TokenDigest; 3],
    /// The accounts playing White and Black, for games made by challenge.
    pub accounts: [Option<String>; 2],
}

/// What a token lets its holder do in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Plays White or Black.
    Player(Color),
    /// Referees the game.
    Arbiter,
    /// Watches.
    Spectator,
}

impl Role {
    /// The referee's actor for this role (`None` for spectators).
    pub fn actor(self) -> Option<Actor> {
        match self {
            Role::Player(c) => Some(Actor::from(c)),
            Role::Arbiter => Some(Actor::Arbiter),
            Role::Spectator => None,
        }
    }

    /// The seat, as clients read it (`white`, `black`, `arbiter` or
    /// `spectator`).
    pub fn seat(self) -> Seat {
        match self {
            Role::Player(Color::White) => Seat::White,
            Role::Player(Color::Black) => Seat::Black,
            Role::Arbiter => Seat::Arbiter,
            Role::Spectator => Seat::Spectator,
        }
    }
}

impl GameMeta {
    /// The role `token` gives in this game. Every digest is compared (in
    /// constant time), whichever matches.
    pub fn role_of_token(&self, token: &str) -> Role {
        // Hashed once, then compared with each seat's digest.
        let digest = TokenDigest::of(token);
        let [w, b, a] = self.seats.map(|d| d.matches_digest(&digest));
        if w {
            Role::Player(Color::White)
        } else if b {
            Role::Player(Color::Black)
        } else if a {
            Role::Arbiter
        } else {
            Role::Spectator
        }
    }

    /// The colour `account` plays in this game, if any.
    pub fn color_of_account(&self, account: &str) -> Option<Color> {
        if self.accounts[0].as_deref() == Some(account) {
            Some(Color::White)
        } else if self.accounts[1].as_deref() == Some(account) {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// What the actor tells everybody watching.
#[derive(Clone, Debug)]
pub enum Update {
    /// The game changed: the new view (with only the new moves), and the
    /// whole move list in UCI for the lichess streams.
    State(Arc<StateUpdate>),
    /// A chat line.
    Chat(Arc<ChatLine>),
    /// What the electronic board shows now.
    Board(Arc<BoardSeen>),
    /// A player's every connection closed (`gone`), or one came back.
    Gone {
        /// Whose.
        color: Color,
        /// Gone or back.
        gone: bool,
        /// Seconds before the opponent may claim the win.
        claim_win_in_seconds: u64,
    },
    /// Who is there, and rematches.
    Room(Arc<Room>),
    /// The referee refused an action relayed for a seat.
    Refused(Arc<Refusal>),
}

/// The referee's refusal of an action a relay made for a seat (an
/// electronic board, an operator's screen): told to the whole room, since
/// the player at the board never sees the relay's answer and the arbiter,
/// the opponent and the spectators saw the act itself. A refused event
/// changes nothing and is not stored: this is news, not record.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// Whose action it was.
    pub actor: Actor,
    /// The event's kind, as in the log (`release`, `move`...).
    pub kind: &'static str,
    /// The refusal, with its rule and messages.
    pub verdict: WrittenVerdict,
}

/// The new game a rematch made: its id and its seats' tokens.
#[derive(Clone, Debug)]
pub struct RematchGame {
    /// The new game's id.
    pub id: String,
    /// The tokens of the new game's White, Black and arbiter.
    pub tokens: [String; 3],
}

/// News of the room around the game, which does not change the game.
#[derive(Clone, Debug)]
pub enum Room {
    /// Who is there.
    Presence(Presence),
    /// A player offers a rematch once the game is over.
    RematchOffered {
        /// Who offers.
        by: Color,
    },
    /// Both players want a rematch: the new game, colours reversed.
    Rematch(RematchGame),
}

/// What a player's rematch offer led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RematchAnswer {
    /// The offer stands, waiting for the opponent.
    Offered,
    /// The opponent had offered: the caller makes the new game.
    Agreed,
    /// No rematch while the game goes on, or once one is made.
    Refused(Problem),
}

/// A new state, with its JSON forms made once for every watcher.
#[derive(Debug)]
pub struct StateUpdate {
    /// The view, carrying only the moves since the previous update.
    pub view: View,
    /// Every move so far, UCI, space-separated (lichess's `moves`).
    pub moves_uci: Arc<str>,
    web_json: std::sync::OnceLock<Utf8Bytes>,
}

impl StateUpdate {
    /// A state update.
    pub fn new(view: View, moves_uci: Arc<str>) -> StateUpdate {
        StateUpdate {
            view,
            moves_uci,
            web_json: std::sync::OnceLock::new(),
        }
    }

    /// The WebSocket message `{"type":"update","view":…}`, serialised once
    /// and shared (not copied) by every watcher's socket.
    pub fn web_json(&self) -> Utf8Bytes {
        self.web_json
            .get_or_init(|| {
                // Straight to text: going through `serde_json::Value` would
                // copy the whole view into maps first (a seventh of the
                // server's time under load).
                let msg = ServerMessage::Update { view: &self.view };
                Utf8Bytes::from(serde_json::to_string(&msg).expect("views serialise"))
            })
            .clone()
    }
}

/// Why an action could not be decided.
#[derive(Debug, thiserror::Error)]
pub enum ActError {
    /// The event could not be made durable; it was not applied.
    #[error("the game could not be saved: {0}")]
    Storage(String),
    /// The game's actor has stopped (the server is shutting down).
    #[error("the game is not running")]
    Stopped,
    /// Another node took the game over (this one had lost its lease): the
    /// action was not done; sent again, it reaches the game's node.
    #[error("another node runs this game now: send it again")]
    Moved,
}

pub(super) enum Command {
    Act {
        actor: Actor,
        kind: EventKind,
        reply: oneshot::Sender<Result<Acted, ActError>>,
    },
    Join {
        reply: oneshot::Sender<(View, Arc<str>, broadcast::Receiver<Update>)>,
    },
    Presence {
        color: Color,
        present: bool,
    },
    Chat(ChatLine),
    Board(BoardSeen),
    BoardNotice(BoardNotice),
    BoardLink(bool),
    Desk {
        reply: oneshot::Sender<DeskView>,
    },
    Refused(Refusal),
    ChatLog {
        reply: oneshot::Sender<Vec<ChatLine>>,
    },
    Read(Box<dyn FnOnce(&arbiter_referee::Game) + Send>),
    Watch {
        present: bool,
    },
    OfferRematch {
        color: Color,
        reply: oneshot::Sender<RematchAnswer>,
    },
    RematchMade(RematchGame),
    Release,
}

/// The referee's verdict on an act and, for an accepted event, its
/// receipt: where the event stands in the signed log once durable.
#[derive(Clone, Debug)]
pub struct Acted {
    /// The referee's verdict.
    pub ruling: WrittenVerdict,
    /// The size of the log's tree once the accepted event was added to
    /// it: every checkpoint of this size or larger includes it. `None` for
    /// a refusal (or, on PostgreSQL, for a write whose commit was confirmed
    /// after a lost connection, which does not tell).
    pub tree_size: Option<u64>,
}

/// A running game.
#[derive(Clone, Debug)]
pub struct GameHandle {
    /// What never changes.
    pub meta: Arc<GameMeta>,
    pub(super) tx: mpsc::Sender<Command>,
    /// On a node: the epoch of the game's lease the actor writes under.
    pub(crate) epoch: Option<i64>,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Command")
    }
}

impl GameHandle {
    /// Decides `kind` done by `actor` now; returns once an accepted event is
    /// durable and announced, with its receipt.
    pub async fn act(&self, actor: Actor, kind: EventKind) -> Result<Acted, ActError> {
        let (reply, wait) = oneshot::channel();
        self.send(Command::Act { actor, kind, reply }).await?;
        wait.await.map_err(|_| ActError::Stopped)?
    }

    /// The whole view now, the moves in UCI, and a subscription to every
    /// update after it.
    pub async fn join(&self) -> Result<(View, Arc<str>, broadcast::Receiver<Update>), ActError> {
        let (reply, wait) = oneshot::channel();
        self.send(Command::Join { reply }).await?;
        wait.await.map_err(|_| ActError::Stopped)
    }

    /// The whole view now.
    pub async fn view(&self) -> Result<View, ActError> {
        Ok(self.join().await?.0)
    }

    /// A player's connection opened or closed.
    pub async fn presence(&self, color: Color, present: bool) {
        let _ = self.send(Command::Presence { color, present }).await;
    }

    /// A web page without a seat started (`true`) or stopped watching.
    pub async fn watch(&self, present: bool) {
        let _ = self.send(Command::Watch { present }).await;
    }

    /// `color` offers a rematch (or takes up the opponent's offer).
    pub async fn offer_rematch(&self, color: Color) -> Result<RematchAnswer, ActError> {
        let (reply, wait) = oneshot::channel();
        self.send(Command::OfferRematch { color, reply }).await?;
        wait.await.map_err(|_| ActError::Stopped)
    }

    /// Tells everybody watching of the rematch's new game.
    pub async fn rematch_made(&self, game: RematchGame) {
        let _ = self.send(Command::RematchMade(game)).await;
    }

    /// Posts a chat line.
    pub async fn chat(&self, line: ChatLine) -> Result<(), ActError> {
        self.send(Command::Chat(line)).await
    }

    /// Tells the room what the electronic board shows.
    pub async fn board(&self, seen: BoardSeen) -> Result<(), ActError> {
        self.send(Command::Board(seen)).await
    }

    /// Notes a case an electronic board's reader left to the arbiter.
    pub async fn board_notice(&self, notice: BoardNotice) -> Result<(), ActError> {
        self.send(Command::BoardNotice(notice)).await
    }

    /// Notes that a board's reader connected (`true`) or went away.
    pub async fn board_link(&self, connected: bool) -> Result<(), ActError> {
        self.send(Command::BoardLink(connected)).await
    }

    /// What the game's electronic board has told it (the operator's
    /// screen).
    pub async fn desk(&self) -> Result<DeskView, ActError> {
        let (reply, wait) = oneshot::channel();
        self.send(Command::Desk { reply }).await?;
        wait.await.map_err(|_| ActError::Stopped)
    }

    /// Tells the room the referee refused a relayed action.
    pub async fn refused(&self, refusal: Refusal) -> Result<(), ActError> {
        self.send(Command::Refused(refusal)).await
    }

    /// The chat so far.
    pub async fn chat_log(&self) -> Result<Vec<ChatLine>, ActError> {
        let (reply, wait) = oneshot::channel();
        self.send(Command::ChatLog { reply }).await?;
        wait.await.map_err(|_| ActError::Stopped)
    }

    /// Reads the referee's game (for the PGN, the scoresheet...).
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&arbiter_referee::Game) -> T + Send + 'static,
    ) -> Result<T, ActError> {
        let (reply, wait) = oneshot::channel();
        self.send(Command::Read(Box::new(move |game| {
            let _ = reply.send(f(game));
        })))
        .await?;
        wait.await.map_err(|_| ActError::Stopped)
    }

    async fn send(&self, command: Command) -> Result<(), ActError> {
        self.tx.send(command).await.map_err(|_| ActError::Stopped)
    }

    /// Stops the game's actor: another node runs the game now.
    pub async fn release(&self) {
        let _ = self.send(Command::Release).await;
    }

    /// `true` once the actor has stopped.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}
