//! `arbiter account add|list|delete|token --rotate`, against a running
//! server: a rotated or deleted token stops working without a restart.

mod serve;

use std::process::{Command, Output};

use serve::Process;

fn account(db: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("account")
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap()
}

fn token_of(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let token = String::from_utf8(out.stdout.clone())
        .unwrap()
        .trim()
        .to_string();
    assert_eq!(token.len(), 64);
    token
}

async fn status(base: &str, token: &str) -> u16 {
    let http = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        .build()
        .unwrap();
    serve::status(http.get(format!("{base}/api/account")).bearer_auth(token)).await
}

#[tokio::test]
async fn accounts_are_listed_rotated_and_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let alice = token_of(&account(&db, &["add", "Alice"]));
    token_of(&account(&db, &["add", "Robo", "--bot"]));
    let list = account(&db, &["list"]);
    assert!(list.status.success());
    let rows: Vec<Vec<String>> = String::from_utf8(list.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0][..2], ["Alice", "human"]);
    assert_eq!(rows[1][..2], ["Robo", "bot"]);
    assert_eq!(rows[0][2].len(), "2026-12-01".len());

    let server = Process::start(&db, &[]);
    assert_eq!(status(&server.base, &alice).await, 200);
    // `--rotate` is required: nothing is replaced by accident.
    assert!(!account(&db, &["token", "Alice"]).status.success());
    let fresh = token_of(&account(&db, &["token", "alice", "--rotate"]));
    assert_ne!(fresh, alice);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(status(&server.base, &alice).await, 401);
    assert_eq!(status(&server.base, &fresh).await, 200);

    assert!(account(&db, &["delete", "Alice"]).status.success());
    assert!(!account(&db, &["delete", "Alice"]).status.success());
    assert!(
        !account(&db, &["token", "Alice", "--rotate"])
            .status
            .success()
    );
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(status(&server.base, &fresh).await, 401);
    let list = String::from_utf8(account(&db, &["list"]).stdout).unwrap();
    assert!(!list.contains("Alice") && list.contains("Robo"), "{list}");
}

/// Fresh databases, each opened at the same moment by a starting
/// `arbiter serve` and by several `arbiter account add`: every one of
/// them succeeds (the first to open the database brings its schema up to
/// date, the others wait for it and find it done), and the running
/// server then knows every account added. Before migrations were
/// serialised, some of them failed with `database schema: while executing
/// migrations: ... UNIQUE constraint failed: _sqlx_migrations.version`.
#[tokio::test]
async fn servers_and_account_additions_racing_on_fresh_databases_all_succeed() {
    const DATABASES: usize = 4;
    const ADDITIONS: usize = 4;
    // Each process waits at most 10 s for another's lock: well within.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(25);
    let dir = tempfile::tempdir().unwrap();
    let databases: Vec<String> = (0..DATABASES)
        .map(|i| {
            if serve::pg::on_postgres() {
                serve::postgres_database(dir.path(), &format!("race{i}"))
            } else {
                let file = dir.path().join(format!("race{i}.db"));
                file.to_str().unwrap().to_string()
            }
        })
        .collect();
    // Everything is started before anything is waited for.
    let mut servers = Vec::new();
    let mut additions = Vec::new();
    for db in &databases {
        servers.push(race::spawn_server(db));
        for k in 0..ADDITIONS {
            let add = Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .args(["account", "add", &format!("Player{k}"), "--db", db])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            additions.push((db, add));
        }
    }
    let mut tokens = Vec::new();
    for (db, add) in additions {
        let out = race::finish(add, deadline);
        tokens.push((db, token_of(&out)));
    }
    let servers: Vec<(&String, Process)> = databases
        .iter()
        .zip(servers)
        .map(|(db, starting)| (db, race::serving(starting, deadline)))
        .collect();
    for (db, token) in &tokens {
        let (_, server) = servers.iter().find(|(d, _)| d == db).unwrap();
        assert_eq!(status(&server.base, token).await, 200, "{db}");
    }
}

/// Processes started together, and waited for with a deadline: a test
/// that races them must not hang should one of them never finish.
mod race {
    use std::io::{BufRead, BufReader};
    use std::process::{Child, Command, Output, Stdio};
    use std::sync::mpsc;
    use std::time::Instant;

    use super::serve::Process;

    /// `arbiter serve` on `db`, started (killed when dropped, as the test
    /// fails or ends); its first line (where it serves) comes on the
    /// channel.
    pub fn spawn_server(db: &str) -> (Process, mpsc::Receiver<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--addr", "127.0.0.1:0", "--rate-limit", "0"])
            .args(["--db", db])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let base = String::new();
        (Process { child, base }, rx)
    }

    /// The server started by [`spawn_server`], once it serves (before
    /// `deadline`).
    pub fn serving(
        (mut server, first_line): (Process, mpsc::Receiver<String>),
        deadline: Instant,
    ) -> Process {
        let wait = deadline.saturating_duration_since(Instant::now());
        let line = first_line.recv_timeout(wait).unwrap_or_default();
        let Some(base) = line.trim().strip_prefix("arbiter: serving on ") else {
            panic!("arbiter serve did not start (its error is above): {line:?}");
        };
        server.base = base.trim_end_matches('/').to_string();
        server
    }

    /// Waits for `child` to end, before `deadline` (it is killed
    /// otherwise); what it wrote.
    pub fn finish(mut child: Child, deadline: Instant) -> Output {
        while child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("a process raced did not end in time");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        child.wait_with_output().unwrap()
    }
}
