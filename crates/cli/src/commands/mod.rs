//! One module per subcommand.

pub mod account;
pub mod board;
pub mod board_sim;
pub mod check;
pub mod inspect;
pub mod key;
pub mod match_;
pub mod norms;
pub mod pair;
pub mod perft;
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
