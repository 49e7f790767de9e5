//! What the tests of several nodes share: the database read with `psql`,
//! a node signalled, the time as the nodes count it.

use std::process::Command;

use super::Process;

/// What `psql` answers to `sql` on `db`, trimmed.
pub fn psql(db: &str, sql: &str) -> String {
    let out = Command::new("psql")
        .args([db, "-Atc", sql])
        .output()
        .expect("psql (scripts/install-test-deps installs it)");
    assert!(
        out.status.success(),
        "psql: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Sends the node `process` the signal `sig` (`-STOP`, `-CONT`).
pub fn signal(process: &Process, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &process.child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success(), "kill {sig}");
}

/// Now, in milliseconds since 1970, as the nodes and PostgreSQL count.
pub fn unix_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    since.as_millis() as i64
}
