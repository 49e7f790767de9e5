//! lichess-bot, the bridge most engine bots on lichess run, unmodified
//! (copied from `shared/clients/lichess-bot`, only its `config.yml`
//! written here), plays Stockfish against `arbiter serve`: three games in
//! a row against a scripted opponent (berserk), as White and as Black, one
//! of them a rematch, each ending normally. Its Python requirements are
//! installed by scripts/install-test-deps; Stockfish too.

mod serve;

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;
use serve::{Client, Process, add_account};

/// lichess-bot's own folder, beside the shared test data.
fn lichess_bot_source() -> PathBuf {
    let dir = arbiter_testdata::data_dir()
        .parent()
        .unwrap()
        .join("clients/lichess-bot");
    assert!(
        dir.join("lichess-bot.py").is_file(),
        "lichess-bot is missing at {}",
        dir.display()
    );
    dir
}

/// Copies `from` into `to`, writable (the shared copy is read-only, and
/// lichess-bot writes its logs beside itself).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::write(&target, std::fs::read(entry.path()).unwrap()).unwrap();
        }
    }
}

fn stockfish() -> PathBuf {
    ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .expect("stockfish is installed (scripts/install-test-deps)")
}

/// The bot's configuration: Stockfish at depth 6, one game at a time (as
/// in lichess-bot's own default), the usual challenge filters.
fn config(base: &str, token: &str, pgn_dir: &Path) -> String {
    let engine = stockfish();
    format!(
        r#"token: "{token}"
url: "{base}/"
engine:
  dir: "{dir}"
  name: "{name}"
  protocol: "uci"
  ponder: false
  polyglot:
    enabled: false
  draw_or_resign:
    resign_enabled: false
    offer_draw_enabled: false
  online_moves:
    chessdb_book:
      enabled: false
    lichess_cloud_analysis:
      enabled: false
    lichess_opening_explorer:
      enabled: false
    online_egtb:
      enabled: false
  lichess_bot_tbs:
    syzygy:
      enabled: false
    gaviota:
      enabled: false
  uci_options:
    Threads: 1
    Hash: 16
    go_commands:
      depth: 6
abort_time: 30
fake_think_time: false
rate_limiting_delay: 0
move_overhead: 1000
pgn_directory: "{pgn}"
challenge:
  concurrency: 1
  sort_by: "first"
  accept_bot: true
  only_bot: false
  max_increment: 20
  min_increment: 0
  max_base: 1800
  min_base: 0
  variants:
    - standard
  time_controls:
    - bullet
    - blitz
    - rapid
    - classical
  modes:
    - casual
    - rated
greeting:
  hello: "Hi, {{opponent}}! I'm {{me}}."
  goodbye: "Good game!"
matchmaking:
  allow_matchmaking: false
"#,
        dir = engine.parent().unwrap().display(),
        name = engine.file_name().unwrap().to_string_lossy(),
        pgn = pgn_dir.display(),
    )
}

/// lichess-bot's `lib/versioning.yml`, which the shared copy lacks (the
/// project's own `.gitignore` leaves out every `*.yml`): its version and
/// the Python versions it checks for.
const VERSIONING: &str = "lichess_bot_version: 2025.11.1.1
minimum_python_version: \"3.10\"
deprecated_python_version: \"3.9\"
deprecation_date: 2025-10-01
";

/// The bot's process group (lichess-bot runs each game, and its event
/// stream, in processes of their own), stopped when the test ends.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn lichess_bot_plays_several_games_in_a_row_with_both_colours() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let bot_token = add_account(&db, "StockBot", true);
    let rival_token = add_account(&db, "Rival", false);
    let server = Process::start(&db, &[]);

    let home = dir.path().join("lichess-bot");
    copy_tree(&lichess_bot_source(), &home);
    let pgn_dir = dir.path().join("pgn");
    std::fs::create_dir_all(&pgn_dir).unwrap();
    std::fs::write(
        home.join("config.yml"),
        config(&server.base, &bot_token, &pgn_dir),
    )
    .unwrap();
    let versioning = home.join("lib/versioning.yml");
    if !versioning.exists() {
        std::fs::write(&versioning, VERSIONING).unwrap();
    }
    let log = dir.path().join("lichess-bot.out");
    let _bot = Bot(Command::new("python3")
        .args(["lichess-bot.py", "--disable_auto_logging"])
        .current_dir(&home)
        .process_group(0)
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::from(
            std::fs::File::options().append(true).open(&log).unwrap(),
        ))
        .spawn()
        .expect("python3 runs lichess-bot"));

    // The opponent waits until the bot is online (its event stream open).
    let client = Client::new(&server.base);
    let mut online = false;
    for _ in 0..300 {
        let list = client.get_text("/api/bot/online").await;
        if list.contains("\"StockBot\"") {
            online = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let bot_log = || std::fs::read_to_string(&log).unwrap_or_default();
    assert!(online, "lichess-bot never came online:\n{}", bot_log());

    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lichess_bot_opponent.py");
    let out = tokio::process::Command::new("python3")
        .args([script, &server.base, &rival_token, "StockBot"])
        .output();
    let out = tokio::time::timeout(std::time::Duration::from_secs(300), out)
        .await
        .unwrap_or_else(|_| panic!("the games took over 5 minutes:\n{}", bot_log()))
        .unwrap();
    assert!(
        out.status.success(),
        "the opponent failed:\n{}\n{}\nlichess-bot:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
        bot_log()
    );
    let games: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3, "{games:?}\n{}", bot_log());

    let mut bot_colors = Vec::new();
    for g in &games {
        let id = g["id"].as_str().unwrap();
        // The game is the challenge's, as on lichess.
        assert_eq!(g["challenge"], g["id"], "{g}");
        assert_eq!(g["finish_id"], g["id"], "{g}");
        let bot_color = if g["opponent_color"] == "white" {
            "black"
        } else {
            "white"
        };
        bot_colors.push(bot_color);
        // It ended normally: mate or resignation, the bot winning.
        assert!(
            g["status"] == "mate" || g["status"] == "resign",
            "{g}\n{}",
            bot_log()
        );
        assert_eq!(g["winner"], bot_color, "{g}");
        let view: Value = client.view(id).await;
        assert_eq!(view["status"], "over");
        let expected = if bot_color == "white" { "1-0" } else { "0-1" };
        assert_eq!(view["result"], expected, "{view}");
        // The bot moved in every game (in the third, its first move came
        // before the opponent resigned).
        let bot_moves = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["side"] == bot_color)
            .count();
        assert!(bot_moves >= 1, "the bot never moved in {id}: {view}");
    }
    assert_eq!(bot_colors, ["black", "white", "white"]);
    assert_eq!(games[1]["rematch"], true);

    // lichess-bot sees a game's end on its own game stream, in a process of
    // its own, and only then saves the PGN and logs "Game over": the
    // opponent can be done first, so wait (boundedly) for the bot to catch up.
    let read_saved = || -> Vec<(String, String)> {
        std::fs::read_dir(&pgn_dir)
            .unwrap()
            .filter_map(|e| {
                let e = e.unwrap();
                let text = std::fs::read_to_string(e.path()).ok()?;
                Some((e.file_name().to_string_lossy().into_owned(), text))
            })
            .collect()
    };
    let all_seen = || {
        let saved = read_saved();
        bot_log().matches("Game over").count() >= games.len()
            && games.iter().all(|g| {
                let id = g["id"].as_str().unwrap();
                saved
                    .iter()
                    .any(|(name, pgn)| name.contains(id) && pgn.contains("[Termination "))
            })
    };
    for _ in 0..300 {
        if all_seen() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }

    // lichess-bot fetched each game's PGN (`/game/export/{id}`) and saved
    // it, under a name with the game's id: the headers are Arbiter's.
    let saved = read_saved();
    for g in &games {
        let id = g["id"].as_str().unwrap();
        let (_, pgn) = saved
            .iter()
            .find(|(name, _)| name.contains(id))
            .unwrap_or_else(|| panic!("no PGN of {id} among {saved:?}"));
        assert!(pgn.contains("[Site \"Arbiter\"]"), "{pgn}");
        assert!(pgn.contains("[Termination "), "{pgn}");
    }
    // And it saw each of them through to its end.
    let log_text = bot_log();
    assert_eq!(log_text.matches("Game over").count(), 3, "{log_text}");
}
