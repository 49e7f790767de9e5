//! Offline proofs (c2sp.org/tlog-proof): an entry's index, its inclusion
//! proof, and the checkpoint it leads to, with optional extra data that
//! the application needs to rebuild the entry's hash.
//!
//! ```text
//! c2sp.org/tlog-proof@v1
//! extra BASE64
//! index 73894
//! HASH
//! HASH
//!
//! CHECKPOINT (a signed note, verbatim)
//! ```

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use crate::checkpoint::{SignedCheckpoint, parse_decimal};
use crate::hash::Hash;
use crate::inclusion::check_inclusion;
use crate::note::Verifier;
use crate::problem::Problem;

/// The first line of every proof.
pub const HEADER: &str = "c2sp.org/tlog-proof@v1";

/// The most hashes an inclusion proof can need: a tree holds fewer than
/// 2⁶³ leaves.
pub const MAX_PATH: usize = 63;

/// A proof that an entry is in a log, as the file holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlogProof {
    /// Data from which the application rebuilds the entry (not
    /// authenticated by itself: only the hash it rebuilds is checked).
    pub extra: Option<Vec<u8>>,
    /// The entry's index in the log.
    pub index: u64,
    /// The inclusion proof, the entry's sibling first.
    pub path: Vec<Hash>,
    /// The signed checkpoint, as the log gave it.
    pub checkpoint: String,
}

impl TlogProof {
    /// The proof's text.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n");
        if let Some(extra) = &self.extra {
            out.push_str(&format!("extra {}\n", STANDARD.encode(extra)));
        }
        out.push_str(&format!("index {}\n", self.index));
        for hash in &self.path {
            out.push_str(&format!("{hash}\n"));
        }
        out.push('\n');
        out.push_str(&self.checkpoint);
        out
    }

    /// Reads a proof; a malformed one is refused with its line.
    pub fn parse(text: &str) -> Result<TlogProof, Problem> {
        let mut lines = Lines {
            rest: text,
            line: 0,
        };
        let header = lines.next().unwrap_or_default();
        if header != HEADER {
            return Err(Problem::ProofHeader {
                found: header.to_string(),
            });
        }
        let mut line = lines.next();
        let mut extra = None;
        if let Some(encoded) = line.and_then(|l| l.strip_prefix("extra ")) {
            let decoded = STANDARD.decode(encoded);
            extra = Some(decoded.map_err(|_| Problem::ProofExtra { line: lines.line })?);
            line = lines.next();
        }
        let index = line
            .and_then(|l| l.strip_prefix("index "))
            .and_then(parse_decimal)
            .ok_or(Problem::ProofIndex {
                line: lines.line.max(2),
            })?;
        let mut path = Vec::new();
        loop {
            let line = lines.next().ok_or(Problem::ProofNoCheckpoint)?;
            if line.is_empty() {
                break;
            }
            if path.len() == MAX_PATH {
                return Err(Problem::ProofTooLong {
                    limit: MAX_PATH as u64,
                });
            }
            path.push(Hash::from_base64(line).ok_or(Problem::ProofHash { line: lines.line })?);
        }
        if lines.rest.is_empty() {
            return Err(Problem::ProofNoCheckpoint);
        }
        Ok(TlogProof {
            extra,
            index,
            path,
            checkpoint: lines.rest.to_string(),
        })
    }

    /// Checks that `entry` (the hash the application rebuilt, from the
    /// extra data or otherwise) is leaf `index` of the tree the checkpoint
    /// states, and that the checkpoint is signed by the log `origin`: the
    /// checkpoint, and the witnesses among `witnesses` that cosigned it.
    pub fn verify(
        &self,
        entry: Hash,
        origin: &str,
        log_keys: &[&dyn Verifier],
        witnesses: &[&dyn Verifier],
    ) -> Result<(SignedCheckpoint, Vec<String>), Problem> {
        let signed = SignedCheckpoint::open(self.checkpoint.as_bytes(), origin, log_keys)?;
        let cosigners = signed.cosigned_by(witnesses)?;
        let tree = &signed.checkpoint;
        check_inclusion(entry, self.index, tree.size, &self.path, &tree.root)?;
        Ok((signed, cosigners))
    }
}

/// The lines of a text one at a time, counted from 1, and what is left.
struct Lines<'a> {
    rest: &'a str,
    line: u64,
}

impl<'a> Lines<'a> {
    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = self.rest.split_once('\n').unwrap_or((self.rest, ""));
        self.rest = rest;
        self.line += 1;
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> TlogProof {
        TlogProof {
            extra: Some(b"some game".to_vec()),
            index: 73894,
            path: vec![Hash::of_leaf(b"a"), Hash::of_leaf(b"b")],
            checkpoint: "example.com/log\n109482\nsFodV/vSp5O8n9a8QpW6PRY97tfOSW5bsc2Xl/EQi08=\n\n— example.com/log AQIDBAU=\n".into(),
        }
    }

    #[test]
    fn a_proof_reads_back_as_written_with_or_without_extra_data() {
        let proof = sample();
        assert_eq!(TlogProof::parse(&proof.to_text()).unwrap(), proof);
        let plain = TlogProof {
            extra: None,
            path: vec![],
            ..proof
        };
        assert_eq!(TlogProof::parse(&plain.to_text()).unwrap(), plain);
        assert!(
            plain
                .to_text()
                .starts_with("c2sp.org/tlog-proof@v1\nindex 73894\n\n")
        );
    }

    #[test]
    fn a_malformed_proof_names_its_line() {
        let text = sample().to_text();
        let with = |from: &str, to: &str| TlogProof::parse(&text.replacen(from, to, 1));
        assert_eq!(
            with("@v1", "@v2"),
            Err(Problem::ProofHeader {
                found: "c2sp.org/tlog-proof@v2".into()
            })
        );
        assert_eq!(
            with("index 73894", "index 073894"),
            Err(Problem::ProofIndex { line: 3 })
        );
        assert_eq!(
            with("extra c29tZSBnYW1l", "extra !"),
            Err(Problem::ProofExtra { line: 2 })
        );
        let hash = Hash::of_leaf(b"b").to_base64();
        assert_eq!(with(&hash, "AAAA"), Err(Problem::ProofHash { line: 5 }));
        let cut = &text[..text.find("\n\n").unwrap() + 1];
        assert_eq!(TlogProof::parse(cut), Err(Problem::ProofNoCheckpoint));
        let long = text.replacen(&hash, &format!("{hash}\n").repeat(64), 1);
        assert_eq!(
            TlogProof::parse(&long),
            Err(Problem::ProofTooLong { limit: 63 })
        );
    }
}
