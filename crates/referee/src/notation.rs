//! Move notation, in one place: SAN for the record, the seeds' Chinese form,
//! and reading a move a player or a log gives (UCI or anything a scoresheet
//! may hold), all from `arbiter_rules`.

use arbiter_rules::notation::Notation;
use arbiter_rules::{Move, Position, uci::Uci};

use crate::{Rule, Ruling};

/// SAN with its check or mate suffix (`Nf3`, `exd5`, `O-O`, `e8=Q#`).
pub fn san(pos: &Position, m: Move) -> String {
    pos.san(m)
}

/// The seeds' short form in Chinese piece names: `马f3`, `车×a7`, `f4`,
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
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, UnknownMove> {
    let mut written = text.to_string();
    if let Ok(uci) = text.trim().parse::<Uci>() {
        if let Ok(m) = uci.to_move(pos) {
            return Ok(m);
        }
        // Diagnose UCI as the long form of the piece that stands there, so
        // that the reason names the right piece (`Bc1-e3`, not a pawn).
        if let Uci::Normal {
            from,
            to,
            promotion,
        } = uci
            && let Some(piece) = pos.piece_at(from)
            && piece.color == pos.turn()
            && piece.role != arbiter_rules::Role::Pawn
        {
            let promo = promotion
                .map(|r| format!("={}", r.upper_char()))
                .unwrap_or_default();
            written = format!("{}{from}-{to}{promo}", piece.role.upper_char());
        }
    }
    pos.parse_san(&written).map_err(|e| {
        let rule = Rule::try_from(e.rule().to_string()).unwrap_or_else(|_| Rule::fide("3.10.1"));
        UnknownMove {
            text: text.to_string(),
            ruling: Ruling::new(
                rule,
                format!("not a legal move: {e}"),
                format!("不是合法着法：{}", e.message_zh()),
            ),
        }
    })
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
}
