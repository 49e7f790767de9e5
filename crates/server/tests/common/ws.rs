//! The game page's WebSocket, as a test client speaks it: messages sent
//! are `arbiter_protocol`'s, and every message read must be one of its
//! (the tests read them as JSON, to look at what goes over the wire).

use std::time::Duration;

use arbiter_protocol::ws::{ClientMessage, ServerMessage};
use arbiter_referee::EventKind;
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use super::Server;

/// A connection to a game's WebSocket.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A new connection to game `id`'s WebSocket.
pub async fn connect(s: &Server, id: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", s.addr))
        .await
        .unwrap();
    ws
}

/// Sends `message`.
pub async fn send(ws: &mut Ws, message: &ClientMessage) {
    let text = serde_json::to_string(message).unwrap();
    ws.send(Message::text(text)).await.unwrap();
}

/// `auth` with `token`.
pub fn auth(token: &str) -> ClientMessage {
    ClientMessage::Auth {
        token: token.to_string(),
    }
}

/// `act`: request `id`, the move `uci`.
pub fn play(id: u64, uci: &str) -> ClientMessage {
    act(id, mv(uci), None)
}

/// `act`: request `id`, `event`, for `token`'s seat when given.
pub fn act(id: u64, event: EventKind, token: Option<&str>) -> ClientMessage {
    ClientMessage::Act {
        id,
        event,
        token: token.map(str::to_string),
    }
}

/// The move `uci`.
pub fn mv(uci: &str) -> EventKind {
    EventKind::Move {
        mv: uci.to_string(),
        offer_draw: false,
    }
}

/// The next text message, as JSON (within five seconds).
pub async fn next_json(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a message in time")
            .unwrap()
            .unwrap();
        if let Message::Text(t) = msg {
            if let Err(e) = serde_json::from_str::<ServerMessage>(&t) {
                panic!("not a message of the protocol: {t}: {e}");
            }
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// The next message of type `kind` for which `wanted` holds.
pub async fn next_where(ws: &mut Ws, kind: &str, wanted: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = next_json(ws).await;
        if v["type"] == kind && wanted(&v) {
            return v;
        }
    }
}

/// The next message of type `kind`, skipping others (presence changes,
/// whose order depends on when each connection is seen).
pub async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    next_where(ws, kind, |_| true).await
}
