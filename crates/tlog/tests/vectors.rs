//! Arbiter's formats against the Go implementation's published vectors
//! (golang.org/x/mod/sumdb/note and tlog) and a real Certificate
//! Transparency log's proofs (see `vectors/README.md`).

use std::path::Path;

use arbiter_tlog::{
    Checkpoint, Hash, Note, Problem, SigningKey, Verifier, VerifierKey, check_consistency,
    check_inclusion,
};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::Value;

fn vector(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn text(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key}"))
        .to_string()
}

fn hashes(v: &Value) -> Vec<Hash> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|h| Hash::from_base64(h.as_str().unwrap()).unwrap())
        .collect()
}

#[test]
fn go_verifier_keys_are_read_and_every_mangling_is_refused() {
    let go = vector("go-note.json");
    let vkey = text(&go, "peter_verifier_key");
    let key = VerifierKey::parse(&vkey).unwrap();
    assert_eq!((key.name(), key.key_id()), ("PeterNeumann", 0xc74f20a3));
    assert_eq!(key.to_string(), vkey);
    // As the Go test does: every proper substring, every byte changed.
    let bytes = vkey.as_bytes();
    for i in 0..=bytes.len() {
        for j in i + 1..=bytes.len() {
            if (i, j) != (0, bytes.len()) {
                let part = std::str::from_utf8(&bytes[i..j]).unwrap();
                assert!(VerifierKey::parse(part).is_err(), "{part}");
            }
        }
    }
    for i in 0..bytes.len() {
        let mut changed = bytes.to_vec();
        changed[i] += 1;
        let changed = String::from_utf8(changed).unwrap();
        assert!(VerifierKey::parse(&changed).is_err(), "{changed}");
    }
    let bad = &go["bad_verifier_keys"];
    assert_eq!(
        VerifierKey::parse(
            bad["wrong length key, with adjusted key id"]
                .as_str()
                .unwrap()
        ),
        Err(Problem::KeyMalformed)
    );
    assert_eq!(
        VerifierKey::parse(
            bad["unknown algorithm, with adjusted key id"]
                .as_str()
                .unwrap()
        ),
        Err(Problem::KeyTypeUnknown { kind: 0x65 })
    );
}

#[test]
fn go_signing_key_is_read_and_every_mangling_is_refused() {
    let go = vector("go-note.json");
    let skey = text(&go, "peter_signing_key");
    let key = SigningKey::parse(&skey).unwrap();
    assert_eq!(key.verifier().to_string(), text(&go, "peter_verifier_key"));
    assert_eq!(key.to_secret_text(), skey);
    let bytes = skey.as_bytes();
    for i in 0..=bytes.len() {
        for j in i + 1..=bytes.len() {
            if (i, j) != (0, bytes.len()) {
                let part = std::str::from_utf8(&bytes[i..j]).unwrap();
                assert!(SigningKey::parse(part).is_err(), "{part}");
            }
        }
    }
    for i in 0..bytes.len() {
        let mut changed = bytes.to_vec();
        changed[i] += 1;
        let changed = String::from_utf8(changed).unwrap();
        assert!(SigningKey::parse(&changed).is_err(), "{changed}");
    }
}

#[test]
fn a_note_signed_here_is_byte_for_byte_the_go_note() {
    let go = vector("go-note.json");
    let key = SigningKey::parse(&text(&go, "peter_signing_key")).unwrap();
    let mut note = Note::new(&text(&go, "text")).unwrap();
    note.add_signature(key.sign(note.text(), 0));
    assert_eq!(note.to_text(), text(&go, "signed_by_peter"));
}

#[test]
fn go_notes_open_with_the_keys_known_and_ignore_the_others() {
    let go = vector("go-note.json");
    let peter = VerifierKey::parse(&text(&go, "peter_verifier_key")).unwrap();
    let enoch = VerifierKey::parse(&text(&go, "enoch_verifier_key")).unwrap();
    let body = text(&go, "text");
    let (peter_sig, enoch_sig) = (
        text(&go, "peter_signature_line"),
        text(&go, "enoch_signature_line"),
    );
    let both = Note::parse(format!("{body}\n{peter_sig}{enoch_sig}").as_bytes()).unwrap();
    assert_eq!(both.text(), body);

    let signers = |known: &[&dyn Verifier]| -> Result<Vec<String>, Problem> {
        Ok(both
            .verified_by(known)?
            .iter()
            .map(|s| s.name.clone())
            .collect())
    };
    assert_eq!(signers(&[&peter]).unwrap(), ["PeterNeumann"]);
    assert_eq!(
        signers(&[&peter, &enoch]).unwrap(),
        ["PeterNeumann", "EnochRoot"]
    );
    assert_eq!(signers(&[]), Err(Problem::NoteUnverified));
    assert_eq!(
        signers(&[&enoch, &peter, &enoch]),
        Err(Problem::AmbiguousKey {
            name: "EnochRoot".into(),
            key_id: "af0cfe78".into()
        })
    );

    // A signature of a known key that does not verify condemns the note.
    let broken = format!("{}ABCD{}", &peter_sig[..60], &peter_sig[60..]);
    let note = Note::parse(format!("{body}\n{broken}").as_bytes()).unwrap();
    assert_eq!(
        note.verified_by(&[&peter]),
        Err(Problem::SignatureInvalid {
            name: "PeterNeumann".into(),
            key_id: "c74f20a3".into()
        })
    );
    // Repeated lines: one verified signature; an unknown key's broken
    // line is not looked at.
    let broken_enoch = format!("{}ABCD{}", &enoch_sig[..60], &enoch_sig[60..]);
    let repeated = format!("{body}\n{peter_sig}{peter_sig}{enoch_sig}{enoch_sig}{broken_enoch}");
    let note = Note::parse(repeated.as_bytes()).unwrap();
    assert_eq!(note.verified_by(&[&peter]).unwrap().len(), 1);

    // Go's malformed messages.
    let bad = [
        body.clone(),
        format!("{body}\n"),
        format!("{body}\n{}", &peter_sig[..peter_sig.len() - 1]),
        format!("\u{1}{body}\n{peter_sig}"),
        format!(
            "{body}\n— Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM="
        ),
        format!("{body}\n{peter_sig}Unexpected line.\n"),
        format!("{body}\n{}", peter_sig.repeat(101)),
    ];
    for message in bad {
        assert!(Note::parse(message.as_bytes()).is_err(), "{message}");
    }
    let mut invalid_utf8 = vec![0xff];
    invalid_utf8.extend(format!("{body}\n{peter_sig}").as_bytes());
    assert_eq!(
        Note::parse(&invalid_utf8),
        Err(Problem::NoteNotText { offset: 0 })
    );
}

#[test]
fn go_tree_text_is_a_checkpoint_and_its_bad_ones_are_refused() {
    let go = vector("go-tlog.json");
    let checkpoint = Checkpoint::parse(&text(&go, "tree_text")).unwrap();
    assert_eq!(checkpoint.origin, "go.sum database tree");
    assert_eq!(checkpoint.size, go["tree_size"].as_u64().unwrap());
    assert_eq!(
        checkpoint.root,
        Hash::of_leaf(text(&go, "tree_root_is_leaf_hash_of").as_bytes())
    );
    assert_eq!(checkpoint.text(), text(&go, "tree_text"));
    // The Go test's first bad tree is bad for its fixed origin only: a
    // checkpoint of another origin is refused where a log is named.
    let bad: Vec<String> = serde_json::from_value(go["bad_tree_texts"].clone()).unwrap();
    assert_eq!(
        Checkpoint::parse(&bad[0]).unwrap().origin,
        "not-go.sum database tree"
    );
    for text in &bad[1..] {
        assert!(Checkpoint::parse(text).is_err(), "{text}");
    }
}

#[test]
fn a_certificate_transparency_log_proves_an_entry_and_its_growth() {
    let sth = vector("argon2020/sth.json");
    let root = Hash::from_base64(sth["sha256_root_hash"].as_str().unwrap()).unwrap();
    let size = sth["tree_size"].as_u64().unwrap();
    let entries = vector("argon2020/entries.json");
    let leaf = STANDARD
        .decode(entries["entries"][0]["leaf_input"].as_str().unwrap())
        .unwrap();
    let go = vector("go-tlog.json");
    let index = go["argon2020_leaf_index"].as_u64().unwrap();
    let proof = vector("argon2020/proof.json");
    assert_eq!(proof["leaf_index"].as_u64(), Some(index));
    let path = hashes(&proof["audit_path"]);
    check_inclusion(Hash::of_leaf(&leaf), index, size, &path, &root).unwrap();
    assert!(check_inclusion(Hash::of_leaf(&leaf), index + 1, size, &path, &root).is_err());

    let old = go["argon2020_consistency_old_size"].as_u64().unwrap();
    let old_root =
        Hash::from_base64(go["argon2020_consistency_old_root"].as_str().unwrap()).unwrap();
    let path = hashes(&vector("argon2020/consistency.json")["consistency"]);
    check_consistency(old, &old_root, size, &root, &path).unwrap();
    assert!(check_consistency(old + 1, &old_root, size, &root, &path).is_err());
}
