//! The fast reader for PGN's SAN tokens: one pass over the bytes, from both
//! ends, without allocating.

use super::{ParseSanError, ParseSanErrorKind, PieceMove, San, SanPlus, Suffix};
use crate::{Bitboard, CastlingSide, File, Rank, Role, Square};

/// Reads a SAN token, ignoring any trailing `+ # ! ?` run.
#[inline]
pub(super) fn parse(s: &[u8]) -> Result<San, ParseSanError> {
    if let Some(san) = common(s) {
        return Ok(san);
    }
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

/// The forms nearly every move of a game is written in, told apart by
/// their length and letters (`e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd7`, `R1e2`,
/// `Nbxd7`, `Qh4e1`, `O-O`), or `None` for any other token, which [`parse_body`]
/// reads the same. Reading games, this is most of the time spent on SAN.
#[inline(always)]
fn common(s: &[u8]) -> Option<San> {
    let (role, file, rank, capture, to) = match *s {
        [b'O', b'-', b'O'] => return Some(San::Castle(CastlingSide::KingSide)),
        [b'O', b'-', b'O', b'-', b'O'] => return Some(San::Castle(CastlingSide::QueenSide)),
        [f, r] => (Role::Pawn, None, None, false, square(f, r)?),
        [p, f, r] => (piece(p)?, None, None, false, square(f, r)?),
        [a, b'x', f, r] => match piece(a) {
            Some(role) => (role, None, None, true, square(f, r)?),
            None => (Role::Pawn, Some(file(a)?), None, true, square(f, r)?),
        },
        [p, d, f, r] => {
            let role = piece(p)?;
            match (file(d), rank(d)) {
                (Some(file), _) => (role, Some(file), None, false, square(f, r)?),
                (None, Some(rank)) => (role, None, Some(rank), false, square(f, r)?),
                (None, None) => return None,
            }
        }
        [p, d, b'x', f, r] => {
            let role = piece(p)?;
            match (file(d), rank(d)) {
                (Some(file), _) => (role, Some(file), None, true, square(f, r)?),
                (None, Some(rank)) => (role, None, Some(rank), true, square(f, r)?),
                (None, None) => return None,
            }
        }
        [p, a, b, f, r] => (
            piece(p)?,
            Some(file(a)?),
            Some(rank(b)?),
            false,
            square(f, r)?,
        ),
        [p, a, b, b'x', f, r] => (
            piece(p)?,
            Some(file(a)?),
            Some(rank(b)?),
            true,
            square(f, r)?,
        ),
        _ => return None,
    };
    Some(San::Normal(PieceMove {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    }))
}

/// What a token in one of the usual forms of a piece's or pawn's move
/// names, ready for resolving: the piece, the squares the token lets it
/// come from, and the destination; `None` for any other token (castling
/// among them). It reads the forms [`common`] reads, the same way: a pawn
/// move without a file is a push, so comes from the destination's file.
/// Resolving needs no more, and goes faster without building a [`San`].
#[inline(always)]
pub(super) fn plain(s: &[u8]) -> Option<(Role, Bitboard, Square)> {
    match *s {
        [f, r] => {
            let to = square(f, r)?;
            Some((Role::Pawn, Bitboard::file(to.file()), to))
        }
        [p, f, r] => Some((piece(p)?, Bitboard::FULL, square(f, r)?)),
        [a, b'x', f, r] => {
            let to = square(f, r)?;
            match piece(a) {
                Some(role) => Some((role, Bitboard::FULL, to)),
                None => Some((Role::Pawn, Bitboard::file(file(a)?), to)),
            }
        }
        [p, d, f, r] | [p, d, b'x', f, r] => {
            Some((piece(p)?, from_file_or_rank(d)?, square(f, r)?))
        }
        // Three pieces of a kind reaching one square may need both.
        [p, a, b, f, r] | [p, a, b, b'x', f, r] => Some((
            piece(p)?,
            Bitboard::from_square(square(a, b)?),
            square(f, r)?,
        )),
        _ => None,
    }
}

/// The squares a disambiguating file or rank letter leaves.
#[inline(always)]
fn from_file_or_rank(d: u8) -> Option<Bitboard> {
    match (file(d), rank(d)) {
        (Some(file), _) => Some(Bitboard::file(file)),
        (None, Some(rank)) => Some(Bitboard::rank(rank)),
        (None, None) => None,
    }
}

/// The piece a SAN's capital letter names (a pawn's move names none).
#[inline(always)]
fn piece(b: u8) -> Option<Role> {
    // Looked up: a `match` jumps through a table to one of six places, a
    // jump the processor mispredicts from one move to the next.
    static PIECES: [Option<Role>; 256] = {
        let mut t = [None; 256];
        t[b'N' as usize] = Some(Role::Knight);
        t[b'B' as usize] = Some(Role::Bishop);
        t[b'R' as usize] = Some(Role::Rook);
        t[b'Q' as usize] = Some(Role::Queen);
        t[b'K' as usize] = Some(Role::King);
        t
    };
    PIECES[b as usize]
}

#[inline(always)]
fn square(f: u8, r: u8) -> Option<Square> {
    Some(Square::from_coords(file(f)?, rank(r)?))
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
    Ok(San::Normal(PieceMove {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    }))
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
            San::Normal(m) => (m.role, m.file, m.rank, m.capture, m.to, m.promotion),
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
    fn the_common_forms_read_as_every_form_does() {
        // Every token of up to five bytes over the letters of SAN, and a
        // few more.
        let letters = b"abeh18NBRQKPOx-=+#";
        let mut tokens: Vec<Vec<u8>> = vec![Vec::new()];
        let mut last: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..5 {
            last = last
                .iter()
                .flat_map(|t| {
                    letters.iter().map(move |&b| {
                        let mut t = t.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
            tokens.extend(last.iter().cloned());
        }
        let mut common_ones = 0;
        for t in &tokens {
            if let Some(san) = common(t) {
                common_ones += 1;
                let end = t.len();
                assert_eq!(
                    Ok(san),
                    parse_body(t, end),
                    "{}",
                    String::from_utf8_lossy(t)
                );
            }
        }
        assert!(common_ones > 500, "{common_ones}");
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
