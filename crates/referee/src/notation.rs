//! Move notation, in one place: SAN for the record, the classic rules' Chinese form,
//! and reading a move a player or a log gives (UCI or anything a scoresheet
//! may hold), all from `arbiter_rules`.

use arbiter_rules::notation::Notation;
use arbiter_rules::{Move, Position, uci::Uci};

use crate::{Rule, Ruling};

/// SAN with its check or mate suffix (`Nf3`, `exd5`, `O-O`, `e8=Q#`).
pub fn san(pos: &Position, m: Move) -> String {
    pos.san(m)
}

/// The classic rules' short form in Chinese piece names: `马f3`, `车×a7`, `f4`,
/// `0-0`, `e8=后`, check `+`, mate `#`.
pub fn chinese(pos: &Position, m: Move) -> String {
    Notation::ChineseShort.write(pos, m)
}

/// Text that names no legal move, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .ruling.message.en)]
pub struct UnknownMove {
    /// The text given.
    pub text: String,
    /// The rule broken and why, in English and Chinese.
    pub ruling: Ruling,
}

/// Reads a move given in UCI (`e2e4`, `e1g1`, `e7e8q`) or as a scoresheet
/// may write it (`Nf3`, `exd5`, `0-0`, `e8=Q`, `Ng1-f3`, `马g1—f3`),
/// checking it is legal.
///
/// Text that is well-formed UCI is read as UCI and nothing else: `b1a3`
/// with no piece on b1 is refused, never re-read by the scoresheet reader
/// (where a lower-case `b` may be a bishop, and `b1a3` would become
/// `Bc1-a3`), so a client's stale or mistyped move is never replaced by
/// another one.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, UnknownMove> {
    match text.trim().parse::<Uci>() {
        Ok(uci) => uci.to_move(pos).map_err(|_| illegal_uci(pos, text, uci)),
        Err(_) => pos.parse_san(text).map_err(|e| unknown(text, &e)),
    }
}

/// Reads a move in UCI only, as the lichess API sends it: any other text,
/// even a legal move in SAN, is refused.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, UnknownMove> {
    let uci = text.trim().parse::<Uci>().map_err(|e| UnknownMove {
        text: text.to_string(),
        ruling: Ruling::new(
            Rule::fide("Appendix C"),
            format!("not a legal move: {e}"),
            format!("不是合法着法：{text:?} 不是 UCI 着法（应为起点格、终点格及可选的升变字母，如 e2e4、e7e8q）"),
        ),
    })?;
    uci.to_move(pos).map_err(|_| illegal_uci(pos, text, uci))
}

/// Why the well-formed UCI `uci` names no legal move: said of the piece
/// that stands on its origin (`Bc1-e3` is blocked), or of the empty
/// square.
fn illegal_uci(pos: &Position, text: &str, uci: Uci) -> UnknownMove {
    let Uci::Normal {
        from,
        to,
        promotion,
    } = uci
    else {
        return UnknownMove {
            text: text.to_string(),
            ruling: Ruling::new(
                Rule::fide("3.10.1"),
                format!("not a legal move: {text}"),
                format!("不是合法着法：{text}"),
            ),
        };
    };
    match pos.piece_at(from) {
        Some(piece) if piece.color == pos.turn() => {
            let letter = match piece.role {
                arbiter_rules::Role::Pawn => String::new(),
                role => role.upper_char().to_string(),
            };
            let promo = promotion
                .map(|r| format!("={}", r.upper_char()))
                .unwrap_or_default();
            // The long form names the piece, so the scoresheet reader's
            // diagnosis says what stops it; the move itself was already
            // refused.
            let long = format!("{letter}{from}-{to}{promo}");
            match pos.parse_san(&long) {
                Err(e) => unknown(text, &e),
                Ok(_) => UnknownMove {
                    text: text.to_string(),
                    ruling: Ruling::new(
                        Rule::fide("3.10.1"),
                        format!("not a legal move: {text} ({long} is written differently in UCI)"),
                        format!("不是合法着法：{text}（{long} 的 UCI 写法不同）"),
                    ),
                },
            }
        }
        Some(_) => UnknownMove {
            text: text.to_string(),
            ruling: Ruling::new(
                Rule::fide("1.2"),
                format!("not a legal move: the piece on {from} is the opponent's"),
                format!("不是合法着法：{from} 格上是对方的棋子"),
            ),
        },
        None => UnknownMove {
            text: text.to_string(),
            ruling: Ruling::new(
                Rule::fide("3.10.1"),
                format!("not a legal move: there is no piece on {from}"),
                format!("不是合法着法：{from} 格上没有棋子"),
            ),
        },
    }
}

fn unknown(text: &str, e: &arbiter_rules::san::SanError) -> UnknownMove {
    UnknownMove {
        text: text.to_string(),
        ruling: Ruling::new(
            e.rule(),
            format!("not a legal move: {e}"),
            format!("不是合法着法：{}", e.message_zh()),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_moves() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let m = parse_move(&pos, "O-O").unwrap();
        assert_eq!(san(&pos, m), "O-O");
        assert_eq!(parse_move(&pos, "0-0").unwrap(), m);
        assert_eq!(parse_move(&pos, "e1g1").unwrap(), m);
        let rooks = Position::from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        let rook = parse_move(&rooks, "Rad1").unwrap();
        assert_eq!(chinese(&rooks, rook), "车ad1");
        let e = parse_move(&rooks, "Rd1").unwrap_err();
        assert_eq!(e.ruling.rule.to_string(), "FIDE Appendix C");
        assert!(
            e.ruling.message.zh.contains("歧义"),
            "{}",
            e.ruling.message.zh
        );
        assert_eq!(parse_move(&rooks, "车a1—d1").unwrap(), rook);
    }

    #[test]
    fn well_formed_uci_is_never_read_as_san() {
        let start = Position::new();
        // b1 is empty (the knight is on c3) and b2 too (the pawn is on b3):
        // the scoresheet reader takes `b1a3` for the bishop's Bc1-a3.
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/1PN5/P1PPPPPP/R1BQKBNR w KQkq - 0 1")
            .unwrap();
        assert_eq!(san(&pos, pos.parse_san("b1a3").unwrap()), "Ba3");
        let e = parse_move(&pos, "b1a3").unwrap_err();
        assert!(e.ruling.message.en.contains("no piece on b1"), "{e}");
        assert!(parse_uci(&pos, "b1a3").is_err());
        // The same text from a scoresheet's point of view is still a bishop
        // move when it is not well-formed UCI.
        let bishop =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 1")
                .unwrap();
        assert_eq!(san(&bishop, parse_move(&bishop, "bb2").unwrap()), "Bb2");
        // UCI only: SAN is refused, UCI is read.
        assert!(parse_uci(&start, "Nf3").is_err());
        assert_eq!(san(&start, parse_uci(&start, "g1f3").unwrap()), "Nf3");
        assert_eq!(san(&start, parse_move(&start, "Nf3").unwrap()), "Nf3");
    }
}
