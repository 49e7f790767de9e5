//! Helpers shared by the integration tests: where Stockfish and the
//! misbehaving test engines are.
#![allow(dead_code)]

use std::path::PathBuf;

use arbiter_uci::engine::EngineConfig;

/// Debian's Stockfish: on the PATH, or in /usr/games where Debian puts it.
pub fn stockfish() -> PathBuf {
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join("stockfish");
            if p.is_file() {
                return p;
            }
        }
    }
    let debian = PathBuf::from("/usr/games/stockfish");
    assert!(
        debian.is_file(),
        "stockfish not found: run scripts/install-test-deps"
    );
    debian
}

/// A configuration for Stockfish with a small hash.
pub fn stockfish_config(name: &str) -> EngineConfig {
    EngineConfig {
        name: name.into(),
        options: vec![("Hash".into(), "16".into()), ("Threads".into(), "1".into())],
        ..EngineConfig::new(stockfish())
    }
}

/// One of the test engines under `tests/engines/`, by file stem.
pub fn script(stem: &str) -> EngineConfig {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(format!("{stem}.py"));
    EngineConfig {
        name: stem.into(),
        args: vec![path.display().to_string()],
        ..EngineConfig::new("python3")
    }
}
