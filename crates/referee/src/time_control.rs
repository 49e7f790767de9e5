//! Time controls (FIDE 6.3) in PGN `TimeControl` syntax, with the few forms
//! PGN lacks (delays) added; see `docs/time-control.md`.
//!
//! ```
//! use arbiter_referee::{Pace, TimeControl};
//! let tc: TimeControl = "40/5400+30:1800+30".parse()?;
//! assert_eq!(tc.to_string(), "40/5400+30:1800+30");
//! assert_eq!(tc.pace(), Pace::Standard);
//! assert_eq!("300+2".parse::<TimeControl>()?.pace(), Pace::Blitz);
//! assert_eq!("900d5".parse::<TimeControl>()?.pace(), Pace::Rapid);
//! # Ok::<(), arbiter_referee::ParseTimeControlError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

/// What a player gets on each move besides the period's base time (FIDE 6.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// Nothing: sudden death or a plain move-count period.
    None,
    /// Fischer increment: added after each completed move (`+N`).
    Increment(u64),
    /// US (simple) delay: the clock waits this long each move before it
    /// starts counting down (`dN`).
    Delay(u64),
    /// Bronstein delay: after each move the time used is given back, up to
    /// this much (`bN`).
    Bronstein(u64),
}

/// One period of a time control: a number of moves (or the rest of the
/// game) in a base time, with a per-move bonus.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Period {
    /// Moves to complete in this period; `None` for all remaining moves.
    pub moves: Option<u32>,
    /// The time the period adds to the clock, in milliseconds.
    pub base_ms: u64,
    /// The per-move bonus.
    pub bonus: Bonus,
}

/// A time control.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// `?`: not known. The clock does not run.
    #[default]
    Unknown,
    /// `-`: no time control. The clock does not run.
    Untimed,
    /// Periods played one after the other (`40/5400+30:1800+30`). A last
    /// period with a move count repeats (`40/7200` is 40 moves in two hours,
    /// again and again).
    Periods(Vec<Period>),
    /// Hourglass (`*60`, the PGN sandclock): the time one player uses is
    /// added to the other's.
    Hourglass {
        /// Each side's time at the start, in milliseconds.
        total_ms: u64,
    },
}

/// How fast a game is: the line FIDE draws between standard, rapid
/// (Appendix A) and blitz (Appendix B).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// 60 minutes or more per player for 60 moves (base plus 60 increments).
    Standard,
    /// More than 10 and less than 60 minutes (FIDE A.1).
    Rapid,
    /// 10 minutes or less (FIDE B.1).
    Blitz,
}

impl TimeControl {
    /// Sudden death: `seconds` for the game, plus `increment_seconds` per move.
    pub fn sudden_death(base_ms: u64, bonus: Bonus) -> TimeControl {
        TimeControl::Periods(vec![Period {
            moves: None,
            base_ms,
            bonus,
        }])
    }

    /// `true` when a clock runs under this control.
    pub fn is_timed(&self) -> bool {
        matches!(
            self,
            TimeControl::Periods(_) | TimeControl::Hourglass { .. }
        )
    }

    /// The period in force after `index` periods have been completed
    /// (repeating the last one when it has a move count).
    pub fn period(&self, index: usize) -> Option<Period> {
        match self {
            TimeControl::Periods(p) => p.get(index).or(p.last()).copied(),
            _ => None,
        }
    }

    /// The time on each clock at the start.
    pub fn initial_ms(&self) -> u64 {
        match self {
            TimeControl::Periods(p) => p.first().map_or(0, |p| p.base_ms),
            TimeControl::Hourglass { total_ms } => *total_ms,
            _ => 0,
        }
    }

    /// `true` in the period in which all remaining moves must be made (the
    /// last period, sudden death), after `completed` periods.
    pub fn is_last_period(&self, completed: usize) -> bool {
        match self {
            TimeControl::Periods(_) => self.period(completed).is_some_and(|p| p.moves.is_none()),
            _ => true,
        }
    }

    /// The time a player has for the first 60 moves (base times plus 60
    /// increments), the measure FIDE Appendices A and B use; `None` untimed.
    pub fn time_for_sixty_moves_ms(&self) -> Option<u64> {
        match self {
            TimeControl::Periods(periods) => {
                let mut total = 0u64;
                let mut moves_done = 0u32;
                let mut index = 0;
                while moves_done < 60 {
                    let Some(p) = periods.get(index).or(periods.last()) else {
                        break;
                    };
                    total = total.saturating_add(p.base_ms);
                    let moves = p.moves.map_or(60 - moves_done, |m| m.min(60 - moves_done));
                    if let Bonus::Increment(inc) | Bonus::Delay(inc) | Bonus::Bronstein(inc) =
                        p.bonus
                    {
                        total = total.saturating_add(inc.saturating_mul(u64::from(moves)));
                    }
                    moves_done += moves.max(1);
                    index += 1;
                }
                Some(total)
            }
            TimeControl::Hourglass { total_ms } => Some(*total_ms),
            _ => None,
        }
    }

    /// Standard, rapid or blitz (FIDE Appendices A.1 and B.1). Untimed and
    /// unknown controls count as standard.
    pub fn pace(&self) -> Pace {
        const TEN_MINUTES: u64 = 10 * 60 * 1000;
        const SIXTY_MINUTES: u64 = 60 * 60 * 1000;
        match self.time_for_sixty_moves_ms() {
            Some(t) if t <= TEN_MINUTES => Pace::Blitz,
            Some(t) if t < SIXTY_MINUTES => Pace::Rapid,
            _ => Pace::Standard,
        }
    }
}

/// Text that is not a time control, with the place of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time control {text:?}, period {period}: {problem}")]
pub struct ParseTimeControlError {
    /// The whole text.
    pub text: String,
    /// The period (1-based) where the problem is.
    pub period: usize,
    /// What is wrong.
    pub problem: String,
}

/// Reads seconds with an optional fraction (`1800`, `0.5`, `5.232`) as
/// milliseconds.
fn parse_seconds(s: &str) -> Result<u64, String> {
    let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() && fraction.is_empty() {
        return Err("a number of seconds is missing".into());
    }
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return Err(format!("{s:?} is not a number of seconds"));
    }
    let whole_ms = if whole.is_empty() {
        0
    } else {
        whole
            .parse::<u64>()
            .map_err(|_| format!("{s:?} is too large"))?
            .checked_mul(1000)
            .ok_or_else(|| format!("{s:?} is too large"))?
    };
    let mut frac_ms = 0u64;
    for (i, b) in fraction.bytes().take(3).enumerate() {
        frac_ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    Ok(whole_ms + frac_ms)
}

fn write_seconds(f: &mut fmt::Formatter<'_>, ms: u64) -> fmt::Result {
    if ms.is_multiple_of(1000) {
        write!(f, "{}", ms / 1000)
    } else {
        let frac = format!("{:03}", ms % 1000);
        write!(f, "{}.{}", ms / 1000, frac.trim_end_matches('0'))
    }
}

fn parse_period(s: &str) -> Result<Period, String> {
    let (moves, rest) = match s.split_once('/') {
        Some((m, rest)) => {
            let moves = m
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{m:?} is not a number of moves"))?;
            (Some(moves), rest)
        }
        None => (None, s),
    };
    let split = rest.find(['+', 'd', 'b']);
    let (base, bonus) = match split {
        Some(i) => {
            let amount = parse_seconds(&rest[i + 1..])?;
            let bonus = match rest.as_bytes()[i] {
                b'+' => Bonus::Increment(amount),
                b'd' => Bonus::Delay(amount),
                _ => Bonus::Bronstein(amount),
            };
            (&rest[..i], bonus)
        }
        None => (rest, Bonus::None),
    };
    Ok(Period {
        moves,
        base_ms: parse_seconds(base)?,
        bonus,
    })
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = |period: usize, problem: String| ParseTimeControlError {
            text: text.to_string(),
            period,
            problem,
        };
        let t = text.trim();
        match t {
            "?" | "" => return Ok(TimeControl::Unknown),
            "-" => return Ok(TimeControl::Untimed),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("hourglass:").or_else(|| t.strip_prefix('*')) {
            return parse_seconds(rest)
                .map(|total_ms| TimeControl::Hourglass { total_ms })
                .map_err(|p| error(1, p));
        }
        let periods = t
            .split(':')
            .enumerate()
            .map(|(i, p)| parse_period(p).map_err(|e| error(i + 1, e)))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(i) = periods.iter().position(|p| p.moves.is_none())
            && i + 1 < periods.len()
        {
            return Err(error(
                i + 2,
                "no period can follow one that has no move count (sudden death)".into(),
            ));
        }
        Ok(TimeControl::Periods(periods))
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Untimed => f.write_str("-"),
            TimeControl::Hourglass { total_ms } => {
                f.write_str("*")?;
                write_seconds(f, *total_ms)
            }
            TimeControl::Periods(periods) => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    if let Some(m) = p.moves {
                        write!(f, "{m}/")?;
                    }
                    write_seconds(f, p.base_ms)?;
                    let (sign, amount) = match p.bonus {
                        Bonus::None => continue,
                        Bonus::Increment(ms) => ('+', ms),
                        Bonus::Delay(ms) => ('d', ms),
                        Bonus::Bronstein(ms) => ('b', ms),
                    };
                    write!(f, "{sign}")?;
                    write_seconds(f, amount)?;
                }
                Ok(())
            }
        }
    }
}

impl Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TimeControl, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_forms_round_trip() {
        for text in [
            "?",
            "-",
            "300+2",
            "40/5400+30:1800+30",
            "40/7200:3600",
            "300+0.5",
            "1800+5.232",
            "23.743+0.039",
            "900d5",
            "600b3",
            "*60",
            "60",
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text, "{text}");
        }
        assert_eq!(
            "hourglass:60".parse::<TimeControl>().unwrap(),
            TimeControl::Hourglass { total_ms: 60_000 }
        );
    }

    #[test]
    fn bad_forms_name_their_period() {
        let e = "40/5400:x".parse::<TimeControl>().unwrap_err();
        assert_eq!(e.period, 2);
        let e = "300:40/60".parse::<TimeControl>().unwrap_err();
        assert_eq!(e.period, 2);
        assert!("0/60".parse::<TimeControl>().is_err());
        assert!("+5".parse::<TimeControl>().is_err());
    }

    #[test]
    fn paces_follow_appendices_a_and_b() {
        let pace = |s: &str| s.parse::<TimeControl>().unwrap().pace();
        assert_eq!(pace("600"), Pace::Blitz);
        assert_eq!(pace("180+2"), Pace::Blitz);
        assert_eq!(pace("600+1"), Pace::Rapid);
        assert_eq!(pace("900+10"), Pace::Rapid);
        assert_eq!(pace("3000+10"), Pace::Standard);
        assert_eq!(pace("3540"), Pace::Rapid);
        assert_eq!(pace("3600"), Pace::Standard);
        assert_eq!(pace("40/5400+30:1800+30"), Pace::Standard);
        assert_eq!(pace("-"), Pace::Standard);
    }

    #[test]
    fn a_last_period_with_a_move_count_repeats() {
        let tc: TimeControl = "40/7200:20/3600".parse().unwrap();
        assert_eq!(tc.period(5).unwrap().base_ms, 3_600_000);
        assert!(!tc.is_last_period(3));
        let sd: TimeControl = "40/7200:3600".parse().unwrap();
        assert!(!sd.is_last_period(0));
        assert!(sd.is_last_period(1));
    }
}
