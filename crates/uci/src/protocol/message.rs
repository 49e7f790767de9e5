//! Lines an engine sends to the GUI.

use arbiter_rules::uci::Uci;

use super::{Info, OptionDecl};

/// What an engine said on `bestmove`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestMove {
    /// A move in UCI notation (not yet checked for legality).
    Move {
        /// The move.
        uci: Uci,
        /// The move the engine would ponder on, if it gave one.
        ponder: Option<String>,
    },
    /// `bestmove (none)` or `bestmove 0000`: the engine says it has no
    /// move. In a position with legal moves this is an illegal move.
    NoMove {
        /// The token as written.
        text: String,
    },
    /// Something after `bestmove` that is not a UCI move, or nothing.
    Malformed {
        /// The rest of the line as written.
        text: String,
    },
}

/// One line from an engine, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name …`.
    IdName(String),
    /// `id author …`.
    IdAuthor(String),
    /// `uciok`: the handshake is complete.
    UciOk,
    /// `readyok`: the engine has caught up.
    ReadyOk,
    /// `option name … type …`.
    Option(OptionDecl),
    /// An `option` line that could not be read (kept for the log).
    BadOption {
        /// The line as the engine wrote it.
        line: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `info …`.
    Info(Info),
    /// `bestmove …`.
    BestMove(BestMove),
    /// Anything else (`copyprotection`, `registration`, banners, noise).
    Other,
}

impl EngineMessage {
    /// Classifies a line (without its line end). Leading whitespace is
    /// allowed, as the protocol asks GUIs to be tolerant.
    pub fn parse(line: &str) -> EngineMessage {
        let line = line.trim();
        let (head, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(h, r)| (h, r.trim_start()));
        match head {
            "uciok" => EngineMessage::UciOk,
            "readyok" => EngineMessage::ReadyOk,
            "bestmove" => EngineMessage::BestMove(parse_bestmove(rest)),
            "info" => EngineMessage::Info(Info::parse(rest)),
            "option" => match OptionDecl::parse(rest) {
                Ok(decl) => EngineMessage::Option(decl),
                Err(e) => EngineMessage::BadOption {
                    line: line.to_string(),
                    reason: e.to_string(),
                },
            },
            "id" => {
                let (what, value) = rest
                    .split_once(char::is_whitespace)
                    .map_or((rest, ""), |(w, v)| (w, v.trim()));
                match what {
                    "name" => EngineMessage::IdName(value.to_string()),
                    "author" => EngineMessage::IdAuthor(value.to_string()),
                    _ => EngineMessage::Other,
                }
            }
            _ => EngineMessage::Other,
        }
    }
}

fn parse_bestmove(rest: &str) -> BestMove {
    let mut it = super::tokens(rest);
    let Some(first) = it.next() else {
        return BestMove::Malformed {
            text: String::new(),
        };
    };
    if first == "(none)" || first == "0000" || first == "none" {
        return BestMove::NoMove {
            text: first.to_string(),
        };
    }
    match first.parse::<Uci>() {
        Ok(uci) => {
            let ponder = match (it.next(), it.next()) {
                (Some("ponder"), Some(p)) => Some(p.to_string()),
                _ => None,
            };
            BestMove::Move { uci, ponder }
        }
        Err(_) => BestMove::Malformed {
            text: rest.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bestmove_forms() {
        let m = EngineMessage::parse("bestmove e2e4 ponder e7e5");
        let EngineMessage::BestMove(BestMove::Move { uci, ponder }) = m else {
            panic!("{m:?}")
        };
        assert_eq!(uci.to_string(), "e2e4");
        assert_eq!(ponder.as_deref(), Some("e7e5"));
        assert_eq!(
            EngineMessage::parse("bestmove (none)"),
            EngineMessage::BestMove(BestMove::NoMove {
                text: "(none)".into()
            })
        );
        assert_eq!(
            EngineMessage::parse("bestmove 0000"),
            EngineMessage::BestMove(BestMove::NoMove {
                text: "0000".into()
            })
        );
        assert_eq!(
            EngineMessage::parse("bestmove"),
            EngineMessage::BestMove(BestMove::Malformed {
                text: String::new()
            })
        );
        assert_eq!(
            EngineMessage::parse("bestmove Nf3"),
            EngineMessage::BestMove(BestMove::Malformed { text: "Nf3".into() })
        );
        assert_eq!(
            EngineMessage::parse("bestmove e7e8Q"),
            EngineMessage::BestMove(BestMove::Malformed {
                text: "e7e8Q".into()
            })
        );
    }

    #[test]
    fn tolerant_spacing_and_other_lines() {
        assert_eq!(EngineMessage::parse("  uciok  "), EngineMessage::UciOk);
        assert_eq!(EngineMessage::parse("readyok\r"), EngineMessage::ReadyOk);
        assert_eq!(
            EngineMessage::parse("id   name  Stockfish 15.1"),
            EngineMessage::IdName("Stockfish 15.1".into())
        );
        assert_eq!(
            EngineMessage::parse("Stockfish 15.1 by the Stockfish developers"),
            EngineMessage::Other
        );
        assert_eq!(EngineMessage::parse(""), EngineMessage::Other);
    }
}
