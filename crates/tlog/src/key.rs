//! Ed25519 keys in the formats of signed notes: a verifier key
//! `NAME+HEXID+base64(type ‖ public key)` that anyone may hold, and the
//! signing key `PRIVATE+KEY+NAME+HEXID+base64(type ‖ seed)` kept by the log
//! or the witness that signs (the format of golang.org/x/mod/sumdb/note).
//!
//! Two types of signature are made here: a log's own signature of its
//! checkpoints (type `0x01`, c2sp.org/signed-note) and a witness's
//! timestamped cosignature (type `0x04`, c2sp.org/tlog-cosignature).

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use ed25519_dalek::{Signer as _, SigningKey as Ed25519Secret, VerifyingKey};
use sha2::{Digest as _, Sha256};

use crate::cosignature;
use crate::note::{Signature, Verifier, is_key_name};
use crate::problem::Problem;

/// What a key signs, by its signature type byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    /// `0x01`: Ed25519 over the note's text: a log's key.
    Ed25519,
    /// `0x04`: a timestamped Ed25519 cosignature: a witness's key.
    Cosigner,
}

impl KeyKind {
    /// The signature type byte.
    pub fn byte(self) -> u8 {
        match self {
            KeyKind::Ed25519 => 0x01,
            KeyKind::Cosigner => 0x04,
        }
    }

    fn from_byte(byte: u8) -> Option<KeyKind> {
        match byte {
            0x01 => Some(KeyKind::Ed25519),
            0x04 => Some(KeyKind::Cosigner),
            _ => None,
        }
    }
}

/// A key's id: `SHA-256(name ‖ 0x0A ‖ type ‖ public key)[:4]`, big-endian.
pub fn key_id(name: &str, kind: KeyKind, public: &[u8; 32]) -> u32 {
    let mut h = Sha256::new();
    h.update(name.as_bytes());
    h.update([b'\n', kind.byte()]);
    h.update(public);
    let digest = h.finalize();
    u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// Splits `NAME+HEXID+BASE64` and checks what the three parts say of
/// each other: the type byte, the key's length, the id.
fn parse_key_parts(text: &str) -> Result<(String, KeyKind, VerifyingKey), Problem> {
    let malformed = || Problem::KeyMalformed;
    // The name has no `+`, the id neither; base64 may.
    let mut parts = text.splitn(3, '+');
    let (Some(name), Some(id), Some(encoded)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(malformed());
    };
    let stated = parse_key_id(id).ok_or_else(malformed)?;
    if !is_key_name(name) {
        return Err(malformed());
    }
    let raw = STANDARD.decode(encoded).map_err(|_| malformed())?;
    let (&kind_byte, key) = raw.split_first().ok_or_else(malformed)?;
    let kind = KeyKind::from_byte(kind_byte).ok_or(Problem::KeyTypeUnknown {
        kind: kind_byte as u64,
    })?;
    let key: [u8; 32] = key.try_into().map_err(|_| malformed())?;
    let public = VerifyingKey::from_bytes(&key).map_err(|_| malformed())?;
    check_key_id(id, stated, key_id(name, kind, &key))?;
    Ok((name.to_string(), kind, public))
}

/// Eight lowercase hexadecimal digits, as key ids are written.
fn parse_key_id(id: &str) -> Option<u32> {
    let digits = id.len() == 8
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    digits.then(|| u32::from_str_radix(id, 16).ok()).flatten()
}

fn check_key_id(id: &str, stated: u32, computed: u32) -> Result<(), Problem> {
    if stated == computed {
        Ok(())
    } else {
        Err(Problem::KeyIdMismatch {
            stated: id.to_string(),
            computed: format!("{computed:08x}"),
        })
    }
}

/// A key that checks signatures: a log's (type 1) or a witness's
/// cosignatures (type 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifierKey {
    name: String,
    kind: KeyKind,
    public: VerifyingKey,
}

impl VerifierKey {
    /// Reads `NAME+HEXID+base64(type ‖ public key)`.
    ///
    /// ```
    /// // golang.org/x/mod/sumdb/note's test key.
    /// let key = arbiter_tlog::VerifierKey::parse(
    ///     "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
    /// )?;
    /// assert_eq!(key.name(), "PeterNeumann");
    /// assert_eq!(key.key_id(), 0xc74f20a3);
    /// # Ok::<(), arbiter_tlog::Problem>(())
    /// ```
    pub fn parse(text: &str) -> Result<VerifierKey, Problem> {
        let (name, kind, public) = parse_key_parts(text.trim_end())?;
        Ok(VerifierKey { name, kind, public })
    }

    /// The key's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the key signs.
    pub fn kind(&self) -> KeyKind {
        self.kind
    }

    /// The key's id.
    pub fn key_id(&self) -> u32 {
        key_id(&self.name, self.kind, self.public.as_bytes())
    }
}

impl fmt::Display for VerifierKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut raw = vec![self.kind.byte()];
        raw.extend(self.public.as_bytes());
        write!(
            f,
            "{}+{:08x}+{}",
            self.name,
            self.key_id(),
            STANDARD.encode(raw)
        )
    }
}

impl Verifier for VerifierKey {
    fn name(&self) -> &str {
        &self.name
    }

    fn key_id(&self) -> u32 {
        VerifierKey::key_id(self)
    }

    fn verify(&self, text: &str, signature: &[u8]) -> bool {
        match self.kind {
            KeyKind::Ed25519 => {
                let Ok(signature) = ed25519_dalek::Signature::from_slice(signature) else {
                    return false;
                };
                self.public
                    .verify_strict(text.as_bytes(), &signature)
                    .is_ok()
            }
            KeyKind::Cosigner => {
                let Some((time, signature)) = cosignature::split(signature) else {
                    return false;
                };
                let message = cosignature::message(text, time);
                self.public
                    .verify_strict(message.as_bytes(), &signature)
                    .is_ok()
            }
        }
    }
}

/// A key that signs: a log's, or a witness's. Its text form holds the
/// secret seed: keep it readable by its owner only.
#[derive(Clone)]
pub struct SigningKey {
    name: String,
    kind: KeyKind,
    secret: Ed25519Secret,
}

impl fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the seed, even in a debug print.
        write!(f, "SigningKey({})", self.verifier())
    }
}

impl SigningKey {
    /// The key of `name` made from 32 random bytes (the caller draws them:
    /// this crate reads no randomness, as it reads no clock).
    pub fn from_seed(name: &str, kind: KeyKind, seed: [u8; 32]) -> Result<SigningKey, Problem> {
        if !is_key_name(name) {
            return Err(Problem::KeyNameInvalid {
                name: name.to_string(),
            });
        }
        Ok(SigningKey {
            name: name.to_string(),
            kind,
            secret: Ed25519Secret::from_bytes(&seed),
        })
    }

    /// Reads `PRIVATE+KEY+NAME+HEXID+base64(type ‖ seed)`.
    pub fn parse(text: &str) -> Result<SigningKey, Problem> {
        let rest = text
            .trim_end()
            .strip_prefix("PRIVATE+KEY+")
            .ok_or(Problem::KeyMalformed)?;
        let mut parts = rest.splitn(3, '+');
        let (Some(name), Some(id), Some(encoded)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(Problem::KeyMalformed);
        };
        let stated = parse_key_id(id).ok_or(Problem::KeyMalformed)?;
        let raw = STANDARD
            .decode(encoded)
            .map_err(|_| Problem::KeyMalformed)?;
        let (&kind_byte, seed) = raw.split_first().ok_or(Problem::KeyMalformed)?;
        let kind = KeyKind::from_byte(kind_byte).ok_or(Problem::KeyTypeUnknown {
            kind: kind_byte as u64,
        })?;
        let seed: [u8; 32] = seed.try_into().map_err(|_| Problem::KeyMalformed)?;
        let key = SigningKey::from_seed(name, kind, seed).map_err(|_| Problem::KeyMalformed)?;
        // The id is of the public key, which the seed gives.
        check_key_id(id, stated, key.key_id())?;
        Ok(key)
    }

    /// The text form, secret seed included.
    pub fn to_secret_text(&self) -> String {
        let mut raw = vec![self.kind.byte()];
        raw.extend(self.secret.to_bytes());
        format!(
            "PRIVATE+KEY+{}+{:08x}+{}",
            self.name,
            self.key_id(),
            STANDARD.encode(raw)
        )
    }

    /// The key's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it signs.
    pub fn kind(&self) -> KeyKind {
        self.kind
    }

    /// The key's id.
    pub fn key_id(&self) -> u32 {
        key_id(
            &self.name,
            self.kind,
            self.secret.verifying_key().as_bytes(),
        )
    }

    /// The public half, to give to whoever checks.
    pub fn verifier(&self) -> VerifierKey {
        VerifierKey {
            name: self.name.clone(),
            kind: self.kind,
            public: self.secret.verifying_key(),
        }
    }

    /// The signature line this key puts on a note of `text`. A cosigner
    /// stamps it with `time`, in seconds since the epoch; a log's key
    /// ignores the time.
    pub fn sign(&self, text: &str, time: u64) -> Signature {
        let bytes = match self.kind {
            KeyKind::Ed25519 => self.secret.sign(text.as_bytes()).to_bytes().to_vec(),
            KeyKind::Cosigner => {
                let message = cosignature::message(text, time);
                let mut bytes = time.to_be_bytes().to_vec();
                bytes.extend(self.secret.sign(message.as_bytes()).to_bytes());
                bytes
            }
        };
        Signature {
            name: self.name.clone(),
            key_id: self.key_id(),
            bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signing_key_reads_back_and_its_verifier_checks_what_it_signs() {
        for kind in [KeyKind::Ed25519, KeyKind::Cosigner] {
            let key = SigningKey::from_seed("arbiter.example/log", kind, [7; 32]).unwrap();
            let again = SigningKey::parse(&key.to_secret_text()).unwrap();
            assert_eq!(again.verifier(), key.verifier());
            let verifier = VerifierKey::parse(&key.verifier().to_string()).unwrap();
            assert_eq!(verifier.kind(), kind);
            let signature = key.sign("text\n", 1_700_000_000);
            assert_eq!(signature.key_id, verifier.key_id());
            assert!(verifier.verify("text\n", &signature.bytes));
            assert!(!verifier.verify("other\n", &signature.bytes));
        }
    }

    #[test]
    fn the_same_key_as_a_cosigner_has_another_id() {
        let log = SigningKey::from_seed("n", KeyKind::Ed25519, [1; 32]).unwrap();
        let witness = SigningKey::from_seed("n", KeyKind::Cosigner, [1; 32]).unwrap();
        assert_ne!(log.key_id(), witness.key_id());
    }

    #[test]
    fn a_debug_print_shows_no_secret() {
        let key = SigningKey::from_seed("n", KeyKind::Ed25519, [3; 32]).unwrap();
        let secret = key.to_secret_text();
        let seed_part = secret.rsplit('+').next().unwrap();
        assert!(!format!("{key:?}").contains(seed_part));
    }

    #[test]
    fn bad_names_and_unknown_types_are_refused() {
        assert_eq!(
            SigningKey::from_seed("a b", KeyKind::Ed25519, [0; 32]).unwrap_err(),
            Problem::KeyNameInvalid { name: "a b".into() }
        );
        // Type 2 (ECDSA) with a correct id for its bytes.
        let public = [9u8; 32];
        let mut raw = vec![2u8];
        raw.extend(public);
        let text = format!("n+{:08x}+{}", 0, STANDARD.encode(raw));
        assert_eq!(
            VerifierKey::parse(&text).unwrap_err(),
            Problem::KeyTypeUnknown { kind: 2 }
        );
    }
}
