//! Move notation, in one place: SAN for the record, the seeds' Chinese form,
//! and reading a move a player or a log gives (UCI or SAN).
//!
//! The full notation module of `arbiter_rules` (branch `notation`) will take
//! over here; until then this is a small, exact SAN writer and a reader that
//! matches the text against the SAN of each legal move.

use arbiter_rules::{Bitboard, Move, MoveKind, Position, Role, uci::Uci};

/// SAN with its check or mate suffix (`Nf3`, `exd5`, `O-O`, `e8=Q#`).
pub fn san(pos: &Position, m: Move) -> String {
    let mut s = san_without_suffix(pos, m);
    let after = pos.after(m);
    if after.is_checkmate() {
        s.push('#');
    } else if after.is_check() {
        s.push('+');
    }
    s
}

fn san_without_suffix(pos: &Position, m: Move) -> String {
    if let Some(side) = m.castling_side() {
        return side.san().to_string();
    }
    let role = pos.moving_role(m).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    let mut s = String::new();
    if role == Role::Pawn {
        if capture {
            s.push(m.from().file().char());
        }
    } else {
        s.push(role.upper_char());
        let rivals: Vec<Move> = pos
            .legal_moves_between(
                pos.board().by_piece(arbiter_rules::Piece {
                    color: pos.turn(),
                    role,
                }),
                Bitboard::from(m.to()),
            )
            .into_iter()
            .filter(|o| o.from() != m.from() && !o.is_castle())
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|o| o.from().file() == m.from().file());
            let same_rank = rivals.iter().any(|o| o.from().rank() == m.from().rank());
            if !same_file {
                s.push(m.from().file().char());
            } else if !same_rank {
                s.push(m.from().rank().char());
            } else {
                s.push_str(&m.from().to_string());
            }
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&m.to().to_string());
    if let MoveKind::Promotion(r) = m.kind() {
        s.push('=');
        s.push(r.upper_char());
    }
    s
}

/// The seeds' short form in Chinese piece names: `马f3`, `车×a7`, `f4`,
/// `0-0`, `e8=后`, check `+`, mate `#`.
pub fn chinese(pos: &Position, m: Move) -> String {
    let mut out = String::new();
    for c in san(pos, m).chars() {
        match c {
            'O' => out.push('0'),
            'x' => out.push('×'),
            'K' | 'Q' | 'R' | 'B' | 'N' => {
                let role = Role::from_char(c.to_ascii_lowercase()).unwrap_or(Role::Pawn);
                out.push(role.chinese());
            }
            _ => out.push(c),
        }
    }
    out
}

/// Text that names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a legal move here (legal moves are given in UCI like e2e4 or SAN like Nf3)"
)]
pub struct UnknownMove {
    /// The text given.
    pub text: String,
}

fn normalise(text: &str) -> String {
    text.trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .replace("e.p.", "")
        .replace(['x', ':', '-', '×', '—', ' ', '='], "")
        .replace('0', "O")
}

/// Reads a move given in UCI (`e2e4`, `e1g1`, `e7e8q`) or SAN (`Nf3`,
/// `exd5`, `O-O`, `0-0`, `e8=Q`, `Ng1f3`), checking it is legal.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, UnknownMove> {
    let unknown = || UnknownMove {
        text: text.to_string(),
    };
    if let Ok(uci) = text.trim().parse::<Uci>()
        && let Ok(m) = uci.to_move(pos)
    {
        return Ok(m);
    }
    let wanted = normalise(text);
    if wanted.is_empty() {
        return Err(unknown());
    }
    let mut found = None;
    for m in pos.legal_moves() {
        let short = normalise(&san_without_suffix(pos, m));
        let role = pos.moving_role(m).unwrap_or(Role::Pawn);
        let letter = if role == Role::Pawn {
            String::new()
        } else {
            role.upper_char().to_string()
        };
        let promo = m
            .promotion_role()
            .map(|r| r.upper_char().to_string())
            .unwrap_or_default();
        let long = format!("{letter}{}{}{promo}", m.from(), m.king_destination());
        if short == wanted || long == wanted {
            if found.is_some() {
                return Err(unknown());
            }
            found = Some(m);
        }
    }
    found.ok_or_else(unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_san() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let m = parse_move(&pos, "O-O").unwrap();
        assert_eq!(san(&pos, m), "O-O");
        assert_eq!(parse_move(&pos, "0-0").unwrap(), m);
        assert_eq!(parse_move(&pos, "e1g1").unwrap(), m);
        let rooks = Position::from_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        let rook = parse_move(&rooks, "Rad1").unwrap();
        assert_eq!(san(&rooks, rook), "Rad1");
        assert_eq!(chinese(&rooks, rook), "车ad1");
        assert!(parse_move(&rooks, "Rd1").is_err(), "ambiguous");
        assert_eq!(parse_move(&rooks, "Ra1d1").unwrap(), rook);
        assert_eq!(chinese(&pos, parse_move(&pos, "Rxa8+").unwrap()), "车×a8+");
    }
}
