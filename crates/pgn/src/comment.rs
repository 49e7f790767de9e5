//! Comments and the commands embedded in them (`[%clk 0:03:12]`,
//! `[%emt 0:00:05]`, `[%eval 0.17]`).

use core::fmt;

/// A time on a clock or a time spent, to the millisecond, as the `%clk` and
/// `%emt` commands write it (`H:MM:SS` with optional decimals).
///
/// ```
/// use arbiter_pgn::ClockTime;
/// let t: ClockTime = "0:03:12.5".parse().unwrap();
/// assert_eq!(t.as_millis(), 192_500);
/// assert_eq!(t.to_string(), "0:03:12.5");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClockTime(u64);

impl ClockTime {
    /// A time of `ms` milliseconds.
    pub const fn from_millis(ms: u64) -> ClockTime {
        ClockTime(ms)
    }

    /// The time in milliseconds.
    pub const fn as_millis(self) -> u64 {
        self.0
    }
}

impl core::str::FromStr for ClockTime {
    type Err = ();

    /// Reads `H:MM:SS`, `MM:SS` or `SS`, each with optional decimals.
    fn from_str(s: &str) -> Result<ClockTime, ()> {
        let (whole, frac) = match s.split_once('.') {
            Some((w, f)) => (w, f),
            None => (s, ""),
        };
        let mut ms: u64 = 0;
        let mut parts = 0;
        for part in whole.split(':') {
            parts += 1;
            if parts > 3 || part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(());
            }
            let n: u64 = part.parse().map_err(|_| ())?;
            ms = ms.checked_mul(60).ok_or(())?.checked_add(n).ok_or(())?;
        }
        ms = ms.checked_mul(1000).ok_or(())?;
        if !frac.is_empty() {
            if !frac.bytes().all(|b| b.is_ascii_digit()) {
                return Err(());
            }
            let mut scale = 100;
            for d in frac.bytes().take(3) {
                ms += u64::from(d - b'0') * scale;
                scale /= 10;
            }
        }
        Ok(ClockTime(ms))
    }
}

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total_s = self.0 / 1000;
        let ms = self.0 % 1000;
        write!(
            f,
            "{}:{:02}:{:02}",
            total_s / 3600,
            total_s / 60 % 60,
            total_s % 60
        )?;
        if ms != 0 {
            let digits = format!("{ms:03}");
            write!(f, ".{}", digits.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

/// An engine evaluation as `[%eval]` writes it: pawns from White's point of
/// view, or a mate distance, with an optional search depth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Eval {
    /// Pawns from White's point of view, or a mate distance.
    pub score: Score,
    /// The search depth, when given (`[%eval 0.17,20]`).
    pub depth: Option<u32>,
}

/// The score of an [`Eval`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns from White's point of view (`0.17` is 17).
    Centipawns(i32),
    /// Mate in this many moves; negative when Black mates (`#-3`).
    Mate(i32),
}

impl core::str::FromStr for Eval {
    type Err = ();

    fn from_str(s: &str) -> Result<Eval, ()> {
        let (score, depth) = match s.split_once(',') {
            Some((v, d)) => (v, Some(d.trim().parse::<u32>().map_err(|_| ())?)),
            None => (s, None),
        };
        let score = score.trim();
        let score = if let Some(mate) = score.strip_prefix('#') {
            Score::Mate(mate.parse().map_err(|_| ())?)
        } else {
            Score::Centipawns(parse_centipawns(score).ok_or(())?)
        };
        Ok(Eval { score, depth })
    }
}

fn parse_centipawns(s: &str) -> Option<i32> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    if !whole
        .bytes()
        .chain(frac.bytes())
        .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut cp = whole.checked_mul(100)?;
    let mut scale = 10;
    for d in frac.bytes().take(2) {
        cp += i32::from(d - b'0') * scale;
        scale /= 10;
    }
    Some(if neg { -cp } else { cp })
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            Score::Mate(n) => write!(f, "#{n}")?,
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)?;
            }
        }
        if let Some(d) = self.depth {
            write!(f, ",{d}")?;
        }
        Ok(())
    }
}

/// A comment with its embedded commands taken out and read.
///
/// The text keeps its words; runs of whitespace (line breaks included)
/// become one space, so that a comment reads the same however the file
/// wrapped it.
///
/// ```
/// use arbiter_pgn::{ClockTime, Comment};
/// let c = Comment::parse("[%eval 0.17] [%clk 0:03:00] Book move");
/// assert_eq!(c.clock, Some(ClockTime::from_millis(180_000)));
/// assert_eq!(c.text, "Book move");
/// assert_eq!(c.to_string(), "[%eval 0.17] [%clk 0:03:00] Book move");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Comment {
    /// The words of the comment, without its commands.
    pub text: String,
    /// `[%clk]`: the mover's clock after the move.
    pub clock: Option<ClockTime>,
    /// `[%emt]`: the time the move took.
    pub elapsed: Option<ClockTime>,
    /// `[%eval]`: an engine's evaluation.
    pub eval: Option<Eval>,
    /// Any other command (`%csl`, `%cal`, …) as name and arguments, in order;
    /// also a `%clk`, `%emt` or `%eval` whose arguments could not be read.
    pub commands: Vec<(String, String)>,
}

impl Comment {
    /// A comment of plain text.
    pub fn text(text: impl Into<String>) -> Comment {
        Comment {
            text: collapse_spaces(&text.into()),
            ..Comment::default()
        }
    }

    /// Reads a comment's text (what stands between the braces).
    pub fn parse(raw: &str) -> Comment {
        let mut c = Comment::default();
        let mut words = String::with_capacity(raw.len());
        let mut rest = raw;
        while let Some(open) = rest.find("[%") {
            words.push_str(&rest[..open]);
            words.push(' ');
            let after = &rest[open + 2..];
            let Some(close) = after.find(']') else {
                words.push_str(&rest[open..]);
                rest = "";
                break;
            };
            let body = after[..close].trim();
            let (name, args) = match body.find(|ch: char| ch.is_whitespace()) {
                Some(sp) => (&body[..sp], body[sp..].trim()),
                None => (body, ""),
            };
            c.add_command(name, args);
            rest = &after[close + 1..];
        }
        words.push_str(rest);
        c.text = collapse_spaces(&words);
        c
    }

    fn add_command(&mut self, name: &str, args: &str) {
        let read = match name {
            "clk" if self.clock.is_none() => args.parse().map(|t| self.clock = Some(t)),
            "emt" if self.elapsed.is_none() => args.parse().map(|t| self.elapsed = Some(t)),
            "eval" if self.eval.is_none() => args.parse().map(|e| self.eval = Some(e)),
            _ => Err(()),
        };
        if read.is_err() {
            self.commands
                .push((name.to_string(), collapse_spaces(args)));
        }
    }

    /// `true` if the comment says nothing at all.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
            && self.clock.is_none()
            && self.elapsed.is_none()
            && self.eval.is_none()
            && self.commands.is_empty()
    }
}

impl fmt::Display for Comment {
    /// The comment as it goes between braces: commands first, then the text.
    /// A `}` in the text, which would end the comment, is written as `)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(e) = self.eval {
            parts.push(format!("[%eval {e}]"));
        }
        if let Some(t) = self.clock {
            parts.push(format!("[%clk {t}]"));
        }
        if let Some(t) = self.elapsed {
            parts.push(format!("[%emt {t}]"));
        }
        for (name, args) in &self.commands {
            if args.is_empty() {
                parts.push(format!("[%{name}]"));
            } else {
                parts.push(format!("[%{name} {args}]"));
            }
        }
        if !self.text.is_empty() {
            parts.push(self.text.replace('}', ")"));
        }
        f.write_str(&parts.join(" "))
    }
}

fn collapse_spaces(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_forms() {
        assert_eq!("1:05:30".parse(), Ok(ClockTime(3_930_000)));
        assert_eq!("0:00:05.25".parse(), Ok(ClockTime(5_250)));
        assert_eq!("3:00".parse(), Ok(ClockTime(180_000)));
        assert!("1:x".parse::<ClockTime>().is_err());
        assert_eq!(ClockTime(3_930_000).to_string(), "1:05:30");
    }

    #[test]
    fn evals() {
        assert_eq!(
            "-1.5".parse(),
            Ok(Eval {
                score: Score::Centipawns(-150),
                depth: None
            })
        );
        assert_eq!(
            "#-3".parse(),
            Ok(Eval {
                score: Score::Mate(-3),
                depth: None
            })
        );
        assert_eq!(
            "0.17,20".parse(),
            Ok(Eval {
                score: Score::Centipawns(17),
                depth: Some(20)
            })
        );
        assert_eq!(
            Eval {
                score: Score::Centipawns(-5),
                depth: None
            }
            .to_string(),
            "-0.05"
        );
    }

    #[test]
    fn commands_are_separated_from_text() {
        let c = Comment::parse("[%csl Ga1][%cal Ra1h1,Gb1b8] foo [%clk 3:25:45] [%eval #1,5]");
        assert_eq!(c.text, "foo");
        assert_eq!(c.clock, Some(ClockTime(((3 * 60 + 25) * 60 + 45) * 1000)));
        assert_eq!(
            c.eval,
            Some(Eval {
                score: Score::Mate(1),
                depth: Some(5)
            })
        );
        assert_eq!(
            c.commands,
            [
                ("csl".into(), "Ga1".into()),
                ("cal".into(), "Ra1h1,Gb1b8".into())
            ]
        );
        assert_eq!(Comment::parse(&c.to_string()), c);
    }

    #[test]
    fn unreadable_commands_are_kept() {
        let c = Comment::parse("[%clk soon]");
        assert_eq!(c.clock, None);
        assert_eq!(c.commands, [("clk".into(), "soon".into())]);
        assert_eq!(Comment::parse(&c.to_string()), c);
    }
}
