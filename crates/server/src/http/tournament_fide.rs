//! What FIDE takes from an event, beside each player of the tournament
//! API's state: his rating change (B.02, the object `arbiter ratings
//! --json` writes a line of) and the title norms the event gives him (B.01
//! 1.4, as `arbiter norms --json`, with the games a norm counts for its
//! certificate). Both from the tournament's rounds with all their results
//! in; a game nobody moved in is a forfeit there, so neither rated nor
//! counted.

use std::collections::BTreeMap;

use arbiter_tournament::director::PlayerId;
use arbiter_tournament::norm::{NormGame, NormLine, NormOptions, norms};
use arbiter_tournament::rating::{KFactors, rating_changes};
use arbiter_tournament::{Decimal, StartNo, Tournament};
use serde_json::{Value, json};

/// One player's rating change and norms.
#[derive(Debug, Default)]
pub struct FideResults {
    /// The rating line: `{"start_no", …, "change", "new_rating", "note"}`.
    pub rating_change: Value,
    /// One line per title he can still seek by norms, each with
    /// `"opponents"`: the norm's games, or `null` without a norm.
    pub norms: Vec<Value>,
}

/// Every player's, by start number. `player_of` turns a start number into
/// the API's player number. The K factors are 8.3.3's: from the rating,
/// and 40 for a junior whose birth date the registration gives (against
/// the event's start date); the rating list's own K is not known here.
pub fn fide_results(
    t: &Tournament,
    player_of: impl Fn(StartNo) -> PlayerId,
) -> BTreeMap<StartNo, FideResults> {
    let mut results: BTreeMap<StartNo, FideResults> = BTreeMap::new();
    for line in rating_changes(t, &KFactors::default()) {
        results.entry(line.start_no).or_default().rating_change = json!(line);
    }
    for player in norms(t, &NormOptions::default()) {
        let entry = results.entry(player.start_no).or_default();
        for result in &player.titles {
            let line = NormLine {
                start_no: player.start_no,
                name: &player.name,
                result,
            };
            let mut value = json!(line);
            value["opponents"] = result.norm.as_ref().map_or(Value::Null, |n| {
                Value::Array(n.games.iter().map(|g| game(g, &player_of)).collect())
            });
            entry.norms.push(value);
        }
    }
    results
}

/// A game of a norm: the round, the opponent (the API's player number)
/// with the rating, title and federation the norm counted, the result.
fn game(g: &NormGame, player_of: &impl Fn(StartNo) -> PlayerId) -> Value {
    json!({
        "round": g.round,
        "opponent": player_of(g.opponent),
        "rating": g.rating,
        "result": Decimal::half_points(u32::from(g.result.half_points())),
    })
}
