//! Where a termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`) stands in the
//! movetext. The result itself is `arbiter_rules::GameResult`, re-exported
//! here.

/// How long a result marker starting at `bytes[0]` is, if one starts there
/// and ends at a token boundary. `None` also when more bytes are needed to
/// tell and `eof` is false is reported as `Err(())`.
#[inline(always)]
pub(crate) fn result_len(bytes: &[u8], eof: bool) -> Result<Option<usize>, ()> {
    // Move numbers (`1.`, `10.`) start like results: their second byte
    // tells them apart at once, here where the parser and the splitter ask
    // at every move number, without a call.
    if let [b'0' | b'1', second, ..] = bytes
        && !matches!(second, b'/' | b'-')
    {
        return Ok(None);
    }
    marker_len(bytes, eof)
}

/// [`result_len`] past its first test.
fn marker_len(bytes: &[u8], eof: bool) -> Result<Option<usize>, ()> {
    const CANDIDATES: [&[u8]; 4] = [b"1/2-1/2", b"1-0", b"0-1", b"*"];
    for c in CANDIDATES {
        let n = c.len();
        if bytes.len() < n + 1 && !eof && c.starts_with(&bytes[..bytes.len().min(n)]) {
            return Err(());
        }
        if bytes.starts_with(c) && bytes.get(n).is_none_or(|&b| crate::lex::ends_token(b)) {
            return Ok(Some(n));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_need_a_token_boundary() {
        assert_eq!(result_len(b"1-0 ", false), Ok(Some(3)));
        assert_eq!(result_len(b"1-0", true), Ok(Some(3)));
        assert_eq!(result_len(b"1-0", false), Err(()));
        assert_eq!(result_len(b"1/2-1/2\n", false), Ok(Some(7)));
        assert_eq!(result_len(b"1. e4", false), Ok(None));
        assert_eq!(result_len(b"0-0-0 ", false), Ok(None));
        assert_eq!(result_len(b"10. e4", false), Ok(None));
        assert_eq!(result_len(b"*", true), Ok(Some(1)));
    }
}
