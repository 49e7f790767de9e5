//! Which database a test runs on: an SQLite file, or with
//! `ARBITER_TEST_DB=postgres` a database on the throwaway cluster (`pg`).
//! The crate's own unit tests of the store include this file too, and
//! so it names what it needs through its parent module (`Database`, `pg`).

use std::path::Path;

use super::{Database, pg};

/// `true` when the tests run on PostgreSQL (`ARBITER_TEST_DB=postgres`).
pub fn on_postgres() -> bool {
    match std::env::var("ARBITER_TEST_DB").as_deref() {
        Ok("postgres") => true,
        Ok("sqlite") | Err(_) => false,
        Ok(other) => panic!("ARBITER_TEST_DB={other}: expected sqlite or postgres"),
    }
}

/// The database of a test whose files are in `dir`: `dir/arbiter.db`, or
/// on PostgreSQL a database named after `dir` (made when first opened).
pub fn database(dir: &Path) -> Database {
    if on_postgres() {
        let name: String = dir
            .file_name()
            .unwrap()
            .to_string_lossy()
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        Database::Postgres(pg::url(&format!("arbiter_{name}")))
    } else {
        Database::Sqlite(dir.join("arbiter.db"))
    }
}
