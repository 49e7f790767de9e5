//! Runs `arbiter serve` as a real process on a free port.
#![allow(dead_code)]

// The server tests' throwaway PostgreSQL cluster.
#[path = "../../../server/tests/common/pg.rs"]
pub mod pg;

// What the tests read of a PGN file, as in the server's tests.
#[path = "../../../server/tests/common/pgn.rs"]
pub mod pgn;

// The tests of several nodes' helpers.
pub mod cluster;

// What the tests read of a game's view, as in the server's tests.
#[path = "../../../server/tests/common/view.rs"]
pub mod view;

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

/// A server process.
pub struct Process {
    pub child: Child,
    pub base: String,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A database named after `dir` (whose files are the test's) on the
/// throwaway PostgreSQL cluster: `PREFIX_DIRNAME`, made of letters and
/// digits as PostgreSQL's names want.
pub fn postgres_database(dir: &Path, prefix: &str) -> String {
    pg::url(&pg::database_name(prefix, dir))
}

/// The `--db` of a test whose files are in `dir`: `dir/arbiter.db`, or with
/// `ARBITER_TEST_DB=postgres` a database on a throwaway PostgreSQL cluster
/// (as in the server's tests).
pub fn database(dir: &Path) -> String {
    if pg::on_postgres() {
        postgres_database(dir, "arbiter")
    } else {
        dir.join("arbiter.db").to_str().unwrap().to_string()
    }
}

/// Adds the account `name` (a bot account with `bot`) to `db` through
/// `arbiter account add`; its token.
pub fn add_account(db: impl AsRef<OsStr>, name: &str, bot: bool) -> String {
    let db = db.as_ref();
    let mut args = vec![OsStr::new("account"), OsStr::new("add"), OsStr::new(name)];
    args.extend([OsStr::new("--db"), db]);
    if bot {
        args.push(OsStr::new("--bot"));
    }
    succeeding_arbiter(args).trim().to_string()
}

/// Runs `arbiter` with `args`, which must succeed (a failure fails the
/// test with its standard error); its standard output.
pub fn succeeding_arbiter<I, A>(args: I) -> String
where
    I: IntoIterator<Item = A>,
    A: AsRef<OsStr>,
{
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `arbiter` with `args`: whether it succeeded, and what it wrote
/// (standard output, then standard error).
pub fn arbiter(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

/// Runs the Python script `script` of this folder (a berserk client:
/// scripts/install-test-deps installs berserk) with `args`; its standard
/// output. A script that fails fails the test, with both its outputs.
pub fn python<I, A>(script: &str, args: I) -> String
where
    I: IntoIterator<Item = A>,
    A: AsRef<OsStr>,
{
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(script);
    let out = Command::new("python3")
        .arg(path)
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{script} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A Swiss played by a berserk script: the accounts `Director` and
/// `Player01`… are made in `db`, a server is started on it with
/// `--default-time SECONDS` (so that a bot that never moves loses soon),
/// and `script` runs with `BASE ROUNDS CREATOR_TOKEN PLAYER_TOKEN...`.
/// The server, and what the script printed.
pub fn berserk_swiss(
    db: &str,
    script: &str,
    players: usize,
    rounds: u32,
    default_time: &str,
) -> (Process, String) {
    let creator = add_account(db, "Director", false);
    let tokens: Vec<String> = (1..=players)
        .map(|i| add_account(db, &format!("Player{i:02}"), false))
        .collect();
    let server = Process::start(db, &["--default-time", default_time]);
    let rounds = rounds.to_string();
    let mut args = vec![&server.base, &rounds, &creator];
    args.extend(&tokens);
    let stdout = python(script, args);
    (server, stdout)
}

/// What a script printed after `key` on a line of its own (`swiss ID`).
pub fn said(stdout: &str, key: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .unwrap_or_else(|| panic!("the script says {key}: {stdout}"))
        .trim()
        .to_string()
}

impl Process {
    /// Starts `arbiter serve` on `db` (a path or a URL) and waits until it
    /// listens.
    pub fn start(db: impl AsRef<OsStr>, extra: &[&str]) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--rate-limit",
                "0",
                "--db",
            ])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("arbiter serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let base = line
            .trim()
            .strip_prefix("arbiter: serving on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Process { child, base }
    }

    /// SIGKILL: no shutdown, no flush, nothing.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

/// A small client.
/// Sends `request`: the answer's status.
pub async fn status(request: reqwest::RequestBuilder) -> u16 {
    request.send().await.unwrap().status().as_u16()
}

pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
}

impl Client {
    pub fn new(base: &str) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: base.to_string(),
        }
    }

    pub async fn create(&self, time_control: &str) -> Value {
        let r = self.http.post(format!("{}/api/games", self.base))
            .json(&json!({"white": "Ann", "black": "Bob", "time_control": time_control, "start_now": true}))
            .send().await.unwrap();
        assert_eq!(r.status(), 201);
        r.json().await.unwrap()
    }

    pub async fn mv(&self, id: &str, token: &str, mv: &str) -> Result<u16, reqwest::Error> {
        let r = self
            .http
            .post(format!("{}/api/games/{id}/events", self.base))
            .bearer_auth(token)
            .json(&json!({"kind": "move", "move": mv}))
            .send()
            .await?;
        Ok(r.status().as_u16())
    }

    /// `GET path`, its body read as text.
    pub async fn get_text(&self, path: &str) -> String {
        self.http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    /// `GET path`, its body read as JSON.
    pub async fn get_json(&self, path: &str) -> Value {
        let request = self.http.get(format!("{}{path}", self.base));
        request.send().await.unwrap().json().await.unwrap()
    }

    /// `GET path` with the API token `token`, its body read as JSON.
    pub async fn get_json_as(&self, path: &str, token: &str) -> Value {
        let request = self.http.get(format!("{}{path}", self.base));
        let response = request.bearer_auth(token).send().await.unwrap();
        response.json().await.unwrap()
    }

    /// `POST path` with the API token `token`: the answer's status.
    pub async fn post_as(&self, path: &str, token: &str) -> u16 {
        status(
            self.http
                .post(format!("{}{path}", self.base))
                .bearer_auth(token),
        )
        .await
    }

    /// The game `id` as `GET /api/games/ID` gives it.
    pub async fn view(&self, id: &str) -> Value {
        self.get_json(&format!("/api/games/{id}")).await
    }
}
