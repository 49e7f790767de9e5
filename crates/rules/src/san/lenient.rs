//! The lenient reader for moves as people write them: scoresheets, books,
//! the classic rules. The module documentation of [`crate::san`] lists what it
//! accepts; this file turns characters into tokens (where all the variety
//! is), then reads the tokens with one small grammar.

use super::{ParseSanError, ParseSanErrorKind, PieceMove, San, SanPlus, Suffix};
use crate::{CastlingSide, File, Rank, Role, Square};

/// One unit of a move's text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    File(File),
    Rank(Rank),
    /// `x`, `×`, `:`.
    Capture,
    /// Any dash between the two squares of the long form.
    Dash,
    /// `=`, `/` or `(` before a promotion piece.
    PromotionMark,
    /// `)` after a promotion piece.
    Close,
    /// `O`, `o` or `0` of castling.
    CastleMark,
    Check,
    Mate,
    /// `!` or `?`.
    Annotation,
    /// `e.p.` and its variants.
    EnPassant,
}

#[derive(Copy, Clone, Debug)]
struct Token {
    tok: Tok,
    /// 1-based character column in the original text.
    column: usize,
    /// A lower-case `b`: the b-file, or maybe a bishop.
    lower_b: bool,
}

/// Reads a move as written on a scoresheet.
pub(super) fn parse(text: &str) -> Result<SanPlus, ParseSanError> {
    let tokens = tokenize(text)?;
    let (body, suffix) = split_marks(&tokens);
    let san = read(text, body)?;
    Ok(SanPlus { san, suffix })
}

/// The bishop reading of a text that starts with a lower-case `b` and was
/// read as a pawn move; `None` if there is no such reading.
pub(super) fn bishop_reading(text: &str, read_as: San) -> Option<San> {
    if !matches!(
        read_as,
        San::Normal(PieceMove {
            role: Role::Pawn,
            ..
        })
    ) {
        return None;
    }
    let tokens = tokenize(text).ok()?;
    let (body, _) = split_marks(&tokens);
    if !body.first()?.lower_b {
        return None;
    }
    read_normal(text, &as_bishop(body)).ok()
}

/// Characters folded to the one form the tokenizer knows: full-width ASCII
/// to ASCII, every dash to `-`, capture and check signs to `x`, `+`, `#`.
fn fold(c: char) -> char {
    match c {
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe58}' | '\u{fe63}' => '-',
        '×' | 'X' | ':' => 'x',
        '†' => '+',
        '‡' => '#',
        _ => c,
    }
}

fn tokenize(text: &str) -> Result<Vec<Token>, ParseSanError> {
    let chars: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (i + 1, fold(c)))
        .collect();
    let at = |i: usize| chars.get(i).map(|&(_, c)| c);
    let mut tokens = Vec::with_capacity(chars.len());
    let mut i = 0;
    while let Some(&(column, c)) = chars.get(i) {
        i += 1;
        let mut lower_b = false;
        let tok = match c {
            'e' if at(i) == Some('p') || (at(i) == Some('.') && at(i + 1) == Some('p')) => {
                i += if at(i) == Some('p') { 1 } else { 2 };
                if at(i) == Some('.') {
                    i += 1;
                }
                Tok::EnPassant
            }
            'a'..='h' => {
                lower_b = c == 'b';
                Tok::File(File::from_char(c).expect("a-h"))
            }
            '1'..='8' => Tok::Rank(Rank::from_char(c).expect("1-8")),
            'O' | 'o' | '0' => Tok::CastleMark,
            'x' => Tok::Capture,
            '-' => Tok::Dash,
            '=' | '/' | '(' => Tok::PromotionMark,
            ')' => Tok::Close,
            '+' => Tok::Check,
            '#' => Tok::Mate,
            '!' | '?' => Tok::Annotation,
            '皇' if at(i) == Some('后') => {
                i += 1;
                Tok::Piece(Role::Queen)
            }
            _ => match piece_symbol(c) {
                Some(role) => Tok::Piece(role),
                None => {
                    return Err(ParseSanError::new(
                        text,
                        column,
                        ParseSanErrorKind::Unexpected(c),
                    ));
                }
            },
        };
        tokens.push(Token {
            tok,
            column,
            lower_b,
        });
    }
    Ok(tokens)
}

/// Piece letters (but `b`), figurines of either colour, and Chinese names.
fn piece_symbol(c: char) -> Option<Role> {
    Some(match c {
        'K' | 'k' | '♔' | '♚' | '王' => Role::King,
        'Q' | 'q' | '♕' | '♛' | '后' => Role::Queen,
        'R' | 'r' | '♖' | '♜' | '车' | '車' => Role::Rook,
        'B' | '♗' | '♝' | '象' => Role::Bishop,
        'N' | 'n' | '♘' | '♞' | '马' | '馬' => Role::Knight,
        'P' | 'p' | '♙' | '♟' | '兵' => Role::Pawn,
        _ => return None,
    })
}

/// Splits off the trailing run of check, mate, annotation and en passant
/// marks, and says which check mark it holds. `++` is read as mate.
fn split_marks(tokens: &[Token]) -> (&[Token], Option<Suffix>) {
    let keep = tokens
        .iter()
        .rposition(|t| {
            !matches!(
                t.tok,
                Tok::Check | Tok::Mate | Tok::Annotation | Tok::EnPassant
            )
        })
        .map_or(0, |i| i + 1);
    let marks = &tokens[keep..];
    let checks = marks.iter().filter(|t| t.tok == Tok::Check).count();
    let suffix = if marks.iter().any(|t| t.tok == Tok::Mate) || checks >= 2 {
        Some(Suffix::Checkmate)
    } else if checks == 1 {
        Some(Suffix::Check)
    } else {
        None
    };
    (&tokens[..keep], suffix)
}

fn read(text: &str, body: &[Token]) -> Result<San, ParseSanError> {
    let Some(first) = body.first() else {
        return Err(ParseSanError::new(text, 1, ParseSanErrorKind::Empty));
    };
    if first.tok == Tok::CastleMark {
        return read_castling(text, body);
    }
    if body.len() == 2 && body.iter().all(|t| t.tok == Tok::Dash) {
        return Ok(San::Null);
    }
    if !first.lower_b {
        return read_normal(text, body);
    }
    // `b…`: the b-file where that makes a pawn move of its own kind, a
    // bishop otherwise.
    let pawn = read_normal(text, body);
    if pawn.as_ref().is_ok_and(is_b_pawn_move) {
        return pawn;
    }
    read_normal(text, &as_bishop(body)).or(pawn)
}

/// A pawn move that a leading `b` makes sense for: a long-form move from a
/// b-file square, or a capture from the b-file onto the a- or c-file.
fn is_b_pawn_move(san: &San) -> bool {
    match *san {
        San::Normal(PieceMove {
            rank: Some(_),
            file: Some(File::B),
            ..
        }) => true,
        San::Normal(PieceMove {
            file: Some(File::B),
            to,
            ..
        }) => matches!(to.file(), File::A | File::C),
        _ => false,
    }
}

fn as_bishop(body: &[Token]) -> Vec<Token> {
    let mut tokens = body.to_vec();
    tokens[0].tok = Tok::Piece(Role::Bishop);
    tokens[0].lower_b = false;
    tokens
}

/// `O-O`, `O-O-O`, with `O`, `o` or `0`, dashes optional.
fn read_castling(text: &str, body: &[Token]) -> Result<San, ParseSanError> {
    let err = |column| ParseSanError::new(text, column, ParseSanErrorKind::Castling);
    let mut marks = 0;
    let mut after_dash = false;
    for t in body {
        match t.tok {
            Tok::CastleMark => {
                marks += 1;
                after_dash = false;
            }
            Tok::Dash if !after_dash && marks > 0 => after_dash = true,
            _ => return Err(err(t.column)),
        }
    }
    match (marks, after_dash) {
        (2, false) => Ok(San::Castle(CastlingSide::KingSide)),
        (3, false) => Ok(San::Castle(CastlingSide::QueenSide)),
        _ => Err(err(body[0].column)),
    }
}

/// `[piece] [file] [rank] [x|-] file rank [promotion]`, read from the end.
fn read_normal(text: &str, body: &[Token]) -> Result<San, ParseSanError> {
    let end_column = text.chars().count() + 1;
    let column_after = |rest: &[Token]| {
        rest.last()
            .map_or(end_column, |t| t.column + 1)
            .min(end_column)
    };
    let unexpected = |t: &Token| {
        let c = text.chars().nth(t.column - 1).unwrap_or('\u{fffd}');
        ParseSanError::new(text, t.column, ParseSanErrorKind::Unexpected(c))
    };

    let (rest, promotion) = split_promotion(body)
        .map_err(|t| ParseSanError::new(text, column_after(t), ParseSanErrorKind::Promotion))?;

    if let Some(mark) = rest.last().filter(|t| t.tok == Tok::PromotionMark) {
        return Err(ParseSanError::new(
            text,
            mark.column + 1,
            ParseSanErrorKind::Promotion,
        ));
    }
    let (prefix, to) = match rest {
        [prefix @ .., f, r] => match (f.tok, r.tok) {
            (Tok::File(file), Tok::Rank(rank)) => (prefix, Square::from_coords(file, rank)),
            _ => {
                return Err(ParseSanError::new(
                    text,
                    column_after(rest),
                    ParseSanErrorKind::NoDestination,
                ));
            }
        },
        _ => {
            return Err(ParseSanError::new(
                text,
                column_after(rest),
                ParseSanErrorKind::NoDestination,
            ));
        }
    };

    let (prefix, capture) = match prefix {
        [rest @ .., sep] if sep.tok == Tok::Capture => (rest, true),
        [rest @ .., sep] if sep.tok == Tok::Dash && !rest.is_empty() => (rest, false),
        _ => (prefix, false),
    };
    let (role, prefix) = match prefix {
        [
            Token {
                tok: Tok::Piece(role),
                ..
            },
            rest @ ..,
        ] => (*role, rest),
        _ => (Role::Pawn, prefix),
    };
    let (file, prefix) = match prefix {
        [
            Token {
                tok: Tok::File(f), ..
            },
            rest @ ..,
        ] => (Some(*f), rest),
        _ => (None, prefix),
    };
    let (rank, prefix) = match prefix {
        [
            Token {
                tok: Tok::Rank(r), ..
            },
            rest @ ..,
        ] => (Some(*r), rest),
        _ => (None, prefix),
    };
    if let Some(t) = prefix.first() {
        return Err(unexpected(t));
    }
    Ok(San::Normal(PieceMove {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    }))
}

/// Splits a trailing promotion (`=Q`, `(Q)`, `/Q`, or a piece right after
/// the destination's rank). On a mark without a piece, the tokens up to it.
fn split_promotion(body: &[Token]) -> Result<(&[Token], Option<Role>), &[Token]> {
    match body {
        [rest @ .., open, p, close]
            if open.tok == Tok::PromotionMark && close.tok == Tok::Close =>
        {
            match promotion_piece(p) {
                Some(role) => Ok((rest, Some(role))),
                None => Err(&body[..body.len() - 2]),
            }
        }
        [rest @ .., mark, p] if mark.tok == Tok::PromotionMark => match promotion_piece(p) {
            Some(role) => Ok((rest, Some(role))),
            None => Err(&body[..body.len() - 1]),
        },
        [.., mark] if mark.tok == Tok::PromotionMark => Err(body),
        [.., r, p] if matches!(r.tok, Tok::Rank(_)) => match promotion_piece(p) {
            Some(role) => Ok((&body[..body.len() - 1], Some(role))),
            None => Ok((body, None)),
        },
        _ => Ok((body, None)),
    }
}

/// A piece after a promotion mark; a lower-case `b` there is a bishop.
fn promotion_piece(t: &Token) -> Option<Role> {
    match t.tok {
        Tok::Piece(role) => Some(role),
        Tok::File(File::B) if t.lower_b => Some(Role::Bishop),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::san::San;

    fn san(text: &str) -> San {
        match parse(text) {
            Ok(plus) => plus.san,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    /// The move as a PGN token has it, read by the strict reader (whose
    /// own tests, in `ascii`, read it field by field).
    fn pgn(token: &str) -> San {
        San::from_ascii(token.as_bytes()).unwrap_or_else(|e| panic!("{token}: {e}"))
    }

    /// Each of `forms` reads as the PGN token `token`.
    fn reads_as(token: &str, forms: &[&str]) {
        for form in forms {
            assert_eq!(san(form), pgn(token), "{form}");
        }
    }

    #[test]
    fn classic_forms() {
        reads_as(
            "Ng1f3",
            &[
                "马g1—f3",
                "馬g1-f3",
                "Ng1-f3",
                "Ng1–f3",
                "♘g1—f3",
                "ng1f3",
                "N g1 - f3",
            ],
        );
        reads_as(
            "Ra1xa7",
            &["车a1×a7", "車a1xa7", "Ra1:a7", "♜a1×a7", "Ｒａ１×ａ７"],
        );
        reads_as("Rxa7", &["车×a7"]);
        reads_as("Nf3", &["马f3"]);
        reads_as("f4", &["f4"]);
        reads_as("Qd1h5", &["皇后d1—h5"]);
    }

    #[test]
    fn castling_forms() {
        for text in ["0-0", "O-O", "o-o", "OO", "00", "0—0", "O-O+", "０－０"] {
            assert_eq!(san(text), San::Castle(CastlingSide::KingSide), "{text}");
        }
        for text in ["0-0-0", "O-O-O", "OOO", "0–0–0#"] {
            assert_eq!(san(text), San::Castle(CastlingSide::QueenSide), "{text}");
        }
        for text in ["O-O-O-O", "O", "O-", "O--O", "O-Oe4"] {
            let err = parse(text).unwrap_err();
            assert_eq!(err.kind, ParseSanErrorKind::Castling, "{text}");
        }
    }

    #[test]
    fn promotion_forms() {
        reads_as(
            "e8=Q",
            &[
                "e8=Q",
                "e8Q",
                "e8(Q)",
                "e8/Q",
                "e8=q",
                "e8=♕",
                "e8后",
                "e8=后",
                "e8（Q）",
            ],
        );
        reads_as("e7e8=B", &["e7-e8=b"]);
        for text in ["e8=", "e8(", "e8=x", "e8=(Q"] {
            let err = parse(text).unwrap_err();
            assert_eq!(err.kind, ParseSanErrorKind::Promotion, "{text}");
        }
    }

    #[test]
    fn marks_and_en_passant() {
        reads_as(
            "exd6",
            &[
                "exd6",
                "exd6 e.p.",
                "exd6e.p.",
                "exd6 ep",
                "e×d6 e.p.+",
                "exd6+ e.p.",
            ],
        );
        assert_eq!(parse("Qh4#").unwrap().suffix, Some(Suffix::Checkmate));
        assert_eq!(parse("Qh4++").unwrap().suffix, Some(Suffix::Checkmate));
        assert_eq!(parse("Qh4‡").unwrap().suffix, Some(Suffix::Checkmate));
        assert_eq!(parse("Qh4+!?").unwrap().suffix, Some(Suffix::Check));
        assert_eq!(parse("Qh4†").unwrap().suffix, Some(Suffix::Check));
        assert_eq!(parse("Qh4!!").unwrap().suffix, None);
        assert_eq!(san("--"), San::Null);
    }

    /// A lower-case `b` is the b-pawn where a pawn could make the move,
    /// and the bishop where none could.
    #[test]
    fn lower_case_b() {
        reads_as("bxc3", &["bxc3"]);
        reads_as("bxa4", &["bxa4"]);
        reads_as("b2b4", &["b2-b4"]);
        reads_as("b4", &["b4"]);
        reads_as("Bb5", &["bb5"]);
        reads_as("Bxe5", &["bxe5"]);
        reads_as("Bf1c4", &["bf1-c4"]);
    }

    #[test]
    fn errors_point_at_the_problem() {
        for (text, column, kind) in [
            ("", 1, ParseSanErrorKind::Empty),
            ("  +  ", 1, ParseSanErrorKind::Empty),
            ("Nf9", 3, ParseSanErrorKind::Unexpected('9')),
            ("马g1—f3z", 7, ParseSanErrorKind::Unexpected('z')),
            ("N", 2, ParseSanErrorKind::NoDestination),
            ("Q@f8", 2, ParseSanErrorKind::Unexpected('@')),
            ("NNf3", 2, ParseSanErrorKind::Unexpected('N')),
            ("-e4", 1, ParseSanErrorKind::Unexpected('-')),
        ] {
            let err = parse(text).unwrap_err();
            assert_eq!((err.column, &err.kind), (column, &kind), "{text}");
        }
    }
}
