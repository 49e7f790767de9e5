//! Where the shared test data lives.
//!
//! The data (written by others; see `shared/data/SOURCES.md`) is read in
//! place, never copied into this repository. It is found, in order, at
//! `$ARBITER_DATA`, or at `shared/data` in the repository's parent folder or
//! any folder above it.

#![warn(missing_docs)]

use std::path::{Path, PathBuf};

pub mod peers;
mod snapshots;

pub use snapshots::check_every;

/// The folder holding the shared test data.
///
/// # Panics
///
/// Panics with an explanation when the data cannot be found: a test that
/// needs it must fail loudly, never pass vacuously.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ARBITER_DATA") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.is_dir(),
            "ARBITER_DATA={} is not a folder",
            dir.display()
        );
        return dir;
    }
    let start = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in start.ancestors() {
        let candidate = dir.join("shared").join("data");
        if candidate.join("SOURCES.md").is_file() {
            return candidate;
        }
    }
    panic!(
        "shared test data not found: set ARBITER_DATA or place the data at shared/data \
         beside the repository (searched upwards from {})",
        start.display()
    );
}

/// The path of `relative` inside the data folder, which must exist.
pub fn path(relative: &str) -> PathBuf {
    let p = data_dir().join(relative);
    assert!(p.exists(), "test data file {} is missing", p.display());
    p
}

/// The bytes of a data file.
pub fn read(relative: &str) -> Vec<u8> {
    std::fs::read(path(relative)).unwrap_or_else(|e| panic!("reading {relative}: {e}"))
}

/// The text of a data file (lossily decoded as UTF-8).
pub fn read_text(relative: &str) -> String {
    String::from_utf8_lossy(&read(relative)).into_owned()
}

/// The referee's corpus of event logs (`crates/referee/tests/logs`, see
/// its README), sorted by name: the referee's verdict snapshots and the
/// CLI's replay snapshots both read it.
pub fn referee_logs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../referee/tests/logs");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    logs.sort();
    logs
}

/// `true` when the long, release-mode runs are switched on
/// (`ARBITER_FULL_TESTS=1`): full perft depths, full labelled sets.
pub fn full_runs() -> bool {
    std::env::var("ARBITER_FULL_TESTS").is_ok_and(|v| v == "1" || v == "true")
}

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
