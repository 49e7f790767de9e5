//! A printed or exported game checked against its proof (`arbiter
//! verify-proof --pgn`): the game the proof's record replays to must be
//! the one the PGN shows, move for move and result, and the PGN's log tags
//! (`LogOrigin`, `LogIndex`, `LogProof`), when it has them, must name the
//! leaf the proof proves.

use arbiter_referee::{Event, Game, GameSetup};
use arbiter_tlog::record::{GameRecord, RecordReference};

/// Why the PGN is not the game the proof holds, in words; `Ok` when it is.
pub fn check(
    pgn: &arbiter_pgn::Game,
    record: &GameRecord,
    origin: &str,
    index: u64,
) -> Result<(), String> {
    let game = replay(record)?;
    let logged: Vec<&str> = game.plies().iter().map(|p| p.san.as_str()).collect();
    let printed: Vec<&str> = pgn.mainline_sans().collect();
    if let Some(at) = (0..logged.len().max(printed.len())).find(|&i| {
        logged.get(i).map(|m| m.trim_end_matches(['+', '#']))
            != printed.get(i).map(|m| m.trim_end_matches(['+', '#']))
    }) {
        let number = at / 2 + 1;
        let side = if at % 2 == 0 { "White" } else { "Black" };
        let said = |m: Option<&&str>| m.map_or("no move".to_string(), |m| m.to_string());
        return Err(format!(
            "move {number} ({side}) differs: the PGN has {}, the logged record {}",
            said(printed.get(at)),
            said(logged.get(at))
        ));
    }
    let result = game.result().as_str();
    if let Some(printed) = pgn.tags.get("Result")
        && printed != result
    {
        return Err(format!(
            "the PGN's result is {printed}, the logged record's {result}"
        ));
    }
    let Some(reference) = RecordReference::from_pgn_tags(|tag| pgn.tags.get(tag)) else {
        return Ok(());
    };
    if reference.origin != origin || reference.game != record.game || reference.index != index {
        return Err(format!(
            "the PGN names leaf {} of the log {} for game {}; the proof is of leaf {index} of {origin} for game {}",
            reference.index, reference.origin, reference.game, record.game
        ));
    }
    Ok(())
}

/// The game the record's events replay to.
fn replay(record: &GameRecord) -> Result<Game, String> {
    let setup: GameSetup = serde_json::from_str(&record.setup_json)
        .map_err(|e| format!("the record's setup does not read: {e}"))?;
    let events = record
        .events
        .iter()
        .enumerate()
        .map(|(seq, json)| {
            serde_json::from_str::<Event>(json)
                .map_err(|e| format!("the record's event {seq} does not read: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Game::replay(setup, events)
        .map(|(game, _)| game)
        .map_err(|e| format!("the record's setup is refused: {e}"))
}
