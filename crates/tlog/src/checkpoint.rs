//! Checkpoints (c2sp.org/tlog-checkpoint): the signed note whose text is a
//! log's origin, its tree's size and its root hash.

use crate::hash::Hash;
use crate::note::{Note, Verifier};
use crate::problem::Problem;

/// A tree head as a checkpoint's text states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The log's name (the first line).
    pub origin: String,
    /// How many leaves the tree holds.
    pub size: u64,
    /// The tree's root hash.
    pub root: Hash,
    /// Further lines, opaque (none in Arbiter's own checkpoints).
    pub extensions: Vec<String>,
}

impl Checkpoint {
    /// The note text: origin, size, base64 root, then any extension lines,
    /// each ending with a newline.
    ///
    /// ```
    /// use arbiter_tlog::{Checkpoint, Hash};
    /// let checkpoint = Checkpoint {
    ///     origin: "go.sum database tree".into(),
    ///     size: 123456789012,
    ///     root: Hash::of_leaf(b"hello world"),
    ///     extensions: vec![],
    /// };
    /// // golang.org/x/mod/sumdb/tlog's TestFormatTree.
    /// assert_eq!(
    ///     checkpoint.text(),
    ///     "go.sum database tree\n123456789012\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n"
    /// );
    /// ```
    pub fn text(&self) -> String {
        let mut text = format!("{}\n{}\n{}\n", self.origin, self.size, self.root);
        for line in &self.extensions {
            text.push_str(line);
            text.push('\n');
        }
        text
    }

    /// Reads a checkpoint's text (a note's text, ending with a newline).
    pub fn parse(text: &str) -> Result<Checkpoint, Problem> {
        let body = text.strip_suffix('\n').ok_or(Problem::NoteUnterminated)?;
        let lines: Vec<&str> = body.split('\n').collect();
        if lines.len() < 3 {
            return Err(Problem::CheckpointShort {
                lines: lines.len() as u64,
            });
        }
        if let Some(line) = lines.iter().position(|l| l.is_empty()) {
            return Err(Problem::CheckpointEmptyLine {
                line: line as u64 + 1,
            });
        }
        let size = parse_decimal(lines[1]).ok_or_else(|| Problem::CheckpointSize {
            found: lines[1].to_string(),
        })?;
        let root = Hash::from_base64(lines[2]).ok_or_else(|| Problem::CheckpointRoot {
            found: lines[2].to_string(),
        })?;
        Ok(Checkpoint {
            origin: lines[0].to_string(),
            size,
            root,
            extensions: lines[3..].iter().map(|l| l.to_string()).collect(),
        })
    }

    /// Signs the checkpoint with `key`: the note, ready to serve. Fails if
    /// its text would not read back as itself (a line break or a control
    /// character in the origin or an extension).
    pub fn sign(&self, key: &crate::SigningKey) -> Result<Note, Problem> {
        let text = self.text();
        let mut note = Note::new(&text)?;
        if Checkpoint::parse(&text).as_ref() != Ok(self) {
            return Err(Problem::OriginInvalid {
                origin: self.origin.clone(),
            });
        }
        note.add_signature(key.sign(&text, 0));
        Ok(note)
    }
}

/// A checkpoint whose signature by its log has been checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedCheckpoint {
    /// What it states.
    pub checkpoint: Checkpoint,
    /// The note, with every signature line it came with.
    pub note: Note,
}

impl SignedCheckpoint {
    /// Reads a signed checkpoint of the log named `origin`, checking its
    /// signature by one of `log_keys`.
    pub fn open(
        bytes: &[u8],
        origin: &str,
        log_keys: &[&dyn Verifier],
    ) -> Result<SignedCheckpoint, Problem> {
        let note = Note::parse(bytes)?;
        let checkpoint = Checkpoint::parse(note.text())?;
        if checkpoint.origin != origin {
            return Err(Problem::CheckpointOrigin {
                expected: origin.to_string(),
                found: checkpoint.origin,
            });
        }
        note.verified_by(log_keys)?;
        Ok(SignedCheckpoint { checkpoint, note })
    }

    /// The names of the `witnesses` whose cosignatures on it verify; fails
    /// if one of theirs is there and does not verify.
    pub fn cosigned_by(&self, witnesses: &[&dyn Verifier]) -> Result<Vec<String>, Problem> {
        if witnesses.is_empty() {
            return Ok(Vec::new());
        }
        match self.note.verified_by(witnesses) {
            Ok(signatures) => Ok(signatures.iter().map(|s| s.name.clone()).collect()),
            Err(Problem::NoteUnverified) => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }
}

/// A decimal without leading zeros (but `0` itself), fitting a `u64`.
pub(crate) fn parse_decimal(text: &str) -> Option<u64> {
    let well_formed = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    well_formed.then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GO: &str =
        "go.sum database tree\n123456789012\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n";

    #[test]
    fn a_checkpoint_text_is_read_back_with_its_extension_lines() {
        let checkpoint = Checkpoint::parse(GO).unwrap();
        assert_eq!(checkpoint.size, 123456789012);
        assert_eq!(checkpoint.text(), GO);
        let extended = format!("{GO}JOE\n");
        assert_eq!(Checkpoint::parse(&extended).unwrap().extensions, ["JOE"]);
    }

    #[test]
    fn a_malformed_checkpoint_says_which_line_is_wrong() {
        assert_eq!(
            Checkpoint::parse("o\n0xabcdef\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n"),
            Err(Problem::CheckpointSize {
                found: "0xabcdef".into()
            })
        );
        assert_eq!(
            Checkpoint::parse("o\n012\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n"),
            Err(Problem::CheckpointSize {
                found: "012".into()
            })
        );
        assert_eq!(
            Checkpoint::parse("o\n12\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBTOOBIG=\n"),
            Err(Problem::CheckpointRoot {
                found: "TszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBTOOBIG=".into()
            })
        );
        assert_eq!(
            Checkpoint::parse("o\n12\n"),
            Err(Problem::CheckpointShort { lines: 2 })
        );
        assert_eq!(
            Checkpoint::parse(&format!("{GO}\nx\n")),
            Err(Problem::CheckpointEmptyLine { line: 4 })
        );
        assert_eq!(
            Checkpoint::parse(&format!("\n{}", &GO[21..])),
            Err(Problem::CheckpointEmptyLine { line: 1 })
        );
    }

    #[test]
    fn decimals_have_no_leading_zeros_and_fit() {
        assert_eq!(parse_decimal("0"), Some(0));
        assert_eq!(parse_decimal("18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_decimal("18446744073709551616"), None);
        assert_eq!(parse_decimal("00"), None);
        assert_eq!(parse_decimal("+1"), None);
        assert_eq!(parse_decimal(""), None);
    }
}
