//! The events a tournament is made of, each with its time and who did it.

use serde::{Deserialize, Serialize};

use super::Settings;

/// A player's number in the event: the order of registration, from 1. It
/// never changes; the start numbers of the TRF (the pairing numbers of
/// C.04.2) are derived from the ratings whenever the file is written.
pub type PlayerId = u32;

/// One event of the tournament's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// When it happened, ms since 1970 (the service's clock; the fold
    /// only keeps it).
    pub at_ms: i64,
    /// Who did it: the arbiter's or a player's account, or `referee` for a
    /// result that comes from a game.
    pub by: String,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

/// A player as registered.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Registration {
    /// Name as FIDE writes it: `Surname, Given names`.
    pub name: String,
    /// Rating; 0 when unrated.
    #[serde(default)]
    pub rating: u32,
    /// FIDE identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// Federation (three letters).
    #[serde(default)]
    pub federation: String,
    /// FIDE title as TRF abbreviates it (`g`, `m`, `wg`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The server account that plays the player's games online.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<String>,
    /// Sex as the TRF writes it, which the WGM and WIM norms need.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Birth date (`2010-05-21`), from which a junior's K of 40 is told
    /// (FIDE Rating Regulations 8.3.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
}

/// A player's sex, as the TRF writes it (`m`, `w`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sex {
    /// `m`.
    #[serde(rename = "m")]
    Man,
    /// `w`.
    #[serde(rename = "w")]
    Woman,
}

impl Sex {
    /// The TRF's letter.
    pub fn trf(self) -> char {
        match self {
            Sex::Man => 'm',
            Sex::Woman => 'w',
        }
    }
}

/// A bye a player asks for in advance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    /// Half a point (TRF `H`).
    Half,
    /// No points (TRF `Z`).
    Zero,
    /// A full point (TRF `F`), where the regulations allow it.
    Full,
}

/// One board of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The player with White.
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
}

/// A board's result, forfeits included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardResult {
    /// White won the game.
    WhiteWins,
    /// The game was drawn.
    Draw,
    /// Black won the game.
    BlackWins,
    /// Black did not come: White wins by forfeit.
    WhiteWinsByForfeit,
    /// White did not come: Black wins by forfeit.
    BlackWinsByForfeit,
    /// Neither came.
    DoubleForfeit,
    /// An unusual result the arbiter gives (VCL.13): half a point to
    /// White, none to Black, for a game played (e.g. a draw claimed while
    /// one side broke the rules).
    WhiteHalfBlackZero,
    /// An unusual result: none to White, half a point to Black.
    WhiteZeroBlackHalf,
    /// An unusual result: a game played that both lose (e.g. both flags
    /// down where neither could be told first, or both players penalised).
    DoubleLoss,
}

impl BoardResult {
    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            BoardResult::WhiteWins
                | BoardResult::Draw
                | BoardResult::BlackWins
                | BoardResult::WhiteHalfBlackZero
                | BoardResult::WhiteZeroBlackHalf
                | BoardResult::DoubleLoss
        )
    }

    /// Whether the result is one of the unusual ones of VCL.13: the two
    /// sides' points do not add up to one game's.
    pub fn is_unusual(self) -> bool {
        matches!(
            self,
            BoardResult::WhiteHalfBlackZero
                | BoardResult::WhiteZeroBlackHalf
                | BoardResult::DoubleLoss
                | BoardResult::DoubleForfeit
        )
    }

    /// The result as PGN writes it (`1-0`, `1/2-1/2`, `0-1`; forfeits as
    /// `1-0`/`0-1`; the unusual results, which PGN has no token for, as
    /// their points: a double forfeit or loss `0-0`, `1/2-0`, `0-1/2`).
    pub fn pgn(self) -> &'static str {
        match self {
            BoardResult::WhiteWins | BoardResult::WhiteWinsByForfeit => "1-0",
            BoardResult::Draw => "1/2-1/2",
            BoardResult::BlackWins | BoardResult::BlackWinsByForfeit => "0-1",
            BoardResult::DoubleForfeit | BoardResult::DoubleLoss => "0-0",
            BoardResult::WhiteHalfBlackZero => "1/2-0",
            BoardResult::WhiteZeroBlackHalf => "0-1/2",
        }
    }
}

/// Who did not come to a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Absent {
    /// White.
    White,
    /// Black.
    Black,
    /// Both.
    Both,
}

impl Absent {
    /// The result a forfeit gives.
    pub fn result(self) -> BoardResult {
        match self {
            Absent::White => BoardResult::BlackWinsByForfeit,
            Absent::Black => BoardResult::WhiteWinsByForfeit,
            Absent::Both => BoardResult::DoubleForfeit,
        }
    }
}

/// What happened.
// `Created`, once per event, carries the settings: events are applied
// and stored one at a time, so its size costs nothing worth a box at
// every creation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum EventKind {
    /// The event is created with its settings.
    Created {
        /// The settings.
        settings: Settings,
    },
    /// A player enters; his [`PlayerId`] is the next number. The event's
    /// arbiter (its creator) enters anyone; anyone else enters only
    /// himself, admitted by the event's conditions
    /// ([`super::Director::may_enter`]).
    Registered {
        /// Who.
        player: Registration,
        /// The entry code given by a player who enters himself through
        /// the event's link (kept, so that a replay admits him again).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entry_code: Option<String>,
    },
    /// A player leaves the event: he is paired in no round after the last
    /// one paired.
    Withdrawn {
        /// Who.
        player: PlayerId,
    },
    /// A player asks in advance not to be paired in a round.
    ByeRequested {
        /// Who.
        player: PlayerId,
        /// The round, not yet paired.
        round: u32,
        /// What the bye scores.
        bye: ByeKind,
    },
    /// The next round is paired (by the event's pairing system, or by the
    /// arbiter; in a knockout, one game of each match still being played).
    RoundPaired {
        /// The round, the one after the last paired.
        round: u32,
        /// The boards, board 1 first.
        boards: Vec<Board>,
        /// The player given the pairing-allocated bye (C.04.1.c), or, in a
        /// round robin, the player who rests.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bye: Option<PlayerId>,
    },
    /// The arbiter changes the pairing of the round paired last, before it
    /// is published: every manual change is kept with who made it and why,
    /// as FIDE asks of manual changes (C.04.2.D).
    PairingChanged {
        /// The round.
        round: u32,
        /// The boards after the change.
        boards: Vec<Board>,
        /// The pairing-allocated bye after the change.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bye: Option<PlayerId>,
        /// Why.
        reason: String,
    },
    /// The round is published: each board's game exists and may start.
    RoundPublished {
        /// The round.
        round: u32,
        /// Each board's game (its id on the server), board 1 first.
        games: Vec<String>,
    },
    /// A board's result: from its game, or entered by the arbiter for a
    /// game played elsewhere.
    ResultRecorded {
        /// The round.
        round: u32,
        /// The board, from 1.
        board: u32,
        /// The result.
        result: BoardResult,
        /// The game it comes from, when it comes from one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
    },
    /// The arbiter declares a forfeit on a board whose result is not in.
    Forfeited {
        /// The round.
        round: u32,
        /// The board, from 1.
        board: u32,
        /// Who did not come.
        absent: Absent,
    },
    /// The arbiter corrects a recorded result.
    ResultCorrected {
        /// The round.
        round: u32,
        /// The board, from 1.
        board: u32,
        /// The right result.
        result: BoardResult,
        /// Why.
        reason: String,
    },
    /// The arbiter sets when the next round starts (lichess's
    /// `schedule-next-round`): it is paired and published then, or as
    /// soon after as every result of the round before is in. Pairing the
    /// round clears it.
    NextRoundScheduled {
        /// When, ms since 1970.
        starts_at_ms: i64,
    },
    /// The lots are drawn: a round robin's pairing numbers (FIDE Tournament
    /// Rules, C.06 II), before round 1 is paired. The service draws them
    /// and records the draw, so that the fold stays pure and a replay gives
    /// the same numbers. A player who enters afterwards voids the draw: the
    /// lots are drawn again.
    LotsDrawn {
        /// Every player, in the order of the numbers drawn: the first has
        /// pairing number 1.
        order: Vec<PlayerId>,
    },
    /// A knockout match level after every stage its rules have is
    /// decided by lot, as the regulations then say. The service draws the
    /// winner and records him, so that the fold stays pure.
    MatchDecidedByLot {
        /// The match's first player (White in its first game).
        first: PlayerId,
        /// His opponent.
        second: PlayerId,
        /// Who the lot puts through: `first` or `second`.
        winner: PlayerId,
    },
    /// The event ends before its last round: nothing more is paired.
    Terminated,
    /// The arbiter leaves FIDE mode ([`super::Settings::fide_mode`]), to
    /// do what it refuses: kept with who and why, and written in the TRF
    /// (record `NFM`), so that a checker sees it. There is no way back.
    FideModeLeft {
        /// Why.
        reason: String,
    },
    /// The arbiter sets the broadcast delay ([`super::BroadcastDelay`]):
    /// from now on the public sees each game in progress this many minutes
    /// behind the board. Only the event's arbiter may.
    BroadcastDelaySet {
        /// The delay, in minutes (0: none).
        minutes: u32,
    },
    /// The arbiter records the report of a fair-play screen of the
    /// event's games ([`super::FairPlayReport`]), run by the service with
    /// its engine. Only the event's arbiter may; it may come after the
    /// event has ended or was terminated.
    FairPlayReported {
        /// What the screen found.
        report: Box<super::FairPlayReport>,
    },
}
