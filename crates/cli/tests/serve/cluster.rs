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

/// How many events of `kind` the log of the tournament `id` holds.
pub fn events_of(db: &str, id: &str, kind: &str) -> i64 {
    psql(
        db,
        &format!(
            "SELECT count(*) FROM tournament_events WHERE tournament_id = '{id}' \
             AND event::jsonb->>'kind' = '{kind}'"
        ),
    )
    .parse()
    .unwrap()
}

/// The node holding the tournament `id`, and its epoch: `b 2`.
pub fn holder(db: &str, id: &str) -> String {
    psql(
        db,
        &format!("SELECT node || ' ' || epoch FROM tournament_leases WHERE tournament_id = '{id}'"),
    )
}

/// The log of the tournament `id`, of `rounds` rounds of `boards` games
/// each, paired and published every round once, and a result recorded
/// once on every board, none twice.
pub fn every_round_and_result_once(db: &str, id: &str, rounds: u32, boards: usize) {
    assert_eq!(events_of(db, id, "round_paired"), i64::from(rounds));
    assert_eq!(events_of(db, id, "round_published"), i64::from(rounds));
    let boards_played = i64::from(rounds) * boards as i64;
    assert_eq!(events_of(db, id, "result_recorded"), boards_played);
    let distinct: i64 = psql(
        db,
        &format!(
            "SELECT count(DISTINCT (event::jsonb->>'round') || '.' || (event::jsonb->>'board')) \
             FROM tournament_events WHERE tournament_id = '{id}' \
             AND event::jsonb->>'kind' = 'result_recorded'"
        ),
    )
    .parse()
    .unwrap();
    assert_eq!(distinct, boards_played);
}
