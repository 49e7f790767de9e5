//! Checks of the tag section: the Seven Tag Roster and tag formats.

use crate::finding::{Kind, RawFinding};
use crate::reason::Reason;

/// Which Seven Tag Roster tags a game has, and the tag findings so far.
#[derive(Debug, Default)]
pub struct TagCheck {
    seen: [bool; 7],
}

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl TagCheck {
    /// Notes a tag of the game.
    pub fn note(&mut self, name: &[u8]) {
        if let Some(i) = ROSTER.iter().position(|r| r.as_bytes() == name) {
            self.seen[i] = true;
        }
    }

    /// A finding if `value` is not a PGN date.
    pub fn date(value: &str, offset: usize) -> Option<RawFinding> {
        (!is_pgn_date(value)).then(|| {
            RawFinding::new(
                Kind::BadDate,
                offset,
                Reason::BadDate {
                    value: format!("{value:?}"),
                },
            )
        })
    }

    /// Findings for the roster tags the game lacks, placed at `offset`.
    pub fn missing(&self, offset: usize) -> Vec<RawFinding> {
        let missing: Vec<&str> = ROSTER
            .iter()
            .zip(self.seen)
            .filter(|(_, seen)| !seen)
            .map(|(name, _)| *name)
            .collect();
        if missing.is_empty() {
            return Vec::new();
        }
        vec![RawFinding::new(
            Kind::MissingTag,
            offset,
            Reason::MissingTags { tags: missing },
        )]
    }
}

/// `YYYY.MM.DD`, each part digits or all `?`, month 01–12 and day 01–31
/// when given.
pub fn is_pgn_date(value: &str) -> bool {
    // Read by position: every game has a date.
    let b = value.as_bytes();
    if b.len() != 10 || b[4] != b'.' || b[7] != b'.' {
        return false;
    }
    let part = |s: &[u8], max: u32| {
        if s.iter().all(|&c| c == b'?') {
            return true;
        }
        if !s.iter().all(u8::is_ascii_digit) {
            return false;
        }
        let n = s.iter().fold(0, |n, &c| n * 10 + u32::from(c - b'0'));
        (1..=max).contains(&n) || s.len() == 4
    };
    part(&b[..4], 9999) && part(&b[5..7], 12) && part(&b[8..], 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert!(is_pgn_date("2024.04.20"));
        assert!(is_pgn_date("????.??.??"));
        assert!(is_pgn_date("1992.??.??"));
        assert!(!is_pgn_date("2024-04-20"));
        assert!(!is_pgn_date("2024.13.01"));
        assert!(!is_pgn_date("24.04.20"));
        assert!(!is_pgn_date("2024.4.20"));
        assert!(!is_pgn_date("2024.04.2."));
        assert!(!is_pgn_date("2024.00.20"));
        assert!(!is_pgn_date("2024.?4.20"));
        assert!(is_pgn_date("0000.01.31"));
        assert!(!is_pgn_date("2024.01.32"));
    }

    #[test]
    fn missing_roster_tags_are_named() {
        let mut t = TagCheck::default();
        for name in ["Event", "Site", "Date", "Round", "White"] {
            t.note(name.as_bytes());
        }
        assert!(TagCheck::date("2024.01.01", 0).is_none());
        assert!(TagCheck::date("2024-01-01", 0).is_some());
        let f = t.missing(0);
        assert_eq!(f.len(), 1);
        assert_eq!(
            f[0].reason,
            Reason::MissingTags {
                tags: vec!["Black", "Result"]
            }
        );
        let words = arbiter_messages::Message::of(&f[0].reason);
        assert_eq!(words.text("en"), "the Seven Tag Roster lacks Black, Result");
    }
}
