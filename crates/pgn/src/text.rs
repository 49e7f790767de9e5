//! Text in PGN files: UTF-8 by the standard, Latin-1 in many older files.

use std::borrow::Cow;

/// Decodes bytes as UTF-8, or, when they are not valid UTF-8, as Latin-1
/// (ISO 8859-1), which is what older PGN files (ChessBase, Scid) use.
///
/// ```
/// use arbiter_pgn::decode_text;
/// assert_eq!(decode_text(b"Kr\xe0mnik"), "Kràmnik");
/// assert_eq!(decode_text("Kràmnik".as_bytes()), "Kràmnik");
/// ```
pub fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// `true` if the bytes are not valid UTF-8 (and so are read as Latin-1).
pub fn is_latin1(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_err()
}

/// Undoes the `\"` and `\\` escapes of a tag value.
pub(crate) fn unescape(value: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'\\', value).is_none() {
        return Cow::Borrowed(value);
    }
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    while i < value.len() {
        if value[i] == b'\\' && matches!(value.get(i + 1), Some(b'"' | b'\\')) {
            i += 1;
        }
        out.push(value[i]);
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_undone() {
        assert_eq!(&*unescape(br#"a \"b\" c\\"#), br#"a "b" c\"#);
        assert_eq!(&*unescape(br"lone \ backslash"), br"lone \ backslash");
    }
}
