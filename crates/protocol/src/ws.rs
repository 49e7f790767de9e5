//! The game page's WebSocket (`/api/games/{id}/ws`): what a client sends
//! ([`ClientMessage`]) and what the server sends back ([`ServerMessage`]),
//! each a JSON object whose `type` names it.
//!
//! ```
//! use arbiter_protocol::ws::{ClientMessage, ServerMessage};
//! use arbiter_referee::EventKind;
//!
//! let act = ClientMessage::Act {
//!     id: 1,
//!     event: EventKind::Move { mv: "e2e4".into(), offer_draw: false },
//!     token: None,
//! };
//! assert_eq!(
//!     serde_json::to_string(&act)?,
//!     r#"{"type":"act","id":1,"event":{"kind":"move","move":"e2e4"}}"#
//! );
//! let pong: ServerMessage = serde_json::from_str(r#"{"type":"pong"}"#)?;
//! assert!(matches!(pong, ServerMessage::Pong));
//! # Ok::<(), serde_json::Error>(())
//! ```

use arbiter_referee::{Actor, EventKind};
use arbiter_rules::Color;
use serde::{Deserialize, Serialize};

use crate::view::View;
use crate::written::WrittenVerdict;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Takes a seat or the arbiter's chair with its token (a player's
    /// account token seats him in his games too).
    Auth {
        /// The token.
        token: String,
    },
    /// An event for the referee; answered by [`ServerMessage::Verdict`]
    /// with the same `id`.
    Act {
        /// The client's number for the request.
        id: u64,
        /// What happened.
        event: EventKind,
        /// Acts for this token's seat rather than the connection's (a
        /// relay: an electronic board, a board operator's screen).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// A chat line.
    Chat {
        /// What is said.
        text: String,
    },
    /// What an electronic board shows, from a seat's or the arbiter's
    /// token; told to the room as it is ([`ServerMessage::Board`]).
    Board {
        /// What the board shows.
        #[serde(flatten)]
        seen: BoardSeen,
        /// The seat's or the arbiter's token, if not the connection's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// A case an electronic board's reader leaves to the arbiter, from a
    /// seat's or the arbiter's token: kept for the operator's screen of
    /// the event's boards (`GET /api/tournament/{id}/boards`).
    BoardNotice {
        /// What the reader met.
        notice: BoardNotice,
        /// The seat's or the arbiter's token, if not the connection's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// A player wants a rematch, once the game is over.
    Rematch,
    /// Answered by [`ServerMessage::Pong`].
    Ping,
}

/// What an electronic board shows: the position on the board and the
/// squares where it differs from the game's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardSeen {
    /// The board field of a FEN, the game's way up.
    pub fen: String,
    /// Squares where the board and the game differ.
    #[serde(default)]
    pub differences: Vec<String>,
    /// Squares of pieces knocked over and not yet restored.
    #[serde(default)]
    pub disturbed: Vec<String>,
    /// A wireless board's charge, in percent.
    #[serde(default)]
    pub battery: Option<u8>,
    /// The clock shows a low battery.
    #[serde(default)]
    pub clock_battery_low: Option<bool>,
}

/// What an electronic board's reader cannot decide, and so leaves to the
/// arbiter (docs/eboard.md), with the squares concerned.
///
/// ```
/// use arbiter_protocol::ws::BoardNotice;
/// let n: BoardNotice = serde_json::from_str(r#"{"kind":"disturbed","squares":["d7"]}"#)?;
/// assert_eq!(n, BoardNotice::Disturbed { squares: vec!["d7".into()] });
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardNotice {
    /// The first reading shows the board turned round (FIDE 7.2).
    TurnedRound,
    /// The clock was pressed on a position that is neither the game's nor
    /// a move from it.
    Unreadable {
        /// Squares where board and game differ.
        differences: Vec<String>,
    },
    /// Pieces knocked over or displaced (FIDE 7.4), not touched.
    Disturbed {
        /// Squares the pieces left.
        squares: Vec<String>,
    },
    /// The displaced pieces stand on their squares again.
    Restored,
    /// Without a clock, a piece of the move just made was lifted again and
    /// set down elsewhere: a slide, or a move changed after its release?
    LiftedAgain {
        /// Where the move had put it.
        square: String,
        /// Where it was set down again.
        set_down: String,
    },
}

/// What the server sends. `V` is the view's type: the server writes a
/// borrowed [`View`], a client reads an owned one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<V = View> {
    /// The whole game, at the start and after falling behind.
    Full {
        /// The view, with the head and every move.
        view: V,
    },
    /// The game changed: the view without its head, with the moves since
    /// the previous update.
    Update {
        /// The view.
        view: V,
    },
    /// What the connection's token gives it.
    Role {
        /// `white`, `black`, `arbiter` or `spectator`.
        role: Seat,
    },
    /// The answer to [`ClientMessage::Act`].
    Verdict {
        /// The request's number.
        id: u64,
        /// The referee's verdict, or why he was not asked.
        #[serde(flatten)]
        answer: Answer,
        /// For an accepted event, its receipt: the size of the signed
        /// log's tree once the event was added to it, so that every
        /// checkpoint of this size or larger includes it (absent when the
        /// server cannot tell).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tree_size: Option<u64>,
    },
    /// A relayed action (an electronic board's) the referee refused,
    /// told to everybody at the game.
    Refused {
        /// Whose action it was.
        actor: Actor,
        /// The event's kind (`release`, `move`...).
        kind: String,
        /// The refusal, with its rule and messages.
        verdict: WrittenVerdict,
    },
    /// A chat line.
    Chat {
        /// The line.
        line: ChatLine,
    },
    /// What the electronic board shows now.
    Board(BoardSeen),
    /// A player's every connection closed, or one came back.
    Gone {
        /// Whose.
        color: Color,
        /// Gone, or back.
        gone: bool,
        /// Seconds before the opponent may claim the win.
        claim_win_in_seconds: u64,
    },
    /// Who is there.
    Presence(Presence),
    /// A rematch offered, or made.
    Rematch(Rematch),
    /// Something the server could not do, in English.
    Error {
        /// What.
        error: String,
    },
    /// The answer to [`ClientMessage::Ping`].
    Pong,
}

/// A seat at the game, as the connection's token gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// Plays White.
    White,
    /// Plays Black.
    Black,
    /// Referees the game.
    Arbiter,
    /// Watches.
    Spectator,
}

/// The answer to an act: the referee's verdict (acceptance or refusal,
/// with its rule), or why the referee was not asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The referee's verdict.
    Verdict(WrittenVerdict),
    /// Why he was not asked (a spectator acted, the game could not be
    /// saved), in English.
    Error(String),
}

/// A chat line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Who wrote it.
    pub username: String,
    /// What (plain text: escaped by whoever displays it).
    pub text: String,
    /// `player` or `spectator`.
    pub room: String,
}

/// Who is at the game now.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    /// White has a connection open.
    pub white: bool,
    /// Black has a connection open.
    pub black: bool,
    /// Web pages watching without a seat (the arbiter's not counted).
    pub spectators: u32,
}

/// A rematch: offered by one player, or made once both want it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Rematch {
    /// Both players want it: the new game, and the link to it for the
    /// connection's own seat.
    Made {
        /// The new game's id.
        game: String,
        /// Its page, with the token of the connection's seat there.
        link: String,
    },
    /// A player offers a rematch.
    Offered {
        /// Who offers.
        offered_by: Color,
    },
}
