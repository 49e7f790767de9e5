//! The schema's versioned migrations, one list per backend, built into the
//! binary from `migrations/` beside the crate's manifest.
//!
//! They are the files `sqlx migrate` reads (version, then description,
//! in the file name) and are recorded as it records them, with the same
//! checksums, in `_sqlx_migrations`: either tool can bring a database up
//! to date. A new version is a new file here and in the list below; an
//! applied one is never edited (its checksum would no longer match).

use std::borrow::Cow;

use futures_util::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateError, Migration, MigrationSource, MigrationType, Migrator};

/// Migrations in order: version, description, SQL.
#[derive(Debug)]
pub(super) struct Embedded(&'static [(i64, &'static str, &'static str)]);

/// SQLite's.
pub(super) const SQLITE: Embedded = Embedded(&[
    (
        1,
        "games events accounts",
        include_str!("../../migrations/sqlite/0001_games_events_accounts.sql"),
    ),
    (
        2,
        "challenges",
        include_str!("../../migrations/sqlite/0002_challenges.sql"),
    ),
    (
        3,
        "tournaments",
        include_str!("../../migrations/sqlite/0003_tournaments.sql"),
    ),
    (
        4,
        "log",
        include_str!("../../migrations/sqlite/0004_log.sql"),
    ),
    (
        5,
        "relays",
        include_str!("../../migrations/sqlite/0005_relays.sql"),
    ),
    (
        6,
        "log nodes",
        include_str!("../../migrations/sqlite/0006_log_nodes.sql"),
    ),
]);

/// PostgreSQL's.
pub(super) const POSTGRES: Embedded = Embedded(&[
    (
        1,
        "games events accounts",
        include_str!("../../migrations/postgres/0001_games_events_accounts.sql"),
    ),
    (
        2,
        "challenges",
        include_str!("../../migrations/postgres/0002_challenges.sql"),
    ),
    (
        3,
        "tournaments",
        include_str!("../../migrations/postgres/0003_tournaments.sql"),
    ),
    (
        4,
        "nodes leases",
        include_str!("../../migrations/postgres/0004_nodes_leases.sql"),
    ),
    (
        5,
        "log",
        include_str!("../../migrations/postgres/0005_log.sql"),
    ),
    (
        6,
        "relays",
        include_str!("../../migrations/postgres/0006_relays.sql"),
    ),
    (
        7,
        "log nodes",
        include_str!("../../migrations/postgres/0007_log_nodes.sql"),
    ),
    (
        8,
        "tournament leases",
        include_str!("../../migrations/postgres/0008_tournament_leases.sql"),
    ),
]);

impl Embedded {
    /// The migrator of this list. On PostgreSQL it takes an advisory lock
    /// while it runs, so that nodes starting together apply each migration
    /// once; on SQLite it takes none, and the store runs it inside an
    /// exclusive transaction (`sqlite::migrate`).
    pub(super) async fn migrator(&'static self) -> Result<Migrator, MigrateError> {
        Migrator::new(self).await
    }
}

impl MigrationSource<'static> for &'static Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        let migrations = self
            .0
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    Cow::Borrowed(sql),
                    false,
                )
            })
            .collect();
        Box::pin(async move { Ok(migrations) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each list names every file of its folder, in order, under the
    /// version and description of the file's name.
    #[test]
    fn every_migration_file_is_listed_in_order() {
        for (folder, list) in [("sqlite", &SQLITE), ("postgres", &POSTGRES)] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("migrations")
                .join(folder);
            let mut files: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            files.sort();
            let listed: Vec<String> = list
                .0
                .iter()
                .map(|(v, d, _)| format!("{v:04}_{}.sql", d.replace(' ', "_")))
                .collect();
            assert_eq!(files, listed, "{folder}");
            for ((_, _, sql), file) in list.0.iter().zip(&files) {
                assert_eq!(*sql, std::fs::read_to_string(dir.join(file)).unwrap());
            }
        }
    }
}
