//! `arbiter verify-proof` and `arbiter witness`, the pieces of the signed
//! log that need no server: a game's proof checked offline, and a witness
//! that cosigns a log only as it grows.

mod serve;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use arbiter_tlog::record::{GameRecord, Leaf};
use arbiter_tlog::witness::AddCheckpoint;
use arbiter_tlog::{
    Checkpoint, Hash, KeyKind, MemoryTree, Note, SigningKey, TlogProof, Verifier, VerifierKey,
};

const ORIGIN: &str = "arbiter.test/log";

fn log_key() -> SigningKey {
    SigningKey::from_seed(ORIGIN, KeyKind::Ed25519, [21; 32]).unwrap()
}

fn arbiter(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

fn game() -> GameRecord {
    GameRecord {
        game: "g1".into(),
        setup_json: r#"{"ruleset":"fide-blitz"}"#.into(),
        events: ["e4", "e5", "Qh5"]
            .iter()
            .map(|m| format!(r#"{{"kind":"move","move":"{m}"}}"#))
            .collect(),
    }
}

/// A log holding another game's moves around `g1`'s, and `g1`'s proof
/// carrying `record`.
fn logged(record: &GameRecord, witness: Option<&SigningKey>) -> String {
    logged_as(&game(), record, witness)
}

/// A log holding another game's moves around `in_log`'s last leaf, and a
/// proof of that leaf carrying `record`.
fn logged_as(in_log: &GameRecord, record: &GameRecord, witness: Option<&SigningKey>) -> String {
    let mut tree = MemoryTree::new();
    let other = |seq: i64| Leaf::GameEvent {
        game: "g2".into(),
        seq,
        link: format!("{seq:064}"),
    };
    for seq in 0..5 {
        tree.append(other(seq).hash());
    }
    let index = tree.size();
    tree.append(in_log.last_leaf().hash());
    tree.append(other(5).hash());
    let mut note: Note = Checkpoint {
        origin: ORIGIN.into(),
        size: tree.size(),
        root: tree.root_at(tree.size()).unwrap(),
        extensions: vec![],
    }
    .sign(&log_key())
    .unwrap();
    if let Some(witness) = witness {
        note.add_signature(witness.sign(note.text(), 1_767_225_600));
    }
    TlogProof {
        extra: Some(record.to_text().unwrap().into_bytes()),
        index,
        path: tree.inclusion_proof(index, tree.size()).unwrap(),
        checkpoint: note.to_text(),
    }
    .to_text()
}

#[test]
fn a_game_proof_is_checked_offline_and_an_altered_record_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g1.tlog-proof");
    let key = log_key().verifier().to_string();
    let file_arg = file.to_str().unwrap();

    std::fs::write(&file, logged(&game(), None)).unwrap();
    let (code, out) = arbiter(&["verify-proof", file_arg, "--key", &key]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("game g1: its 3 events are leaf 5 of the log arbiter.test/log at 7 leaves"),
        "{out}"
    );

    // The key from a file, and JSON.
    let key_file = dir.path().join("log.key");
    std::fs::write(&key_file, format!("{key}\n")).unwrap();
    let (code, out) = arbiter(&[
        "verify-proof",
        file_arg,
        "--key",
        key_file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, Some(0), "{out}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (
            json["holds"].as_bool(),
            json["index"].as_u64(),
            json["size"].as_u64()
        ),
        (Some(true), Some(5), Some(7))
    );

    // A move changed after the fact, or the mate cut off.
    let mut changed = game();
    changed.events[2] = r#"{"kind":"move","move":"Qf3"}"#.into();
    std::fs::write(&file, logged(&changed, None)).unwrap();
    let (code, out) = arbiter(&["verify-proof", file_arg, "--key", &key]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("game g1: leaf 5 and its proof do not lead to the root"),
        "{out}"
    );
    let mut cut = game();
    cut.events.pop();
    std::fs::write(&file, logged(&cut, None)).unwrap();
    assert_eq!(
        arbiter(&["verify-proof", file_arg, "--key", &key]).0,
        Some(1)
    );

    // Another log's key.
    std::fs::write(&file, logged(&game(), None)).unwrap();
    let stranger = SigningKey::from_seed(ORIGIN, KeyKind::Ed25519, [22; 32])
        .unwrap()
        .verifier()
        .to_string();
    let (code, out) = arbiter(&["verify-proof", file_arg, "--key", &stranger]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("no signature by a known key"), "{out}");

    // Not a proof at all: an error with its place, exit 2.
    std::fs::write(&file, "c2sp.org/tlog-proof@v1\nindex x\n").unwrap();
    let (code, out) = arbiter(&["verify-proof", file_arg, "--key", &key]);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("line 2: index N expected"), "{out}");
}

#[test]
fn a_proof_may_be_required_to_carry_a_witness_cosignature() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g1.tlog-proof");
    let witness = SigningKey::from_seed("witness.test/w", KeyKind::Cosigner, [23; 32]).unwrap();
    let (key, witness_key) = (
        log_key().verifier().to_string(),
        witness.verifier().to_string(),
    );
    std::fs::write(&file, logged(&game(), None)).unwrap();
    let args = [
        "verify-proof",
        file.to_str().unwrap(),
        "--key",
        &key,
        "--witness",
        &witness_key,
    ];
    let (code, out) = arbiter(&args);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("not cosigned by the witness witness.test/w"),
        "{out}"
    );
    std::fs::write(&file, logged(&game(), Some(&witness))).unwrap();
    let (code, out) = arbiter(&args);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("cosigned by witness.test/w"), "{out}");
}

/// An `arbiter witness` process and its address.
struct WitnessProcess {
    child: Child,
    base: String,
    key: VerifierKey,
}

impl Drop for WitnessProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_witness(dir: &std::path::Path) -> WitnessProcess {
    start_witness_of(dir, &log_key().verifier().to_string())
}

/// A witness of the log whose verifier key is `log`.
fn start_witness_of(dir: &std::path::Path, log: &str) -> WitnessProcess {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "witness",
            "--listen",
            "127.0.0.1:0",
            "--name",
            "witness.test/w",
            "--log-key",
        ])
        .arg(log)
        .arg("--key-file")
        .arg(dir.join("witness.key"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "witness KEY listening on http://ADDR"
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 5, "{line}");
    WitnessProcess {
        child,
        key: VerifierKey::parse(words[1]).unwrap(),
        base: words[4].to_string(),
    }
}

fn log_of(moves: &[&str]) -> MemoryTree {
    let mut tree = MemoryTree::new();
    for m in moves {
        tree.append(Hash::of_leaf(m.as_bytes()));
    }
    tree
}

/// Sends the log's checkpoint with the proof from `old`: the status and
/// the body.
fn submit(witness: &WitnessProcess, tree: &MemoryTree, old: u64) -> (u16, String) {
    let checkpoint = Checkpoint {
        origin: ORIGIN.into(),
        size: tree.size(),
        root: tree.root_at(tree.size()).unwrap(),
        extensions: vec![],
    }
    .sign(&log_key())
    .unwrap()
    .to_text();
    let body = AddCheckpoint {
        old,
        proof: tree.consistency_proof(old, tree.size()).unwrap(),
        checkpoint: checkpoint.clone(),
    }
    .to_body();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let response = reqwest::Client::new()
            .post(format!("{}/add-checkpoint", witness.base))
            .body(body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        if status == 200 {
            // The cosignature verifies on the checkpoint it answers.
            let note = Note::parse(format!("{checkpoint}{text}").as_bytes()).unwrap();
            let key: [&dyn Verifier; 1] = [&witness.key];
            assert_eq!(note.verified_by(&key).unwrap().len(), 1);
        }
        (status, text)
    })
}

const MOVES: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
];

#[test]
fn the_witness_cosigns_a_growing_log_and_refuses_one_rolled_back_and_grown_again() {
    let dir = tempfile::tempdir().unwrap();
    let witness = start_witness(dir.path());
    assert_eq!(witness.key.name(), "witness.test/w");
    assert_eq!(submit(&witness, &log_of(&MOVES[..3]), 0).0, 200);
    assert_eq!(submit(&witness, &log_of(&MOVES[..8]), 3).0, 200);

    // The log is rolled back to five moves and grows again to ten.
    let mut forked: Vec<&str> = MOVES[..5].to_vec();
    forked.extend(["Bxc6", "dxc6", "O-O", "f6", "d4"]);
    let (status, body) = submit(&witness, &log_of(&forked), 8);
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("does not extend the tree of 8"), "{body}");
    // From its old size, as if the witness had not seen 8: the witness
    // says what it has.
    assert_eq!(
        submit(&witness, &log_of(&forked), 5),
        (409, "8\n".to_string())
    );

    // The state outlives the process: restarted, it still knows 8.
    drop(witness);
    let witness = start_witness(dir.path());
    assert_eq!(
        submit(&witness, &log_of(&forked), 0),
        (409, "8\n".to_string())
    );
    assert_eq!(submit(&witness, &log_of(&forked), 8).0, 422);
    assert_eq!(submit(&witness, &log_of(&MOVES), 8).0, 200);

    // Its key file is its owner's alone.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(dir.path().join("witness.key"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn arbiter_key_prints_the_logs_verifier_key_kept_beside_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let db_arg = db.to_str().unwrap();
    let (code, out) = arbiter(&["key", "--db", db_arg]);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("no database at"), "{out}");
    // A database made by another command gets its key at first use.
    let (code, out) = arbiter(&["account", "add", "alice", "--db", db_arg]);
    assert_eq!(code, Some(0), "{out}");
    let (code, first) = arbiter(&["key", "--db", db_arg]);
    assert_eq!(code, Some(0), "{first}");
    let key = VerifierKey::parse(first.trim()).unwrap();
    assert!(key.name().starts_with("arbiter.log/"), "{first}");
    assert_eq!(arbiter(&["key", "--db", db_arg]).1, first);
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(dir.path().join("arbiter.db.log-key"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

/// Fool's mate as the server stores it: a real setup and real events.
fn fools_mate() -> GameRecord {
    use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup};
    let setup = GameSetup::default();
    let mut game = Game::new(setup.clone()).unwrap();
    let mut events = vec![Event::new(Actor::Arbiter, 0, EventKind::Start)];
    for (i, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let actor = if i % 2 == 0 {
            Actor::White
        } else {
            Actor::Black
        };
        let kind = EventKind::Move {
            mv: mv.to_string(),
            offer_draw: false,
        };
        events.push(Event::new(actor, 1000 * (i as u64 + 1), kind));
    }
    for event in &events {
        assert!(game.apply(event.clone()).is_accepted());
    }
    GameRecord {
        game: "g1".into(),
        setup_json: serde_json::to_string(&setup).unwrap(),
        events: events
            .iter()
            .map(|e| serde_json::to_string(e).unwrap())
            .collect(),
    }
}

#[test]
fn a_printed_game_is_checked_against_its_proof_and_a_different_one_named() {
    let dir = tempfile::tempdir().unwrap();
    let (proof, pgn) = (dir.path().join("g1.tlog-proof"), dir.path().join("g1.pgn"));
    let record = fools_mate();
    std::fs::write(&proof, logged_as(&record, &record, None)).unwrap();
    let key = log_key().verifier().to_string();
    let check = |text: &str| {
        std::fs::write(&pgn, text).unwrap();
        arbiter(&[
            "verify-proof",
            proof.to_str().unwrap(),
            "--key",
            &key,
            "--pgn",
            pgn.to_str().unwrap(),
        ])
    };
    // As the server exports it: the log's tags name the proof's leaf, 5.
    let exported = "[Event \"?\"]\n[Result \"0-1\"]\n[LogOrigin \"arbiter.test/log\"]\n\
        [LogIndex \"5\"]\n[LogProof \"/api/games/g1/proof\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let (code, out) = check(exported);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("g1.pgn is this game"), "{out}");
    // Typed in from a printed scoresheet, without the tags or the mate sign.
    let (code, out) = check("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4 0-1\n");
    assert_eq!(code, Some(0), "{out}");
    // A move that is not the logged one, a result, a leaf of another place.
    for (text, problem) in [
        (
            exported.replace("Qh4#", "Qh5"),
            "move 2 (Black) differs: the PGN has Qh5, the logged record Qh4#",
        ),
        (
            exported.replace("2. g4 Qh4# ", ""),
            "move 2 (White) differs: the PGN has no move, the logged record g4",
        ),
        (
            exported.replace("0-1", "1-0"),
            "the PGN's result is 1-0, the logged record's 0-1",
        ),
        (
            exported.replace("LogIndex \"5\"", "LogIndex \"4\""),
            "the PGN names leaf 4 of the log arbiter.test/log for game g1; the proof is of leaf 5",
        ),
    ] {
        let (code, out) = check(&text);
        assert_eq!(code, Some(1), "{out}");
        assert!(out.contains(problem), "{problem}: {out}");
    }
}

/// A database in `dir`, its log's verifier key (made with the database),
/// and a witness following that log.
fn database_and_its_witness(dir: &std::path::Path) -> (std::path::PathBuf, String, WitnessProcess) {
    let db = dir.join("arbiter.db");
    serve::add_account(&db, "Ann", false);
    let (code, key) = arbiter(&["key", "--db", db.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{key}");
    let key = key.trim().to_string();
    let witness = start_witness_of(dir, &key);
    (db, key, witness)
}

/// `arbiter serve --witness URL`: each new checkpoint goes to the witness
/// with the proof that the log grew from the one it cosigned last; the
/// checkpoint served, and a game's proof, carry its cosignature, which
/// `arbiter verify-proof --witness` checks.
#[test]
fn the_server_asks_its_witness_to_cosign_and_serves_the_cosigned_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let (db, key, witness) = database_and_its_witness(dir.path());
    let server = serve::Process::start(&db, &["--witness", &witness.base]);
    let client = serve::Client::new(&server.base);
    let log = VerifierKey::parse(&key).unwrap();
    let keys: [&dyn Verifier; 2] = [&log, &witness.key];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    // The latest checkpoint once it is of at least `size` leaves and
    // cosigned: its size.
    let cosigned_from = |size: u64| {
        runtime.block_on(async {
            for _ in 0..100 {
                let text = client.get_text("/checkpoint").await;
                if let Ok(note) = Note::parse(text.as_bytes())
                    && let Ok(signed) = note.verified_by(&keys)
                    && signed.len() == 2
                {
                    let size_now = Checkpoint::parse(note.text()).unwrap().size;
                    if size_now >= size {
                        return size_now;
                    }
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            panic!("no checkpoint of {size} leaves or more cosigned by the witness");
        })
    };
    let id = runtime.block_on(async {
        let created = client.create("600+0").await;
        let id = created["id"].as_str().unwrap().to_string();
        let white = created["white_token"].as_str().unwrap();
        assert_eq!(client.mv(&id, white, "e2e4").await.unwrap(), 200);
        id
    });
    // The game's proof, once its checkpoint is cosigned, carries the
    // cosignature too.
    let (first, text) = runtime.block_on(async {
        for _ in 0..100 {
            let text = client.get_text(&format!("/api/games/{id}/proof")).await;
            if let Ok(proof) = TlogProof::parse(&text)
                && let Ok(note) = Note::parse(proof.checkpoint.as_bytes())
                && note
                    .verified_by(&keys)
                    .is_ok_and(|signed| signed.len() == 2)
            {
                return (Checkpoint::parse(note.text()).unwrap().size, text);
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no cosigned proof of game {id}");
    });
    assert_eq!(cosigned_from(first), first);
    let proof = dir.path().join("game.tlog-proof");
    std::fs::write(&proof, text).unwrap();
    let witness_key = witness.key.to_string();
    let (code, out) = arbiter(&[
        "verify-proof",
        proof.to_str().unwrap(),
        "--key",
        &key,
        "--witness",
        &witness_key,
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("cosigned by witness.test/w"), "{out}");
    // The log grows (a new game): the witness cosigns the next
    // checkpoint, from the one it cosigned.
    runtime.block_on(client.create("600+0"));
    let grown = cosigned_from(first + 1);
    assert!(grown > first);
    drop(server);
}

/// A witness that answers every checkpoint with a cosignature by its key
/// of another text: what a broken or lying witness sends.
struct FakeWitness {
    base: String,
    key: VerifierKey,
    asked: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl FakeWitness {
    fn start() -> FakeWitness {
        use std::io::{Read, Write};
        let key = SigningKey::from_seed("witness.test/fake", KeyKind::Cosigner, [7; 32]).unwrap();
        let line = key
            .sign("not the checkpoint sent\n", 1_700_000_000)
            .to_line();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let asked = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = asked.clone();
        // Ends with the test's process.
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                // The request: its head, then as many bytes as it says.
                let mut request = Vec::new();
                let mut byte = [0u8; 1];
                while !request.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                    request.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&request).to_lowercase();
                let length = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|n| n.trim().parse().ok())
                    .unwrap_or(0);
                let mut body = vec![0u8; length];
                let _ = stream.read_exact(&mut body);
                count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{line}",
                    line.len()
                );
            }
        });
        FakeWitness {
            base,
            key: key.verifier(),
            asked,
        }
    }
}

/// `arbiter serve --witness URL=KEY`: a cosignature that does not verify
/// with the witness's key, on the checkpoint sent, is refused and never
/// served; a real witness's, given the same way, is.
#[test]
fn the_server_refuses_a_cosignature_that_does_not_verify_with_the_witness_key() {
    let dir = tempfile::tempdir().unwrap();
    let (db, key, witness) = database_and_its_witness(dir.path());
    let fake = FakeWitness::start();
    // The fake is asked first, each time: once the real witness's
    // cosignature is served, the fake's answer to the same checkpoint was
    // already looked at.
    let fake_arg = format!("{}={}", fake.base, fake.key);
    let witness_arg = format!("{}={}", witness.base, witness.key);
    let server = serve::Process::start(&db, &["--witness", &fake_arg, "--witness", &witness_arg]);
    let client = serve::Client::new(&server.base);
    let log = VerifierKey::parse(&key).unwrap();
    let keys: [&dyn Verifier; 2] = [&log, &witness.key];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let served = runtime.block_on(async {
        let created = client.create("600+0").await;
        let id = created["id"].as_str().unwrap().to_string();
        let white = created["white_token"].as_str().unwrap();
        assert_eq!(client.mv(&id, white, "e2e4").await.unwrap(), 200);
        for _ in 0..100 {
            let text = client.get_text("/checkpoint").await;
            if let Ok(note) = Note::parse(text.as_bytes())
                && note
                    .verified_by(&keys)
                    .is_ok_and(|signed| signed.len() == 2)
                && Checkpoint::parse(note.text()).unwrap().size >= 2
            {
                return note;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no checkpoint cosigned by the real witness");
    });
    assert!(fake.asked.load(std::sync::atomic::Ordering::SeqCst) >= 1);
    let names: Vec<&str> = served
        .signatures()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    // The log's signature and the real witness's: not the fake's.
    assert_eq!(names, [log.name(), witness.key.name()]);
    drop(server);

    // A key that is not one is refused before the server starts.
    let (code, out) = arbiter(&[
        "serve",
        "--db",
        db.to_str().unwrap(),
        "--witness",
        &format!("{}=not-a-key", witness.base),
    ]);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("the witness's key"), "{out}");
}

/// `arbiter verify --checkpoint FILE`, with a checkpoint a player saved
/// from `GET /checkpoint`: exits 0 while the log holds, then, once the
/// game's last move is deleted, exits 1 naming the game.
#[test]
fn arbiter_verify_with_a_saved_checkpoint_exits_1_and_names_the_game_cut() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    serve::add_account(&db, "Ann", false);
    let server = serve::Process::start(&db, &[]);
    let client = serve::Client::new(&server.base);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (id, saved) = runtime.block_on(async {
        let created = client.create("600+0").await;
        let id = created["id"].as_str().unwrap().to_string();
        for (token, mv) in [("white_token", "e2e4"), ("black_token", "e7e5")] {
            let token = created[token].as_str().unwrap();
            assert_eq!(client.mv(&id, token, mv).await.unwrap(), 200);
        }
        // Once the game's proof is served, the checkpoint holds its last move.
        for _ in 0..100 {
            let proof = client.get_text(&format!("/api/games/{id}/proof")).await;
            if TlogProof::parse(&proof).is_ok() {
                return (id, client.get_text("/checkpoint").await);
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no proof of game {id}");
    });
    drop(server);
    let note = dir.path().join("saved.note");
    std::fs::write(&note, saved).unwrap();
    let verify = || {
        arbiter(&[
            "verify",
            "--db",
            db.to_str().unwrap(),
            "--checkpoint",
            note.to_str().unwrap(),
        ])
    };
    let (code, out) = verify();
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("every record is intact"), "{out}");
    runtime.block_on(async {
        let store = arbiter_server::Store::open(arbiter_server::Database::Sqlite(db.clone()))
            .await
            .unwrap();
        let cut = format!(
            "DELETE FROM events WHERE game_id = '{id}' AND seq = \
             (SELECT max(seq) FROM events WHERE game_id = '{id}')"
        );
        assert_eq!(store.execute_raw(&cut).await.unwrap(), 1);
        store.close().await;
    });
    let (code, out) = verify();
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains(&format!("game {id}")), "{out}");
}
