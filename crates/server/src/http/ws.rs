//! The web page's WebSocket: the game's updates out, the player's actions
//! in. The messages both ways are `arbiter_protocol::ws`'s
//! ([`ClientMessage`], [`ServerMessage`]), documented there.
//!
//! An action may carry its own `token`: it then acts for that token's
//! seat, whatever the connection's role, so one connection can relay both
//! players' moves (a board operator, an electronic board, two players
//! sharing a screen); the referee's refusal of such an action is told to
//! every connection (`refused`). A rematch's link carries only the token of
//! the connection's own seat in the new game.
//!
//! A connection without a seat in a game whose event has a broadcast delay
//! is the public: it is sent the game's public part whole, each time it
//! grows ([`DelayedFeed`]), and nothing that would show a newer move (the
//! electronic board's position, a relayed refusal). Once it authenticates
//! as a player or the arbiter it gets the live game.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_protocol::ws::{
    Answer, BoardNotice, BoardSeen, ChatLine, ClientMessage, Rematch, ServerMessage,
};
use arbiter_referee::{EventKind, GameSetup};
use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use futures_util::SinkExt as _;
use serde::Deserialize;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use crate::game::{
    Acted, GameHandle, Refusal, RematchAnswer, RematchGame, Role, Room, Sight, Update, View,
};
use crate::problem::Problem;
use crate::request::seat::{TheGame, sight_of};
use crate::services::Services;

/// Largest message a client may send.
const MAX_MESSAGE: usize = 8 * 1024;
/// Bytes read from a connection at a time. The WebSocket library zeroes
/// this much before every read (128 KiB by default, which profiling showed
/// as the server's first cost under load, and 2.5 GiB of buffers for
/// 10,000 games), and twice a message (the read after it finds nothing);
/// clients' messages are small (a move is under 100 bytes), and a longer
/// one is read in several pieces.
const READ_BUFFER: usize = 1024;
/// Messages one connection may send per second, on average.
const MESSAGES_PER_SECOND: f64 = 20.0;
/// ... and in a burst.
const MESSAGE_BURST: f64 = 40.0;
/// Longest chat line (lichess's limit).
const MAX_CHAT: usize = 140;

/// A move, the message players send most, read straight into its
/// fields: the general path buffers the message twice over, since both
/// its tag and the event's are inside them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveMessage<'a> {
    #[serde(borrow)]
    r#type: &'a str,
    id: u64,
    event: MoveEvent<'a>,
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveEvent<'a> {
    #[serde(borrow)]
    kind: &'a str,
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    offer_draw: bool,
}

/// Reads a client's message: a move by the short path, anything else
/// (or a move the short path cannot read) by the general one.
fn parse(message: &str) -> Result<ClientMessage, serde_json::Error> {
    if let Ok(m) = serde_json::from_str::<MoveMessage>(message)
        && m.r#type == "act"
        && m.event.kind == "move"
    {
        return Ok(ClientMessage::Act {
            id: m.id,
            event: EventKind::Move {
                mv: m.event.mv,
                offer_draw: m.event.offer_draw,
            },
            token: m.token,
        });
    }
    serde_json::from_str(message)
}

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(services): State<Arc<Services>>,
    ws: WebSocketUpgrade,
    TheGame(game): TheGame,
) -> Response {
    // How the public sees the game: the page authenticates over the
    // socket, so the connection starts as the public.
    let public = sight_of(&services, &game, &HeaderMap::new()).await;
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| session(socket, game, services, public))
}

/// How often a delayed spectator's feed looks whether a move became public.
const DELAYED_LOOK: Duration = Duration::from_secs(1);

/// A spectator's feed under the broadcast delay: the game's public part,
/// sent whole each time it grows.
struct DelayedFeed {
    sight: Sight,
    /// The events of the public part last sent (-1: none sent yet).
    shown: i64,
}

impl DelayedFeed {
    /// The public part's whole view if it grew since it was last sent
    /// (`Some(None)`: it did not); `None` once the game has gone.
    async fn grown(&mut self, game: &GameHandle) -> Option<Option<Message>> {
        let view = game.view_seen(self.sight).await.ok()?;
        if view.seq == self.shown {
            return Some(None);
        }
        self.shown = view.seq;
        Some(Some(full(&view)))
    }
}

/// The feed a connection in `role` gets: delayed for the public of a game
/// under a broadcast delay, live (`None`) otherwise.
fn feed_for(role: Role, public: Sight) -> Option<DelayedFeed> {
    (role == Role::Spectator && public != Sight::Live).then_some(DelayedFeed {
        sight: public,
        shown: -1,
    })
}

/// A token bucket for one connection's messages.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * MESSAGES_PER_SECOND;
        self.tokens = (self.tokens + refill).min(MESSAGE_BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A message to the page, as text. A view is written borrowed, not
/// copied.
fn text<V: serde::Serialize>(message: &ServerMessage<V>) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).expect("messages serialise"),
    ))
}

/// The whole view.
fn full(view: &View) -> Message {
    text(&ServerMessage::Full { view })
}

async fn session(mut socket: WebSocket, game: GameHandle, services: Arc<Services>, public: Sight) {
    let Ok((view, _, mut updates)) = game.join().await else {
        return;
    };
    let mut role = Role::Spectator;
    let mut delayed = feed_for(role, public);
    let first = match &mut delayed {
        Some(feed) => feed.grown(&game).await.flatten(),
        None => Some(full(&view)),
    };
    let Some(first) = first else {
        return;
    };
    if socket.send(first).await.is_err() {
        return;
    }
    let mut look = tokio::time::interval(DELAYED_LOOK);
    // This connection has reported an electronic board: it is the board's
    // reader, connected until it closes.
    let mut board_reader = false;
    game.watch(true).await;
    let mut bucket = Bucket {
        tokens: MESSAGE_BURST,
        at: Instant::now(),
    };
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    loop {
        tokio::select! {
            update = updates.recv() => {
                let Some(message) = message_of(update, &game, role, delayed.as_mut()).await else { break };
                // Frames are queued, then written together: one write per
                // wake-up rather than one per message.
                if let Some(message) = message && socket.feed(message).await.is_err() {
                    break;
                }
                if !feed_waiting(&mut socket, &mut updates, &game, role, delayed.as_mut()).await
                    || socket.flush().await.is_err()
                {
                    break;
                }
            }
            _ = look.tick(), if delayed.is_some() => {
                let Some(feed) = delayed.as_mut() else { continue };
                let Some(grown) = feed.grown(&game).await else { break };
                if let Some(message) = grown && socket.send(message).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                let reply = match message {
                    Message::Text(t) => {
                        if !bucket.take() {
                            Some(error(Problem::TooManyMessages.to_string()))
                        } else {
                            let was = role;
                            let reply = handle(&game, &services, &mut role, &mut board_reader, t.as_str()).await;
                            if role != was && !resight(&mut socket, &game, role, public, &mut delayed).await {
                                break;
                            }
                            reply
                        }
                    }
                    Message::Close(_) => break,
                    _ => None,
                };
                // The answer to an action goes out with the update it
                // caused, which the game has announced by now.
                if let Some(reply) = reply
                    && (socket.feed(text(&reply)).await.is_err()
                        || !feed_waiting(&mut socket, &mut updates, &game, role, delayed.as_mut()).await
                        || socket.flush().await.is_err())
                {
                    break;
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    match role {
        Role::Player(color) => game.presence(color, false).await,
        Role::Spectator => game.watch(false).await,
        Role::Arbiter => {}
    }
    if board_reader {
        let _ = game.board_link(false).await;
    }
}

/// A connection's role changed (it authenticated): it is sent the game
/// as the new role sees it, when that differs from what it was sent
/// (the public's delayed part, the participants' live game); `false` once
/// the connection or the game has gone.
async fn resight(
    socket: &mut WebSocket,
    game: &GameHandle,
    role: Role,
    public: Sight,
    delayed: &mut Option<DelayedFeed>,
) -> bool {
    let was_delayed = delayed.is_some();
    *delayed = feed_for(role, public);
    let message = match delayed {
        Some(feed) => match feed.grown(game).await {
            Some(m) => m,
            None => return false,
        },
        None if was_delayed => match game.view().await {
            Ok(view) => Some(full(&view)),
            Err(_) => return false,
        },
        None => None,
    };
    match message {
        Some(m) => socket.feed(m).await.is_ok(),
        None => true,
    }
}

/// The message telling a client in `role` of `update` (`Some(None)`:
/// nothing for it); `None` once the game has gone away. A delayed
/// spectator is told of a change of the game only by its public part.
async fn message_of(
    update: Result<Update, RecvError>,
    game: &GameHandle,
    role: Role,
    delayed: Option<&mut DelayedFeed>,
) -> Option<Option<Message>> {
    if let Some(feed) = delayed {
        match update {
            Ok(Update::State(_)) | Err(RecvError::Lagged(_)) => return feed.grown(game).await,
            // The electronic board shows the position now; a refusal, an
            // action on it.
            Ok(Update::Board(_) | Update::Refused(_)) => return Some(None),
            _ => {}
        }
    }
    Some(Some(match update {
        Ok(Update::State(state)) => Message::Text(state.web_json()),
        Ok(Update::Chat(line)) => text(&Reply::Chat {
            line: ChatLine::clone(&line),
        }),
        Ok(Update::Board(seen)) => text(&Reply::Board(BoardSeen::clone(&seen))),
        Ok(Update::Gone {
            color,
            gone,
            claim_win_in_seconds,
        }) => text(&Reply::Gone {
            color,
            gone,
            claim_win_in_seconds,
        }),
        Ok(Update::Room(room)) => text(&room_message(&room, role)),
        Ok(Update::Refused(refusal)) => text(&refused_message(&refusal)),
        // Fallen behind: the whole view instead of the updates missed.
        Err(RecvError::Lagged(_)) => full(&game.view().await.ok()?),
        Err(RecvError::Closed) => return None,
    }))
}

/// Queues every update already waiting; `false` when the connection or
/// the game has gone.
async fn feed_waiting(
    socket: &mut WebSocket,
    updates: &mut broadcast::Receiver<Update>,
    game: &GameHandle,
    role: Role,
    mut delayed: Option<&mut DelayedFeed>,
) -> bool {
    loop {
        let update = match updates.try_recv() {
            Ok(update) => Ok(update),
            Err(TryRecvError::Empty) => return true,
            Err(TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
            Err(TryRecvError::Closed) => Err(RecvError::Closed),
        };
        let Some(message) = message_of(update, game, role, delayed.as_deref_mut()).await else {
            return false;
        };
        if let Some(message) = message
            && socket.feed(message).await.is_err()
        {
            return false;
        }
    }
}

/// What the session sends of its own (answers, and the room's news): no
/// view, which only the game's updates carry.
type Reply = ServerMessage<()>;

/// `{"type":"refused","actor":…,"kind":…,"verdict":…}`: a relayed action
/// the referee refused, told to everybody at the game.
fn refused_message(refusal: &Refusal) -> Reply {
    Reply::Refused {
        actor: refusal.actor,
        kind: refusal.kind.to_string(),
        verdict: refusal.verdict.clone(),
    }
}

/// What the room's news says to a client in `role`: a rematch's link
/// carries only the token of the client's own seat in the new game.
fn room_message(room: &Room, role: Role) -> Reply {
    match room {
        Room::Presence(p) => Reply::Presence(*p),
        Room::RematchOffered { by } => Reply::Rematch(Rematch::Offered { offered_by: *by }),
        Room::Rematch(new) => {
            let [white, black, arbiter] = &new.tokens;
            // Colours are reversed in the rematch.
            let seat = match role {
                Role::Player(arbiter_rules::Color::White) => Some(black),
                Role::Player(arbiter_rules::Color::Black) => Some(white),
                Role::Arbiter => Some(arbiter),
                Role::Spectator => None,
            };
            let link = match seat {
                Some(token) => format!("/game/{}#{token}", new.id),
                None => format!("/game/{}", new.id),
            };
            Reply::Rematch(Rematch::Made {
                game: new.id.clone(),
                link,
            })
        }
    }
}

/// The setup of `setup`'s rematch: the same game with colours reversed
/// (each player keeps their own time control), dated now.
fn rematch_setup(setup: &GameSetup) -> GameSetup {
    let mut next = setup.clone();
    std::mem::swap(&mut next.white, &mut next.black);
    if let Some(black) = next.black_time_control.take() {
        next.black_time_control = Some(std::mem::replace(&mut next.time_control, black));
    }
    let (date, time) = crate::time::today_and_now();
    next.date = date;
    next.time = time;
    next
}

/// An `error` message to the page, in English (the page shows it as the
/// server gives it).
fn error(error: String) -> Reply {
    Reply::Error { error }
}

/// The answer to the page's request `id`: why the referee was not asked.
fn not_asked(id: u64, why: String) -> Reply {
    Reply::Verdict {
        id,
        answer: Answer::Error(why),
        tree_size: None,
    }
}

/// A player's wish for a rematch; the second wish makes the new game.
async fn rematch(game: &GameHandle, services: &Services, role: Role) -> Option<Reply> {
    let Role::Player(color) = role else {
        return Some(error(Problem::OnlyPlayersAskForRematch.to_string()));
    };
    match game.offer_rematch(color).await {
        Ok(RematchAnswer::Offered) => None,
        Ok(RematchAnswer::Agreed) => {
            let [white, black] = game.meta.accounts.clone();
            match services
                .games
                .create(rematch_setup(&game.meta.setup), [black, white], false)
                .await
            {
                Ok(created) => {
                    game.rematch_made(RematchGame {
                        id: created.id,
                        tokens: [
                            created.white_token,
                            created.black_token,
                            created.arbiter_token,
                        ],
                    })
                    .await;
                    None
                }
                Err(e) => Some(error(e.to_string())),
            }
        }
        Ok(RematchAnswer::Refused(why)) => Some(error(why.to_string())),
        Err(e) => Some(error(e.to_string())),
    }
}

/// The role a token gives in the game: a seat's or the arbiter's token,
/// the token of an account seated in the game (a tournament's player
/// opens his games with his own token), or that of the tournament's
/// arbiter, who is the arbiter of its games.
async fn seat_of_token(game: &GameHandle, services: &Services, token: &str) -> Role {
    let role = game.meta.role_of_token(token);
    if role != Role::Spectator {
        return role;
    }
    let Ok(Some(account)) = services.accounts.by_token(token).await else {
        return Role::Spectator;
    };
    if let Some(color) = game.meta.color_of_account(&account.id) {
        return Role::Player(color);
    }
    let arbiter = services.tournaments.arbiter_of_game(&game.meta.id).await;
    if arbiter.as_deref() == Some(account.id.as_str()) {
        Role::Arbiter
    } else {
        Role::Spectator
    }
}

/// Who acts: the connection's role, or the role of the token a relay (an
/// electronic board's reader) acts with.
async fn acting_role(
    game: &GameHandle,
    services: &Services,
    role: Role,
    token: Option<&str>,
) -> Role {
    match token {
        Some(t) => seat_of_token(game, services, t).await,
        None => role,
    }
}

async fn handle(
    game: &GameHandle,
    services: &Services,
    role: &mut Role,
    board_reader: &mut bool,
    message: &str,
) -> Option<Reply> {
    let message = match parse(message) {
        Ok(m) => m,
        Err(e) => {
            return Some(error(
                Problem::MalformedMessage {
                    error: e.to_string(),
                }
                .to_string(),
            ));
        }
    };
    match message {
        ClientMessage::Auth { token } => {
            let new_role = seat_of_token(game, services, &token).await;
            match *role {
                Role::Player(old) => game.presence(old, false).await,
                Role::Spectator => game.watch(false).await,
                Role::Arbiter => {}
            }
            *role = new_role;
            match new_role {
                Role::Player(color) => game.presence(color, true).await,
                Role::Spectator => game.watch(true).await,
                Role::Arbiter => {}
            }
            Some(Reply::Role {
                role: new_role.seat(),
            })
        }
        ClientMessage::Act { id, event, token } => {
            let acting = acting_role(game, services, *role, token.as_deref()).await;
            let Some(actor) = acting.actor() else {
                return Some(not_asked(id, Problem::SpectatorsWatch.to_string()));
            };
            if matches!(event, EventKind::Tick) {
                return Some(not_asked(id, Problem::TimePassesByItself.to_string()));
            }
            let relayed = token.is_some();
            let kind = event.name();
            match game.act(actor, event).await {
                Ok(Acted { ruling, tree_size }) => {
                    if relayed && ruling.verdict().rejection().is_some() {
                        let _ = game
                            .refused(Refusal {
                                actor,
                                kind,
                                verdict: ruling.clone(),
                            })
                            .await;
                    }
                    Some(Reply::Verdict {
                        id,
                        answer: Answer::Verdict(ruling),
                        tree_size,
                    })
                }
                Err(e) => Some(not_asked(id, e.to_string())),
            }
        }
        ClientMessage::Chat { text } => {
            let text: String = text
                .chars()
                .filter(|c| !c.is_control())
                .take(MAX_CHAT)
                .collect();
            if text.trim().is_empty() {
                return None;
            }
            let (username, room) = match role {
                Role::Player(c) => (game.meta.setup.player(*c).name.clone(), "player"),
                Role::Arbiter => ("Arbiter".to_string(), "player"),
                Role::Spectator => ("spectator".to_string(), "spectator"),
            };
            let _ = game
                .chat(ChatLine {
                    username,
                    text,
                    room: room.to_string(),
                })
                .await;
            None
        }
        ClientMessage::Board { seen, token } => {
            let acting = acting_role(game, services, *role, token.as_deref()).await;
            if acting.actor().is_none() {
                return Some(error(Problem::BoardFromASeat.to_string()));
            }
            let Some(mut checked) = board_seen(seen.fen, seen.differences, seen.disturbed) else {
                return Some(error(Problem::BoardNotSquares.to_string()));
            };
            checked.battery = seen.battery.filter(|p| *p <= 100);
            checked.clock_battery_low = seen.clock_battery_low;
            reader_connected(game, board_reader).await;
            let _ = game.board(checked).await;
            None
        }
        ClientMessage::BoardNotice { notice, token } => {
            let acting = acting_role(game, services, *role, token.as_deref()).await;
            if acting.actor().is_none() {
                return Some(error(Problem::BoardFromASeat.to_string()));
            }
            if !notice_squares_ok(&notice) {
                return Some(error(Problem::BoardNotSquares.to_string()));
            }
            reader_connected(game, board_reader).await;
            let _ = game.board_notice(notice).await;
            None
        }
        ClientMessage::Rematch => rematch(game, services, *role).await,
        ClientMessage::Ping => Some(Reply::Pong),
    }
}

/// Notes the first report of a connection's board: it is the board's
/// reader from now on.
async fn reader_connected(game: &GameHandle, board_reader: &mut bool) {
    if !*board_reader {
        *board_reader = true;
        let _ = game.board_link(true).await;
    }
}

/// `true` if every square a board's notice names is a square.
fn notice_squares_ok(notice: &BoardNotice) -> bool {
    let ok = |s: &String| s.parse::<arbiter_rules::Square>().is_ok();
    match notice {
        BoardNotice::TurnedRound | BoardNotice::Restored => true,
        BoardNotice::Unreadable {
            differences: squares,
        }
        | BoardNotice::Disturbed { squares } => squares.len() <= 64 && squares.iter().all(ok),
        BoardNotice::LiftedAgain { square, set_down } => ok(square) && ok(set_down),
    }
}

/// A board report, if it is what it claims: a FEN board field (eight ranks
/// of pieces and counts) and up to 64 square names.
fn board_seen(fen: String, differences: Vec<String>, disturbed: Vec<String>) -> Option<BoardSeen> {
    let ranks: Vec<&str> = fen.split('/').collect();
    let rank_ok = |r: &&str| {
        let mut width = 0;
        for c in r.chars() {
            match c {
                '1'..='8' => width += c as u32 - '0' as u32,
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => width += 1,
                _ => return false,
            }
        }
        width == 8
    };
    let square_ok = |s: &String| s.parse::<arbiter_rules::Square>().is_ok();
    (ranks.len() == 8
        && ranks.iter().all(rank_ok)
        && differences.len() <= 64
        && differences.iter().all(square_ok)
        && disturbed.len() <= 64
        && disturbed.iter().all(square_ok))
    .then_some(BoardSeen {
        fen,
        differences,
        disturbed,
        battery: None,
        clock_battery_low: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_report_is_a_fen_board_and_squares() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_string();
        let seen =
            board_seen(start.clone(), vec!["e2".into()], vec!["d7".into()]).expect("a board");
        assert_eq!(seen.fen, start);
        assert_eq!(seen.differences, ["e2"]);
        assert_eq!(seen.disturbed, ["d7"]);
        for bad in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN<",
        ] {
            assert!(board_seen(bad.into(), vec![], vec![]).is_none(), "{bad}");
        }
        assert!(board_seen(start.clone(), vec!["z9".into()], vec![]).is_none());
        assert!(board_seen(start, vec![], vec!["i1".into()]).is_none());
    }
}
