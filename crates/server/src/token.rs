//! Secrets: seat, arbiter and account tokens.
//!
//! A token is 32 random bytes written as 64 hexadecimal digits. The server
//! keeps only its SHA-256 digest, so a copy of the database gives nobody a
//! seat, and compares digests in constant time, so response times say
//! nothing about how much of a guess was right.

use rand::{Rng as _, RngCore as _};
use sha2::{Digest as _, Sha256};
use subtle::ConstantTimeEq;

/// The SHA-256 digest of a token, as stored.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct TokenDigest([u8; 32]);

impl std::fmt::Debug for TokenDigest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print a digest in logs: it is as good as a password hash.
        f.write_str("TokenDigest(..)")
    }
}

impl TokenDigest {
    /// The digest of `token`.
    pub fn of(token: &str) -> TokenDigest {
        TokenDigest(Sha256::digest(token.as_bytes()).into())
    }

    /// `true` when `other` is this digest, compared in constant time (to
    /// hash a token once and compare it with several digests).
    pub fn matches_digest(&self, other: &TokenDigest) -> bool {
        other.0.ct_eq(&self.0).into()
    }

    /// Hexadecimal, for the database.
    pub fn to_hex(self) -> String {
        hex(&self.0)
    }

    /// Reads the database form; `None` when it is not 64 hex digits.
    pub fn from_hex(text: &str) -> Option<TokenDigest> {
        let bytes = text.as_bytes();
        if bytes.len() != 64 {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, pair) in bytes.chunks(2).enumerate() {
            let s = std::str::from_utf8(pair).ok()?;
            out[i] = u8::from_str_radix(s, 16).ok()?;
        }
        Some(TokenDigest(out))
    }
}

/// A new token: 256 random bits from the operating system's generator.
pub fn new_token() -> String {
    // ThreadRng is a ChaCha generator seeded and reseeded from the OS.
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// A short public identifier (a game's id): `len` letters and digits.
pub fn new_id(len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..len)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// An id of `len` characters of [`new_id`]'s alphabet derived from
/// `seed`: the same seed always gives the same id (a tournament board's
/// game, found again after a crash).
pub(crate) fn derived_id(seed: &str, len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let digest = Sha256::digest(seed.as_bytes());
    digest
        .iter()
        .cycle()
        .take(len)
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect()
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_matched_by_digest_only() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        let d = TokenDigest::of(&a);
        assert!(d.matches_digest(&TokenDigest::of(&a)));
        assert!(!d.matches_digest(&TokenDigest::of(&b)));
        assert!(!d.matches_digest(&TokenDigest::of("")));
        assert_eq!(TokenDigest::from_hex(&d.to_hex()), Some(d));
        assert_eq!(TokenDigest::from_hex("zz"), None);
    }
}
