//! The arbiter's fair-play screen from `arbiter serve --fairplay-engine`
//! with real Stockfish at a low node count: a Swiss's game played from a
//! real game's moves, the arbiter starts the screen, and its report lands
//! in the event's log (it is there again after the server restarts,
//! replayed from the stored log) and in the API, naming what reproduces
//! it; `arbiter fairplay --event URL` reads the same games from the
//! event's address and finds the same figures.

mod serve;

use std::time::{Duration, Instant};

use arbiter_fairplay::PlayedGame;
use serde_json::{Value, json};
use serve::{Client, Process, add_account, database};
use sha2::{Digest, Sha256};

/// Plies of the real game played: past the book (8 moves a side), few
/// enough for a second or two of analysis.
const PLIES: usize = 40;

/// No wait may hang the suite.
const PATIENCE: Duration = Duration::from_secs(90);

/// The first `plies` of the real game (`real_moves`'s), as PGN.
fn opening(plies: usize) -> String {
    let mut game = real_game();
    game.moves.truncate(plies);
    game.result = None;
    arbiter_pgn::export(&game)
}

/// The first game of a real event in the shared data.
fn real_game() -> arbiter_pgn::Game {
    let event = arbiter_testdata::path(
        "tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn",
    );
    let mut reader = arbiter_pgn::Reader::open(&event).expect("the event reads");
    reader.read_game().expect("a game").expect("a first game")
}

/// The moves (UCI) of the first game of a real event in the shared data.
fn real_moves() -> Vec<String> {
    let played = PlayedGame::from_pgn(&real_game(), 1).expect("the game replays");
    played
        .plies
        .iter()
        .take(PLIES)
        .map(|p| p.uci.clone())
        .collect()
}

/// Polls `check` until it gives something, for at most [`PATIENCE`].
async fn until<T, F: std::future::Future<Output = Option<T>>>(
    what: &str,
    check: impl Fn() -> F,
) -> T {
    let end = Instant::now() + PATIENCE;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(Instant::now() < end, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `arbiter fairplay` at the server's settings with `args`: whether it
/// succeeded, and what it wrote.
fn fairplay(args: &[&str]) -> (bool, String) {
    let out = assert_cmd::Command::cargo_bin("arbiter")
        .unwrap()
        .args(["fairplay", "--nodes", "1000", "--threads", "1", "--quiet"])
        .args(args)
        .timeout(PATIENCE)
        .output()
        .expect("arbiter runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

async fn post_json(c: &Client, path: &str, token: &str, body: &Value) -> (u16, Value) {
    let r = c
        .http
        .post(format!("{}{path}", c.base))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A Swiss of one round made by `creator`, whose one game the two
/// `players` play from the real game's moves (White resigns at the end);
/// its id.
async fn played_swiss(c: &Client, creator: &str, players: [&String; 2]) -> String {
    let [ann, bob] = players;
    let settings = json!({"clock.limit": 5400, "clock.increment": 30, "nbRounds": 1,
                          "name": "Screened Swiss", "roundInterval": 99999999});
    let (status, swiss) = post_json(c, "/api/swiss/new/club", creator, &settings).await;
    assert_eq!(status, 200, "{swiss}");
    let id = swiss["id"].as_str().unwrap().to_string();
    for t in [ann, bob] {
        assert_eq!(c.post_as(&format!("/api/swiss/{id}/join"), t).await, 200);
    }
    assert_eq!(
        c.post_as(&format!("/api/swiss/{id}/schedule-next-round"), creator)
            .await,
        200
    );
    let playing = until("the round's game", || async {
        let p = c.get_json_as("/api/account/playing", ann).await;
        p["nowPlaying"][0]["gameId"].is_string().then_some(p)
    })
    .await;
    let game = playing["nowPlaying"][0]["gameId"]
        .as_str()
        .unwrap()
        .to_string();
    let (white, black) = if playing["nowPlaying"][0]["color"] == "white" {
        (ann, bob)
    } else {
        (bob, ann)
    };
    let moves = real_moves();
    for (ply, uci) in moves.iter().enumerate() {
        let mover = if ply % 2 == 0 { white } else { black };
        assert_eq!(
            c.post_as(&format!("/api/board/game/{game}/move/{uci}"), mover)
                .await,
            200,
            "{uci}"
        );
    }
    assert_eq!(
        c.post_as(&format!("/api/board/game/{game}/resign"), white)
            .await,
        200
    );
    id
}

/// The arbiter `creator` starts the screen at `path` once the event's
/// one game has ended; the state with the report.
async fn screened(c: &Client, path: &str, creator: &str) -> Value {
    let started = until("the game's end in the event", || async {
        let (status, body) = post_json(c, path, creator, &Value::Null).await;
        (status == 200).then_some(body)
    })
    .await;
    assert_eq!(started["job"]["games"], 1);
    until("the report", || async {
        let state = c.get_json_as(path, creator).await;
        assert!(state["job"]["state"] != "failed", "{state}");
        state["reports"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
            .then_some(state)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiters_screen_runs_stockfish_and_its_report_lands_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let [creator, ann, bob] = ["Director", "Ann", "Bob"].map(|n| add_account(&db, n, false));
    // The default engine's name: Stockfish, on the path or in /usr/games.
    let engine = ["--fairplay-engine", "stockfish", "--fairplay-nodes", "1000"];
    let server = Process::start(&db, &engine);
    let c = Client::new(&server.base);

    let id = played_swiss(&c, &creator, [&ann, &bob]).await;

    // The arbiter starts the screen; the report comes into the log.
    let path = format!("/api/tournament/{id}/fairplay");
    let state = c.get_json_as(&path, &creator).await;
    assert_eq!(
        state["engine"],
        serde_json::json!({
            "command": "stockfish", "nodes": 1000, "multipv": 3, "book_moves": 8, "book": null,
            "decided_cp": 300, "losing_cp": 200, "baseline": null,
        }),
        "{state}"
    );
    let reported = screened(&c, &path, &creator).await;
    let report = &reported["reports"][0];
    assert!(
        report["engine"].as_str().unwrap().starts_with("Stockfish"),
        "{report}"
    );
    assert_eq!(
        (report["nodes"].as_u64(), report["multipv"].as_u64()),
        (Some(1000), Some(3))
    );
    assert_eq!(
        (report["book_moves"].as_u64(), report["decided_cp"].as_i64()),
        (Some(8), Some(300))
    );
    assert_eq!(report["baseline"], Value::Null);
    assert_eq!(report["games"], 1);
    let players = report["players"].as_array().unwrap();
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Bob"]);
    for p in players {
        let scored = p["moves"].as_u64().unwrap();
        // 20 moves a side, 8 of them book: at most 12 scored.
        assert!((1..=12).contains(&scored), "{p}");
        assert!(
            p["top1_moves"].as_u64() <= p["top3_moves"].as_u64()
                && p["top3_moves"].as_u64() <= Some(scored),
            "{p}"
        );
        assert_eq!(
            (p["z_hundredths"].clone(), p["review"].clone()),
            (Value::Null, json!(false)),
            "no baseline, no signal"
        );
    }

    // `arbiter fairplay --event` on the event's address: the same games,
    // the same settings, the same figures.
    let page = format!("{}/tournament/{id}/standings", server.base);
    let (ok, out) = fairplay(&["--event", &page, "--json"]);
    assert!(ok, "{out}");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    for (line, p) in lines.iter().zip(players) {
        assert_eq!(line["player"], p["player"]);
        assert_eq!(line["moves"], p["moves"]);
        let top1 = p["top1_moves"].as_f64().unwrap() / p["moves"].as_f64().unwrap();
        assert!(
            (line["top1"].as_f64().unwrap() - top1).abs() < 1e-9,
            "{line} {p}"
        );
    }
    // A bad address or answer is refused, naming it.
    let (ok, out) = fairplay(&["--event", "not-an-address"]);
    assert!(
        !ok && out.contains("--event \"not-an-address\" is not a URL"),
        "{out}"
    );
    let nothing = format!("{}/tournament/nosuch", server.base);
    let (ok, out) = fairplay(&["--event", &nothing]);
    assert!(
        !ok && out.contains("/api/swiss/nosuch/games answered 404"),
        "{out}"
    );

    // Replayed from the stored log by a new server, the same report.
    drop(server);
    let again = Process::start(&db, &engine);
    let replayed = Client::new(&again.base).get_json_as(&path, &creator).await;
    assert_eq!(replayed["reports"], reported["reports"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_screen_takes_an_opening_book_and_a_false_positive_rate_as_the_cli_does() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path());
    let [creator, ann, bob] = ["Director", "Ann", "Bob"].map(|n| add_account(&db, n, false));
    // The book: the real game's first six moves a side.
    let book = dir.path().join("book.pgn");
    std::fs::write(&book, format!("{}\n", opening(12))).unwrap();
    let book_hash: String = Sha256::digest(std::fs::read(&book).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let book_arg = book.to_str().unwrap();
    let server = Process::start(
        &db,
        &[
            "--fairplay-engine",
            "stockfish",
            "--fairplay-nodes",
            "1000",
            "--fairplay-book",
            book_arg,
            "--fairplay-false-positive-rate",
            "0.01",
        ],
    );
    let c = Client::new(&server.base);
    let id = played_swiss(&c, &creator, [&ann, &bob]).await;
    // Before the screen, the console is told the book it will use.
    let state = c
        .get_json_as(&format!("/api/tournament/{id}/fairplay"), &creator)
        .await;
    assert_eq!(state["engine"]["book"], book_hash.as_str(), "{state}");
    assert_eq!(state["engine"]["book_moves"], 0, "{state}");
    let reported = screened(&c, &format!("/api/tournament/{id}/fairplay"), &creator).await;
    let report = &reported["reports"][0];
    assert_eq!(report["book"], book_hash.as_str(), "{report}");
    assert_eq!(report["book_moves"], 0, "{report}");
    assert_eq!(report["false_positive_ppm"], 10_000, "{report}");

    // The CLI with the same book and rate: the same exclusions, the same
    // moves scored.
    let page = format!("{}/tournament/{id}", server.base);
    let (ok, out) = fairplay(&[
        "--book",
        book_arg,
        "--false-positive-rate",
        "0.01",
        "--event",
        &page,
        "--json",
    ]);
    assert!(ok, "{out}");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let players = report["players"].as_array().unwrap();
    assert_eq!(lines.len(), players.len(), "{out}");
    for (line, p) in lines.iter().zip(players) {
        assert_eq!(
            (&line["player"], &line["moves"]),
            (&p["player"], &p["moves"])
        );
        assert_eq!(line["screen"]["exclusions"]["book"], book_hash.as_str());
        assert_eq!(line["screen"]["threshold"]["false_positive_rate"], 0.01);
    }

    // A rate that is no chance, or a book that is not there, and the
    // server does not start, naming it.
    for (option, value, named) in [
        (
            "--fairplay-false-positive-rate",
            "1.5",
            "--fairplay-false-positive-rate",
        ),
        (
            "--fairplay-book",
            "/nonexistent/book.pgn",
            "/nonexistent/book.pgn",
        ),
    ] {
        let out = assert_cmd::Command::cargo_bin("arbiter")
            .unwrap()
            .args(["serve", "--db", &db, "--addr", "127.0.0.1:0"])
            .args(["--fairplay-engine", "stockfish", option, value])
            .timeout(PATIENCE)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && said.contains(named), "{said}");
    }
}
