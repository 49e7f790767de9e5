//! The hashes of an RFC 6962 (RFC 9162 §2.1) Merkle tree: SHA-256, with a
//! one-byte prefix that keeps a leaf from ever passing for an inner node.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest as _, Sha256};

/// A SHA-256 digest: a leaf's hash, a subtree's, or a tree's root.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hash(pub [u8; 32]);

impl Hash {
    /// The root of the empty tree: the hash of nothing.
    pub fn empty() -> Hash {
        Hash(Sha256::digest([]).into())
    }

    /// The hash of a leaf holding `data`: `SHA-256(0x00 ‖ data)`.
    ///
    /// ```
    /// // The Go checksum database's own example (golang.org/x/mod/sumdb/tlog).
    /// let hash = arbiter_tlog::Hash::of_leaf(b"hello world");
    /// assert_eq!(hash.to_base64(), "TszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=");
    /// ```
    pub fn of_leaf(data: &[u8]) -> Hash {
        let mut h = Sha256::new();
        h.update([0x00]);
        h.update(data);
        Hash(h.finalize().into())
    }

    /// The hash of an inner node over its two children:
    /// `SHA-256(0x01 ‖ left ‖ right)`.
    pub fn of_children(left: &Hash, right: &Hash) -> Hash {
        let mut h = Sha256::new();
        h.update([0x01]);
        h.update(left.0);
        h.update(right.0);
        Hash(h.finalize().into())
    }

    /// The standard base64 of the 32 bytes, as checkpoints and proofs
    /// write hashes.
    pub fn to_base64(&self) -> String {
        STANDARD.encode(self.0)
    }

    /// Reads a hash written in standard base64; `None` unless it is exactly
    /// 32 bytes in canonical base64.
    pub fn from_base64(text: &str) -> Option<Hash> {
        let bytes = STANDARD.decode(text).ok()?;
        Some(Hash(bytes.try_into().ok()?))
    }

    /// The digest in lowercase hexadecimal.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl fmt::Debug for Hash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hash({})", self.to_base64())
    }
}

impl fmt::Display for Hash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_base64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_tree_hashes_nothing_and_leaves_and_nodes_are_kept_apart() {
        assert_eq!(
            Hash::empty().to_hex(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        // A leaf whose data is two hashes is not the node over them.
        let (a, b) = (Hash::of_leaf(b"a"), Hash::of_leaf(b"b"));
        let mut joined = a.0.to_vec();
        joined.extend(b.0);
        assert_ne!(Hash::of_leaf(&joined), Hash::of_children(&a, &b));
    }

    #[test]
    fn base64_is_read_back_and_nothing_else_is_a_hash() {
        let h = Hash::of_leaf(b"x");
        assert_eq!(Hash::from_base64(&h.to_base64()), Some(h));
        assert_eq!(Hash::from_base64("AAAA"), None);
        assert_eq!(Hash::from_base64("not base64!"), None);
    }
}
