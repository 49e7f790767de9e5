//! What can be wrong with a note, a key, a checkpoint or a proof, before it
//! is put into words (the catalogues' `tlog-…` keys).

use arbiter_messages::english;

arbiter_messages::messages! {
    /// Why a note, key, checkpoint or proof is refused.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Problem {
        /// Leaf `index` and the proof do not lead to the tree's root.
        InclusionFails {
            /// The leaf.
            index: u64,
            /// The tree's size.
            size: u64,
        } = "tlog-inclusion-fails",
        /// A leaf past the end of the tree.
        IndexBeyondTree {
            /// The leaf.
            index: u64,
            /// The tree's size.
            size: u64,
        } = "tlog-index-beyond-tree",
        /// The proof does not show the larger tree extends the smaller.
        ConsistencyFails {
            /// The smaller size.
            old: u64,
            /// The larger size.
            new: u64,
        } = "tlog-consistency-fails",
        /// A tree said to extend a larger one.
        TreeShrinks {
            /// The size said to be older.
            old: u64,
            /// The size said to be newer.
            new: u64,
        } = "tlog-tree-shrinks",
        /// A line after the note's last blank line that is not a signature.
        SignatureLine {
            /// The line, from 1.
            line: u64,
        } = "tlog-signature-line",
        /// A note too large to read.
        NoteTooLarge {
            /// The most bytes a note may have.
            limit: u64,
        } = "tlog-note-too-large",
        /// Bytes that are not UTF-8, or a control character.
        NoteNotText {
            /// Where, in bytes from the start.
            offset: u64,
        } = "tlog-note-not-text",
        /// A note or checkpoint text that does not end with a newline.
        NoteUnterminated = "tlog-note-unterminated",
        /// No blank line followed by signature lines.
        NoteUnsigned = "tlog-note-unsigned",
        /// More signature lines than are read.
        TooManySignatures {
            /// The most that are read.
            limit: u64,
        } = "tlog-too-many-signatures",
        /// Two known keys with the same name and id.
        AmbiguousKey {
            /// The name.
            name: String,
            /// The id, in hexadecimal.
            key_id: String,
        } = "tlog-ambiguous-key",
        /// A known key's signature that does not verify.
        SignatureInvalid {
            /// The key's name.
            name: String,
            /// Its id, in hexadecimal.
            key_id: String,
        } = "tlog-signature-invalid",
        /// No signature of a known key.
        NoteUnverified = "tlog-note-unverified",
        /// Not a key in the form `NAME+HEXID+BASE64`.
        KeyMalformed = "tlog-key-malformed",
        /// A key of a type other than Ed25519 (1) or cosigner (4).
        KeyTypeUnknown {
            /// The type byte.
            kind: u64,
        } = "tlog-key-type-unknown",
        /// A key whose stated id is not its own.
        KeyIdMismatch {
            /// The id it states.
            stated: String,
            /// The id its name and public key give.
            computed: String,
        } = "tlog-key-id-mismatch",
        /// A key name with a space or a `+`, or empty.
        KeyNameInvalid {
            /// The name.
            name: String,
        } = "tlog-key-name-invalid",
        /// A checkpoint without its three lines.
        CheckpointShort {
            /// How many lines it has.
            lines: u64,
        } = "tlog-checkpoint-short",
        /// An empty line in a checkpoint's text.
        CheckpointEmptyLine {
            /// The line, from 1.
            line: u64,
        } = "tlog-checkpoint-empty-line",
        /// A size that is not a decimal without leading zeros.
        CheckpointSize {
            /// What the line holds.
            found: String,
        } = "tlog-checkpoint-size",
        /// A root that is not 32 bytes of base64.
        CheckpointRoot {
            /// What the line holds.
            found: String,
        } = "tlog-checkpoint-root",
        /// A checkpoint of another log.
        CheckpointOrigin {
            /// The log expected.
            expected: String,
            /// The checkpoint's origin.
            found: String,
        } = "tlog-checkpoint-origin",
        /// An origin that cannot be a checkpoint's first line.
        OriginInvalid {
            /// The origin.
            origin: String,
        } = "tlog-origin-invalid",
        /// A proof that does not start with `c2sp.org/tlog-proof@v1`.
        ProofHeader {
            /// The first line.
            found: String,
        } = "tlog-proof-header",
        /// No `index N` line where it belongs.
        ProofIndex {
            /// The line, from 1.
            line: u64,
        } = "tlog-proof-index",
        /// An `extra` line that is not base64.
        ProofExtra {
            /// The line, from 1.
            line: u64,
        } = "tlog-proof-extra",
        /// A proof line that is not a base64 hash.
        ProofHash {
            /// The line, from 1.
            line: u64,
        } = "tlog-proof-hash",
        /// No blank line and checkpoint after the proof's hashes.
        ProofNoCheckpoint = "tlog-proof-no-checkpoint",
        /// More proof lines than a tree can need.
        ProofTooLong {
            /// The most there may be.
            limit: u64,
        } = "tlog-proof-too-long",
        /// A witness request whose first line is not `old N`.
        RequestOld = "tlog-request-old",
        /// A proof's game record that does not start `arbiter game ID`.
        RecordHeader = "tlog-record-header",
        /// A game record without its setup line.
        RecordNoSetup = "tlog-record-no-setup",
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&english().render(self))
    }
}

impl std::error::Error for Problem {}
