//! The load generator: many concurrent games played over loopback against
//! a real `arbiter serve` (durable storage, group commit), each player on
//! its own WebSocket, reporting moves per second and the latency from
//! sending a move to seeing it on the opponent's stream.
//!
//! ```sh
//! cargo run --release -- serve --db /tmp/load.db --rate-limit 0 &
//! cargo bench -p arbiter-server --bench load -- --url http://127.0.0.1:8080 \
//!     --games 10000 --think-ms 1000 --seconds 30 --transport http --warm-up 5 --timeline
//! ```
//!
//! Against several nodes of one database (`--url` given once per node,
//! or a comma list), game `i` is made on node `i % N` (which then runs
//! it), and its players connect to that node, or with `--cross` to the
//! next one, which relays every move to the game's node.
//!
//! Each game's two players think `--think-ms` on average (evenly spread
//! from half to one and a half times that) before each move and play a
//! random legal move (seeded, so runs repeat); a finished game is replaced
//! by a new one. Moves are counted once the opponent has seen them.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter_rules::Position;
use arbiter_rules::uci::Uci;
use clap::Parser;
use futures_util::SinkExt;
use hdrhistogram::Histogram;
use serde_json::{Value, json};
use std::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

/// The server's messages, read without parsing them whole.
#[path = "common/scan.rs"]
mod scan;
use scan::Incoming;

/// A player's connection to his game.
#[path = "common/seat.rs"]
mod seat;
use seat::{seat, until};

#[derive(Debug, Parser)]
struct Args {
    /// The server, or each node of several (repeated, or a comma list).
    #[arg(long, value_delimiter = ',', default_value = "http://127.0.0.1:8080")]
    url: Vec<String>,
    /// With several nodes: players connect to the node after their
    /// game's, so that every move is relayed to the game's node.
    #[arg(long)]
    cross: bool,
    /// Games played at once (each with two WebSocket connections).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Each player's thinking time before a move, ms.
    #[arg(long, default_value_t = 100)]
    think_ms: u64,
    /// How long to play, once every game is open, before measuring: every
    /// game makes its first move in the same second or two, and with
    /// thousands of games that burst is a moment no real server sees.
    #[arg(long, default_value_t = 0)]
    warm_up: u64,
    /// How long to measure, once every game is open (and warmed up).
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// How players send moves.
    #[arg(long, value_enum, default_value_t = Transport::Ws)]
    transport: Transport,
    /// With `--transport http`: keep-alive connections the moves are
    /// posted over (moves beyond that wait for one, and the wait counts in
    /// their latency). Unbounded, the HTTP client would open and close a
    /// connection for most moves.
    #[arg(long, default_value_t = 512)]
    connections: usize,
    /// Games opened at once while ramping up.
    #[arg(long, default_value_t = 200)]
    ramp: usize,
    /// Also print, for each tenth of a second of the measured window, the
    /// moves sent in it and the slowest of them: a stall of the server
    /// shows as one slow tenth, a slow disk as many.
    #[arg(long)]
    timeline: bool,
    /// Ignored (cargo bench passes it).
    #[arg(long, hide = true)]
    bench: bool,
}

/// How players send their moves. `relay` and `http` fit 10,000 games
/// under a 20,000 open-files limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Transport {
    /// Each player on their own WebSocket: two connections a game.
    Ws,
    /// One WebSocket a game carrying both players' moves, each with its
    /// seat's token, as a board operator or an electronic board would.
    Relay,
    /// Moves POSTed over a pool of keep-alive connections, one WebSocket
    /// a game watching for them.
    Http,
}

impl std::fmt::Display for Transport {
    /// The name given on the command line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use clap::ValueEnum as _;
        let value = self.to_possible_value().expect("no transport is skipped");
        f.write_str(value.get_name())
    }
}

struct Shared {
    latencies: Mutex<Histogram<u64>>,
    moves: AtomicU64,
    errors: AtomicU64,
    games_done: AtomicU64,
    measuring: std::sync::atomic::AtomicBool,
    /// When the measured window began.
    start: std::sync::OnceLock<Instant>,
    /// Per tenth of a second of the window (by sending time): moves, and
    /// the slowest, µs.
    timeline: Mutex<Vec<(u64, u64)>>,
    /// One permit per keep-alive connection moves are posted over.
    posting: tokio::sync::Semaphore,
    /// Moves measured, by the node running their game.
    moves_of_node: Vec<AtomicU64>,
}

/// Where one player's games are played: the node that makes and runs
/// them, and the node their players connect to.
struct Nodes<'a> {
    /// Index of the game's node in `--url`.
    game: usize,
    runs: &'a str,
    seats: &'a str,
}

impl Args {
    /// The nodes of the games of player `index`.
    fn nodes_of(&self, index: usize) -> Nodes<'_> {
        let n = self.url.len();
        let game = index % n;
        let seats = if self.cross { (game + 1) % n } else { game };
        Nodes {
            game,
            runs: &self.url[game],
            seats: &self.url[seats],
        }
    }
}

async fn create(http: &reqwest::Client, url: &str, start_now: bool) -> Result<Value, String> {
    let r = http
        .post(format!("{url}/api/games"))
        .json(
            &json!({"white": "Load W", "black": "Load B", "time_control": "3600+0",
                      "ruleset": "fide-standard", "start_now": start_now}),
        )
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if r.status() != 201 {
        return Err(format!("create: {}", r.status()));
    }
    r.json().await.map_err(|e| e.to_string())
}

/// An update showing the game started.
fn started(m: &Incoming) -> bool {
    m.view.is_some_and(|v| v.status == "started")
}

/// An update (not the full view) carrying ply `plies`.
fn update_to(m: &Incoming, plies: u64) -> bool {
    m.r#type == "update" && m.view.is_some_and(|v| v.plies == plies)
}

/// Plays games one after another until told to stop.
async fn player(
    args: Arc<Args>,
    shared: Arc<Shared>,
    http: reqwest::Client,
    index: usize,
    ready: Arc<tokio::sync::Barrier>,
    permit: tokio::sync::OwnedSemaphorePermit,
) {
    let seed = index as u64 + 1;
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut opening = Some((ready, permit));
    let nodes = args.nodes_of(index);
    loop {
        let outcome = play_one(&args, &nodes, &shared, &http, &mut rng, &mut opening).await;
        // A first game that failed before it was seated still counts as open.
        if let Some((ready, permit)) = opening.take() {
            drop(permit);
            ready.wait().await;
        }
        match outcome {
            Ok(()) => {
                shared.games_done.fetch_add(1, Ordering::Relaxed);
            }
            Err(_) => {
                shared.errors.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

/// The next number of a xorshift generator (seeded, so runs repeat).
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

async fn play_one(
    args: &Args,
    nodes: &Nodes<'_>,
    shared: &Shared,
    http: &reqwest::Client,
    rng: &mut u64,
    opening: &mut Option<(Arc<tokio::sync::Barrier>, tokio::sync::OwnedSemaphorePermit)>,
) -> Result<(), String> {
    let over_http = args.transport == Transport::Http;
    let relayed = args.transport == Transport::Relay;
    let game = create(http, nodes.runs, over_http || relayed).await?;
    let id = game["id"].as_str().ok_or("no id")?;
    let tokens = [
        game["white_token"].as_str().ok_or("no token")?.to_string(),
        game["black_token"].as_str().ok_or("no token")?.to_string(),
    ];
    let mut sockets = Vec::new();
    if over_http || relayed {
        // One stream watches the game; the players post their moves, or
        // send them over it.
        sockets.push(seat(nodes.seats, id, "").await?);
        until(&mut sockets[0], |m| m.r#type == "full" && started(m)).await?;
    } else {
        for token in &tokens {
            sockets.push(seat(nodes.seats, id, token).await?);
        }
        // Both seated: the server starts the clock.
        for ws in &mut sockets {
            until(ws, |m| m.r#type == "update" && started(m)).await?;
        }
    }
    if let Some((ready, permit)) = opening.take() {
        drop(permit);
        ready.wait().await;
    }
    let mut pos = Position::new();
    let mut plies = 0u64;
    let mut request = 0u64;
    loop {
        // Thinking times spread evenly over [think/2, 3·think/2): players in
        // lockstep would send every game's move in the same instant.
        let think = args.think_ms / 2 + next_random(rng) % args.think_ms.max(1);
        tokio::time::sleep(Duration::from_millis(think)).await;
        let moves = pos.legal_moves();
        let m = moves[(next_random(rng) % moves.len() as u64) as usize];
        let uci = Uci::from_move(&pos, m).to_string();
        let me = usize::from(pos.turn() == arbiter_rules::Color::Black);
        request += 1;
        let sent = Instant::now();
        let (seen, latency) = if over_http {
            let post = async {
                let _connection = shared.posting.acquire().await.expect("never closed");
                http.post(format!("{}/api/games/{id}/events", nodes.seats))
                    .bearer_auth(&tokens[me])
                    .header("content-type", "application/json")
                    .body(format!(r#"{{"kind":"move","move":"{uci}"}}"#))
                    .send()
                    .await
            };
            let watch = until(&mut sockets[0], |m| update_to(m, plies + 1));
            let (answer, seen) = tokio::join!(post, watch);
            let latency = sent.elapsed();
            let answer = answer.map_err(|e| e.to_string())?;
            if answer.status() != 200 {
                return Err(format!("refused: {}", answer.status()));
            }
            (seen?, latency)
        } else if relayed {
            sockets[0]
                .send(Message::text(format!(
                    r#"{{"type":"act","id":{request},"token":"{}","event":{{"kind":"move","move":"{uci}"}}}}"#,
                    tokens[me]
                )))
                .await
                .map_err(|e| e.to_string())?;
            // The verdict comes first, with the update in the same write.
            until(&mut sockets[0], |m| m.r#type == "verdict").await?;
            let seen = until(&mut sockets[0], |m| update_to(m, plies + 1)).await?;
            (seen, sent.elapsed())
        } else {
            sockets[me]
                .send(Message::text(format!(
                    r#"{{"type":"act","id":{request},"event":{{"kind":"move","move":"{uci}"}}}}"#
                )))
                .await
                .map_err(|e| e.to_string())?;
            let seen = until(&mut sockets[1 - me], |m| update_to(m, plies + 1)).await?;
            let latency = sent.elapsed();
            // Refused moves end the game as an error.
            until(&mut sockets[me], |m| m.r#type == "verdict").await?;
            (seen, latency)
        };
        if shared.measuring.load(Ordering::Relaxed) {
            shared.moves.fetch_add(1, Ordering::Relaxed);
            shared.moves_of_node[nodes.game].fetch_add(1, Ordering::Relaxed);
            let _ = shared
                .latencies
                .lock()
                .expect("never poisoned")
                .record(latency.as_micros() as u64);
            if args.timeline
                && let Some(start) = shared.start.get()
            {
                let tenth = (sent.saturating_duration_since(*start).as_millis() / 100) as usize;
                let mut timeline = shared.timeline.lock().expect("never poisoned");
                if timeline.len() <= tenth {
                    timeline.resize(tenth + 1, (0, 0));
                }
                let slot = &mut timeline[tenth];
                slot.0 += 1;
                slot.1 = slot.1.max(latency.as_micros() as u64);
            }
        }
        pos.play_unchecked(m);
        plies += 1;
        if seen.over {
            return Ok(());
        }
    }
}

/// This process's user and system CPU time so far, in seconds (Linux
/// only: `/proc/self/stat` counts it in ticks of 1/100 s, the fixed
/// `USER_HZ` of Linux's user interface).
fn own_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may
    // hold spaces): utime and stime are the 12th and 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut fields = rest.split(' ').skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// Opens the keep-alive connections moves are posted over before the
/// measured window: a real client keeps its connections. Opened while the
/// first moves went out, hundreds at once, they held those moves up to
/// 400 ms (700 ms with 2,048 connections) where the burst of first moves
/// alone holds them 200 ms.
async fn open_connections(http: &reqwest::Client, args: &Args) {
    let requests = (0..args.connections).map(|i| async move {
        let url = format!("{}/api/openapi.yaml", args.url[i % args.url.len()]);
        let answer = http.get(&url).send().await?;
        answer.bytes().await
    });
    let failed = futures_util::future::join_all(requests)
        .await
        .iter()
        .filter(|r| r.is_err())
        .count();
    if failed > 0 {
        eprintln!("warm-up: {failed} of {} requests failed", args.connections);
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args = Arc::new(Args::parse());
    let shared = Arc::new(Shared {
        latencies: Mutex::new(Histogram::new_with_bounds(1, 60_000_000, 3).unwrap()),
        moves: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        games_done: AtomicU64::new(0),
        measuring: false.into(),
        start: std::sync::OnceLock::new(),
        timeline: Mutex::new(Vec::new()),
        posting: tokio::sync::Semaphore::new(args.connections),
        moves_of_node: args.url.iter().map(|_| AtomicU64::new(0)).collect(),
    });
    if args.cross && args.url.len() < 2 {
        eprintln!("--cross needs at least two nodes (--url given twice)");
        std::process::exit(2);
    }
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.ramp.max(args.connections))
        .build()
        .unwrap();
    let ready = Arc::new(tokio::sync::Barrier::new(args.games + 1));
    let opening = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(args.ramp));
    for g in 0..args.games {
        let permit = gate.clone().acquire_owned().await.unwrap();
        let (args, shared, http, ready) =
            (args.clone(), shared.clone(), http.clone(), ready.clone());
        tokio::spawn(player(args, shared, http, g, ready, permit));
    }
    if args.transport == Transport::Http {
        open_connections(&http, &args).await;
    }
    ready.wait().await;
    let sockets = if args.transport == Transport::Ws {
        2
    } else {
        1
    } * args.games;
    println!(
        "{} games open ({sockets} WebSocket connections) in {:.1} s",
        args.games,
        opening.elapsed().as_secs_f64()
    );
    tokio::time::sleep(Duration::from_secs(args.warm_up)).await;
    let cpu_before = own_cpu_seconds();
    let start = Instant::now();
    let _ = shared.start.set(start);
    shared.measuring.store(true, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    shared.measuring.store(false, Ordering::Relaxed);
    let elapsed = start.elapsed().as_secs_f64();
    let moves = shared.moves.load(Ordering::Relaxed);
    let own_cpu = own_cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    let h = shared.latencies.lock().expect("never poisoned");
    let ms = |q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    println!("transport: {}", args.transport);
    println!(
        "| games open | think (ms) | seconds | durable moves | moves/s | p50 (ms) | p99 (ms) | p99.9 (ms) | max (ms) | errors | games finished |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    println!(
        "| {} | {} | {:.1} | {} | {:.0} | {:.2} | {:.2} | {:.2} | {:.2} | {} | {} |",
        args.games,
        args.think_ms,
        elapsed,
        moves,
        moves as f64 / elapsed,
        ms(0.5),
        ms(0.99),
        ms(0.999),
        h.max() as f64 / 1000.0,
        shared.errors.load(Ordering::Relaxed),
        shared.games_done.load(Ordering::Relaxed),
    );
    if args.url.len() > 1 {
        let seated = if args.cross {
            "the next node"
        } else {
            "the game's node"
        };
        let of_node: Vec<String> = shared
            .moves_of_node
            .iter()
            .map(|m| m.load(Ordering::Relaxed).to_string())
            .collect();
        println!(
            "nodes: {} (players on {seated}); durable moves by the game's node: {}",
            args.url.len(),
            of_node.join(" ")
        );
    }
    if let Some(cpu) = own_cpu {
        println!(
            "generator CPU: {:.1} µs a move",
            cpu * 1e6 / moves.max(1) as f64
        );
    }
    if args.timeline {
        let unix_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis())
            - start.elapsed().as_millis();
        println!("window began at {unix_ms} ms since 1970");
        println!("| from (s) | moves sent | slowest (ms) |");
        println!("| ---: | ---: | ---: |");
        for (tenth, (moves, slowest)) in shared
            .timeline
            .lock()
            .expect("never poisoned")
            .iter()
            .enumerate()
        {
            println!(
                "| {:.1} | {moves} | {:.1} |",
                tenth as f64 / 10.0,
                *slowest as f64 / 1000.0
            );
        }
    }
    std::process::exit(0);
}
