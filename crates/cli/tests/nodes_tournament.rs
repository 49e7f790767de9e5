//! A Swiss on two `arbiter serve --node` processes over one PostgreSQL
//! database: made through one node, joined through either, its acts
//! forwarded to the node that holds it, its rounds' games played on both;
//! that node killed (SIGKILL) in the
//! middle of round 1, the other taking the tournament and its games over,
//! every result recorded once and every round paired once until the event
//! finishes; and a holder paused (SIGSTOP) past its lease, which cannot
//! append to the tournament once it wakes. These need PostgreSQL whatever
//! `ARBITER_TEST_DB` says (scripts/test runs them in its PostgreSQL part);
//! their names start with `several_nodes`.

mod serve;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::Value;
use serve::Process;
use serve::cluster::{events_of, every_round_and_result_once, holder, psql, signal, unix_ms};

/// An answer that has not come within this is taken as lost, so that no
/// request of these tests waits for good.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);
/// How long a round, or a takeover, may take before the test fails.
const AT_MOST: Duration = Duration::from_secs(30);
const TEAM: &str = "nodes-club";

/// The tests of this file each run two nodes and a tournament on one
/// PostgreSQL cluster. Run at once on a 2-core machine, they starved a node
/// of the CPU past its two-second lease: the other node took its tournament
/// over, and a request on its way was refused with "send it again" (as it
/// should be, but not what these tests are about). They take turns.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn node(db: &str, name: &str) -> Process {
    Process::start(db, &["--node", name])
}

/// A client of the nodes, as the accounts of the tokens it is given.
struct Clients {
    http: reqwest::Client,
}

impl Clients {
    fn new() -> Clients {
        let http = reqwest::Client::builder()
            .no_proxy()
            .timeout(ANSWER_WITHIN)
            .build()
            .unwrap();
        Clients { http }
    }

    /// `POST base+path` as `token` with a form: the status and the body.
    async fn post(
        &self,
        base: &str,
        path: &str,
        token: &str,
        form: &[(&str, String)],
    ) -> (u16, Value) {
        let answer = self
            .http
            .post(format!("{base}{path}"))
            .bearer_auth(token)
            .form(form)
            .send()
            .await
            .unwrap_or_else(|e| panic!("POST {base}{path}: {e}"));
        let status = answer.status().as_u16();
        let text = answer.text().await.unwrap_or_default();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// `POST`, answered 200: the body.
    async fn ok(&self, base: &str, path: &str, token: &str, form: &[(&str, String)]) -> Value {
        let (status, body) = self.post(base, path, token, form).await;
        assert_eq!(status, 200, "POST {base}{path}: {body}");
        body
    }

    /// `GET base+path` as `token`: the JSON body.
    async fn get(&self, base: &str, path: &str, token: &str) -> Value {
        let answer = self
            .http
            .get(format!("{base}{path}"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {base}{path}: {e}"));
        let status = answer.status().as_u16();
        let text = answer.text().await.unwrap();
        assert_eq!(status, 200, "GET {base}{path}: {text}");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    /// The Swiss as `base` tells it.
    async fn swiss(&self, base: &str, id: &str, token: &str) -> Value {
        self.get(base, &format!("/api/swiss/{id}"), token).await
    }

    /// Waits until the Swiss, read through `base`, has `round` paired and
    /// every result of it in.
    async fn until_round_over(&self, base: &str, id: &str, token: &str, round: u32) -> Value {
        let started = Instant::now();
        loop {
            let info = self.swiss(base, id, token).await;
            if info["round"] == round && info["nbOngoing"] == 0 {
                return info;
            }
            assert!(
                started.elapsed() < AT_MOST,
                "round {round} not over: {info}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The games being played, each with its White's and Black's tokens,
    /// once all `boards` are under way: read through `base`.
    async fn games(
        &self,
        base: &str,
        players: &[String],
        boards: usize,
    ) -> BTreeMap<String, [String; 2]> {
        let started = Instant::now();
        loop {
            let mut games: BTreeMap<String, [String; 2]> = BTreeMap::new();
            for token in players {
                let playing = self.get(base, "/api/account/playing", token).await;
                for g in playing["nowPlaying"].as_array().unwrap() {
                    let seats = games
                        .entry(g["gameId"].as_str().unwrap().to_string())
                        .or_default();
                    let side = usize::from(g["color"] == "black");
                    seats[side] = token.clone();
                }
            }
            if games.len() == boards && games.values().all(|s| s.iter().all(|t| !t.is_empty())) {
                return games;
            }
            assert!(
                started.elapsed() < AT_MOST,
                "{} of {boards} games started",
                games.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A move, or a resignation, sent through `base` until a node takes
    /// it: a node that lost the game answers 503 while another takes it
    /// over.
    async fn act_on_game(&self, base: &str, path: &str, token: &str) {
        let started = Instant::now();
        loop {
            let (status, body) = self.post(base, path, token, &[]).await;
            if status == 200 {
                return;
            }
            assert!(
                status == 503 && started.elapsed() < AT_MOST,
                "POST {path}: {status} {body}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The opening of a game: 1. e4 e5.
    async fn open(&self, base: &str, id: &str, seats: &[String; 2]) {
        for (side, mv) in [(0, "e2e4"), (1, "e7e5")] {
            let path = format!("/api/board/game/{id}/move/{mv}");
            self.act_on_game(base, &path, &seats[side]).await;
        }
    }

    /// Its end: one side resigns, which side chosen from the game's id so
    /// that the scores spread.
    async fn resign(&self, base: &str, id: &str, seats: &[String; 2]) {
        let loser = id.bytes().map(usize::from).sum::<usize>() % 2;
        let path = format!("/api/board/game/{id}/resign");
        self.act_on_game(base, &path, &seats[loser]).await;
    }

    /// Makes a Swiss through `base` whose rounds the director starts by
    /// hand, and joins `players` to it, each through the node its turn
    /// gives; its id.
    async fn swiss_joined(
        &self,
        bases: &[&str],
        director: &str,
        players: &[String],
        rounds: u32,
    ) -> String {
        let now = unix_ms();
        let form = [
            ("name", "Nodes Open".to_string()),
            ("clock.limit", "600".to_string()),
            ("clock.increment", "0".to_string()),
            ("nbRounds", rounds.to_string()),
            ("startsAt", (now + 3_600_000).to_string()),
            ("roundInterval", "99999999".to_string()),
        ];
        let made = self
            .ok(bases[0], &format!("/api/swiss/new/{TEAM}"), director, &form)
            .await;
        let id = made["id"].as_str().unwrap().to_string();
        for (i, token) in players.iter().enumerate() {
            let base = bases[i % bases.len()];
            self.ok(base, &format!("/api/swiss/{id}/join"), token, &[])
                .await;
        }
        for base in bases {
            let info = self.swiss(base, &id, director).await;
            assert_eq!(info["nbPlayers"], players.len(), "{info}");
        }
        id
    }

    /// Starts the next round now, through `base`.
    async fn start_round(&self, base: &str, id: &str, director: &str) {
        let path = format!("/api/swiss/{id}/schedule-next-round");
        self.ok(base, &path, director, &[("date", unix_ms().to_string())])
            .await;
    }
}

/// The director's token and the players'.
fn accounts(db: &str, players: usize) -> (String, Vec<String>) {
    let director = serve::add_account(db, "Director", false);
    let players = (1..=players)
        .map(|i| serve::add_account(db, &format!("Player{i}"), false))
        .collect();
    (director, players)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_swiss_goes_on_when_its_node_is_killed_mid_round() {
    let _turn = ONE_AT_A_TIME.lock().await;
    const PLAYERS: usize = 6;
    const ROUNDS: u32 = 3;
    const BOARDS: usize = PLAYERS / 2;
    let dir = tempfile::tempdir().unwrap();
    let db = serve::postgres_database(dir.path(), "arbiter_nodes");
    let (director, players) = accounts(&db, PLAYERS);
    let mut a = node(&db, "a");
    let b = node(&db, "b");
    let (at_a, at_b) = (a.base.clone(), b.base.clone());
    let clients = Clients::new();

    // Made through a, which holds it; joined through both.
    let id = clients
        .swiss_joined(&[&at_a, &at_b], &director, &players, ROUNDS)
        .await;
    assert_eq!(holder(&db, &id), "a 1");

    // Round 1, started through b: the act goes to a, which pairs and
    // publishes it, and runs its games.
    clients.start_round(&at_b, &id, &director).await;
    let games = clients.games(&at_b, &players, BOARDS).await;
    // Its games are made on both nodes, board by board in turn.
    let ids: Vec<String> = games.keys().map(|g| format!("'{g}'")).collect();
    let homes = psql(
        &db,
        &format!(
            "SELECT count(DISTINCT node) FROM leases WHERE game_id IN ({})",
            ids.join(",")
        ),
    );
    assert_eq!(homes, "2", "round 1's games all run on one node");
    let mut boards = games.iter();
    // One game is played to its end through b (relayed to a); the others
    // are under way when a dies.
    let (first, seats) = boards.next().unwrap();
    clients.open(&at_b, first, seats).await;
    clients.resign(&at_b, first, seats).await;
    for (game, seats) in boards.clone() {
        clients.open(&at_a, game, seats).await;
    }
    a.kill();
    let killed = Instant::now();

    // b takes the games and the tournament over, and records their results.
    for (game, seats) in boards {
        clients.resign(&at_b, game, seats).await;
    }
    clients.until_round_over(&at_b, &id, &director, 1).await;
    let taken_over = killed.elapsed();
    assert_eq!(holder(&db, &id), "b 2");

    // The rounds after, on b.
    for round in 2..=ROUNDS {
        clients.start_round(&at_b, &id, &director).await;
        for (game, seats) in clients.games(&at_b, &players, BOARDS).await {
            clients.open(&at_b, &game, &seats).await;
            clients.resign(&at_b, &game, &seats).await;
        }
        clients.until_round_over(&at_b, &id, &director, round).await;
    }
    let info = clients.swiss(&at_b, &id, &director).await;
    assert_eq!(info["status"], "finished", "{info}");
    println!(
        "round 1's results all in {} ms after its holder was killed",
        taken_over.as_millis()
    );
    drop(b);

    // Every round paired and published once, every result recorded once.
    every_round_and_result_once(&db, &id, ROUNDS, BOARDS);
    let (ok, verified) = serve::arbiter(&["verify", "--db", &db]);
    assert!(
        ok && verified.contains("every record is intact"),
        "{verified}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_nodes_a_holder_paused_past_its_lease_cannot_append_to_its_tournament() {
    let _turn = ONE_AT_A_TIME.lock().await;
    const PLAYERS: usize = 4;
    let dir = tempfile::tempdir().unwrap();
    let db = serve::postgres_database(dir.path(), "arbiter_nodes");
    let (director, players) = accounts(&db, PLAYERS);
    let a = node(&db, "a");
    let b = node(&db, "b");
    let (at_a, at_b) = (a.base.clone(), b.base.clone());
    let clients = Clients::new();
    let id = clients
        .swiss_joined(&[&at_a, &at_b], &director, &players, 2)
        .await;
    assert_eq!(holder(&db, &id), "a 1");

    // Round 1 is due in a second and a half, by a's schedule; a stops
    // before then, and stays stopped past its lease (2 s).
    let path = format!("/api/swiss/{id}/schedule-next-round");
    let due = unix_ms() + 1500;
    clients
        .ok(&at_b, &path, &director, &[("date", due.to_string())])
        .await;
    signal(&a, "-STOP");
    // b takes the tournament over and its schedule starts round 1.
    let started = Instant::now();
    loop {
        let info = clients.swiss(&at_b, &id, &director).await;
        if info["round"] == 1 && holder(&db, &id) == "b 2" {
            break;
        }
        assert!(started.elapsed() < AT_MOST, "b did not take over: {info}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(4500).saturating_sub(started.elapsed())).await;

    // a wakes with round 1 due on its clock, and an act sent to it: it
    // pairs nothing, and the act is refused as stale (503) or handed to b.
    signal(&a, "-CONT");
    let later = (unix_ms() + 3_600_000).to_string();
    let (status, body) = clients
        .post(&at_a, &path, &director, &[("date", later.clone())])
        .await;
    assert!(status == 200 || status == 503, "{status} {body}");
    if status == 503 {
        assert!(body.to_string().contains("another node"), "{body}");
        clients
            .ok(&at_a, &path, &director, &[("date", later)])
            .await;
    }
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(holder(&db, &id), "b 2");
    assert_eq!(events_of(&db, &id, "round_paired"), 1);
    assert_eq!(events_of(&db, &id, "round_published"), 1);
    assert_eq!(events_of(&db, &id, "next_round_scheduled"), 2);
    // a reads the tournament as b made it.
    let info = clients.swiss(&at_a, &id, &director).await;
    assert_eq!(info["round"], 1, "{info}");
    drop((a, b));
    let (ok, verified) = serve::arbiter(&["verify", "--db", &db]);
    assert!(
        ok && verified.contains("every record is intact"),
        "{verified}"
    );
}
