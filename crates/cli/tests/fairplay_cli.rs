//! `arbiter fairplay` with real Stockfish at a low node count on a few real
//! games (the lichess broadcast of the shared data): a baseline built, the
//! same games screened twice with the same settings giving the same
//! report, and the report naming what reproduces it.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Games taken from the event: enough for several players, few enough
/// for a few seconds of analysis.
const GAMES: usize = 6;

/// No run may hang the suite: each is stopped after this.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The event's first games, written to a file of the test's own.
fn some_games(dir: &Path) -> PathBuf {
    let event = arbiter_testdata::path(
        "tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn",
    );
    let mut reader = arbiter_pgn::Reader::open(&event).expect("the event reads");
    let mut text = String::new();
    for _ in 0..GAMES {
        let game = reader.read_game().expect("a game").expect("enough games");
        text.push_str(&game.to_string());
        text.push('\n');
    }
    let path = dir.join("games.pgn");
    std::fs::write(&path, text).unwrap();
    path
}

/// A file's SHA-256 in hex, as reports name files.
fn sha256_hex(path: &Path) -> String {
    Sha256::digest(std::fs::read(path).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("arbiter")
        .unwrap()
        .args(args)
        .timeout(TIMEOUT)
        .output()
        .expect("arbiter runs")
}

#[test]
fn a_screen_is_reproducible_and_names_what_reproduces_it() {
    let dir = tempfile::tempdir().unwrap();
    let games = some_games(dir.path());
    let baseline = dir.path().join("baseline.json");
    let kept = dir.path().join("baseline-analysis.jsonl");
    // The default engine: Stockfish, found on the path or in /usr/games.
    let common = ["--nodes", "2000", "--threads", "2", "--quiet"];

    let mut build = vec!["fairplay", "baseline"];
    build.extend(common);
    build.extend(["--analysis", kept.to_str().unwrap()]);
    build.extend([games.to_str().unwrap(), "-o", baseline.to_str().unwrap()]);
    let built = arbiter(&build);
    assert!(built.status.success(), "{built:?}");
    let file: Value = serde_json::from_slice(&std::fs::read(&baseline).unwrap()).unwrap();
    assert_eq!(file["format"], 3);
    assert!(file["bands"][0]["curves"]["top1"].is_array(), "{file}");
    assert_eq!(file["engine"]["nodes"], 2000);
    assert!(
        file["engine"]["name"]
            .as_str()
            .unwrap()
            .starts_with("Stockfish"),
        "{file}"
    );
    let hash = sha256_hex(&baseline);

    let screen = |extra: &[&str]| -> Output {
        let mut args = vec!["fairplay", "--baseline", baseline.to_str().unwrap()];
        args.extend(extra);
        args.extend(common);
        args.push(games.to_str().unwrap());
        arbiter(&args)
    };
    let first = screen(&["--json"]);
    assert!(first.status.success(), "{first:?}");
    let second = screen(&["--json"]);
    assert!(second.status.success(), "{second:?}");
    assert_eq!(
        String::from_utf8_lossy(&first.stdout),
        String::from_utf8_lossy(&second.stdout),
        "two runs with the same settings differ"
    );

    // The kept analysis gives the same baseline and the same report
    // without an engine.
    let refitted = dir.path().join("refitted.json");
    let again = arbiter(&[
        "fairplay",
        "baseline",
        "--engine",
        "/nonexistent",
        "--analysed",
        kept.to_str().unwrap(),
        "-o",
        refitted.to_str().unwrap(),
    ]);
    assert!(again.status.success(), "{again:?}");
    assert_eq!(
        std::fs::read(&refitted).unwrap(),
        std::fs::read(&baseline).unwrap()
    );
    let read_back = arbiter(&[
        "fairplay",
        "--engine",
        "/nonexistent",
        "--json",
        "--baseline",
        baseline.to_str().unwrap(),
        "--analysed",
        kept.to_str().unwrap(),
    ]);
    assert!(read_back.status.success(), "{read_back:?}");
    assert_eq!(
        String::from_utf8_lossy(&read_back.stdout),
        String::from_utf8_lossy(&first.stdout),
        "the report read back from the analysis differs"
    );

    let lines: Vec<Value> = String::from_utf8(first.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    // Six games of twelve different players.
    assert_eq!(lines.len(), 2 * GAMES, "{lines:?}");
    for line in &lines {
        for field in [
            "player", "rating", "games", "moves", "top1", "top3", "acpl", "z", "review",
        ] {
            assert!(line.get(field).is_some(), "{field} missing in {line}");
        }
        let moves = line["moves"].as_u64().unwrap();
        assert!(moves > 0, "{line}");
        assert!(line["top3"].as_f64().unwrap() >= line["top1"].as_f64().unwrap());
        assert_eq!(line["screen"]["baseline"], hash.as_str());
        assert_eq!(line["screen"]["engine"]["nodes"], 2000);
        assert_eq!(line["screen"]["exclusions"]["book_moves"], 8);
    }

    let text = screen(&["--lang", "zh"]);
    assert!(text.status.success(), "{text:?}");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("引擎：Stockfish"), "{text}");
    assert!(text.contains(&hash), "{text}");
}

/// Each player's scored moves in a `--json` report.
fn moves_by_player(out: &Output) -> Vec<(String, u64)> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let line: Value = serde_json::from_str(l).expect("each line is JSON");
            (
                line["player"].as_str().unwrap().to_string(),
                line["moves"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn an_opening_book_replaces_the_fixed_book_moves_and_is_named_by_its_hash() {
    let dir = tempfile::tempdir().unwrap();
    let games = some_games(dir.path());
    let book = dir.path().join("book.pgn");
    std::fs::write(&book, "1. e4 e5 (1... c5) 2. Nf3 *\n\n1. d4 d5 *\n").unwrap();
    let hash = sha256_hex(&book);
    let common = [
        "fairplay",
        "--json",
        "--nodes",
        "2000",
        "--threads",
        "2",
        "--quiet",
    ];
    let run = |extra: &[&str]| {
        let mut args = common.to_vec();
        args.extend(extra);
        args.push(games.to_str().unwrap());
        let out = arbiter(&args);
        assert!(out.status.success(), "{out:?}");
        out
    };
    let fixed = run(&[]);
    let booked = run(&["--book", book.to_str().unwrap()]);
    let first: Value = serde_json::from_str(
        String::from_utf8_lossy(&booked.stdout)
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(first["screen"]["exclusions"]["book"], hash.as_str());
    assert_eq!(first["screen"]["exclusions"]["book_moves"], 0);
    // A book of two or three moves leaves out less than eight moves a side.
    let (fixed, booked) = (moves_by_player(&fixed), moves_by_player(&booked));
    assert_eq!(fixed.len(), booked.len());
    for ((player, without), (same, with)) in fixed.iter().zip(&booked) {
        assert_eq!(player, same);
        assert!(
            with > without,
            "{player}: {with} moves with the book, {without} without"
        );
    }

    let both = arbiter(&[
        "fairplay",
        "--book",
        book.to_str().unwrap(),
        "--book-moves",
        "4",
        games.to_str().unwrap(),
    ]);
    assert_eq!(both.status.code(), Some(2), "{both:?}");
}

/// A baseline file of `format` with no band, built with Stockfish 16 at
/// 5000 nodes, and a one-game PGN file beside it.
fn empty_baseline(dir: &Path, format: u32) -> (PathBuf, PathBuf) {
    let baseline = dir.join("baseline.json");
    std::fs::write(
        &baseline,
        format!(
            r#"{{"format": {format}, "engine": {{"name": "Stockfish 16", "nodes": 5000, "multipv": 3}},
            "settings": {{"book_moves": 8, "decided_cp": 300, "losing_cp": 200, "complex_gap_cp": 50}},
            "gap_edges_cp": [0, 50], "bands": [],
            "dispersion": {{"top1": 1.0, "top3": 1.0, "acpl": 1.0, "accuracy": 1.0}},
            "combined_dispersion": 1.0}}"#
        ),
    )
    .unwrap();
    let games = dir.join("games.pgn");
    std::fs::write(&games, "1. e4 e5 *\n").unwrap();
    (baseline, games)
}

#[test]
fn a_screen_with_other_settings_than_its_baseline_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (baseline, games) = empty_baseline(dir.path(), 3);
    let out = arbiter(&[
        "fairplay",
        "--baseline",
        baseline.to_str().unwrap(),
        "--nodes",
        "2000",
        games.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("5000 nodes"), "{error}");
    let out = arbiter(&[
        "fairplay",
        "--baseline",
        baseline.to_str().unwrap(),
        "--nodes",
        "5000",
        "--multipv",
        "4",
        games.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("MultiPV 3"), "{error}");
}

#[test]
fn a_baseline_of_the_former_format_is_refused_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let (baseline, games) = empty_baseline(dir.path(), 2);
    let out = arbiter(&[
        "fairplay",
        "--engine",
        "/nonexistent",
        "--baseline",
        baseline.to_str().unwrap(),
        "--nodes",
        "5000",
        games.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains("baseline.json")
            && error.contains("Baseline format 2: this build reads format 3")
            && error.contains("arbiter fairplay baseline"),
        "{error}"
    );
}

#[test]
fn an_illegal_move_is_reported_with_its_file_game_and_move() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.pgn");
    std::fs::write(&games, "1. e4 e5 *\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let out = arbiter(&[
        "fairplay",
        "--engine",
        "/nonexistent",
        games.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains("games.pgn") && error.contains("game 2") && error.contains("Ke3"),
        "{error}"
    );
}

/// Stockfish as the screen finds it by default: on the path or in /usr/games.
fn stockfish() -> PathBuf {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("stockfish"))
        .find(|p| p.is_file())
        .expect("Stockfish is installed (scripts/install-test-deps)")
}

#[test]
fn a_run_stopped_half_way_keeps_the_games_it_finished() {
    let dir = tempfile::tempdir().unwrap();
    let games = some_games(dir.path());
    let common = ["--nodes", "1000", "--threads", "1", "--quiet"];
    let analyse = |engine: &str, kept: &Path| {
        let mut args = vec!["fairplay", "--engine", engine, "--json"];
        args.extend(common);
        args.extend([
            "--analysis",
            kept.to_str().unwrap(),
            games.to_str().unwrap(),
        ]);
        arbiter(&args)
    };
    let whole = dir.path().join("whole.jsonl");
    let sf = stockfish();
    let done = analyse(sf.to_str().unwrap(), &whole);
    assert!(done.status.success(), "{done:?}");

    // The same engine, but its input cut after 150 lines: it quits in the
    // middle of the second game, as a killed engine would. (The shell
    // passes each line on at once, where `head` would hold them.)
    let dying = dir.path().join("dying-engine");
    std::fs::write(
        &dying,
        format!(
            "#!/bin/sh\nn=0\nwhile IFS= read -r line; do\n  n=$((n+1)); [ $n -gt 150 ] && exit 0\n  printf '%s\\n' \"$line\"\ndone | exec {}\n",
            sf.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&dying, std::fs::Permissions::from_mode(0o755)).unwrap();
    let part = dir.path().join("part.jsonl");
    let stopped = analyse(dying.to_str().unwrap(), &part);
    assert!(!stopped.status.success(), "{stopped:?}");
    let stderr = String::from_utf8_lossy(&stopped.stderr);
    assert!(
        stderr.contains(part.to_str().unwrap()) && stderr.contains("keeps the games analysed"),
        "{stderr}"
    );

    // What was kept is the whole run's file cut after a game: the header
    // and both sides of each game finished, in order.
    let whole = std::fs::read_to_string(&whole).unwrap();
    let part = std::fs::read_to_string(&part).unwrap();
    let lines = part.lines().count();
    assert!(lines >= 3 && lines % 2 == 1, "{part}");
    assert!(
        lines < whole.lines().count(),
        "the dying engine finished every game"
    );
    assert!(
        whole.starts_with(&part),
        "the kept games differ from the whole run's"
    );
    let read_back = arbiter(&[
        "fairplay",
        "--engine",
        "/nonexistent",
        "--json",
        "--analysed",
        dir.path().join("part.jsonl").to_str().unwrap(),
    ]);
    assert!(read_back.status.success(), "{read_back:?}");
}
