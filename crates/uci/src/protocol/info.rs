//! `info` lines: what an engine says about its search.

use core::fmt;

/// An evaluation as the engine reports it, from the side to move's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in so many moves (negative: the engine is being mated).
    Mate(i32),
}

impl Score {
    /// The score in centipawns for adjudication; a mate counts as a very
    /// large score of its sign.
    pub fn centipawns_or_mate(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }

    /// True for a mate score.
    pub fn is_mate(self) -> bool {
        matches!(self, Score::Mate(_))
    }
}

/// Writes the score as PGN comments usually do: `+0.31`, `-1.00`, `+M5`,
/// `-M3`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) => {
                let sign = if n < 0 { '-' } else { '+' };
                write!(f, "{sign}M{}", n.unsigned_abs())
            }
        }
    }
}

/// Whether a score is exact or a bound from an aspiration window.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// An exact score.
    #[default]
    Exact,
    /// `lowerbound`: the real score is at least this.
    Lower,
    /// `upperbound`: the real score is at most this.
    Upper,
}

/// One `info` line. Fields the engine did not send are `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// Search depth in plies.
    pub depth: Option<u32>,
    /// Selective search depth in plies.
    pub seldepth: Option<u32>,
    /// Which principal variation this is (1 is the best).
    pub multipv: Option<u32>,
    /// The score, if given.
    pub score: Option<Score>,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Search time in milliseconds, as the engine counts it.
    pub time_ms: Option<u64>,
    /// Tablebase hits.
    pub tbhits: Option<u64>,
    /// The principal variation, as the engine wrote it (UCI moves).
    pub pv: Vec<String>,
    /// Free text after `string` (the rest of the line).
    pub string: Option<String>,
}

impl Info {
    /// Reads the tokens after `info`. Unknown tokens and unparsable numbers
    /// are skipped: engines add their own fields.
    pub fn parse(rest: &str) -> Info {
        let mut info = Info::default();
        let mut it = super::tokens(rest).peekable();
        while let Some(key) = it.next() {
            match key {
                "depth" => info.depth = it.next().and_then(|t| t.parse().ok()),
                "seldepth" => info.seldepth = it.next().and_then(|t| t.parse().ok()),
                "multipv" => info.multipv = it.next().and_then(|t| t.parse().ok()),
                "nodes" => info.nodes = it.next().and_then(|t| t.parse().ok()),
                "nps" => info.nps = it.next().and_then(|t| t.parse().ok()),
                "time" => info.time_ms = it.next().and_then(|t| t.parse().ok()),
                "tbhits" => info.tbhits = it.next().and_then(|t| t.parse().ok()),
                "score" => {
                    while let Some(&t) = it.peek() {
                        match t {
                            "cp" => {
                                it.next();
                                info.score = it.next().and_then(|t| t.parse().ok()).map(Score::Cp);
                            }
                            "mate" => {
                                it.next();
                                info.score =
                                    it.next().and_then(|t| t.parse().ok()).map(Score::Mate);
                            }
                            "lowerbound" => {
                                it.next();
                                info.bound = Bound::Lower;
                            }
                            "upperbound" => {
                                it.next();
                                info.bound = Bound::Upper;
                            }
                            _ => break,
                        }
                    }
                }
                "pv" => {
                    // The pv runs to the next known keyword (some engines
                    // write fields after it).
                    while let Some(&t) = it.peek() {
                        if is_keyword(t) {
                            break;
                        }
                        info.pv.push(t.to_string());
                        it.next();
                    }
                }
                "string" => {
                    let text = rest
                        .split_once("string")
                        .map(|(_, s)| s.trim().to_string())
                        .unwrap_or_default();
                    info.string = Some(text);
                    break;
                }
                _ => {}
            }
        }
        info
    }

    /// True if this line reports the main line (multipv 1 or no multipv)
    /// with a score: the line a PGN comment and adjudication use.
    pub fn is_main_line_score(&self) -> bool {
        self.score.is_some() && self.multipv.unwrap_or(1) == 1 && self.string.is_none()
    }
}

fn is_keyword(t: &str) -> bool {
    matches!(
        t,
        "depth"
            | "seldepth"
            | "multipv"
            | "score"
            | "nodes"
            | "nps"
            | "time"
            | "tbhits"
            | "hashfull"
            | "currmove"
            | "currmovenumber"
            | "cpuload"
            | "string"
            | "refutation"
            | "currline"
            | "wdl"
            | "sbhits"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stockfish_line_is_read_field_by_field() {
        let i = Info::parse(
            "depth 18 seldepth 24 multipv 1 score cp 31 nodes 123456 nps 987654 hashfull 12 tbhits 0 time 152 pv e2e4 e7e5 g1f3",
        );
        assert_eq!(i.depth, Some(18));
        assert_eq!(i.seldepth, Some(24));
        assert_eq!(i.score, Some(Score::Cp(31)));
        assert_eq!(i.bound, Bound::Exact);
        assert_eq!(i.nodes, Some(123_456));
        assert_eq!(i.time_ms, Some(152));
        assert_eq!(i.pv, ["e2e4", "e7e5", "g1f3"]);
        assert!(i.is_main_line_score());
    }

    #[test]
    fn mate_scores_and_bounds() {
        let i = Info::parse("depth 5 score mate -3 upperbound pv e1e2");
        assert_eq!(i.score, Some(Score::Mate(-3)));
        assert_eq!(i.bound, Bound::Upper);
        let i = Info::parse("depth 9 score lowerbound cp 77");
        assert_eq!(i.score, Some(Score::Cp(77)));
        assert_eq!(i.bound, Bound::Lower);
        assert_eq!(Score::Mate(5).to_string(), "+M5");
        assert_eq!(Score::Mate(-2).to_string(), "-M2");
        assert_eq!(Score::Cp(-5).to_string(), "-0.05");
        assert_eq!(Score::Cp(31).to_string(), "+0.31");
        assert!(Score::Mate(3).centipawns_or_mate() > Score::Cp(5000).centipawns_or_mate());
        assert!(Score::Mate(-3).centipawns_or_mate() < Score::Cp(-5000).centipawns_or_mate());
    }

    #[test]
    fn secondary_lines_and_strings_are_not_main_line_scores() {
        let i = Info::parse("depth 10 multipv 2 score cp 12 pv d2d4");
        assert!(!i.is_main_line_score());
        let i = Info::parse("string NNUE evaluation using nn.nnue enabled  score cp 5");
        assert_eq!(
            i.string.as_deref(),
            Some("NNUE evaluation using nn.nnue enabled  score cp 5")
        );
        assert!(i.score.is_none());
    }

    #[test]
    fn garbage_does_not_panic() {
        let i = Info::parse("depth x score cp pv");
        assert_eq!(i.depth, None);
        assert_eq!(i.score, None);
        let i = Info::parse("score mate");
        assert_eq!(i.score, None);
    }
}
