//! Events: what happens at the board, who did it, and when.
//!
//! A game is the sequence of its events (see `docs/replay.md` for the JSON
//! Lines form, one event per line).

use arbiter_rules::{Color, Role, Square};
use serde::{Deserialize, Serialize};

use crate::GameResult;

/// Who acted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Actor {
    /// The player of the white pieces.
    White,
    /// The player of the black pieces.
    Black,
    /// The arbiter (or the server acting for one: starting the clock,
    /// letting time pass).
    Arbiter,
}

impl Actor {
    /// The player's colour, `None` for the arbiter.
    pub fn color(self) -> Option<Color> {
        match self {
            Actor::White => Some(Color::White),
            Actor::Black => Some(Color::Black),
            Actor::Arbiter => None,
        }
    }
}

impl From<Color> for Actor {
    fn from(c: Color) -> Actor {
        c.fold(Actor::White, Actor::Black)
    }
}

/// A draw that can be claimed (FIDE 9.2, 9.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    /// The same position for the third time (FIDE 9.2).
    Threefold,
    /// Fifty moves by each side without a capture or a pawn move (FIDE 9.3).
    FiftyMoves,
}

/// Why a player can take no further part in a game: what a program playing
/// it (an engine) does that a person at the board would not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitCause {
    /// It made an illegal move (or said it had none, or wrote no move):
    /// a program cannot take a move back, so the move is final.
    IllegalMove,
    /// It crashed, or its connection closed.
    Crashed,
    /// It stopped answering.
    StoppedAnswering,
    /// It could not be started or made ready for the game.
    NotStarted,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// The arbiter starts the clock of the side to move (FIDE 6.5).
    Start,
    /// A move made and the clock pressed at once (online play; over the
    /// board, a shorthand for release and press). The move is UCI (`e2e4`,
    /// `e7e8q`) or SAN (`Nf3`). `offer_draw` offers a draw with the move,
    /// the right moment (FIDE 9.1.2.1).
    Move {
        /// The move, UCI or SAN.
        #[serde(rename = "move")]
        mv: String,
        /// A draw offer made with the move.
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        offer_draw: bool,
    },
    /// A player deliberately touches the piece on `square` (FIDE 4.3).
    Touch {
        /// Where the piece stands.
        square: Square,
    },
    /// The player having the move adjusts the piece on `square` after
    /// announcing it ("j'adoube", "我摆正棋子"; FIDE 4.2).
    Adjust {
        /// Where the piece stands.
        square: Square,
    },
    /// The player's hand leaves the piece from `from` on `to` (FIDE 4.7):
    /// the move is made. Castling is the king's release on its castling
    /// square (FIDE 4.4.1). A pawn on the last rank names its new piece in
    /// `promotion` (FIDE 4.4.4).
    Release {
        /// Where the piece was.
        from: Square,
        /// Where it was left.
        to: Square,
        /// The piece put in the pawn's place, if a pawn promoted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promotion: Option<Role>,
    },
    /// The player presses the clock (FIDE 6.2).
    PressClock,
    /// A draw offer (FIDE 9.1.2).
    OfferDraw,
    /// The opponent of the offer agrees (FIDE 9.1.2, 5.2.3).
    AcceptDraw,
    /// The opponent of the offer declines it orally.
    DeclineDraw,
    /// The player having the move claims a draw (FIDE 9.2, 9.3): on the
    /// position on the board, or by declaring (writing, not playing) the
    /// move that will produce it, which is then binding.
    ClaimDraw {
        /// What is claimed.
        claim: DrawClaim,
        /// The declared move, UCI or SAN.
        #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
        mv: Option<String>,
    },
    /// The opponent (or the arbiter) claims that the last move was illegal
    /// (FIDE A.5.2, rapid and blitz).
    ClaimIllegalMove,
    /// A player (or the arbiter) calls a flag (FIDE 6.8) where flags are
    /// called by claim.
    ClaimFlag,
    /// The player resigns (FIDE 5.1.2).
    Resign,
    /// Online, a player calls the game off before both players have moved:
    /// it ends without a result, as if never played (FIDE 12.2; lichess's
    /// abort).
    Abort,
    /// A player asks to take back a move, as online platforms let players
    /// do. The Laws know no takeback: a move once made stands (FIDE 4.7;
    /// `classic: 离手无悔`). The referee refuses it and the request stays on
    /// the record.
    RequestTakeback,
    /// Online, the arbiter (the server, which sees the connections) notes
    /// that `side` has left the game. A player may not leave without the
    /// arbiter's permission (FIDE 11.2.3): if he is not back within
    /// `claim_after_ms`, his opponent may claim the win.
    PlayerLeft {
        /// Who left.
        side: Color,
        /// How long the opponent waits before he may claim, in ms.
        claim_after_ms: u64,
    },
    /// Online, the arbiter notes that `side`, who had left, is back.
    PlayerReturned {
        /// Who came back.
        side: Color,
    },
    /// Online, a player claims the win: his opponent left the game and has
    /// not come back within the time the arbiter gave (FIDE 11.2.3;
    /// lichess's "claim victory").
    ClaimVictory,
    /// The player with under two minutes left asks for a 5-second increment
    /// for both (Guidelines III.4); it counts as a draw offer.
    RequestIncrement,
    /// The arbiter grants the increment request: 5 seconds a move for both,
    /// two minutes more for the opponent (Guidelines III.4).
    GrantIncrement,
    /// The arbiter finds the colours reversed (FIDE 7.3).
    ColoursReversed,
    /// The arbiter finds the board turned wrongly and transfers the position
    /// to a correctly placed board (FIDE 7.2).
    BoardTurned,
    /// A player knocks over or displaces pieces (FIDE 7.4): he restores them
    /// on his own time; the referee's position is the record.
    PiecesDisplaced,
    /// The arbiter declares a result (for example under Guidelines III.5,
    /// 11.3 or 12.2), giving the rule and the reason.
    DeclareResult {
        /// The result declared.
        result: GameResult,
        /// The rule the arbiter applies, e.g. `FIDE 11.3`.
        rule: crate::Rule,
        /// The arbiter's reason, for the record.
        reason: String,
    },
    /// The arbiter finds that `side` can take no further part in
    /// the game (an engine that crashed, stopped answering, could not be
    /// started, or made an illegal move it cannot take back). The referee
    /// decides: a loss for `side`, or a draw if its opponent cannot mate
    /// and the ruleset saves that case (as for an illegal-move loss, FIDE
    /// 7.5.5, or a flag, 6.9); an illegal move is ruled under the
    /// ruleset's illegal-move rule, the rest under FIDE 12.9.
    Forfeit {
        /// Who can go on no more.
        side: Color,
        /// Why.
        cause: ForfeitCause,
    },
    /// Time passes: lets whatever is due by now happen (a flag fall). A
    /// server sends it at [`crate::Game::next_deadline_ms`].
    Tick,
}

impl EventKind {
    /// The kind's name, as the log writes it (`move`, `offer_draw`...): the
    /// name a client or a log reader sees, given by the referee so that
    /// nobody restates it.
    ///
    /// ```
    /// use arbiter_referee::EventKind;
    /// assert_eq!(EventKind::OfferDraw.name(), "offer_draw");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::Start => "start",
            EventKind::Move { .. } => "move",
            EventKind::Touch { .. } => "touch",
            EventKind::Adjust { .. } => "adjust",
            EventKind::Release { .. } => "release",
            EventKind::PressClock => "press_clock",
            EventKind::OfferDraw => "offer_draw",
            EventKind::AcceptDraw => "accept_draw",
            EventKind::DeclineDraw => "decline_draw",
            EventKind::ClaimDraw { .. } => "claim_draw",
            EventKind::ClaimIllegalMove => "claim_illegal_move",
            EventKind::ClaimFlag => "claim_flag",
            EventKind::Resign => "resign",
            EventKind::Abort => "abort",
            EventKind::RequestTakeback => "request_takeback",
            EventKind::PlayerLeft { .. } => "player_left",
            EventKind::PlayerReturned { .. } => "player_returned",
            EventKind::ClaimVictory => "claim_victory",
            EventKind::RequestIncrement => "request_increment",
            EventKind::GrantIncrement => "grant_increment",
            EventKind::ColoursReversed => "colours_reversed",
            EventKind::BoardTurned => "board_turned",
            EventKind::PiecesDisplaced => "pieces_displaced",
            EventKind::Forfeit { .. } => "forfeit",
            EventKind::DeclareResult { .. } => "declare_result",
            EventKind::Tick => "tick",
        }
    }
}

/// An event: who, when (milliseconds on the game's time line), what.
///
/// ```
/// use arbiter_referee::{Actor, Event, EventKind};
/// let e: Event = serde_json::from_str(r#"{"actor":"white","at_ms":1500,"kind":"move","move":"e2e4"}"#)?;
/// assert_eq!(e, Event::new(Actor::White, 1500, EventKind::Move { mv: "e2e4".into(), offer_draw: false }));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Who acted.
    pub actor: Actor,
    /// When, in milliseconds; never earlier than the event before.
    pub at_ms: u64,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

impl Event {
    /// An event.
    pub fn new(actor: Actor, at_ms: u64, kind: EventKind) -> Event {
        Event { actor, at_ms, kind }
    }
}
