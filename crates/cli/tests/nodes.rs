//! Several `arbiter serve --node` processes on one PostgreSQL database:
//! a node killed in the middle of hundreds of games, whose games the
//! others take over; a node paused past its lease that cannot write to a
//! game another node took over, nor sign the log; berserk playing a game whose players are
//! on different nodes. These need PostgreSQL whatever `ARBITER_TEST_DB`
//! says (scripts/test runs them in its PostgreSQL part); their names start
//! with `several_nodes`.

mod serve;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serve::cluster::{psql, signal, unix_ms};
use serve::view::moves;
use serve::{Client, Process, python};

/// Four knights out, then back (see crash.rs): 24 plies make no fivefold
/// repetition, so every game is ended by a resignation.
const SHUFFLE: [&str; 8] = [
    "g1f3", "g8f6", "b1c3", "b8c6", "f3g1", "f6g8", "c3b1", "c6b8",
];
const PLIES: usize = 24;
/// An answer that has not come within this is taken as lost, so that no
/// request of these tests waits for good.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);

fn node(db: &str, name: &str) -> Process {
    Process::start(db, &["--node", name])
}

/// When the node `name` last renewed its leases (its row in `nodes`).
fn last_renewal_ms(db: &str, name: &str) -> i64 {
    let text = psql(
        db,
        &format!("SELECT renewed_ms FROM nodes WHERE name = '{name}'"),
    );
    text.parse()
        .unwrap_or_else(|_| panic!("node {name} has no row: {text}"))
}

/// A node that signs the log with the key in `key_file`, as every node of
/// the database does.
fn signing_node(db: &str, name: &str, key_file: &std::path::Path, extra: &[&str]) -> Process {
    let key = key_file.to_str().unwrap();
    let args: Vec<&str> = ["--node", name, "--log-key", key]
        .into_iter()
        .chain(extra.iter().copied())
        .collect();
    Process::start(db, &args)
}

/// The node holding the log's signing lease, and its epoch (`log_signer`).
fn signing_lease(db: &str) -> Option<(String, i64)> {
    let text = psql(db, "SELECT node || ' ' || epoch FROM log_signer");
    let (node, epoch) = text.split_once(' ')?;
    Some((node.to_string(), epoch.parse().unwrap()))
}

/// Waits until the node `name` holds the signing lease; its epoch.
fn until_signer(db: &str, name: &str) -> i64 {
    for _ in 0..200 {
        if let Some((node, epoch)) = signing_lease(db)
            && node == name
        {
            return epoch;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!(
        "node {name} never held the signing lease: {:?}",
        signing_lease(db)
    );
}

/// How many checkpoints the node `name` signed after `after_ms` (ms since
/// 1970, by the signer's clock).
fn signed_by(db: &str, name: &str, after_ms: i64) -> i64 {
    psql(
        db,
        &format!(
            "SELECT count(*) FROM log_checkpoints WHERE signer = '{name}' \
             AND signed_unix_ms > {after_ms}"
        ),
    )
    .parse()
    .unwrap()
}

/// What a player's client saw of one game.
#[derive(Debug)]
struct Played {
    id: String,
    /// The node the game was made on (which runs it).
    home: usize,
    /// Every move acknowledged (200), by ply.
    acknowledged: Vec<Option<String>>,
    /// From the game's creation to the last answer.
    elapsed_ms: u64,
    /// The first answer to a move sent after the kill, if the game was
    /// still being played then.
    first_answer_after_kill: Option<Instant>,
}

/// A bot playing one game through every node in turn, ply `i` through
/// node `(home + i) % 3`: a node that cannot be reached, or answers 503,
/// is tried again through the next one. A request whose answer was lost
/// is not sent twice: the game's record says whether it was made.
async fn play(
    clients: Arc<Vec<Client>>,
    dead: Arc<AtomicUsize>,
    kill_at: Arc<std::sync::Mutex<Option<Instant>>>,
    acked_total: Arc<AtomicUsize>,
    created: Value,
    home: usize,
    started: Instant,
) -> Played {
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = [
        created["white_token"].as_str().unwrap().to_string(),
        created["black_token"].as_str().unwrap().to_string(),
    ];
    let mut played = Played {
        id: id.clone(),
        home,
        acknowledged: vec![None; PLIES + 1],
        elapsed_ms: 0,
        first_answer_after_kill: None,
    };
    let deadline = Instant::now() + Duration::from_secs(120);
    for ply in 0..=PLIES {
        let event = if ply == PLIES {
            json!({"kind": "resign"})
        } else {
            json!({"kind": "move", "move": SHUFFLE[ply % SHUFFLE.len()]})
        };
        let mut through = (home + ply) % 3;
        // The last try's answer was lost (its node died, or the node it
        // was relayed through): it may have been made.
        let mut unsure = false;
        let mut ever_unsure = false;
        loop {
            assert!(Instant::now() < deadline, "{id}: ply {ply} never answered");
            if through == dead.load(Ordering::Relaxed) {
                through = (through + 1) % 3;
                continue;
            }
            let client = &clients[through];
            if unsure {
                // The last try's answer was lost: was it made?
                let Ok(r) = client
                    .http
                    .get(format!("{}/api/games/{id}", client.base))
                    .timeout(ANSWER_WITHIN)
                    .send()
                    .await
                else {
                    through = (through + 1) % 3;
                    continue;
                };
                if r.status() == 200 {
                    let Ok(view) = r.json::<Value>().await else {
                        through = (through + 1) % 3;
                        continue;
                    };
                    let done = if ply == PLIES {
                        view["status"] == "over"
                    } else {
                        moves(&view).len() > ply
                    };
                    if done {
                        break;
                    }
                } else {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    through = (through + 1) % 3;
                    continue;
                }
            }
            let sent_at = Instant::now();
            let sent = client
                .http
                .post(format!("{}/api/games/{id}/events", client.base))
                .bearer_auth(&tokens[ply % 2])
                .json(&event)
                .timeout(ANSWER_WITHIN)
                .send()
                .await;
            match sent.map(|r| r.status().as_u16()) {
                Ok(200) => {
                    // An answer to a request sent before the kill says
                    // nothing of the takeover.
                    if kill_at.lock().unwrap().is_some_and(|k| k < sent_at)
                        && played.first_answer_after_kill.is_none()
                    {
                        played.first_answer_after_kill = Some(Instant::now());
                    }
                    played.acknowledged[ply] = Some(event.to_string());
                    acked_total.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                // 503: the game's node is being replaced, or could not be
                // reached by the node relaying; a refusal after a lost
                // answer: the first try may have been made meanwhile.
                Ok(status) if status == 503 || (ever_unsure && status < 500) => {
                    unsure = true;
                    ever_unsure = true;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    through = (through + 1) % 3;
                }
                Ok(other) => {
                    let view = clients[through].view(&id).await;
                    panic!("{id}: ply {ply} answered {other}; the game: {view}")
                }
                Err(_) => {
                    unsure = true;
                    ever_unsure = true;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    through = (through + 1) % 3;
                }
            }
        }
    }
    played.elapsed_ms = started.elapsed().as_millis() as u64;
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn several_nodes_one_killed_mid_game_its_games_are_taken_over_and_finish() {
    const GAMES: usize = 300;
    let dir = tempfile::tempdir().unwrap();
    let db = serve::postgres_database(dir.path(), "arbiter_nodes");
    let mut nodes: Vec<Process> = ["a", "b", "c"].iter().map(|n| node(&db, n)).collect();
    let clients = Arc::new(
        nodes
            .iter()
            .map(|p| Client::new(&p.base))
            .collect::<Vec<_>>(),
    );
    let dead = Arc::new(AtomicUsize::new(usize::MAX));
    let kill_at = Arc::new(std::sync::Mutex::new(None));
    let acked_total = Arc::new(AtomicUsize::new(0));

    // Every game made first, then all played at once.
    let mut games = Vec::new();
    for g in 0..GAMES {
        let home = g % 3;
        // Taken before the request: the game's clock starts on the
        // server while the answer is on its way, and the check below
        // holds the clock to the time the client saw pass.
        let started = Instant::now();
        games.push((clients[home].create("600+0").await, home, started));
    }
    let mut players = Vec::new();
    for (created, home, started) in games {
        players.push(tokio::spawn(play(
            clients.clone(),
            dead.clone(),
            kill_at.clone(),
            acked_total.clone(),
            created,
            home,
            started,
        )));
    }
    // Node b dies a third of the way through.
    while acked_total.load(Ordering::Relaxed) < GAMES * PLIES / 3 {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let killed = Instant::now();
    let killed_unix_ms = unix_ms();
    *kill_at.lock().unwrap() = Some(killed);
    nodes[1].kill();
    dead.store(1, Ordering::Relaxed);
    // The others take b's games over once its lease (2 s) has run out since
    // its last renewal; every move b made was made before the kill. So at
    // least this long of each game's pause is charged to nobody.
    let uncharged_ms = last_renewal_ms(&db, "b") + 2000 - killed_unix_ms;

    let mut played = Vec::new();
    for p in players {
        played.push(p.await.unwrap());
    }

    // Every game is over, each record the moves its players made, in
    // order, each once, then the resignation.
    let client = &clients[0];
    let expected: Vec<String> = (0..PLIES)
        .map(|i| SHUFFLE[i % SHUFFLE.len()].to_string())
        .collect();
    let mut takeovers = Vec::new();
    for p in &played {
        let view = client.view(&p.id).await;
        assert_eq!(view["status"], "over", "{}: {view}", p.id);
        assert_eq!(view["outcome"]["termination"], "resignation", "{}", p.id);
        assert_eq!(moves(&view), expected, "{}", p.id);
        for (ply, acked) in p.acknowledged.iter().enumerate().take(PLIES) {
            if let Some(acked) = acked {
                assert!(acked.contains(&expected[ply]), "{}: ply {ply}", p.id);
            }
        }
        let used = 1_200_000
            - view["clock"]["white_ms"].as_u64().unwrap()
            - view["clock"]["black_ms"].as_u64().unwrap();
        assert!(
            used <= p.elapsed_ms,
            "{}: {used} ms used in {} ms",
            p.id,
            p.elapsed_ms
        );
        if p.home == 1
            && let Some(answer) = p.first_answer_after_kill
        {
            takeovers.push(answer.duration_since(killed).as_millis() as u64);
            // The node's downtime is charged to nobody: the clocks show
            // less time used than went by.
            assert!(
                used as i64 + uncharged_ms <= p.elapsed_ms as i64,
                "{}: {used} ms used in {} ms, though {uncharged_ms} ms of it \
                 should be charged to nobody",
                p.id,
                p.elapsed_ms
            );
        }
    }
    takeovers.sort_unstable();
    assert!(
        takeovers.len() >= GAMES / 3 / 2,
        "only {} of node b's games were cut by the kill",
        takeovers.len()
    );
    let median = takeovers[takeovers.len() / 2];
    let worst = *takeovers.last().unwrap();
    println!(
        "takeover of {} games of the killed node: median {median} ms, worst {worst} ms; \
         at least {uncharged_ms} ms of each charged to nobody",
        takeovers.len()
    );
    assert!(worst < 5000, "takeover took {worst} ms");
    drop(nodes);

    let (ok, stdout) = serve::arbiter(&["verify", "--db", &db]);
    assert!(ok, "{stdout}");
    assert!(
        stdout.contains(&format!("{GAMES} games")) && stdout.contains("every record is intact"),
        "{stdout}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_node_paused_past_its_lease_cannot_write_to_a_game_taken_over_nor_sign() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::postgres_database(dir.path(), "arbiter_nodes");
    let lease = ["--lease-ms", "3000"];
    // Both sign the log; a, started first, holds the signing lease.
    let key = dir.path().join("log.key");
    let a = signing_node(&db, "a", &key, &lease);
    assert_eq!(until_signer(&db, "a"), 1);
    let b = signing_node(&db, "b", &key, &lease);
    let (at_a, at_b) = (Client::new(&a.base), Client::new(&b.base));
    // Ten seconds each; made on a, so a runs it. White moves: Black's
    // clock runs, on a.
    let created = at_a.create("10+0").await;
    let id = created["id"].as_str().unwrap();
    let (white, black) = (
        created["white_token"].as_str().unwrap(),
        created["black_token"].as_str().unwrap(),
    );
    assert_eq!(at_a.mv(id, white, "e2e4").await.unwrap(), 200);
    let moved = Instant::now();
    // a signs the move.
    while signed_by(&db, "a", 0) == 0 {
        assert!(moved.elapsed() < Duration::from_secs(5), "a signed nothing");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // a stops. Past its lease, b takes the game over, charging the time
    // since a's last word (three seconds at least) to nobody: on b, Black's
    // flag falls at least three seconds later than on a.
    signal(&a, "-STOP");
    let paused_unix_ms = unix_ms();
    tokio::time::sleep(Duration::from_millis(10_500).saturating_sub(moved.elapsed())).await;
    // Awake, a finds Black's flag fallen on its clock and would end the
    // game: it cannot, the game is b's.
    signal(&a, "-CONT");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let view = at_b.view(id).await;
    assert_eq!(view["status"], "started", "{view}");
    assert_eq!(moves(&view), ["e2e4"]);
    let black_ms = view["clock"]["black_ms"].as_i64().unwrap();
    assert!(black_ms > 1_000, "Black was charged a's silence: {view}");
    // Black plays on, through a, which sends the move to b.
    assert_eq!(at_a.mv(id, black, "e7e5").await.unwrap(), 200);
    assert_eq!(at_b.mv(id, white, "g1f3").await.unwrap(), 200);
    for at in [&at_a, &at_b] {
        let view = at.view(id).await;
        assert_eq!(moves(&view), ["e2e4", "e7e5", "g1f3"], "{view}");
        assert_eq!(view["status"], "started", "{view}");
    }
    // Nor can a sign: b took the signing lease over and signs the moves
    // made since; a, awake, signs nothing.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(signing_lease(&db), Some(("b".to_string(), 2)));
    assert!(signed_by(&db, "b", paused_unix_ms) >= 1);
    assert_eq!(signed_by(&db, "a", paused_unix_ms), 0);
    drop((a, b));
    // The tree is the one every checkpoint kept signed, a's before the
    // pause and b's after: it stayed one tree across the signer's failover.
    let (ok, verified) = serve::arbiter(&["verify", "--db", &db]);
    assert!(ok, "{verified}");
}

#[test]
fn several_nodes_berserk_plays_with_its_players_on_different_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::postgres_database(dir.path(), "arbiter_nodes");
    let add = |name: &str| serve::add_account(&db, name, false);
    let (alice, bob) = (add("Alice"), add("Bob"));
    let one = node(&db, "one");
    let two = node(&db, "two");
    let stdout = python("berserk_two_nodes.py", [&one.base, &two.base, &alice, &bob]);
    let game_id = stdout.split_whitespace().nth(3).unwrap().to_string();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for base in [&one.base, &two.base] {
        let view = runtime.block_on(Client::new(base).view(&game_id));
        assert_eq!(view["result"], "1-0");
        assert_eq!(view["outcome"]["termination"], "checkmate");
        assert_eq!(
            moves(&view),
            ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
        );
    }
}
