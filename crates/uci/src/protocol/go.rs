//! Commands the GUI sends: `position` and `go`.

use core::fmt;

/// The limits of one search: the `go` command.
///
/// ```
/// use arbiter_uci::protocol::Go;
/// let go = Go { wtime: Some(9_800), btime: Some(10_000), winc: Some(100), binc: Some(100), ..Go::default() };
/// assert_eq!(go.to_string(), "go wtime 9800 btime 10000 winc 100 binc 100");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// White's remaining time in milliseconds.
    pub wtime: Option<u64>,
    /// Black's remaining time in milliseconds.
    pub btime: Option<u64>,
    /// White's increment per move in milliseconds.
    pub winc: Option<u64>,
    /// Black's increment per move in milliseconds.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search exactly this many milliseconds.
    pub movetime: Option<u64>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        let fields: [(&str, Option<u64>); 8] = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
            ("movestogo", self.movestogo.map(u64::from)),
            ("movetime", self.movetime),
            ("nodes", self.nodes),
            ("depth", self.depth.map(u64::from)),
        ];
        for (key, value) in fields {
            if let Some(v) = value {
                write!(f, " {key} {v}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

/// The `position` command: a start and the moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionCommand {
    /// The starting FEN, or `None` for the standard starting position.
    pub fen: Option<String>,
    /// The moves since, in UCI notation.
    pub moves: Vec<String>,
}

impl fmt::Display for PositionCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.fen {
            Some(fen) => write!(f, "position fen {fen}")?,
            None => f.write_str("position startpos")?,
        }
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            for m in &self.moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_is_written() {
        let go = Go {
            movestogo: Some(12),
            movetime: Some(500),
            nodes: Some(10_000),
            depth: Some(7),
            infinite: true,
            ..Go::default()
        };
        assert_eq!(
            go.to_string(),
            "go movestogo 12 movetime 500 nodes 10000 depth 7 infinite"
        );
    }

    #[test]
    fn position_commands() {
        let p = PositionCommand {
            fen: None,
            moves: vec!["e2e4".into(), "e7e5".into()],
        };
        assert_eq!(p.to_string(), "position startpos moves e2e4 e7e5");
        let p = PositionCommand {
            fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
            moves: vec![],
        };
        assert_eq!(p.to_string(), "position fen 8/8/8/8/8/8/8/K6k w - - 0 1");
    }
}
