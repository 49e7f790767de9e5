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
    reqwest::Client::new()
        .get(format!("{base}/api/account"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
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
