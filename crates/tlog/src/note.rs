//! Signed notes (c2sp.org/signed-note): a text, a blank line, and one
//! signature line per key, `— NAME base64(key id ‖ signature)`.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use crate::problem::Problem;

/// The most bytes a note may have. A checkpoint with a few dozen
/// cosignatures is under 8 KiB; a proof's extra data travels outside.
pub const MAX_NOTE_BYTES: usize = 1 << 20;

/// The most signature lines a note may carry (the spec asks for at least
/// 16 to be accepted).
pub const MAX_SIGNATURES: usize = 100;

/// One signature line of a note, verified or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The signer's key name.
    pub name: String,
    /// The key's id (the first four bytes of the line's base64).
    pub key_id: u32,
    /// What the key's algorithm produced (the bytes after the key id).
    pub bytes: Vec<u8>,
}

impl Signature {
    /// The signature line, with its final newline.
    pub fn to_line(&self) -> String {
        let mut raw = self.key_id.to_be_bytes().to_vec();
        raw.extend(&self.bytes);
        format!("— {} {}\n", self.name, STANDARD.encode(raw))
    }

    /// Reads a signature line (without its newline); `line` is its number
    /// in the note, for the error.
    pub fn parse_line(text: &str, line: u64) -> Result<Signature, Problem> {
        let bad = || Problem::SignatureLine { line };
        let rest = text.strip_prefix("— ").ok_or_else(bad)?;
        let (name, encoded) = rest.split_once(' ').ok_or_else(bad)?;
        if !is_key_name(name) {
            return Err(bad());
        }
        let raw = STANDARD.decode(encoded).map_err(|_| bad())?;
        if raw.len() < 5 {
            return Err(bad());
        }
        Ok(Signature {
            name: name.to_string(),
            key_id: u32::from_be_bytes([raw[0], raw[1], raw[2], raw[3]]),
            bytes: raw[4..].to_vec(),
        })
    }
}

/// Whether `name` may name a key: not empty, no spaces, no `+`.
pub fn is_key_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || c == '+')
}

/// Something that checks the signatures of one key.
pub trait Verifier {
    /// The key's name.
    fn name(&self) -> &str;
    /// The key's id.
    fn key_id(&self) -> u32;
    /// Whether `signature` (the bytes after the key id) signs `text`.
    fn verify(&self, text: &str, signature: &[u8]) -> bool;
}

/// A note: its text and the signature lines after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    text: String,
    signatures: Vec<Signature>,
}

impl Note {
    /// A note of `text`, not yet signed. The text must end with a newline
    /// and hold no control character but newlines.
    pub fn new(text: &str) -> Result<Note, Problem> {
        check_text(text)?;
        if !text.ends_with('\n') {
            return Err(Problem::NoteUnterminated);
        }
        Ok(Note {
            text: text.to_string(),
            signatures: Vec::new(),
        })
    }

    /// Reads a signed note: its text up to the last blank line, then one
    /// signature line or more, each ending with a newline.
    pub fn parse(bytes: &[u8]) -> Result<Note, Problem> {
        if bytes.len() > MAX_NOTE_BYTES {
            return Err(Problem::NoteTooLarge {
                limit: MAX_NOTE_BYTES as u64,
            });
        }
        let all = std::str::from_utf8(bytes).map_err(|e| Problem::NoteNotText {
            offset: e.valid_up_to() as u64,
        })?;
        check_text(all)?;
        let body = all.strip_suffix('\n').ok_or(Problem::NoteUnterminated)?;
        let split = body.rfind("\n\n").ok_or(Problem::NoteUnsigned)?;
        let text = &all[..split + 1];
        let first_line = text.matches('\n').count() as u64 + 2;
        let mut signatures = Vec::new();
        for (i, line) in body[split + 2..].split('\n').enumerate() {
            if signatures.len() == MAX_SIGNATURES {
                return Err(Problem::TooManySignatures {
                    limit: MAX_SIGNATURES as u64,
                });
            }
            signatures.push(Signature::parse_line(line, first_line + i as u64)?);
        }
        Ok(Note {
            text: text.to_string(),
            signatures,
        })
    }

    /// The signed text, with its final newline.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The signature lines, in order.
    pub fn signatures(&self) -> &[Signature] {
        &self.signatures
    }

    /// Adds a signature line, in place of one by the same key if there is.
    pub fn add_signature(&mut self, signature: Signature) {
        self.signatures
            .retain(|s| (&s.name, s.key_id) != (&signature.name, signature.key_id));
        self.signatures.push(signature);
    }

    /// The note as it is sent: text, blank line, signature lines.
    pub fn to_text(&self) -> String {
        let mut out = self.text.clone();
        out.push('\n');
        for signature in &self.signatures {
            out.push_str(&signature.to_line());
        }
        out
    }

    /// The signatures made by the `known` keys, each checked; lines of
    /// unknown keys are left aside, as the spec asks. Fails if a known
    /// key's signature does not verify, if two known keys share a name and
    /// id, or if no known key signed.
    pub fn verified_by<'a>(
        &'a self,
        known: &[&dyn Verifier],
    ) -> Result<Vec<&'a Signature>, Problem> {
        let mut verified: Vec<&Signature> = Vec::new();
        for signature in &self.signatures {
            let mut keys = known
                .iter()
                .filter(|k| k.name() == signature.name && k.key_id() == signature.key_id);
            let Some(key) = keys.next() else { continue };
            if keys.next().is_some() {
                return Err(Problem::AmbiguousKey {
                    name: signature.name.clone(),
                    key_id: format!("{:08x}", signature.key_id),
                });
            }
            if verified
                .iter()
                .any(|v| (&v.name, v.key_id) == (&signature.name, signature.key_id))
            {
                continue;
            }
            if !key.verify(&self.text, &signature.bytes) {
                return Err(Problem::SignatureInvalid {
                    name: signature.name.clone(),
                    key_id: format!("{:08x}", signature.key_id),
                });
            }
            verified.push(signature);
        }
        if verified.is_empty() {
            return Err(Problem::NoteUnverified);
        }
        Ok(verified)
    }
}

/// Refuses control characters other than the newline.
fn check_text(text: &str) -> Result<(), Problem> {
    match text.bytes().position(|b| b < 0x20 && b != b'\n') {
        Some(offset) => Err(Problem::NoteNotText {
            offset: offset as u64,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "a checkpoint\n10\n\nwith a blank line\n";

    #[test]
    fn a_note_is_read_back_as_written_and_its_text_may_hold_blank_lines() {
        let mut note = Note::new(TEXT).unwrap();
        note.add_signature(Signature {
            name: "example.com/log".into(),
            key_id: 0x01020304,
            bytes: vec![9; 64],
        });
        let text = note.to_text();
        assert_eq!(Note::parse(text.as_bytes()).unwrap(), note);
        assert_eq!(Note::parse(text.as_bytes()).unwrap().text(), TEXT);
    }

    #[test]
    fn a_signature_by_the_same_key_replaces_the_old_one() {
        let mut note = Note::new(TEXT).unwrap();
        for byte in [1, 2] {
            note.add_signature(Signature {
                name: "k".into(),
                key_id: 7,
                bytes: vec![byte],
            });
        }
        assert_eq!(note.signatures().len(), 1);
        assert_eq!(note.signatures()[0].bytes, [2]);
    }

    #[test]
    fn malformed_notes_are_refused_with_the_line_at_fault() {
        let line = "— k AQIDBAU=\n";
        assert_eq!(Note::parse(b"text\n"), Err(Problem::NoteUnsigned));
        assert_eq!(
            Note::parse(format!("text\n\n{}", &line[..line.len() - 1]).as_bytes()),
            Err(Problem::NoteUnterminated)
        );
        assert_eq!(
            Note::parse(format!("a\nb\n\n{line}junk\n").as_bytes()),
            Err(Problem::SignatureLine { line: 5 })
        );
        assert_eq!(
            Note::parse("text\n\n— k AQID\n".as_bytes()),
            Err(Problem::SignatureLine { line: 3 })
        );
        assert_eq!(
            Note::parse(format!("te\tx\n\n{line}").as_bytes()),
            Err(Problem::NoteNotText { offset: 2 })
        );
        assert_eq!(
            Note::parse(&[b'a', 0xff, b'\n', b'\n']),
            Err(Problem::NoteNotText { offset: 1 })
        );
        assert_eq!(Note::new("no newline"), Err(Problem::NoteUnterminated));
        let many = format!("text\n\n{}", line.repeat(MAX_SIGNATURES + 1));
        assert_eq!(
            Note::parse(many.as_bytes()),
            Err(Problem::TooManySignatures { limit: 100 })
        );
    }

    #[test]
    fn key_names_have_no_spaces_or_plus_signs() {
        assert!(is_key_name("example.com/log"));
        assert!(!is_key_name(""));
        assert!(!is_key_name("a b"));
        assert!(!is_key_name("a+b"));
        assert!(!is_key_name("a\u{2003}b"));
    }
}
