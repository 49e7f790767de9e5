//! Reading an engine's output line by line, whatever it sends.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The longest line kept; the rest of a longer line is skipped. No UCI
/// message needs more, and an engine that floods one endless line must not
/// exhaust memory.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads lines ending in `\n` or `\r\n` (a lone `\r` is kept as text),
/// decoding them leniently as UTF-8 and cutting them at [`MAX_LINE`].
///
/// Cancel-safe: bytes are moved into the line buffer before they are
/// consumed from the reader, so a read cut short by a timeout loses
/// nothing.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    line: Vec<u8>,
    overflowed: bool,
}

impl<R: AsyncBufRead + Unpin> LineReader<R> {
    /// Wraps a buffered reader.
    pub fn new(inner: R) -> Self {
        LineReader {
            inner,
            line: Vec::with_capacity(256),
            overflowed: false,
        }
    }

    /// The next line without its line end, or `None` at the end of the
    /// stream (a last line without a line end is returned first).
    pub async fn next_line(&mut self) -> std::io::Result<Option<String>> {
        loop {
            let buf = self.inner.fill_buf().await?;
            if buf.is_empty() {
                if self.line.is_empty() && !self.overflowed {
                    return Ok(None);
                }
                return Ok(Some(self.take()));
            }
            match memchr(buf) {
                Some(pos) => {
                    push(&mut self.line, &mut self.overflowed, &buf[..pos]);
                    self.inner.consume(pos + 1);
                    return Ok(Some(self.take()));
                }
                None => {
                    let n = buf.len();
                    push(&mut self.line, &mut self.overflowed, buf);
                    self.inner.consume(n);
                }
            }
        }
    }

    fn take(&mut self) -> String {
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        let s = String::from_utf8_lossy(&self.line).into_owned();
        self.line.clear();
        self.overflowed = false;
        s
    }
}

/// Appends what fits under [`MAX_LINE`] and notes an overflow.
fn push(line: &mut Vec<u8>, overflowed: &mut bool, bytes: &[u8]) {
    let room = MAX_LINE.saturating_sub(line.len());
    if bytes.len() > room {
        *overflowed = true;
    }
    line.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

fn memchr(buf: &[u8]) -> Option<usize> {
    buf.iter().position(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn read_all(bytes: &[u8]) -> Vec<String> {
        let mut r = LineReader::new(tokio::io::BufReader::with_capacity(7, bytes));
        let mut out = Vec::new();
        while let Some(l) = r.next_line().await.unwrap() {
            out.push(l);
        }
        out
    }

    #[tokio::test]
    async fn crlf_lf_and_unterminated_last_line() {
        assert_eq!(
            read_all(b"uciok\r\nreadyok\nbestmove e2e4").await,
            ["uciok", "readyok", "bestmove e2e4"]
        );
    }

    #[tokio::test]
    async fn endless_line_is_cut_and_the_next_line_still_read() {
        let mut input = vec![b'x'; MAX_LINE * 3];
        input.extend_from_slice(b"\nreadyok\n");
        let lines = read_all(&input).await;
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "readyok");
    }

    #[tokio::test]
    async fn invalid_utf8_is_replaced_not_fatal() {
        assert_eq!(
            read_all(b"id name \xff\xfe\n").await,
            ["id name \u{fffd}\u{fffd}"]
        );
    }
}
