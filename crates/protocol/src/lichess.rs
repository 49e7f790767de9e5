//! lichess's NDJSON streams, as Arbiter writes them for lichess clients:
//! an account's event stream (`/api/stream/event`: [`AccountEvent`]) and a
//! game's stream for its players (`/api/board/game/stream/{id}`,
//! `/api/bot/game/stream/{id}`: [`GameLine`]). One JSON object a line,
//! its `type` naming it.
//!
//! ```
//! use arbiter_protocol::lichess::GameLine;
//!
//! let line = r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":60}"#;
//! let GameLine::OpponentGone(gone) = serde_json::from_str(line)? else {
//!     panic!("an opponentGone line");
//! };
//! assert_eq!(gone.claim_win_in_seconds, Some(60));
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Serialize};

/// A line of an account's event stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AccountEvent {
    /// A game of the account's has started.
    GameStart {
        /// The game, as the account's side sees it.
        game: EventGame,
    },
    /// A game of the account's is over.
    GameFinish {
        /// The game, as the account's side sees it.
        game: EventGame,
    },
    /// A challenge to the account.
    Challenge {
        /// The challenge.
        challenge: Challenge,
    },
    /// The account's challenge was declined.
    ChallengeDeclined {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge to the account was taken back.
    ChallengeCanceled {
        /// The challenge.
        challenge: Challenge,
    },
}

/// A game as an account's event stream tells it, for the side of
/// `color`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventGame {
    /// The game's id.
    pub game_id: String,
    /// The same (lichess's id with the player's part; Arbiter's ids have none).
    pub full_id: String,
    /// The same.
    pub id: String,
    /// `white` or `black`: the account's side.
    pub color: String,
    /// The position.
    pub fen: String,
    /// The account's side has moved.
    pub has_moved: bool,
    /// The account's side is to move, in a game going on.
    pub is_my_turn: bool,
    /// The last move, UCI (empty before the first).
    pub last_move: String,
    /// The opponent.
    pub opponent: Opponent,
    /// The speed, as `perf`.
    pub perf: String,
    /// Always `false`: Arbiter rates nothing.
    pub rated: bool,
    /// The account's side's time left, seconds.
    pub seconds_left: i64,
    /// Always `friend`.
    pub source: String,
    /// Where the game stands.
    pub status: Status,
    /// `bullet`, `blitz`...
    pub speed: String,
    /// Standard chess, or from a position.
    pub variant: Variant,
    /// Which lichess clients may play it: both.
    pub compat: Compat,
    /// `white` or `black`, once the game is won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
}

/// The opponent of an [`EventGame`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opponent {
    /// The account's id, or the lower-cased name.
    pub id: String,
    /// The name.
    pub username: String,
    /// The rating, 1500 without one.
    pub rating: u32,
}

/// A game's status, named and numbered as lichess does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// lichess's number (`20` started, `30` mate...).
    pub id: u32,
    /// lichess's name (`started`, `mate`...).
    pub name: String,
}

/// Which clients may play a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compat {
    /// Bots.
    pub bot: bool,
    /// The Board API.
    pub board: bool,
}

/// A game's variant, as lichess names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    /// `standard` or `fromPosition`.
    pub key: String,
    /// `Standard` or `From Position`.
    pub name: String,
    /// `Std` or `FEN`.
    pub short: String,
}

impl Variant {
    /// Chess from the usual start, or from a position.
    pub fn of(from_position: bool) -> Variant {
        let (key, name, short) = if from_position {
            ("fromPosition", "From Position", "FEN")
        } else {
            ("standard", "Standard", "Std")
        };
        Variant {
            key: key.into(),
            name: name.into(),
            short: short.into(),
        }
    }
}

/// A challenge, as lichess shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// Its id (the game's, once accepted).
    pub id: String,
    /// Its page.
    pub url: String,
    /// `created`, `declined`, `canceled`.
    pub status: String,
    /// Who challenges.
    pub challenger: ChallengeUser,
    /// Who is challenged.
    pub dest_user: ChallengeUser,
    /// Standard chess, or from a position.
    pub variant: Variant,
    /// Always `false`.
    pub rated: bool,
    /// `bullet`, `blitz`... or `correspondence` untimed.
    pub speed: String,
    /// The clock, or `{"type":"unlimited"}`.
    pub time_control: ChallengeClock,
    /// The colour asked for: `white`, `black` or `random`.
    pub color: String,
    /// The challenger's colour as drawn.
    pub final_color: String,
    /// The speed's name.
    pub perf: Perf,
    /// When it was made, ms since 1970.
    pub created_at: i64,
    /// The starting position, when not the usual one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_fen: Option<String>,
}

/// A party to a challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeUser {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// `BOT` for a bot.
    pub title: Option<String>,
    /// Always 1500.
    pub rating: u32,
    /// Always `true`.
    pub provisional: bool,
    /// Always `true`.
    pub online: bool,
}

/// A challenge's clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChallengeClock {
    /// A clock: `limit` seconds, `increment` a move.
    Clock {
        /// Seconds.
        limit: u64,
        /// Seconds a move.
        increment: u64,
        /// `minutes+increment`.
        show: String,
    },
    /// No clock.
    Unlimited,
}

/// A speed's name, as lichess's `perf`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Perf {
    /// lichess's icon (none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// The name.
    pub name: String,
}

/// A line of a game's stream for its players.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum GameLine {
    /// The game's head and state, first.
    GameFull(Box<GameFull>),
    /// The state after each change.
    GameState(GameState),
    /// A chat line.
    ChatLine(ChatLine),
    /// The opponent's connections all closed, or one came back.
    OpponentGone(OpponentGone),
}

/// `gameFull`: the game's head and its state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename = "gameFull", rename_all = "camelCase")]
pub struct GameFull {
    /// The game's id.
    pub id: String,
    /// Always `false`.
    pub rated: bool,
    /// Standard chess, or from a position.
    pub variant: Variant,
    /// The clock, `null` untimed.
    pub clock: Option<Clock>,
    /// `bullet`, `blitz`...
    pub speed: String,
    /// The speed's name, capitalised.
    pub perf: Perf,
    /// When it was made, ms since 1970.
    pub created_at: i64,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
    /// The starting FEN, or `startpos`.
    pub initial_fen: String,
    /// The state now.
    pub state: GameState,
}

/// A clock: the initial time and the increment, ms.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// ms.
    pub initial: u64,
    /// ms a move.
    pub increment: u64,
}

/// A player of [`GameFull`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The account's id, or the lower-cased name.
    pub id: String,
    /// The name.
    pub name: String,
    /// Always `null`.
    pub title: Option<String>,
    /// The rating, 1500 without one.
    pub rating: u32,
    /// Without a rating.
    pub provisional: bool,
}

/// `gameState`: the moves, the clocks, the status, the draw offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename = "gameState")]
pub struct GameState {
    /// Every move, UCI, space-separated.
    pub moves: String,
    /// White's time, ms.
    pub wtime: i64,
    /// Black's time, ms.
    pub btime: i64,
    /// White's increment, ms.
    pub winc: u64,
    /// Black's increment, ms.
    pub binc: u64,
    /// lichess's status name.
    pub status: String,
    /// White offers a draw.
    pub wdraw: bool,
    /// Black offers a draw.
    pub bdraw: bool,
    /// Always `false`: no takeback is ever pending.
    pub wtakeback: bool,
    /// Always `false`.
    pub btakeback: bool,
    /// `white` or `black`, once the game is won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
}

/// `chatLine`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename = "chatLine")]
pub struct ChatLine {
    /// Who wrote it.
    pub username: String,
    /// What.
    pub text: String,
    /// `player` or `spectator`.
    pub room: String,
}

/// `opponentGone`: the opponent's connections all closed (`gone`), with
/// the seconds before the win may be claimed, or one came back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename = "opponentGone", rename_all = "camelCase")]
pub struct OpponentGone {
    /// Gone, or back.
    pub gone: bool,
    /// Seconds before the win may be claimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_win_in_seconds: Option<u64>,
}
