//! A player's WebSocket to his game, as the load generators open and read
//! it.
// Each generator uses what it needs of what is read.
#![allow(dead_code)]

use std::time::Duration;

use arbiter_protocol::ws::ClientMessage;
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::scan::Incoming;

/// A game's WebSocket.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Connects to game `game` of the server at `url` and takes the seat of
/// `token` (a seat's token or a player's account token).
pub async fn seat(url: &str, game: &str, token: &str) -> Result<Ws, String> {
    let ws_url = format!("{}/api/games/{game}/ws", url.replacen("http", "ws", 1));
    // A small read buffer: the library zeroes it before every read, and
    // the load generator shares the machine's cores with the server.
    // 2 KiB holds an update and its verdict. Nagle's algorithm off, as
    // browsers have it.
    let config = WebSocketConfig::default().read_buffer_size(2 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(ws_url, Some(config), true)
        .await
        .map_err(|e| e.to_string())?;
    let auth = ClientMessage::Auth {
        token: token.to_string(),
    };
    ws.send(Message::text(
        serde_json::to_string(&auth).expect("messages serialise"),
    ))
    .await
    .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// What a wanted message said: whether the game is over, its result, the
/// seat given.
pub struct Seen {
    pub over: bool,
    pub result: Option<String>,
    pub role: Option<String>,
}

/// Reads until a message `want` accepts (others are skipped), for 30 s at
/// most, one timer for the whole wait rather than one a message; a refused
/// action is an error.
pub async fn until(ws: &mut Ws, want: impl Fn(&Incoming) -> bool) -> Result<Seen, String> {
    let read = async {
        loop {
            let msg = ws
                .next()
                .await
                .ok_or("closed")?
                .map_err(|e| e.to_string())?;
            if let Message::Text(t) = msg {
                let m = Incoming::scan(&t)?;
                if want(&m) {
                    if m.r#type == "verdict" && m.verdict != Some("accepted") {
                        return Err(format!("refused: {t}"));
                    }
                    return Ok(Seen {
                        over: m.over(),
                        result: m.result.map(str::to_string),
                        role: m.role.map(str::to_string),
                    });
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), read)
        .await
        .map_err(|_| "timeout".to_string())?
}
