//! A verdict together with its JSON text, written once.

use std::sync::Arc;

use arbiter_referee::Verdict;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

/// The referee's verdict on an action, with its JSON text: the update
/// that broadcasts an accepted event and the answer to whoever acted both
/// carry it, so it is written once rather than once a message. Cheap to
/// clone.
#[derive(Clone, Debug)]
pub struct WrittenVerdict(Arc<Written>);

#[derive(Debug)]
struct Written {
    verdict: Verdict,
    json: Box<RawValue>,
}

impl WrittenVerdict {
    /// `verdict` and its text.
    pub fn new(verdict: Verdict) -> WrittenVerdict {
        let json = serde_json::value::to_raw_value(&verdict).expect("verdicts serialise");
        WrittenVerdict(Arc::new(Written { verdict, json }))
    }

    /// The referee's verdict this ruling carries.
    pub fn verdict(&self) -> &Verdict {
        &self.0.verdict
    }

    /// The verdict's JSON text, as `serde_json` writes it.
    pub fn json(&self) -> &str {
        self.0.json.get()
    }
}

impl Serialize for WrittenVerdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.json.serialize(serializer)
    }
}

/// Read as a verdict, then written again: a client reads it inside other
/// messages, where serde cannot hand over the raw text.
impl<'de> Deserialize<'de> for WrittenVerdict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<WrittenVerdict, D::Error> {
        Verdict::deserialize(deserializer).map(WrittenVerdict::new)
    }
}

/// Two verdicts are the same when they say the same: a verdict read back
/// carries its reasons as the messages they were written as.
impl PartialEq for WrittenVerdict {
    fn eq(&self, other: &WrittenVerdict) -> bool {
        self.json() == other.json()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup};

    #[test]
    fn a_ruling_serialises_as_its_verdict_does() {
        let mut game = Game::new(GameSetup::default()).expect("a standard game");
        let start = game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
        let mv = |mv: &str| EventKind::Move {
            mv: mv.into(),
            offer_draw: false,
        };
        let accepted = game.apply(Event::new(Actor::White, 10, mv("e2e4")));
        // Refusals carry their rule and messages in English and Chinese.
        let refused = game.apply(Event::new(Actor::Black, 20, mv("e7e2")));
        assert!(!refused.is_accepted());
        for verdict in [start, accepted, refused] {
            let ruling = WrittenVerdict::new(verdict.clone());
            let direct = serde_json::to_string(&verdict).unwrap();
            assert_eq!(ruling.json(), direct);
            assert_eq!(serde_json::to_string(&ruling).unwrap(), direct);
            assert_eq!(ruling.verdict(), &verdict);
        }
    }
}
