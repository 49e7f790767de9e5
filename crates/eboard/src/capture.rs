//! Recorded captures of a board's serial line: one chunk of bytes a line,
//! as read from the port, base64-encoded.

use base64::Engine as _;
use thiserror::Error;

/// A line of a capture that is not base64.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("capture line {line}: not base64 ({reason})")]
pub struct CaptureError {
    /// The line, from 1.
    pub line: usize,
    /// What the base64 reader said.
    pub reason: String,
}

/// The chunks of a capture, in order; blank lines are skipped.
///
/// ```
/// let chunks = arbiter_eboard::capture::chunks("jgAFNAA=\n\n")?;
/// assert_eq!(chunks, vec![vec![0x8e, 0x00, 0x05, 0x34, 0x00]]);
/// # Ok::<(), arbiter_eboard::capture::CaptureError>(())
/// ```
pub fn chunks(text: &str) -> Result<Vec<Vec<u8>>, CaptureError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            base64::engine::general_purpose::STANDARD
                .decode(l.trim())
                .map_err(|e| CaptureError {
                    line: i + 1,
                    reason: e.to_string(),
                })
        })
        .collect()
}

/// A capture's chunks written back as its lines.
pub fn lines(chunks: &[Vec<u8>]) -> String {
    let mut out = String::new();
    for c in chunks {
        out.push_str(&base64::engine::general_purpose::STANDARD.encode(c));
        out.push('\n');
    }
    out
}
