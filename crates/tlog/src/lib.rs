//! The transparency log of Arbiter's records: one append-only Merkle tree
//! of every stored event, and the formats in which the tree is signed,
//! proved and witnessed, so that a player, a second arbiter or a
//! federation can check later that no record was cut or rewritten.
//!
//! - [`Hash`] and [`tree`]: RFC 6962 / RFC 9162 §2.1 hashing; the complete
//!   subtrees a store keeps, and the [`Frontier`] a writer grows.
//! - [`inclusion`] and [`consistency`]: which subtrees a proof needs
//!   ([`inclusion_ranges`], [`consistency_ranges`]) and checking proofs
//!   ([`check_inclusion`], [`check_consistency`]).
//! - [`Note`] (c2sp.org/signed-note), with [`VerifierKey`] and
//!   [`SigningKey`]: Ed25519 keys (type 1) and witness cosigner keys
//!   (type 4).
//! - [`Checkpoint`] (c2sp.org/tlog-checkpoint) and [`cosignature`]
//!   (c2sp.org/tlog-cosignature, Ed25519).
//! - [`TlogProof`] (c2sp.org/tlog-proof).
//! - [`witness`], the witness's half of c2sp.org/tlog-witness.
//! - [`record`]: Arbiter's records in the log: the hash chain of each
//!   game and tournament, the leaf of each stored event, a game's record
//!   in a proof.
//!
//! Pure: no I/O, no clock, no randomness. Times and key seeds are inputs.
//! The formats are checked against the Go implementation's published
//! vectors (golang.org/x/mod/sumdb/note and tlog, and the Certificate
//! Transparency log Argon 2020 they test with), and against an
//! implementation of our own in Python (`tests/oracle.py`).
#![warn(missing_docs)]

mod checkpoint;
pub mod consistency;
pub mod cosignature;
mod hash;
pub mod inclusion;
mod key;
mod note;
mod problem;
pub mod record;
mod tlog_proof;
pub mod tree;
pub mod witness;

pub use checkpoint::{Checkpoint, SignedCheckpoint};
pub use consistency::{check_consistency, consistency_ranges};
pub use hash::Hash;
pub use inclusion::{check_inclusion, inclusion_ranges};
pub use key::{KeyKind, SigningKey, VerifierKey, key_id};
pub use note::{MAX_SIGNATURES, Note, Signature, Verifier, is_key_name};
pub use problem::Problem;
pub use tlog_proof::TlogProof;
pub use tree::{Frontier, MemoryTree, Node};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
