//! Recorded captures of a board's serial line.
//!
//! Two forms are read:
//!
//! - **timed** (what `arbiter board --record` writes): each chunk of bytes
//!   as read from the port, on a line of its own after the milliseconds
//!   since the recording began, `MS BASE64`; the first line is the
//!   [`TIMED_HEADER`] comment. A replay can then give the board reader
//!   each chunk at the time it came.
//! - **untimed** (the older form, and the shared captures): one base64
//!   chunk a line, with no time; a replay spaces the chunks evenly.
//!
//! Lines starting with `#` are comments, blank lines are skipped; one file
//! is one form.

use base64::Engine as _;
use thiserror::Error;

/// The first line of a timed capture: it says what the lines hold.
pub const TIMED_HEADER: &str =
    "# arbiter board capture: milliseconds since the start, then the bytes read, in base64";

/// Why a capture cannot be read, with its line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("capture line {line}: {kind}")]
pub struct CaptureError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub kind: CaptureErrorKind,
}

/// What is wrong with a line of a capture.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CaptureErrorKind {
    /// The chunk is not base64.
    #[error("not base64 ({0})")]
    NotBase64(String),
    /// The time before the chunk is not a number of milliseconds.
    #[error("{0:?} is not a time in milliseconds")]
    BadTime(String),
    /// A chunk arrives before the one above it.
    #[error("{at} ms comes before the line above ({before} ms)")]
    TimeGoesBack {
        /// This line's time.
        at: u64,
        /// The time of the chunk before.
        before: u64,
    },
    /// Timed and untimed lines in one file.
    #[error("a timed capture's line needs its time, and an untimed one's has none")]
    MixedForms,
}

/// A capture: the chunks the board sent, in order, each with the time it
/// arrived (milliseconds from the start).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Capture {
    chunks: Vec<(u64, Vec<u8>)>,
    timed: bool,
}

impl Capture {
    /// Reads a capture of either form; the chunks of an untimed one are
    /// taken as arriving `spacing_ms` apart, the first at 0.
    ///
    /// ```
    /// use arbiter_eboard::capture::{Capture, TIMED_HEADER};
    /// let timed = Capture::parse(&format!("{TIMED_HEADER}\n0 jgAFNAA=\n1500 jgAFNAA=\n"), 0)?;
    /// assert!(timed.is_timed());
    /// assert_eq!(timed.chunks()[1].0, 1500);
    /// let untimed = Capture::parse("jgAFNAA=\njgAFNAA=\n", 40)?;
    /// assert_eq!(untimed.chunks()[1], (40, vec![0x8e, 0x00, 0x05, 0x34, 0x00]));
    /// # Ok::<(), arbiter_eboard::capture::CaptureError>(())
    /// ```
    pub fn parse(text: &str, spacing_ms: u64) -> Result<Capture, CaptureError> {
        let mut capture = Capture::default();
        let mut form: Option<bool> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |kind| CaptureError { line: i + 1, kind };
            let (time, data) = match line.split_once(char::is_whitespace) {
                Some((time, data)) => (Some(time), data.trim()),
                None => (None, line),
            };
            if *form.get_or_insert(time.is_some()) != time.is_some() {
                return Err(error(CaptureErrorKind::MixedForms));
            }
            let at = match time {
                Some(time) => {
                    let at: u64 = time
                        .parse()
                        .map_err(|_| error(CaptureErrorKind::BadTime(time.to_string())))?;
                    if let Some(&(before, _)) = capture.chunks.last()
                        && at < before
                    {
                        return Err(error(CaptureErrorKind::TimeGoesBack { at, before }));
                    }
                    at
                }
                None => spacing_ms.saturating_mul(capture.chunks.len() as u64),
            };
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(data)
                .map_err(|e| error(CaptureErrorKind::NotBase64(e.to_string())))?;
            capture.chunks.push((at, bytes));
        }
        capture.timed = form.unwrap_or(false);
        Ok(capture)
    }

    /// Whether the file gave each chunk its time.
    pub fn is_timed(&self) -> bool {
        self.timed
    }

    /// The chunks, each with the time it arrived.
    pub fn chunks(&self) -> &[(u64, Vec<u8>)] {
        &self.chunks
    }

    /// The chunks without their times.
    pub fn into_bytes(self) -> Vec<Vec<u8>> {
        self.chunks.into_iter().map(|(_, bytes)| bytes).collect()
    }
}

/// One line of a timed capture: a chunk read `at_ms` after the start.
///
/// ```
/// use arbiter_eboard::capture::timed_line;
/// assert_eq!(timed_line(1500, &[0x8e, 0x00, 0x05, 0x34, 0x00]), "1500 jgAFNAA=\n");
/// ```
pub fn timed_line(at_ms: u64, bytes: &[u8]) -> String {
    format!(
        "{at_ms} {}\n",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

/// The chunks of an untimed capture, in order; blank lines are skipped.
///
/// ```
/// let chunks = arbiter_eboard::capture::chunks("jgAFNAA=\n\n")?;
/// assert_eq!(chunks, vec![vec![0x8e, 0x00, 0x05, 0x34, 0x00]]);
/// # Ok::<(), arbiter_eboard::capture::CaptureError>(())
/// ```
pub fn chunks(text: &str) -> Result<Vec<Vec<u8>>, CaptureError> {
    Capture::parse(text, 0).map(Capture::into_bytes)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timed_capture_written_line_by_line_reads_back_the_same() {
        let sent = [
            (0, vec![0x8e, 0, 5, 0x34, 0]),
            (153, vec![0x8e]),
            (1701, vec![1, 2, 3]),
        ];
        let mut text = format!("{TIMED_HEADER}\n");
        for (at, bytes) in &sent {
            text.push_str(&timed_line(*at, bytes));
        }
        let capture = Capture::parse(&text, 999).unwrap();
        assert!(capture.is_timed());
        assert_eq!(capture.chunks(), sent);
    }

    #[test]
    fn bad_lines_are_named_with_what_is_wrong() {
        let err = |text: &str| Capture::parse(text, 0).unwrap_err();
        assert_eq!(
            err("0 jgAFNAA=\nsoon jgAFNAA=\n"),
            CaptureError {
                line: 2,
                kind: CaptureErrorKind::BadTime("soon".into())
            }
        );
        assert_eq!(
            err("# c\n20 jgAFNAA=\n10 jgAFNAA=\n").kind,
            CaptureErrorKind::TimeGoesBack { at: 10, before: 20 }
        );
        assert_eq!(
            err("0 jgAFNAA=\njgAFNAA=\n").kind,
            CaptureErrorKind::MixedForms
        );
        assert_eq!(err("jgAFNAA=\n0 jgAFNAA=\n").line, 2);
        assert!(matches!(
            err("0 ***\n").kind,
            CaptureErrorKind::NotBase64(_)
        ));
        assert_eq!(
            err("0 ***\n").to_string(),
            "capture line 1: not base64 (Invalid symbol 42, offset 0.)"
        );
    }

    proptest::proptest! {
        /// No text makes the reader panic; what it refuses names a line
        /// of the text, and a timed capture it writes reads back.
        #[test]
        fn any_text_reads_or_names_a_line(text in "[0-9 a-zA-Z+/=#\n\r\t-]{0,200}") {
            match Capture::parse(&text, 7) {
                Ok(capture) => {
                    let kept: Vec<(u64, Vec<u8>)> = capture
                        .chunks()
                        .iter()
                        .filter(|(_, b)| !b.is_empty())
                        .cloned()
                        .collect();
                    let mut again = format!("{TIMED_HEADER}\n");
                    for (at, bytes) in &kept {
                        again.push_str(&timed_line(*at, bytes));
                    }
                    let back = Capture::parse(&again, 0).unwrap();
                    proptest::prop_assert_eq!(back.chunks(), kept.as_slice());
                }
                Err(e) => proptest::prop_assert!(e.line >= 1 && e.line <= text.lines().count()),
            }
        }
    }

    #[test]
    fn an_empty_capture_has_no_chunks() {
        let capture = Capture::parse("\n# nothing\n", 10).unwrap();
        assert!(capture.chunks().is_empty() && !capture.is_timed());
    }
}
