//! A player's WebSocket to his game, as the load generators open it.

use arbiter_protocol::ws::ClientMessage;
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

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
