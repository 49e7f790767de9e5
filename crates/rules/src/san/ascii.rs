//! The fast reader for PGN's SAN tokens: one pass over the bytes, from both
//! ends, without allocating.

use super::{ParseSanError, ParseSanErrorKind, San, SanPlus, Suffix};
use crate::{CastlingSide, File, Rank, Role, Square};

/// Reads a SAN token, ignoring any trailing `+ # ! ?` run.
#[inline]
pub(super) fn parse(s: &[u8]) -> Result<San, ParseSanError> {
    let end = s
        .iter()
        .rposition(|b| !matches!(b, b'+' | b'#' | b'!' | b'?'))
        .map_or(0, |i| i + 1);
    parse_body(s, end)
}

/// Reads a SAN token and its check or mate mark.
pub(super) fn parse_plus(s: &[u8]) -> Result<SanPlus, ParseSanError> {
    let san = parse(s)?;
    // The last check or mate mark decides, annotations (`!?`) aside.
    let suffix = s
        .iter()
        .rev()
        .take_while(|b| b"+#!?".contains(b))
        .fold(None, |found, b| match (found, b) {
            (None, b'+') => Some(Suffix::Check),
            (None, b'#') => Some(Suffix::Checkmate),
            _ => found,
        });
    Ok(SanPlus { san, suffix })
}

#[inline]
fn parse_body(s: &[u8], end: usize) -> Result<San, ParseSanError> {
    let body = &s[..end];
    match body {
        b"O-O" | b"0-0" => return Ok(San::Castle(CastlingSide::KingSide)),
        b"O-O-O" | b"0-0-0" => return Ok(San::Castle(CastlingSide::QueenSide)),
        b"--" => return Ok(San::Null),
        [] => return Err(error(s, 0, ParseSanErrorKind::Empty)),
        [b'O' | b'0', ..] => return Err(error(s, 0, ParseSanErrorKind::Castling)),
        _ => {}
    }

    let (body, promotion) = match body {
        [rest @ .., b'=', p] => match promotion_role(*p) {
            Some(role) => (rest, Some(role)),
            None => return Err(error(s, end - 1, ParseSanErrorKind::Promotion)),
        },
        [.., b'='] => return Err(error(s, end, ParseSanErrorKind::Promotion)),
        // A promotion piece without `=` follows the destination's rank.
        [.., b'1'..=b'8', p @ (b'Q' | b'R' | b'B' | b'N' | b'K')] => {
            (&body[..body.len() - 1], promotion_role(*p))
        }
        _ => (body, None),
    };

    let (prefix, to) = match body {
        [prefix @ .., f, r] => match (file(*f), rank(*r)) {
            (Some(f), Some(r)) => (prefix, Square::from_coords(f, r)),
            (None, _) => return Err(unexpected(s, body.len() - 2)),
            (_, None) => return Err(unexpected(s, body.len() - 1)),
        },
        _ => return Err(error(s, body.len(), ParseSanErrorKind::NoDestination)),
    };

    let (role, rest) = match prefix {
        [b'N', rest @ ..] => (Role::Knight, rest),
        [b'B', rest @ ..] => (Role::Bishop, rest),
        [b'R', rest @ ..] => (Role::Rook, rest),
        [b'Q', rest @ ..] => (Role::Queen, rest),
        [b'K', rest @ ..] => (Role::King, rest),
        [b'P', rest @ ..] => (Role::Pawn, rest),
        _ => (Role::Pawn, prefix),
    };
    let (rest, capture) = match rest {
        [rest @ .., b'x'] => (rest, true),
        _ => (rest, false),
    };
    let (file, rest) = match rest {
        [f, rest @ ..] if file(*f).is_some() => (file(*f), rest),
        _ => (None, rest),
    };
    let (rank, rest) = match rest {
        [r, rest @ ..] if rank(*r).is_some() => (rank(*r), rest),
        _ => (None, rest),
    };
    if !rest.is_empty() {
        // The prefix ends just before the disambiguation's leftovers.
        let at = prefix.len() - rest.len() - usize::from(capture);
        return Err(unexpected(s, at));
    }
    Ok(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

#[inline(always)]
fn file(b: u8) -> Option<File> {
    File::from_char(b as char)
}

#[inline(always)]
fn rank(b: u8) -> Option<Rank> {
    Rank::from_char(b as char)
}

/// Promotion letters in PGN are upper case; `K` reads so that resolving can
/// say a king is no promotion piece.
#[inline(always)]
fn promotion_role(b: u8) -> Option<Role> {
    match b {
        b'Q' => Some(Role::Queen),
        b'R' => Some(Role::Rook),
        b'B' => Some(Role::Bishop),
        b'N' => Some(Role::Knight),
        b'K' => Some(Role::King),
        _ => None,
    }
}

#[cold]
fn unexpected(s: &[u8], index: usize) -> ParseSanError {
    let c = s.get(index).map_or('\u{fffd}', |&b| b as char);
    let kind = if c.is_ascii() {
        ParseSanErrorKind::Unexpected(c)
    } else {
        ParseSanErrorKind::Unexpected('\u{fffd}')
    };
    error(s, index, kind)
}

#[cold]
fn error(s: &[u8], index: usize, kind: ParseSanErrorKind) -> ParseSanError {
    // Columns count characters, so count the UTF-8 lead bytes before `index`.
    let column = s[..index.min(s.len())]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count()
        + 1;
    ParseSanError::new(&String::from_utf8_lossy(s), column, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(s: &str) -> (Role, Option<File>, Option<Rank>, bool, Square, Option<Role>) {
        match parse(s.as_bytes()).unwrap() {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => (role, file, rank, capture, to, promotion),
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn reads_pgn_tokens() {
        assert_eq!(
            normal("Nf3"),
            (Role::Knight, None, None, false, Square::F3, None)
        );
        assert_eq!(
            normal("exd5"),
            (Role::Pawn, Some(File::E), None, true, Square::D5, None)
        );
        assert_eq!(
            normal("Qh4xe1+"),
            (
                Role::Queen,
                Some(File::H),
                Some(Rank::Fourth),
                true,
                Square::E1,
                None
            )
        );
        assert_eq!(
            normal("R1e2"),
            (Role::Rook, None, Some(Rank::First), false, Square::E2, None)
        );
        assert_eq!(
            normal("e8=Q#"),
            (Role::Pawn, None, None, false, Square::E8, Some(Role::Queen))
        );
        assert_eq!(
            normal("fxg1N!?"),
            (
                Role::Pawn,
                Some(File::F),
                None,
                true,
                Square::G1,
                Some(Role::Knight)
            )
        );
        assert_eq!(
            parse(b"O-O-O+").unwrap(),
            San::Castle(CastlingSide::QueenSide)
        );
        assert_eq!(parse(b"0-0").unwrap(), San::Castle(CastlingSide::KingSide));
        assert_eq!(parse(b"--").unwrap(), San::Null);
    }

    #[test]
    fn keeps_the_mark() {
        assert_eq!(parse_plus(b"Qh4#").unwrap().suffix, Some(Suffix::Checkmate));
        assert_eq!(parse_plus(b"Nf3+!?").unwrap().suffix, Some(Suffix::Check));
        assert_eq!(parse_plus(b"Nf3!").unwrap().suffix, None);
    }

    #[test]
    fn rejects_with_a_column() {
        for (text, column, kind) in [
            ("", 1, ParseSanErrorKind::Empty),
            ("+", 1, ParseSanErrorKind::Empty),
            ("Nf9", 3, ParseSanErrorKind::Unexpected('9')),
            ("Nz3", 2, ParseSanErrorKind::Unexpected('z')),
            ("N", 2, ParseSanErrorKind::NoDestination),
            ("e8=", 4, ParseSanErrorKind::Promotion),
            ("e8=X", 4, ParseSanErrorKind::Promotion),
            ("O-O-O-O", 1, ParseSanErrorKind::Castling),
            ("Q@f8", 2, ParseSanErrorKind::Unexpected('@')),
            ("Nbb1d2", 3, ParseSanErrorKind::Unexpected('b')),
        ] {
            let err = parse(text.as_bytes()).unwrap_err();
            assert_eq!((err.column, &err.kind), (column, &kind), "{text}");
        }
    }
}
