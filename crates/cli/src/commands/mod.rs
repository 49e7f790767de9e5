//! One module per subcommand.

pub mod account;
pub mod board;
pub mod board_sim;
pub mod broadcast;
pub mod check;
pub mod fairplay;
pub mod http;
pub mod inspect;
pub mod key;
pub mod match_;
pub mod norms;
pub mod pair;
pub mod perft;
pub mod proof_pgn;
pub mod rating_report;
pub mod ratings;
pub mod replay;
pub mod serve;
pub mod standings;
pub mod verify;
pub mod verify_proof;
pub mod witness;

/// Reads a TRF file. A file that does not read as TRF is reported on
/// standard error with its line and column, and gives `None` (the
/// tournament commands then exit with status 3); a file that cannot be
/// read at all is an error.
pub fn read_trf(path: &std::path::Path) -> anyhow::Result<Option<arbiter_tournament::Tournament>> {
    use anyhow::Context;
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    match arbiter_tournament::trf::read(&String::from_utf8_lossy(&bytes)) {
        Ok(t) => Ok(Some(t)),
        Err(e) => {
            eprintln!("arbiter: {}: {e}", path.display());
            Ok(None)
        }
    }
}

/// The single-threaded async runtime a command runs its store or network
/// work on: one command, one task at a time, no pool of threads to start.
pub fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    use anyhow::Context;
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

/// Refuses an SQLite database that is not there: opening it would make an
/// empty one, and a command that reads the record must not report on that.
pub fn ensure_database_exists(db: &arbiter_server::Database) -> anyhow::Result<()> {
    if let Some(path) = db.sqlite_path() {
        anyhow::ensure!(path.exists(), "no database at {}", path.display());
    }
    Ok(())
}

/// Opens the store of `db` (see `arbiter_server::Store::open`: it waits
/// for a server or another command holding the database's lock, a
/// bounded time); a failure names the database.
pub async fn open_store(db: &arbiter_server::Database) -> anyhow::Result<arbiter_server::Store> {
    use anyhow::Context;
    arbiter_server::Store::open(db)
        .await
        .with_context(|| format!("cannot open {db}"))
}
