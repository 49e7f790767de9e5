//! What the tests read of a game's view (`GET /api/games/ID`). The cli's
//! tests, which run `arbiter serve` as a process, include this file too.

use serde_json::Value;

/// The moves of a game's view, in UCI, in the order played.
pub fn moves(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .expect("a game's view lists its moves")
        .iter()
        .map(|m| {
            m["uci"]
                .as_str()
                .expect("each move has its UCI")
                .to_string()
        })
        .collect()
}
