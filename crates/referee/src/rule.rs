//! A ruling: the rule behind a verdict (an [`arbiter_rules::Rule`]) and the
//! typed reason that applies it to the case at hand.

use arbiter_messages::Message;
use serde::{Deserialize, Serialize};

use crate::Reason;

pub use arbiter_rules::{ParseRuleError, Rule, Source};

/// A rule together with the reason that applies it to the case at hand.
///
/// It serialises as the rule and the reason rendered in every language of
/// the catalogues: `{"rule": "FIDE 9.2.1", "message": {"en": "…", "zh": "…"}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The rule that decides.
    pub rule: Rule,
    /// Why, as a typed reason the catalogues put into words.
    pub reason: Reason,
}

impl Ruling {
    /// A ruling under `rule`, for `reason`.
    pub fn new(rule: Rule, reason: Reason) -> Ruling {
        Ruling { rule, reason }
    }

    /// The reason in every language.
    pub fn message(&self) -> Message {
        Message::of(&self.reason)
    }
}

impl<'de> Deserialize<'de> for Ruling {
    /// A ruling read back from its JSON (a client of the server reading a
    /// verdict) keeps its words as received: [`Reason::Received`].
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Ruling, D::Error> {
        #[derive(Deserialize)]
        struct Written {
            rule: Rule,
            message: Message,
        }
        let written = Written::deserialize(deserializer)?;
        Ok(Ruling::new(
            written.rule,
            Reason::Received {
                message: written.message,
            },
        ))
    }
}

impl Serialize for Ruling {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Ruling", 2)?;
        s.serialize_field("rule", &self.rule)?;
        s.serialize_field("message", &self.message())?;
        s.end()
    }
}
