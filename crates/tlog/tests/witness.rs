//! The witness's decisions (c2sp.org/tlog-witness): it cosigns a checkpoint
//! only with a valid consistency proof from the last one it cosigned, and
//! refuses a log that was rolled back and grown again.

use arbiter_tlog::witness::{AddCheckpoint, Refusal, WatchedLog, Witnessed, add_checkpoint};
use arbiter_tlog::{
    Checkpoint, Hash, KeyKind, MemoryTree, Note, SignedCheckpoint, SigningKey, Verifier,
};

const ORIGIN: &str = "arbiter.example/log";
const NOW: u64 = 1_767_225_600;

fn log_key() -> SigningKey {
    SigningKey::from_seed(ORIGIN, KeyKind::Ed25519, [1; 32]).unwrap()
}

fn witness_key() -> SigningKey {
    SigningKey::from_seed("witness.example/w1", KeyKind::Cosigner, [2; 32]).unwrap()
}

fn watched() -> Vec<WatchedLog> {
    vec![WatchedLog {
        origin: ORIGIN.into(),
        keys: vec![log_key().verifier()],
    }]
}

/// A log whose leaves are `moves` (each a leaf's data).
fn log_of(moves: &[&str]) -> MemoryTree {
    let mut tree = MemoryTree::new();
    for m in moves {
        tree.append(Hash::of_leaf(m.as_bytes()));
    }
    tree
}

fn signed(tree: &MemoryTree, key: &SigningKey) -> String {
    Checkpoint {
        origin: key.name().into(),
        size: tree.size(),
        root: tree.root_at(tree.size()).unwrap(),
        extensions: vec![],
    }
    .sign(key)
    .unwrap()
    .to_text()
}

/// The request a log sends: the proof from `old` to its present size.
fn request(tree: &MemoryTree, old: u64) -> Vec<u8> {
    AddCheckpoint {
        old,
        proof: tree.consistency_proof(old, tree.size()).unwrap(),
        checkpoint: signed(tree, &log_key()),
    }
    .to_body()
    .into_bytes()
}

const GAME: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
];

#[test]
fn the_witness_cosigns_a_log_that_grows_and_its_cosignature_verifies() {
    let first = log_of(&GAME[..4]);
    let cosigned = add_checkpoint(
        &request(&first, 0),
        &watched(),
        |_| None,
        &witness_key(),
        NOW,
    )
    .unwrap();
    assert_eq!(cosigned.witnessed.size, 4);
    let grown = log_of(&GAME);
    let state = cosigned.witnessed;
    let again = add_checkpoint(
        &request(&grown, 4),
        &watched(),
        |origin| (origin == ORIGIN).then_some(state),
        &witness_key(),
        NOW + 1,
    )
    .unwrap();
    assert_eq!(again.witnessed.size, 10);

    // The cosignature, added to the checkpoint, verifies with the
    // witness's public key, and says when.
    let mut note = Note::parse(signed(&grown, &log_key()).as_bytes()).unwrap();
    note.add_signature(again.cosignature.clone());
    let log = log_key().verifier();
    let witness = witness_key().verifier();
    let checkpoint = SignedCheckpoint::open(note.to_text().as_bytes(), ORIGIN, &[&log]).unwrap();
    assert_eq!(
        checkpoint.cosigned_by(&[&witness]).unwrap(),
        ["witness.example/w1"]
    );
    assert_eq!(
        arbiter_tlog::cosignature::time_of(&again.cosignature.bytes),
        Some(NOW + 1)
    );
    // A cosignature is of this checkpoint only.
    let other = Note::parse(signed(&first, &log_key()).as_bytes()).unwrap();
    assert!(!witness.verify(other.text(), &again.cosignature.bytes));
}

#[test]
fn a_log_rolled_back_and_grown_again_is_refused() {
    let honest = log_of(&GAME[..8]);
    let state = Witnessed {
        size: 8,
        root: honest.root_at(8).unwrap(),
    };
    // The log loses its last three moves and records others after them.
    let mut rewritten: Vec<&str> = GAME[..5].to_vec();
    rewritten.extend(["Bxc6", "dxc6", "O-O", "f6", "d4"]);
    let forked = log_of(&rewritten);
    let refusal = add_checkpoint(
        &request(&forked, 8),
        &watched(),
        |_| Some(state),
        &witness_key(),
        NOW,
    )
    .unwrap_err();
    assert!(
        matches!(refusal, Refusal::Inconsistent { .. }),
        "{refusal:?}"
    );
    assert_eq!(refusal.status(), 422);
    assert!(
        refusal
            .to_string()
            .contains("does not extend the tree of 8"),
        "{refusal}"
    );

    // Nor may it go on from a smaller size, as if the witness had not
    // seen the larger one.
    let refusal = add_checkpoint(
        &request(&forked, 5),
        &watched(),
        |_| Some(state),
        &witness_key(),
        NOW,
    )
    .unwrap_err();
    assert_eq!(refusal, Refusal::NotLatest { latest: 8, old: 5 });
    assert_eq!(refusal.status(), 409);

    // The same size with another root: a fork.
    let same_size = log_of(&rewritten[..8]);
    let refusal = add_checkpoint(
        &request(&same_size, 8),
        &watched(),
        |_| Some(state),
        &witness_key(),
        NOW,
    )
    .unwrap_err();
    assert_eq!(refusal, Refusal::RootDiffers { size: 8 });
}

#[test]
fn unknown_logs_forged_signatures_and_bad_requests_are_refused_with_their_status() {
    let tree = log_of(&GAME[..3]);
    let stranger =
        SigningKey::from_seed("elsewhere.example/log", KeyKind::Ed25519, [3; 32]).unwrap();
    let body = AddCheckpoint {
        old: 0,
        proof: vec![],
        checkpoint: signed(&tree, &stranger),
    }
    .to_body();
    let refusal =
        add_checkpoint(body.as_bytes(), &watched(), |_| None, &witness_key(), NOW).unwrap_err();
    assert_eq!(refusal.status(), 404);

    // Signed by another key under the log's own name.
    let impostor = SigningKey::from_seed(ORIGIN, KeyKind::Ed25519, [4; 32]).unwrap();
    let body = AddCheckpoint {
        old: 0,
        proof: vec![],
        checkpoint: signed(&tree, &impostor),
    }
    .to_body();
    let refusal =
        add_checkpoint(body.as_bytes(), &watched(), |_| None, &witness_key(), NOW).unwrap_err();
    assert_eq!(refusal.status(), 403);

    let body = String::from_utf8(request(&tree, 0))
        .unwrap()
        .replacen("old 0", "old 7", 1);
    let refusal =
        add_checkpoint(body.as_bytes(), &watched(), |_| None, &witness_key(), NOW).unwrap_err();
    assert_eq!(refusal, Refusal::OldBeyondNew { old: 7, size: 3 });
    assert_eq!(refusal.status(), 400);

    let refusal =
        add_checkpoint(b"new 0\n\n", &watched(), |_| None, &witness_key(), NOW).unwrap_err();
    assert_eq!(refusal.status(), 400);

    // A proof where there is nothing to prove.
    let mut request = AddCheckpoint::parse(&request(&tree, 0)).unwrap();
    request.proof.push(Hash::of_leaf(b"x"));
    let refusal = add_checkpoint(
        request.to_body().as_bytes(),
        &watched(),
        |_| None,
        &witness_key(),
        NOW,
    )
    .unwrap_err();
    assert_eq!(refusal.status(), 422);
}

#[test]
fn a_request_reads_back_as_written() {
    let tree = log_of(&GAME);
    let body = request(&tree, 0);
    let parsed = AddCheckpoint::parse(&body).unwrap();
    assert_eq!(parsed.to_body().into_bytes(), body);
    let grown = AddCheckpoint {
        old: 4,
        proof: tree.consistency_proof(4, 10).unwrap(),
        checkpoint: signed(&tree, &log_key()),
    };
    assert_eq!(
        AddCheckpoint::parse(grown.to_body().as_bytes()).unwrap(),
        grown
    );
    assert!(grown.to_body().starts_with("old 4\n"));
}
