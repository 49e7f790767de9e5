//! A Swiss event at scale against a real `arbiter serve`: a Dutch Swiss
//! is created through Arbiter's tournament API, its players enter through
//! the registration link, and each round is paired, published and played
//! by every board at once, each player on his own WebSocket with the
//! token the link gave him. It reports how long registration, pairing,
//! publication and reading the event take, and, while every board plays,
//! moves per second and the latency from sending a move to seeing it on
//! the opponent's stream.
//!
//! ```sh
//! cargo run --release -- serve --db /tmp/swiss.db --rate-limit 0 &
//! cargo bench -p arbiter-server --bench tournament_load -- --url http://127.0.0.1:8080 \
//!     --players 2000 --think-ms 1000 --play-rounds 1
//! ```
//!
//! Each player thinks `--think-ms` on average (evenly spread from half to
//! one and a half times that) and plays a random legal move (seeded, so
//! runs repeat). A game ends after a number of plies drawn between
//! `--min-plies` and `--max-plies`: the player to move resigns, or (one
//! game in three) offers a draw with his move and the opponent accepts,
//! so the next round has score groups of 1, ½ and 0 to pair. The window
//! measured as "all boards" runs from the moment every board is seated
//! until `--window-ends` percent of the games have ended (random moves
//! mate now and then within a few plies, so waiting for the first game
//! to end would measure seconds); the round's row counts every move.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use arbiter_protocol::ws::ClientMessage;
use arbiter_referee::EventKind;
use arbiter_rules::Position;
use arbiter_rules::uci::Uci;
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// The server's messages, read without parsing them whole.
#[path = "common/scan.rs"]
mod scan;

/// A player's connection to his game.
#[path = "common/seat.rs"]
mod seat;
use seat::{Ws, seat, until};

#[derive(Debug, Parser)]
struct Args {
    /// The server, or each node of several (repeated, or a comma list):
    /// player i registers and plays on node i % N, the arbiter's calls
    /// go to the first.
    #[arg(long, value_delimiter = ',', default_value = "http://127.0.0.1:8080")]
    url: Vec<String>,
    /// Players registered (an even number pairs every one of them).
    #[arg(long, default_value_t = 2000)]
    players: usize,
    /// Each player's thinking time before a move, ms.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// The fewest plies before a game is ended by a resignation or a draw.
    #[arg(long, default_value_t = 60)]
    min_plies: u64,
    /// The most.
    #[arg(long, default_value_t = 100)]
    max_plies: u64,
    /// Rounds played; the round after the last one played is paired and
    /// published too (and left unplayed).
    #[arg(long, default_value_t = 1)]
    play_rounds: u32,
    /// Registrations sent at once.
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
    /// The "all boards" window ends once this percentage of the games
    /// have ended.
    #[arg(long, default_value_t = 1.0)]
    window_ends: f64,
    /// Boards seated at once when a round opens.
    #[arg(long, default_value_t = 200)]
    ramp: usize,
    /// The event's time control.
    #[arg(long, default_value = "5400+30")]
    time_control: String,
    /// The server's process ids (one per node, comma-separated): their CPU
    /// time over each measured window is read from `/proc`, summed and
    /// divided by the moves.
    #[arg(long, value_delimiter = ',')]
    server_pid: Vec<u32>,
    /// Also time importing the same players into another event as one CSV
    /// (imported players have no account, so that event is not played).
    #[arg(long)]
    import: bool,
    /// Writes the event's TRF here once the last round played is
    /// complete (before the next is paired), for the pairing checkers.
    #[arg(long)]
    trf_out: Option<std::path::PathBuf>,
    /// Ignored (cargo bench passes it).
    #[arg(long, hide = true)]
    bench: bool,
}

impl Args {
    /// The node the `i`th player or board uses.
    fn node(&self, i: usize) -> &str {
        &self.url[i % self.url.len()]
    }

    /// The node the arbiter's calls go to.
    fn arbiter_node(&self) -> &str {
        &self.url[0]
    }
}

/// A player as the registration link answered him.
#[derive(Clone, Debug)]
struct Entrant {
    token: String,
}

/// One board of a round: its game and the tokens of White and Black.
#[derive(Clone, Debug)]
struct Table {
    game: String,
    tokens: [String; 2],
}

/// The figures of one round's play.
struct Play {
    /// Latencies (µs) of the moves sent while every board played.
    all_boards: Mutex<Histogram<u64>>,
    /// Latencies (µs) of every move of the round.
    round: Mutex<Histogram<u64>>,
    errors: AtomicU64,
    /// Set once every board is seated.
    opened: OnceLock<Instant>,
    /// Set when `--window-ends` percent of the games have ended.
    window_end: OnceLock<Instant>,
    /// Games ended, and how many end the window.
    ended: AtomicU64,
    window_games: u64,
    all_playing: AtomicBool,
    /// Moves sent while every board played.
    window_moves: AtomicU64,
    /// Results seen by the players.
    results: Mutex<BTreeMap<String, u64>>,
}

impl Play {
    fn new(boards: usize, window_ends: f64) -> Play {
        let histogram = || Mutex::new(Histogram::new_with_bounds(1, 60_000_000, 3).unwrap());
        Play {
            all_boards: histogram(),
            round: histogram(),
            errors: AtomicU64::new(0),
            opened: OnceLock::new(),
            window_end: OnceLock::new(),
            ended: AtomicU64::new(0),
            window_games: ((boards as f64 * window_ends / 100.0).floor() as u64).max(1),
            all_playing: AtomicBool::new(false),
            window_moves: AtomicU64::new(0),
            results: Mutex::new(BTreeMap::new()),
        }
    }
}

/// A request, timed; its answer's JSON (an error for a status other than
/// 2xx).
async fn timed(request: reqwest::RequestBuilder) -> Result<(Value, Duration), String> {
    let start = Instant::now();
    let answer = request.send().await.map_err(|e| e.to_string())?;
    let status = answer.status();
    let body = answer.text().await.map_err(|e| e.to_string())?;
    let took = start.elapsed();
    if !status.is_success() {
        return Err(format!("{status}: {body}"));
    }
    let value = serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
    Ok((value, took))
}

/// The next number of a xorshift generator (seeded, so runs repeat).
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The registrations: a name and a rating for each player, the ratings
/// spread from 1000 to 2800 (seeded).
fn registrations(players: usize) -> Vec<(String, u32)> {
    let mut rng = 0x5EED_2026_u64;
    (1..=players)
        .map(|i| {
            (
                format!("Player {i:04}"),
                1000 + (next_random(&mut rng) % 1801) as u32,
            )
        })
        .collect()
}

fn settings(args: &Args) -> Value {
    json!({
        "name": format!("Scale Swiss {}", args.players),
        "place": "Loopback",
        "system": {"kind": "dutch"},
        "rounds": args.play_rounds + 1,
        "time_control": args.time_control,
        "ruleset": "fide-standard",
        "mode": "online",
        "tiebreaks": ["PTS", "BH/C1", "BH", "SB"],
    })
}

/// Creates an event: its id and its arbiter's token.
async fn create(http: &reqwest::Client, args: &Args) -> Result<(String, String), String> {
    let (created, _) = timed(
        http.post(format!("{}/api/tournament", args.arbiter_node()))
            .json(&settings(args)),
    )
    .await?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let token = created["token"].as_str().ok_or("no token")?.to_string();
    Ok((id, token))
}

/// Every player enters through the link, `--concurrency` at a time; their
/// numbers and tokens, and the latencies of the requests (µs).
async fn register(
    http: &reqwest::Client,
    args: &Args,
    id: &str,
) -> Result<(BTreeMap<u64, Entrant>, Histogram<u64>), String> {
    let requests =
        registrations(args.players)
            .into_iter()
            .enumerate()
            .map(|(i, (name, rating))| {
                let url = format!("{}/api/tournament/{id}/join", args.node(i));
                let request = http
                    .post(url)
                    .json(&json!({"name": name, "rating": rating, "federation": "FID"}));
                async move { timed(request).await }
            });
    let answers: Vec<_> = futures_util::stream::iter(requests)
        .buffer_unordered(args.concurrency)
        .collect()
        .await;
    let mut entrants = BTreeMap::new();
    let mut latencies = Histogram::new_with_bounds(1, 60_000_000, 3).unwrap();
    for answer in answers {
        let (joined, took) = answer?;
        let number = joined["player"].as_u64().ok_or("no player number")?;
        let token = joined["token"].as_str().ok_or("no token")?.to_string();
        entrants.insert(number, Entrant { token });
        let _ = latencies.record(took.as_micros() as u64);
    }
    Ok((entrants, latencies))
}

/// The same players as one CSV, imported into another event: how long
/// the import took.
async fn import(http: &reqwest::Client, args: &Args) -> Result<Duration, String> {
    let (id, token) = create(http, args).await?;
    let mut csv = String::from("name,rating,federation\n");
    for (name, rating) in registrations(args.players) {
        csv.push_str(&format!("{name},{rating},FID\n"));
    }
    let (answer, took) = timed(
        http.post(format!(
            "{}/api/tournament/{id}/import",
            args.arbiter_node()
        ))
        .bearer_auth(&token)
        .json(&json!({"format": "csv", "text": csv})),
    )
    .await?;
    let imported = answer["players"].as_array().map_or(0, Vec::len);
    if imported != args.players {
        return Err(format!("imported {imported} of {} players", args.players));
    }
    Ok(took)
}

async fn act(ws: &mut Ws, id: u64, event: EventKind) -> Result<(), String> {
    let message = ClientMessage::Act {
        id,
        event,
        token: None,
    };
    ws.send(Message::text(
        serde_json::to_string(&message).expect("messages serialise"),
    ))
    .await
    .map_err(|e| e.to_string())
}

/// Plays one board to its end: both players seated (each on his own
/// connection, by his token), then random moves until the planned end.
#[allow(clippy::too_many_arguments)]
async fn play_board(
    url: String,
    table: Table,
    seed: u64,
    think_ms: u64,
    plies_range: (u64, u64),
    play: Arc<Play>,
    seated: Arc<tokio::sync::Barrier>,
    permit: tokio::sync::OwnedSemaphorePermit,
) {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut sockets = Vec::new();
    let mut opened = Ok(());
    for (token, colour) in table.tokens.iter().zip(["white", "black"]) {
        match seat(&url, &table.game, token).await {
            Ok(mut ws) => {
                let role = until(&mut ws, |m| m.r#type == "role").await;
                opened = opened.and(role.and_then(|seen| match seen.role {
                    Some(r) if r == colour => Ok(()),
                    other => Err(format!("seated as {other:?}, not {colour}")),
                }));
                sockets.push(ws);
            }
            Err(e) => opened = Err(format!("{colour}: {e}")),
        }
    }
    drop(permit);
    seated.wait().await;
    let outcome = match opened {
        Ok(()) => play_game(&mut sockets, &mut rng, think_ms, plies_range, &play).await,
        Err(e) => Err(e),
    };
    if play.ended.fetch_add(1, Ordering::Relaxed) + 1 >= play.window_games {
        let _ = play.window_end.set(Instant::now());
        play.all_playing.store(false, Ordering::Relaxed);
    }
    match outcome {
        Ok(result) => {
            *play
                .results
                .lock()
                .expect("never poisoned")
                .entry(result)
                .or_default() += 1;
        }
        Err(e) => {
            if play.errors.fetch_add(1, Ordering::Relaxed) < 5 {
                eprintln!("board {}: {e}", table.game);
            }
        }
    }
}

async fn play_game(
    sockets: &mut [Ws],
    rng: &mut u64,
    think_ms: u64,
    (min_plies, max_plies): (u64, u64),
    play: &Play,
) -> Result<String, String> {
    let planned = min_plies + next_random(rng) % (max_plies - min_plies + 1);
    let agreed_draw = next_random(rng).is_multiple_of(3);
    let mut pos = Position::new();
    let mut plies = 0u64;
    let mut request = 0u64;
    loop {
        let think = think_ms / 2 + next_random(rng) % think_ms.max(1);
        tokio::time::sleep(Duration::from_millis(think)).await;
        let me = usize::from(pos.turn() == arbiter_rules::Color::Black);
        request += 1;
        if plies >= planned && !agreed_draw {
            act(&mut sockets[me], request, EventKind::Resign).await?;
            let seen = until(&mut sockets[1 - me], |m| m.over()).await?;
            if seen.over {
                return Ok(seen.result.unwrap_or_default());
            }
            return Err("a resignation did not end the game".into());
        }
        let offer = plies + 1 >= planned && agreed_draw;
        let moves = pos.legal_moves();
        let m = moves[(next_random(rng) % moves.len() as u64) as usize];
        let uci = Uci::from_move(&pos, m).to_string();
        let sent = Instant::now();
        let counted = play.all_playing.load(Ordering::Relaxed);
        act(
            &mut sockets[me],
            request,
            EventKind::Move {
                mv: uci,
                offer_draw: offer,
            },
        )
        .await?;
        let seen = until(&mut sockets[1 - me], |m| {
            m.r#type == "update" && m.view.is_some_and(|v| v.plies == plies + 1)
        })
        .await?;
        let latency = sent.elapsed().as_micros() as u64;
        until(&mut sockets[me], |m| m.r#type == "verdict").await?;
        if counted && play.all_playing.load(Ordering::Relaxed) {
            play.window_moves.fetch_add(1, Ordering::Relaxed);
            let _ = play
                .all_boards
                .lock()
                .expect("never poisoned")
                .record(latency);
        }
        let _ = play.round.lock().expect("never poisoned").record(latency);
        pos.play_unchecked(m);
        plies += 1;
        if seen.over {
            return Ok(seen.result.unwrap_or_default());
        }
        if offer {
            request += 1;
            let other = 1 - me;
            act(&mut sockets[other], request, EventKind::AcceptDraw).await?;
            let seen = until(&mut sockets[me], |m| m.over()).await?;
            if seen.over {
                return Ok(seen.result.unwrap_or_default());
            }
            return Err("an accepted draw did not end the game".into());
        }
    }
}

/// The CPU seconds (user and system) of a process so far (Linux: ticks of
/// 1/100 s in `/proc/PID/stat`); `None` for this one.
fn cpu_seconds(pid: Option<u32>) -> Option<f64> {
    let path = pid.map_or("/proc/self/stat".to_string(), |p| format!("/proc/{p}/stat"));
    let stat = std::fs::read_to_string(path).ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut fields = rest.split(' ').skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// The machine's busy and idle time so far, in ticks (`/proc/stat`).
fn machine_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let cpu: Vec<u64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.parse().ok())
        .collect();
    let idle = cpu.get(3)? + cpu.get(4)?;
    Some((cpu.iter().take(8).sum(), idle))
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_default()
}

/// What was measured of one round.
#[derive(Default)]
struct RoundFigures {
    round: u32,
    boards: usize,
    pair_ms: f64,
    publish_ms: f64,
    state_ms: f64,
    played: Option<Played>,
}

struct Played {
    seated_s: f64,
    window_s: f64,
    window_moves: u64,
    p50: f64,
    p99: f64,
    p999: f64,
    max: f64,
    round_moves: u64,
    round_p99: f64,
    round_s: f64,
    results_in_s: f64,
    errors: u64,
    server_us_per_move: Option<f64>,
    generator_us_per_move: Option<f64>,
    load_before: String,
    load_after: String,
    idle_pct: Option<u64>,
    results: BTreeMap<String, u64>,
}

impl Played {
    /// The figures that the table and the CSV both give, in their order
    /// (from all boards' window to the errors).
    fn shared_cells(&self) -> [String; 11] {
        [
            format!("{:.1}", self.window_s),
            self.window_moves.to_string(),
            format!("{:.0}", self.window_moves as f64 / self.window_s.max(1e-9)),
            format!("{:.2}", self.p50),
            format!("{:.2}", self.p99),
            format!("{:.2}", self.p999),
            format!("{:.2}", self.max),
            self.round_moves.to_string(),
            format!("{:.2}", self.round_p99),
            format!("{:.1}", self.round_s + self.results_in_s),
            self.errors.to_string(),
        ]
    }
}

/// The boards of round `round` from the event's state: each game and its
/// players' tokens.
fn tables(
    state: &Value,
    round: u32,
    entrants: &BTreeMap<u64, Entrant>,
) -> Result<Vec<Table>, String> {
    let boards = state["rounds"][round as usize - 1]["boards"]
        .as_array()
        .ok_or("no boards")?;
    boards
        .iter()
        .map(|b| {
            let token = |side: &str| {
                b[side]
                    .as_u64()
                    .and_then(|n| entrants.get(&n))
                    .map(|e| e.token.clone())
                    .ok_or_else(|| format!("board without {side}: {b}"))
            };
            Ok(Table {
                game: b["game"]
                    .as_str()
                    .ok_or("board without a game")?
                    .to_string(),
                tokens: [token("white")?, token("black")?],
            })
        })
        .collect()
}

/// Plays every board of the round at once, then waits for the event to
/// hold every result.
async fn play_round(
    http: &reqwest::Client,
    args: &Arc<Args>,
    id: &str,
    round: u32,
    tables: Vec<Table>,
    published: Instant,
) -> Result<Played, String> {
    let play = Arc::new(Play::new(tables.len(), args.window_ends));
    let seated = Arc::new(tokio::sync::Barrier::new(tables.len() + 1));
    let gate = Arc::new(tokio::sync::Semaphore::new(args.ramp));
    let opening = Instant::now();
    let mut tasks = Vec::new();
    for (i, table) in tables.into_iter().enumerate() {
        let permit = gate.clone().acquire_owned().await.expect("never closed");
        let seed = u64::from(round) << 32 | i as u64;
        tasks.push(tokio::spawn(play_board(
            args.node(i).to_string(),
            table,
            seed + 1,
            args.think_ms,
            (args.min_plies, args.max_plies.max(args.min_plies)),
            play.clone(),
            seated.clone(),
            permit,
        )));
    }
    let load_before = load_average();
    play.all_playing.store(true, Ordering::Relaxed);
    seated.wait().await;
    let start = Instant::now();
    let _ = play.opened.set(start);
    let seated_s = opening.elapsed().as_secs_f64();
    let server_cpu = || {
        let each: Option<Vec<f64>> = args
            .server_pid
            .iter()
            .map(|&pid| cpu_seconds(Some(pid)))
            .collect();
        each.filter(|e| !e.is_empty())
            .map(|e| e.iter().sum::<f64>())
    };
    let (server0, own0, ticks0) = (server_cpu(), cpu_seconds(None), machine_ticks());
    // The window's figures are read when it ends.
    while play.window_end.get().is_none() {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let window_end = *play.window_end.get().expect("set");
    let (server1, own1, ticks1) = (server_cpu(), cpu_seconds(None), machine_ticks());
    let load_after = load_average();
    for t in tasks {
        let _ = t.await;
    }
    let round_s = published.elapsed().as_secs_f64();
    // The results reach the event through the server's queue.
    let waiting = Instant::now();
    let url = format!("{}/api/tournament/{id}", args.arbiter_node());
    loop {
        let (state, _) = timed(http.get(&url)).await?;
        if state["rounds"][round as usize - 1]["complete"] == json!(true) {
            break;
        }
        if waiting.elapsed() > Duration::from_secs(120) {
            return Err(format!("round {round}: results missing after 2 min"));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let results_in_s = waiting.elapsed().as_secs_f64();
    let window_s = window_end.saturating_duration_since(start).as_secs_f64();
    let window_moves = play.window_moves.load(Ordering::Relaxed);
    let per_move = |before: Option<f64>, after: Option<f64>| {
        before
            .zip(after)
            .map(|(b, a)| (a - b) * 1e6 / window_moves.max(1) as f64)
    };
    let idle_pct = ticks0
        .zip(ticks1)
        .map(|((all0, idle0), (all1, idle1))| 100 * (idle1 - idle0) / (all1 - all0).max(1));
    let h = play.all_boards.lock().expect("never poisoned");
    let r = play.round.lock().expect("never poisoned");
    let ms = |h: &Histogram<u64>, q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    Ok(Played {
        seated_s,
        window_s,
        window_moves,
        p50: ms(&h, 0.5),
        p99: ms(&h, 0.99),
        p999: ms(&h, 0.999),
        max: h.max() as f64 / 1000.0,
        round_moves: r.len(),
        round_p99: ms(&r, 0.99),
        round_s,
        results_in_s,
        errors: play.errors.load(Ordering::Relaxed),
        server_us_per_move: per_move(server0, server1),
        generator_us_per_move: per_move(own0, own1),
        load_before,
        load_after,
        idle_pct,
        results: play.results.lock().expect("never poisoned").clone(),
    })
}

/// Pairs and publishes the next round, reads the event, and plays the
/// round if asked.
async fn run_round(
    http: &reqwest::Client,
    args: &Arc<Args>,
    id: &str,
    arbiter: &str,
    round: u32,
    entrants: &BTreeMap<u64, Entrant>,
) -> Result<RoundFigures, String> {
    let base = format!("{}/api/tournament/{id}", args.arbiter_node());
    let (paired, pair) = timed(http.post(format!("{base}/pair")).bearer_auth(arbiter)).await?;
    if paired["round"] != json!(round) {
        return Err(format!("paired {paired}, not round {round}"));
    }
    let published_at = Instant::now();
    let (published, publish) =
        timed(http.post(format!("{base}/publish")).bearer_auth(arbiter)).await?;
    let games = published["games"].as_array().map_or(0, Vec::len);
    let (state, read) = timed(http.get(&base)).await?;
    let tables = tables(&state, round, entrants)?;
    if tables.len() != games {
        return Err(format!("{games} games published, {} boards", tables.len()));
    }
    let mut figures = RoundFigures {
        round,
        boards: tables.len(),
        pair_ms: pair.as_secs_f64() * 1e3,
        publish_ms: publish.as_secs_f64() * 1e3,
        state_ms: read.as_secs_f64() * 1e3,
        played: None,
    };
    if round <= args.play_rounds {
        figures.played = Some(play_round(http, args, id, round, tables, published_at).await?);
    }
    Ok(figures)
}

fn opt(v: Option<f64>) -> String {
    v.map_or(String::new(), |v| format!("{v:.0}"))
}

fn print(
    args: &Args,
    registration: (f64, &Histogram<u64>),
    import: Option<f64>,
    rounds: &[RoundFigures],
) {
    let (seconds, latencies) = registration;
    println!(
        "registration: {} players through the link in {seconds:.1} s ({:.0}/s, {} at once; p50 {:.1} ms, p99 {:.1} ms)",
        args.players,
        args.players as f64 / seconds,
        args.concurrency,
        latencies.value_at_quantile(0.5) as f64 / 1000.0,
        latencies.value_at_quantile(0.99) as f64 / 1000.0,
    );
    if let Some(s) = import {
        println!("import: {} players as one CSV in {s:.2} s", args.players);
    }
    println!(
        "| round | boards | pair (ms) | publish (ms) | read event (ms) | seated (s) | all boards (s) | moves | moves/s | p50 (ms) | p99 (ms) | p99.9 (ms) | max (ms) | round moves | round p99 (ms) | publish to last result (s) | errors |"
    );
    println!(
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for r in rounds {
        let mut row = format!(
            "| {} | {} | {:.0} | {:.0} | {:.0} |",
            r.round, r.boards, r.pair_ms, r.publish_ms, r.state_ms
        );
        match &r.played {
            Some(p) => row.push_str(&format!(
                " {:.1} | {} |",
                p.seated_s,
                p.shared_cells().join(" | ")
            )),
            None => row.push_str(" | | | | | | | | | | | |"),
        }
        println!("{row}");
    }
    for r in rounds {
        if let Some(p) = &r.played {
            println!(
                "round {}: results {:?}; server {} µs and generator {} µs of CPU a move; load average {} then {}; idle {}%",
                r.round,
                p.results,
                opt(p.server_us_per_move),
                opt(p.generator_us_per_move),
                p.load_before,
                p.load_after,
                p.idle_pct.map_or(String::new(), |i| i.to_string()),
            );
        }
    }
    println!(
        "csv: round,players,boards,think_ms,registration_s,import_s,pair_ms,publish_ms,read_ms,all_boards_s,moves,moves_per_s,p50_ms,p99_ms,p999_ms,max_ms,round_moves,round_p99_ms,round_s,errors,server_us_per_move,generator_us_per_move,load_before,load_after,idle_pct"
    );
    for r in rounds {
        let mut row = format!(
            "csv: {},{},{},{},{seconds:.1},{},{:.0},{:.0},{:.0}",
            r.round,
            args.players,
            r.boards,
            args.think_ms,
            import.map_or(String::new(), |s| format!("{s:.2}")),
            r.pair_ms,
            r.publish_ms,
            r.state_ms
        );
        match &r.played {
            Some(p) => row.push_str(&format!(
                ",{},{},{},{},{},{}",
                p.shared_cells().join(","),
                opt(p.server_us_per_move),
                opt(p.generator_us_per_move),
                p.load_before,
                p.load_after,
                p.idle_pct.map_or(String::new(), |i| i.to_string()),
            )),
            None => row.push_str(",,,,,,,,,,,,,,,,"),
        }
        println!("{row}");
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args = Arc::new(Args::parse());
    if let Err(e) = run(&args).await {
        eprintln!("tournament_load: {e}");
        std::process::exit(1);
    }
    std::process::exit(0);
}

async fn run(args: &Arc<Args>) -> Result<(), String> {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.concurrency.max(4))
        .build()
        .map_err(|e| e.to_string())?;
    let import = if args.import {
        Some(import(&http, args).await?.as_secs_f64())
    } else {
        None
    };
    let (id, arbiter) = create(&http, args).await?;
    let start = Instant::now();
    let (entrants, latencies) = register(&http, args, &id).await?;
    let registration = start.elapsed().as_secs_f64();
    eprintln!(
        "event {id}: {} players registered in {registration:.1} s",
        entrants.len()
    );
    // The scripts read the event's TRF and records by its id.
    println!("event: {id}");
    let mut rounds = Vec::new();
    for round in 1..=args.play_rounds + 1 {
        let figures = run_round(&http, args, &id, &arbiter, round, &entrants).await?;
        eprintln!(
            "round {round}: paired in {:.0} ms, published in {:.0} ms",
            figures.pair_ms, figures.publish_ms
        );
        rounds.push(figures);
        if round == args.play_rounds
            && let Some(path) = &args.trf_out
        {
            let trf = http
                .get(format!("{}/api/tournament/{id}/trf", args.arbiter_node()))
                .send()
                .await
                .and_then(reqwest::Response::error_for_status)
                .map_err(|e| e.to_string())?
                .text()
                .await
                .map_err(|e| e.to_string())?;
            std::fs::write(path, trf).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    print(args, (registration, &latencies), import, &rounds);
    Ok(())
}
