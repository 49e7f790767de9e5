//! What arbiter-tlog writes (checkpoints, cosignatures, tlog-proofs,
//! consistency proofs) checked by an implementation independent of it:
//! `oracle.py`, written from the C2SP specs with Python's hashlib and the
//! `cryptography` package (installed by scripts/install-test-deps). The
//! oracle first checks itself against the published vectors.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use arbiter_tlog::{Checkpoint, Hash, KeyKind, MemoryTree, Note, SigningKey, TlogProof};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

const ORIGIN: &str = "arbiter.example/log";

/// Runs the oracle on `case`: its verdict on each check.
fn oracle(case: &Value) -> Value {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    static CASES: AtomicUsize = AtomicUsize::new(0);
    let file = std::env::temp_dir().join(format!(
        "arbiter-tlog-oracle-{}-{}.json",
        std::process::id(),
        CASES.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&file, case.to_string()).unwrap();
    let output = Command::new("python3")
        .arg(dir.join("oracle.py"))
        .arg(&file)
        .output()
        .expect("python3 runs (scripts/install-test-deps installs `cryptography`)");
    std::fs::remove_file(&file).ok();
    assert!(
        output.status.code().is_some_and(|c| c <= 1),
        "oracle crashed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

struct Log {
    tree: MemoryTree,
    records: Vec<String>,
    key: SigningKey,
    witnesses: Vec<SigningKey>,
}

impl Log {
    fn new(records: usize) -> Log {
        let mut log = Log {
            tree: MemoryTree::new(),
            records: Vec::new(),
            key: SigningKey::from_seed(ORIGIN, KeyKind::Ed25519, [5; 32]).unwrap(),
            witnesses: ["witness.example/a", "witness.example/b"]
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    SigningKey::from_seed(name, KeyKind::Cosigner, [10 + i as u8; 32]).unwrap()
                })
                .collect(),
        };
        for i in 0..records {
            let record = format!("arbiter game g{}\n{}\nlink {i}\n", i % 7, i / 7);
            log.tree.append(Hash::of_leaf(record.as_bytes()));
            log.records.push(record);
        }
        log
    }

    /// The checkpoint at `size`, signed and cosigned.
    fn checkpoint(&self, size: u64) -> String {
        let mut note: Note = Checkpoint {
            origin: ORIGIN.into(),
            size,
            root: self.tree.root_at(size).unwrap(),
            extensions: vec![],
        }
        .sign(&self.key)
        .unwrap();
        for (i, witness) in self.witnesses.iter().enumerate() {
            note.add_signature(witness.sign(note.text(), 1_767_225_600 + i as u64));
        }
        note.to_text()
    }

    fn case(&self, index: u64, size: u64, old: u64) -> Value {
        let proof = TlogProof {
            extra: Some(self.records[index as usize].clone().into_bytes()),
            index,
            path: self.tree.inclusion_proof(index, size).unwrap(),
            checkpoint: self.checkpoint(size),
        };
        json!({
            "vectors": Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors"),
            "log_key": self.key.verifier().to_string(),
            "witness_keys": self.witnesses.iter().map(|w| w.verifier().to_string()).collect::<Vec<_>>(),
            "checkpoint": self.checkpoint(size),
            "proof": proof.to_text(),
            "leaf": STANDARD.encode(&self.records[index as usize]),
            "old_checkpoint": self.checkpoint(old),
            "consistency": self.tree.consistency_proof(old, size).unwrap()
                .iter().map(Hash::to_base64).collect::<Vec<_>>(),
        })
    }
}

#[test]
fn the_oracle_accepts_what_arbiter_signs_and_proves() {
    let log = Log::new(45);
    for (index, size, old) in [
        (0, 1, 1),
        (17, 45, 32),
        (44, 45, 3),
        (31, 32, 31),
        (6, 13, 7),
    ] {
        let verdict = oracle(&log.case(index, size, old));
        assert_eq!(
            verdict,
            json!({"vectors": "ok", "checkpoint": "ok", "proof": "ok", "consistency": "ok"}),
            "leaf {index}, size {size}, from {old}"
        );
    }
}

#[test]
fn the_oracle_refuses_what_was_altered_after_arbiter_signed() {
    let log = Log::new(45);
    let case = log.case(17, 45, 32);

    // Another record in the leaf's place.
    let mut altered = case.clone();
    altered["leaf"] = json!(STANDARD.encode("arbiter game g3\n2\nanother link\n"));
    assert_eq!(
        oracle(&altered)["proof"],
        "inclusion proof does not lead to the root"
    );

    // A checkpoint whose size was changed after signing.
    let mut altered = case.clone();
    let checkpoint = case["checkpoint"]
        .as_str()
        .unwrap()
        .replacen("\n45\n", "\n46\n", 1);
    altered["checkpoint"] = json!(checkpoint);
    assert_eq!(
        oracle(&altered)["checkpoint"],
        "signature of arbiter.example/log does not verify"
    );

    // A cosignature moved to another checkpoint.
    let mut altered = case.clone();
    let theirs: Vec<&str> = case["checkpoint"]
        .as_str()
        .unwrap()
        .lines()
        .filter(|l| l.contains("witness.example/b"))
        .collect();
    let old = case["old_checkpoint"].as_str().unwrap();
    let ours = old
        .lines()
        .find(|l| l.contains("witness.example/b"))
        .unwrap();
    altered["checkpoint"] = json!(
        case["checkpoint"]
            .as_str()
            .unwrap()
            .replacen(theirs[0], ours, 1)
    );
    assert_eq!(
        oracle(&altered)["checkpoint"],
        "signature of witness.example/b does not verify"
    );

    // A log rolled back to 20 leaves and grown again to 45.
    let mut forked = Log::new(20);
    for i in 20..45 {
        let record = format!("rewritten {i}\n");
        forked.tree.append(Hash::of_leaf(record.as_bytes()));
        forked.records.push(record);
    }
    let mut altered = forked.case(17, 45, 32);
    altered["old_checkpoint"] = case["old_checkpoint"].clone();
    assert_eq!(oracle(&altered)["consistency"], "consistency proof fails");
}
