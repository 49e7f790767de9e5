//! Which database a test runs on: an SQLite file, or with
//! `ARBITER_TEST_DB=postgres` a database on the throwaway cluster (`pg`).
//! The crate's own unit tests of the store include this file too, and
//! so it names what it needs through its parent module (`Database`, `pg`).

use std::path::Path;

use super::{Database, pg};

pub use super::pg::on_postgres;

/// The database of a test whose files are in `dir`: `dir/arbiter.db`, or
/// on PostgreSQL a database named after `dir` (made when first opened).
pub fn database(dir: &Path) -> Database {
    if on_postgres() {
        Database::Postgres(pg::url(&pg::database_name("arbiter", dir)))
    } else {
        Database::Sqlite(dir.join("arbiter.db"))
    }
}
