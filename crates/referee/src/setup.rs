//! What a game is set up with before the first event.

use arbiter_rules::{ByColor, CastlingMode, Color, Position};
use serde::{Deserialize, Deserializer, Serialize};

use crate::{Ruleset, TimeControl};

/// How events arrive.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// A move and the clock press are one event; an illegal move is simply
    /// refused.
    #[default]
    Online,
    /// Touching, releasing and pressing are separate events (electronic
    /// boards, or an arbiter entering what happens); illegal moves can be
    /// completed and are penalised.
    OverTheBoard,
}

/// A player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Player {
    /// The name, as on the scoresheet.
    pub name: String,
    /// A rating, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// The FIDE id, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
}

impl Player {
    /// A player known by name only.
    pub fn named(name: impl Into<String>) -> Player {
        Player {
            name: name.into(),
            ..Player::default()
        }
    }
}

/// Everything a game starts with.
///
/// ```
/// use arbiter_referee::{GameSetup, Ruleset};
/// let setup = GameSetup {
///     ruleset: Ruleset::fide_blitz(),
///     time_control: "180+2".parse()?,
///     ..GameSetup::default()
/// };
/// let json = serde_json::to_string(&setup).unwrap();
/// let back: GameSetup = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, setup);
/// // A ruleset may be given by name.
/// let named: GameSetup = serde_json::from_str(r#"{"ruleset":"classic","time_control":"5400"}"#).unwrap();
/// assert_eq!(named.ruleset, Ruleset::classic());
/// # Ok::<(), arbiter_referee::ParseTimeControlError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GameSetup {
    /// The rules (a built-in name or a full ruleset).
    #[serde(deserialize_with = "ruleset_by_name_or_value")]
    pub ruleset: Ruleset,
    /// The time control of both players.
    pub time_control: TimeControl,
    /// Black's own time control, when the players have different ones (time
    /// odds, as in some engine events).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_time_control: Option<TimeControl>,
    /// Online or over the board.
    pub mode: Mode,
    /// The player with the white pieces.
    pub white: Player,
    /// The player with the black pieces.
    pub black: Player,
    /// The event's name.
    pub event: String,
    /// The place.
    pub site: String,
    /// The date, `YYYY.MM.DD` as PGN writes it.
    pub date: String,
    /// The time of day the game starts, `HH:MM:SS` (the classic rules' 对局时间).
    pub time: String,
    /// The round of the competition (PGN's `Round` tag).
    pub round: String,
    /// A starting position other than the usual one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The default time the event's regulations set (FIDE 6.7.1), ms.
    /// Online, a player comes to the board by making a first move: one who
    /// has not made it this long after his clock was started loses the
    /// game. `None`: no one loses by absence unless the arbiter declares
    /// it (over the board, where only the arbiter sees who is present, the
    /// referee never applies it on its own).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_time_ms: Option<u64>,
}

fn ruleset_by_name_or_value<'de, D: Deserializer<'de>>(d: D) -> Result<Ruleset, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NameOrValue {
        Name(String),
        Value(Box<Ruleset>),
    }
    match NameOrValue::deserialize(d)? {
        NameOrValue::Name(name) => Ruleset::by_name(&name).map_err(serde::de::Error::custom),
        NameOrValue::Value(r) => Ok(*r),
    }
}

/// A setup that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The starting FEN is not a legal position.
    #[error("starting position: {0}")]
    Fen(#[from] arbiter_rules::ParseFenError),
}

impl GameSetup {
    /// Each player's time control.
    pub fn time_controls(&self) -> ByColor<TimeControl> {
        ByColor {
            white: self.time_control.clone(),
            black: self
                .black_time_control
                .clone()
                .unwrap_or_else(|| self.time_control.clone()),
        }
    }

    /// The starting position.
    pub fn start_position(&self) -> Result<Position, SetupError> {
        match &self.fen {
            Some(fen) => Ok(Position::from_fen(fen)?),
            None => Ok(Position::new()),
        }
    }

    /// The player of `color`.
    pub fn player(&self, color: Color) -> &Player {
        color.fold(&self.white, &self.black)
    }

    /// `true` in Chess960 setups, where castling is written differently.
    pub fn castling_mode(&self) -> CastlingMode {
        self.start_position()
            .map_or(CastlingMode::Standard, |p| p.castling_mode())
    }
}
