//! How a game ended, as a score: `1-0`, `0-1`, `1/2-1/2` or `*` (FIDE 5,
//! spelled as PGN writes it, PGN standard 8.2.6), and the same score from
//! one player's side: won, drawn or lost.

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// A game's result: the score the Laws give (FIDE 5), written as the PGN
/// `Result` tag and termination marker write it.
///
/// The one result type of the workspace: the PGN reader and writer, the
/// referee's outcomes, `arbiter check` and engine matches all use it.
///
/// ```
/// use arbiter_rules::{Color, GameResult};
/// let r: GameResult = "0-1".parse()?;
/// assert_eq!(r, GameResult::win_for(Color::Black));
/// assert_eq!(r.winner(), Some(Color::Black));
/// assert_eq!(GameResult::Draw.to_string(), "1/2-1/2");
/// # Ok::<(), arbiter_rules::ParseResultError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// `1-0`: White won.
    #[cfg_attr(feature = "serde", serde(rename = "1-0"))]
    WhiteWins,
    /// `0-1`: Black won.
    #[cfg_attr(feature = "serde", serde(rename = "0-1"))]
    BlackWins,
    /// `1/2-1/2`: a draw.
    #[cfg_attr(feature = "serde", serde(rename = "1/2-1/2"))]
    Draw,
    /// `*`: no result: the game goes on, was abandoned, must be replayed,
    /// or its result is not known.
    #[cfg_attr(feature = "serde", serde(rename = "*"))]
    Unknown,
}

/// A game's result from one player's side: won, drawn or lost.
///
/// The one player-side result of the workspace: a tournament's crosstable
/// cell and an engine match's tally both hold it. In JSON it is `"win"`,
/// `"draw"` or `"loss"`.
///
/// ```
/// use arbiter_rules::{Color, GameResult, PlayerResult};
/// let black = GameResult::BlackWins.for_side(Color::Black);
/// assert_eq!(black, Some(PlayerResult::Win));
/// assert_eq!(PlayerResult::Win.reversed(), PlayerResult::Loss);
/// assert_eq!(PlayerResult::Draw.half_points(), 1);
/// assert_eq!(GameResult::Unknown.for_side(Color::White), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PlayerResult {
    /// The player won: 1 point in the Laws' scoring (FIDE 5.1, 5.2).
    Win,
    /// The game was drawn: ½ point.
    Draw,
    /// The player lost: no point.
    Loss,
}

impl PlayerResult {
    /// The same game from the opponent's side.
    pub const fn reversed(self) -> PlayerResult {
        match self {
            PlayerResult::Win => PlayerResult::Loss,
            PlayerResult::Draw => PlayerResult::Draw,
            PlayerResult::Loss => PlayerResult::Win,
        }
    }

    /// The Laws' score in half points: 2, 1 or 0. (A tournament may score
    /// games otherwise, by its own point system.)
    pub const fn half_points(self) -> u8 {
        match self {
            PlayerResult::Win => 2,
            PlayerResult::Draw => 1,
            PlayerResult::Loss => 0,
        }
    }
}

/// A text that is not one of the four results.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a game result (expected 1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(pub String);

impl GameResult {
    /// The win for `winner`.
    pub const fn win_for(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The PGN spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads the PGN spelling from bytes (a reader's input need not be
    /// UTF-8).
    pub fn from_ascii(s: &[u8]) -> Option<GameResult> {
        match s {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// `true` for `1-0` and `0-1`.
    pub const fn is_decisive(self) -> bool {
        matches!(self, GameResult::WhiteWins | GameResult::BlackWins)
    }

    /// The result from `side`'s side of the board; `None` for `*`.
    pub const fn for_side(self, side: Color) -> Option<PlayerResult> {
        match (self, side) {
            (GameResult::Draw, _) => Some(PlayerResult::Draw),
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                Some(PlayerResult::Win)
            }
            (GameResult::WhiteWins, Color::Black) | (GameResult::BlackWins, Color::White) => {
                Some(PlayerResult::Loss)
            }
            (GameResult::Unknown, _) => None,
        }
    }

    /// Who won; `None` for a draw or `*`.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::from_ascii(s.as_bytes()).ok_or_else(|| ParseResultError(s.to_string()))
    }
}

/// A result in a message reads as its score (`1-0`), the same in every
/// language.
impl arbiter_messages::ToArg for GameResult {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Text(self.to_string().into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling_round_trips() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ] {
            assert_eq!(r.as_str().parse::<GameResult>(), Ok(r));
        }
        assert!("2-0".parse::<GameResult>().is_err());
    }

    #[test]
    fn a_win_names_its_winner() {
        for color in [Color::White, Color::Black] {
            assert_eq!(GameResult::win_for(color).winner(), Some(color));
            assert!(GameResult::win_for(color).is_decisive());
        }
        assert_eq!(GameResult::Draw.winner(), None);
        assert_eq!(GameResult::Unknown.winner(), None);
    }

    #[test]
    fn each_side_sees_the_other_sides_result_reversed() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            let white = r.for_side(Color::White).unwrap();
            let black = r.for_side(Color::Black).unwrap();
            assert_eq!(white.reversed(), black);
            assert_eq!(white.half_points() + black.half_points(), 2);
        }
        assert_eq!(
            GameResult::WhiteWins.for_side(Color::White),
            Some(PlayerResult::Win)
        );
        assert_eq!(
            GameResult::WhiteWins.for_side(Color::Black),
            Some(PlayerResult::Loss)
        );
        assert_eq!(
            GameResult::Draw.for_side(Color::Black),
            Some(PlayerResult::Draw)
        );
        assert_eq!(GameResult::Unknown.for_side(Color::Black), None);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn a_player_result_is_a_lowercase_word_in_json() {
        for (r, word) in [
            (PlayerResult::Win, "\"win\""),
            (PlayerResult::Draw, "\"draw\""),
            (PlayerResult::Loss, "\"loss\""),
        ] {
            assert_eq!(serde_json::to_string(&r).unwrap(), word);
            assert_eq!(serde_json::from_str::<PlayerResult>(word).unwrap(), r);
        }
    }
}
