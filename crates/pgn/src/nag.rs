//! Numeric annotation glyphs (`$1`, `!`, `?!`, …).

use core::fmt;

/// A numeric annotation glyph: `$0` to `$255`. The move suffixes `!`, `?`,
/// `!!`, `??`, `!?` and `?!` are read as `$1` to `$6`.
///
/// ```
/// use arbiter_pgn::Nag;
/// assert_eq!(Nag::from_suffix(b"!?"), Some(Nag::SPECULATIVE));
/// assert_eq!(Nag(5).to_string(), "$5");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// `!`: a good move.
    pub const GOOD: Nag = Nag(1);
    /// `?`: a mistake.
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`: a brilliant move.
    pub const BRILLIANT: Nag = Nag(3);
    /// `??`: a blunder.
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`: a speculative move.
    pub const SPECULATIVE: Nag = Nag(5);
    /// `?!`: a dubious move.
    pub const DUBIOUS: Nag = Nag(6);

    /// Reads a move suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub fn from_suffix(s: &[u8]) -> Option<Nag> {
        match s {
            b"!" => Some(Nag::GOOD),
            b"?" => Some(Nag::MISTAKE),
            b"!!" => Some(Nag::BRILLIANT),
            b"??" => Some(Nag::BLUNDER),
            b"!?" => Some(Nag::SPECULATIVE),
            b"?!" => Some(Nag::DUBIOUS),
            _ => None,
        }
    }
}

impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}
