//! The messages of Arbiter's service, as serde types that the server, its
//! clients (`arbiter board`) and the tests share: the game page's
//! WebSocket ([`ws`]), the game as clients see it ([`view`]), and the
//! lichess-compatible NDJSON streams ([`lichess`]). What is written here
//! is what goes over the wire; the web page's own copy of the WebSocket's
//! messages (`web/game.js`, `web/eboard.js`) is checked against these
//! types by this crate's tests.
//!
//! ```
//! use arbiter_protocol::ws::{ClientMessage, ServerMessage};
//!
//! let auth = ClientMessage::Auth { token: "secret".into() };
//! assert_eq!(serde_json::to_string(&auth)?, r#"{"type":"auth","token":"secret"}"#);
//! let answer = r#"{"type":"verdict","id":7,"error":"spectators watch"}"#;
//! let ServerMessage::Verdict { id, answer } = serde_json::from_str::<ServerMessage>(answer)? else {
//!     panic!("a verdict");
//! };
//! assert_eq!(id, 7);
//! assert_eq!(answer, arbiter_protocol::ws::Answer::Error("spectators watch".into()));
//! # Ok::<(), serde_json::Error>(())
//! ```
#![warn(missing_docs)]

pub mod lichess;
pub mod view;
mod written;
pub mod ws;

pub use view::View;
pub use written::WrittenVerdict;

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
