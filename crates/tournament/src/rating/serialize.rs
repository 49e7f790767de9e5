//! A player's rating line as `arbiter ratings --json` and the tournament
//! API write it (the contract is in `docs/tournaments.md`): `start_no`,
//! `name`, `rating`, `k`, `games`, `score`, `expected`, `change`,
//! `new_rating`, `note` (`{"rule", "message"}` or `null`), in that order.

use arbiter_messages::Message;
use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::RatingLine;
use crate::decimal::Decimal;

/// A note with its article, as the referee's rulings are written.
#[derive(serde::Serialize)]
struct Note {
    rule: &'static str,
    message: Message,
}

impl Serialize for RatingLine {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut line = serializer.serialize_struct("RatingLine", 10)?;
        line.serialize_field("start_no", &self.start_no)?;
        line.serialize_field("name", &self.name)?;
        line.serialize_field("rating", &self.rating)?;
        line.serialize_field("k", &self.k.map(|k| k.k))?;
        line.serialize_field("games", &self.games)?;
        line.serialize_field("score", &self.score())?;
        line.serialize_field(
            "expected",
            &self.expected.map(|e| Decimal::hundredths(i64::from(e))),
        )?;
        line.serialize_field("change", &self.change.map(Decimal::hundredths))?;
        line.serialize_field("new_rating", &self.new_rating)?;
        line.serialize_field(
            "note",
            &self.note.as_ref().map(|n| Note {
                rule: n.rule(),
                message: Message::of(n),
            }),
        )?;
        line.end()
    }
}

#[cfg(test)]
mod tests {
    use crate::rating::{KFactors, rating_changes};
    use crate::{Player, Tournament};
    use arbiter_rules::PlayerResult;

    #[test]
    fn a_line_is_written_with_the_documented_keys_in_order() {
        let mut t = Tournament::default();
        for (no, rating) in [(1, 2100), (2, 2000), (3, 0)] {
            let mut p = Player::new(no, format!("P{no}"));
            p.rating = rating;
            t.register(p);
        }
        t.record_game(1, 2, 1, PlayerResult::Win);
        t.record_game(2, 3, 1, PlayerResult::Loss);
        let lines = rating_changes(&t, &KFactors::default());
        assert_eq!(
            serde_json::to_string(&lines[0]).unwrap(),
            r#"{"start_no":1,"name":"P1","rating":2100,"k":20,"games":1,"score":0,"expected":0.64,"change":-12.8,"new_rating":2087,"note":null}"#
        );
        let unrated = serde_json::to_value(&lines[2]).unwrap();
        assert_eq!(unrated["rating"], serde_json::Value::Null);
        assert_eq!(unrated["note"]["rule"], "FIDE B.02 8.2.1");
        assert!(unrated["note"]["message"]["zh"].is_string());
    }
}
