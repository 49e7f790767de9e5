//! How long an engine may think: the clock (as the referee keeps it) and
//! the per-move limits of UCI (`st=`, `nodes=`, `depth=`).

use arbiter_referee::{Bonus, Period, TimeControl};
use arbiter_rules::Color;

use crate::protocol::Go;

/// An engine's limits in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The clock; [`TimeControl::Untimed`] when the engine plays without
    /// one.
    pub clock: TimeControl,
    /// `go movetime`: a fixed time per move, in milliseconds.
    pub movetime_ms: Option<u64>,
    /// `go nodes`.
    pub nodes: Option<u64>,
    /// `go depth`.
    pub depth: Option<u32>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            clock: TimeControl::Untimed,
            movetime_ms: None,
            nodes: None,
            depth: None,
        }
    }
}

impl Limits {
    /// True if the engine has some limit (a clock, a move time, nodes or
    /// depth); without one a search would never end.
    pub fn is_bounded(&self) -> bool {
        self.clock.is_timed()
            || self.movetime_ms.is_some()
            || self.nodes.is_some()
            || self.depth.is_some()
    }
}

/// A time control in cutechess-cli's and fastchess's syntax:
/// `[moves/]time[+increment]`, times in seconds (decimals allowed, or
/// `minutes:seconds`), or `inf`.
///
/// ```
/// use arbiter_uci::tournament::parse_time_control;
/// use arbiter_referee::{Bonus, Period, TimeControl};
/// assert_eq!(parse_time_control("1+0.01")?, TimeControl::Periods(vec![Period {
///     moves: None, base_ms: 1_000, bonus: Bonus::Increment(10) }]));
/// assert_eq!(parse_time_control("40/1:30")?, TimeControl::Periods(vec![Period {
///     moves: Some(40), base_ms: 90_000, bonus: Bonus::None }]));
/// # Ok::<(), String>(())
/// ```
pub fn parse_time_control(text: &str) -> Result<TimeControl, String> {
    let t = text.trim();
    if t == "inf" || t == "infinite" {
        return Ok(TimeControl::Untimed);
    }
    let (moves, rest) = match t.split_once('/') {
        Some((m, rest)) => {
            let moves: u32 = m
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{m:?} is not a number of moves"))?;
            (Some(moves), rest)
        }
        None => (None, t),
    };
    let (base, increment) = match rest.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (rest, None),
    };
    let base_ms = parse_duration_ms(base)?;
    let bonus = match increment.map(parse_duration_ms).transpose()? {
        Some(0) | None => Bonus::None,
        Some(ms) => Bonus::Increment(ms),
    };
    if base_ms == 0 && moves.is_some() {
        return Err("a period with a move count needs some time".into());
    }
    Ok(TimeControl::Periods(vec![Period {
        moves,
        base_ms,
        bonus,
    }]))
}

/// `seconds[.fraction]` or `minutes:seconds[.fraction]`, in milliseconds.
pub fn parse_duration_ms(text: &str) -> Result<u64, String> {
    let bad = || format!("{text:?} is not a time in seconds (like 10, 0.5 or 1:30)");
    let (minutes, seconds) = match text.split_once(':') {
        Some((m, s)) => (m.parse::<u64>().map_err(|_| bad())?, s),
        None => (0, text),
    };
    let secs: f64 = seconds.parse().map_err(|_| bad())?;
    if !secs.is_finite() || secs < 0.0 {
        return Err(bad());
    }
    Ok(minutes * 60_000 + (secs * 1000.0).round() as u64)
}

/// Everything `go` needs to know about one side, its clock as the
/// referee keeps it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SideClock<'a> {
    /// The side's limits.
    pub limits: &'a Limits,
    /// Its time left, in milliseconds.
    pub remaining_ms: i64,
    /// The increment its next move earns, in milliseconds.
    pub increment_ms: u64,
    /// The moves it still owes in its period (`None` in sudden death).
    pub moves_to_go: Option<u32>,
}

/// The `go` command for `to_move`, from both sides' clocks.
pub fn go_command(to_move: Color, white: SideClock<'_>, black: SideClock<'_>) -> Go {
    let mover = to_move.fold(white, black);
    let mut go = Go {
        movetime: mover.limits.movetime_ms,
        nodes: mover.limits.nodes,
        depth: mover.limits.depth,
        ..Go::default()
    };
    if mover.limits.clock.is_timed() {
        let time = |s: SideClock<'_>| {
            s.limits
                .clock
                .is_timed()
                .then(|| s.remaining_ms.max(1) as u64)
        };
        let inc = |s: SideClock<'_>| s.limits.clock.is_timed().then_some(s.increment_ms);
        go.wtime = time(white);
        go.btime = time(black);
        go.winc = inc(white);
        go.binc = inc(black);
        go.movestogo = mover.moves_to_go;
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_in_cutechess_syntax() {
        assert_eq!(parse_time_control("inf").unwrap(), TimeControl::Untimed);
        assert_eq!(
            parse_time_control("10+0.1").unwrap(),
            TimeControl::sudden_death(10_000, Bonus::Increment(100))
        );
        assert_eq!(
            parse_time_control("0:30").unwrap(),
            TimeControl::sudden_death(30_000, Bonus::None)
        );
        assert!(parse_time_control("x+1").is_err());
        assert!(parse_time_control("0/10").is_err());
        assert!(parse_time_control("10+-1").is_err());
    }

    #[test]
    fn go_carries_both_clocks_and_the_movers_limits() {
        let limits = Limits {
            clock: parse_time_control("40/10+0.5").unwrap(),
            ..Limits::default()
        };
        let white = SideClock {
            limits: &limits,
            remaining_ms: 9_000,
            increment_ms: 500,
            moves_to_go: Some(37),
        };
        let black = SideClock {
            limits: &limits,
            remaining_ms: -5,
            increment_ms: 500,
            moves_to_go: Some(38),
        };
        let go = go_command(Color::Black, white, black);
        assert_eq!(
            go.to_string(),
            "go wtime 9000 btime 1 winc 500 binc 500 movestogo 38"
        );
        let fixed = Limits {
            movetime_ms: Some(100),
            ..Limits::default()
        };
        let side = SideClock {
            limits: &fixed,
            remaining_ms: 0,
            increment_ms: 0,
            moves_to_go: None,
        };
        assert_eq!(
            go_command(Color::White, side, side).to_string(),
            "go movetime 100"
        );
    }
}
