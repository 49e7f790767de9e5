//! The witness's side of c2sp.org/tlog-witness, without the HTTP: reading
//! an `add-checkpoint` request, deciding it against what the witness last
//! cosigned, and cosigning. The caller holds the witness's state and must
//! check and store it atomically (one request at a time per log), as the
//! spec warns: two requests racing could otherwise roll the state back.
//!
//! The request body is `old N`, the consistency proof from size N to the
//! checkpoint's size (one base64 hash a line), a blank line, and the
//! signed checkpoint.

use arbiter_messages::english;

use crate::checkpoint::{SignedCheckpoint, parse_decimal};
use crate::consistency::check_consistency;
use crate::hash::Hash;
use crate::key::SigningKey;
use crate::note::{Signature, Verifier};
use crate::problem::Problem;

/// The most consistency proof lines a request may carry.
pub const MAX_PROOF: usize = 63;

/// The media type of a 409 answer's body: the size the witness has.
pub const SIZE_CONTENT_TYPE: &str = "text/x.tlog.size";

/// An `add-checkpoint` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddCheckpoint {
    /// The size of the checkpoint the witness last cosigned, as the log
    /// believes it (0 if none).
    pub old: u64,
    /// The consistency proof from `old` to the new checkpoint's size.
    pub proof: Vec<Hash>,
    /// The new signed checkpoint, verbatim.
    pub checkpoint: String,
}

impl AddCheckpoint {
    /// The request's body.
    pub fn to_body(&self) -> String {
        let mut body = format!("old {}\n", self.old);
        for hash in &self.proof {
            body.push_str(&format!("{hash}\n"));
        }
        body.push('\n');
        body.push_str(&self.checkpoint);
        body
    }

    /// Reads a request's body.
    pub fn parse(body: &[u8]) -> Result<AddCheckpoint, Problem> {
        let text = std::str::from_utf8(body).map_err(|e| Problem::NoteNotText {
            offset: e.valid_up_to() as u64,
        })?;
        let (first, mut rest) = text.split_once('\n').ok_or(Problem::RequestOld)?;
        let old = first
            .strip_prefix("old ")
            .and_then(parse_decimal)
            .ok_or(Problem::RequestOld)?;
        let mut proof = Vec::new();
        let mut line_no = 1;
        loop {
            line_no += 1;
            let (line, after) = rest.split_once('\n').ok_or(Problem::ProofNoCheckpoint)?;
            rest = after;
            if line.is_empty() {
                break;
            }
            if proof.len() == MAX_PROOF {
                return Err(Problem::ProofTooLong {
                    limit: MAX_PROOF as u64,
                });
            }
            proof.push(Hash::from_base64(line).ok_or(Problem::ProofHash { line: line_no })?);
        }
        Ok(AddCheckpoint {
            old,
            proof,
            checkpoint: rest.to_string(),
        })
    }
}

/// What a witness remembers of a log: the last checkpoint it cosigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Witnessed {
    /// Its tree size.
    pub size: u64,
    /// Its root hash.
    pub root: Hash,
}

/// A log the witness vouches for: its origin and the keys it signs with.
#[derive(Debug)]
pub struct WatchedLog {
    /// The origin line of its checkpoints.
    pub origin: String,
    /// Its keys.
    pub keys: Vec<crate::VerifierKey>,
}

arbiter_messages::messages! {
    /// Why a witness does not cosign, each with its HTTP status
    /// ([`Refusal::status`]).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Refusal {
        /// The request cannot be read (400).
        Malformed {
            /// What is wrong.
            problem: Box<Problem>,
        } = "tlog-witness-malformed",
        /// The witness does not follow this log (404).
        UnknownLog {
            /// The checkpoint's origin.
            origin: String,
        } = "tlog-witness-unknown-log",
        /// No signature of the log's keys verifies (403).
        NotSignedByLog {
            /// Why.
            problem: Box<Problem>,
        } = "tlog-witness-not-signed",
        /// The old size is beyond the checkpoint's (400).
        OldBeyondNew {
            /// The request's old size.
            old: u64,
            /// The checkpoint's size.
            size: u64,
        } = "tlog-witness-old-beyond-new",
        /// The old size is not the last one the witness cosigned (409).
        NotLatest {
            /// The size the witness last cosigned.
            latest: u64,
            /// The size the request gave.
            old: u64,
        } = "tlog-witness-not-latest",
        /// A checkpoint of the size already cosigned with another root
        /// (409): the log forked.
        RootDiffers {
            /// The size.
            size: u64,
        } = "tlog-witness-root-differs",
        /// The consistency proof fails (422): the log was rewritten, or
        /// rolled back and grown again.
        Inconsistent {
            /// Why.
            problem: Box<Problem>,
        } = "tlog-witness-inconsistent",
    }
}

impl Refusal {
    /// The HTTP status the protocol gives this refusal.
    pub fn status(&self) -> u16 {
        match self {
            Refusal::Malformed { .. } | Refusal::OldBeyondNew { .. } => 400,
            Refusal::NotSignedByLog { .. } => 403,
            Refusal::UnknownLog { .. } => 404,
            Refusal::NotLatest { .. } | Refusal::RootDiffers { .. } => 409,
            Refusal::Inconsistent { .. } => 422,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&english().render(self))
    }
}

impl std::error::Error for Refusal {}

/// A checkpoint the witness accepts: the log, the state to store before
/// answering, and the cosignature to answer with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cosigned {
    /// The log's origin.
    pub origin: String,
    /// What the witness now remembers of the log.
    pub witnessed: Witnessed,
    /// The cosignature line.
    pub cosignature: Signature,
}

/// Decides an `add-checkpoint` request (c2sp.org/tlog-witness): the log
/// must be one of `logs` and have signed the checkpoint; `old` must be the
/// size last cosigned (`latest` gives it for an origin) and the proof must
/// show the new tree extends that one. Then `key` cosigns it at `now`
/// (seconds since the epoch).
pub fn add_checkpoint(
    body: &[u8],
    logs: &[WatchedLog],
    latest: impl FnOnce(&str) -> Option<Witnessed>,
    key: &SigningKey,
    now: u64,
) -> Result<Cosigned, Refusal> {
    let malformed = |problem| Refusal::Malformed {
        problem: Box::new(problem),
    };
    let request = AddCheckpoint::parse(body).map_err(malformed)?;
    let note = crate::Note::parse(request.checkpoint.as_bytes()).map_err(malformed)?;
    let stated = crate::Checkpoint::parse(note.text()).map_err(malformed)?;
    let log = logs
        .iter()
        .find(|l| l.origin == stated.origin)
        .ok_or_else(|| Refusal::UnknownLog {
            origin: stated.origin.clone(),
        })?;
    let keys: Vec<&dyn Verifier> = log.keys.iter().map(|k| k as &dyn Verifier).collect();
    let signed = SignedCheckpoint::open(request.checkpoint.as_bytes(), &log.origin, &keys)
        .map_err(|problem| Refusal::NotSignedByLog {
            problem: Box::new(problem),
        })?;
    let tree = &signed.checkpoint;
    if request.old > tree.size {
        return Err(Refusal::OldBeyondNew {
            old: request.old,
            size: tree.size,
        });
    }
    let known = latest(&log.origin);
    let latest_size = known.map_or(0, |w| w.size);
    if request.old != latest_size {
        return Err(Refusal::NotLatest {
            latest: latest_size,
            old: request.old,
        });
    }
    match known {
        Some(w) if w.size == tree.size && w.root != tree.root => {
            return Err(Refusal::RootDiffers { size: w.size });
        }
        _ => {}
    }
    let old_root = known.map_or_else(Hash::empty, |w| w.root);
    check_consistency(
        request.old,
        &old_root,
        tree.size,
        &tree.root,
        &request.proof,
    )
    .map_err(|problem| Refusal::Inconsistent {
        problem: Box::new(problem),
    })?;
    Ok(Cosigned {
        origin: log.origin.clone(),
        witnessed: Witnessed {
            size: tree.size,
            root: tree.root,
        },
        cosignature: key.sign(signed.note.text(), now),
    })
}

/// Reads a witness's answer: one signature line or more.
pub fn parse_cosignatures(body: &str) -> Result<Vec<Signature>, Problem> {
    let lines = body.strip_suffix('\n').ok_or(Problem::NoteUnterminated)?;
    lines
        .split('\n')
        .enumerate()
        .map(|(i, line)| Signature::parse_line(line, i as u64 + 1))
        .collect()
}
