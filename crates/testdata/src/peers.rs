//! Peer programs the tests compare Arbiter with, built from the sources in
//! `shared/bench/peers-src` beside the data.

use std::path::{Path, PathBuf};
use std::process::Command;

/// bbpPairings (the FIDE-endorsed Dutch engine and checker), built from its
/// source into `scratch/bbpPairings` unless already there, and the path of
/// its executable. Pass the test's `CARGO_TARGET_TMPDIR`, so that every
/// test binary of a crate shares one build.
///
/// # Panics
///
/// Panics when the source cannot be found or does not build (it needs
/// `make` and a C++ compiler, which `scripts/install-test-deps` installs):
/// a test that compares with bbpPairings must not pass without it.
pub fn bbp_pairings(scratch: &Path) -> PathBuf {
    let dir = scratch.join("bbpPairings");
    let exe = dir.join("bbpPairings.exe");
    if exe.is_file() {
        return exe;
    }
    let source = crate::data_dir()
        .parent()
        .expect("shared/ holds data/")
        .join("bench/peers-src/bbpPairings");
    // Built in a folder of its own and moved into place, so that a build
    // cut short never leaves a half-made executable behind.
    let build = dir.with_extension("build");
    let _ = std::fs::remove_dir_all(&build);
    let status = Command::new("cp")
        .arg("-r")
        .arg(&source)
        .arg(&build)
        .status()
        .expect("cp runs");
    assert!(status.success(), "cannot copy {}", source.display());
    let out = Command::new("make")
        .args(["-s", "bbpPairings.exe"])
        .current_dir(&build)
        .output()
        .expect("make runs (scripts/install-test-deps installs it)");
    assert!(
        out.status.success(),
        "bbpPairings does not build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::rename(build.join("bbpPairings.exe"), &exe).unwrap();
    exe
}

/// Runs bbpPairings' random tournament generator
/// (`--dutch -g CONFIG -o OUT -s SEED`, with `exe` from [`bbp_pairings`]):
/// whether it wrote a tournament to `out`. It gives up on a seed whose
/// rounds it cannot pair (few players, many rounds); draw another.
pub fn bbp_generate(exe: &Path, config: &Path, out: &Path, seed: u64) -> bool {
    Command::new(exe)
        .arg("--dutch")
        .arg("-g")
        .arg(config)
        .arg("-o")
        .arg(out)
        .arg("-s")
        .arg(seed.to_string())
        .output()
        .expect("bbpPairings runs")
        .status
        .success()
}
