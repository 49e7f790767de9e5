//! The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).

use core::fmt;
use core::str::FromStr;

/// A game's result as PGN records it, in the `Result` tag and as the
/// termination marker at the end of the movetext.
///
/// ```
/// use arbiter_pgn::GameResult;
/// let r: GameResult = "1/2-1/2".parse()?;
/// assert_eq!(r, GameResult::Draw);
/// assert_eq!(r.to_string(), "1/2-1/2");
/// # Ok::<(), arbiter_pgn::ParseResultError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: White won.
    WhiteWins,
    /// `0-1`: Black won.
    BlackWins,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `*`: unknown, ongoing or abandoned.
    Unknown,
}

/// A text that is not one of the four results.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a game result (expected 1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(pub String);

impl GameResult {
    /// The PGN spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads the PGN spelling from bytes.
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

    /// The winner as `true` for White, `false` for Black; `None` for a draw or `*`.
    pub const fn white_won(self) -> Option<bool> {
        match self {
            GameResult::WhiteWins => Some(true),
            GameResult::BlackWins => Some(false),
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

/// How long a result marker starting at `bytes[0]` is, if one starts there
/// and ends at a token boundary. `None` also when more bytes are needed to
/// tell and `eof` is false is reported as `Err(())`.
pub(crate) fn result_len(bytes: &[u8], eof: bool) -> Result<Option<usize>, ()> {
    const CANDIDATES: [&[u8]; 4] = [b"1/2-1/2", b"1-0", b"0-1", b"*"];
    // Move numbers (`1.`, `10.`) start like results: their second byte
    // tells them apart at once.
    if let [b'0' | b'1', second, ..] = bytes
        && !matches!(second, b'/' | b'-')
    {
        return Ok(None);
    }
    for c in CANDIDATES {
        let n = c.len();
        if bytes.len() < n + 1 && !eof && c.starts_with(&bytes[..bytes.len().min(n)]) {
            return Err(());
        }
        if bytes.starts_with(c) && bytes.get(n).is_none_or(|&b| crate::lex::ends_token(b)) {
            return Ok(Some(n));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_need_a_token_boundary() {
        assert_eq!(result_len(b"1-0 ", false), Ok(Some(3)));
        assert_eq!(result_len(b"1-0", true), Ok(Some(3)));
        assert_eq!(result_len(b"1-0", false), Err(()));
        assert_eq!(result_len(b"1/2-1/2\n", false), Ok(Some(7)));
        assert_eq!(result_len(b"1. e4", false), Ok(None));
        assert_eq!(result_len(b"0-0-0 ", false), Ok(None));
        assert_eq!(result_len(b"10. e4", false), Ok(None));
        assert_eq!(result_len(b"*", true), Ok(Some(1)));
    }

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
}
