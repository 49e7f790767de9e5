//! What the tests of the one-shot commands share: the binary, and the
//! JSON lines the `--json` commands print.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `arbiter` binary this crate builds.
pub fn arbiter() -> Command {
    Command::cargo_bin("arbiter").unwrap()
}

/// One JSON value a line, as `--json` prints them; a line that is not
/// JSON fails the test, naming the line.
pub fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    std::str::from_utf8(stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}
