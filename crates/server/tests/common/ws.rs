//! The game page's WebSocket, as a test client speaks it.

use std::time::Duration;

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

/// Sends `message` as text.
pub async fn send(ws: &mut Ws, message: Value) {
    ws.send(Message::text(message.to_string())).await.unwrap();
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
