//! A ruling: the rule behind a verdict (an [`arbiter_rules::Rule`]) and
//! the bilingual message that applies it to the case at hand.

use serde::{Deserialize, Serialize};

pub use arbiter_rules::{ParseRuleError, Rule, Source};

/// A message for the players, in English and in Chinese.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Message {
    /// English.
    pub en: String,
    /// Chinese.
    pub zh: String,
}

impl Message {
    /// A message from its two languages.
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Message {
        Message {
            en: en.into(),
            zh: zh.into(),
        }
    }
}

/// A rule together with the message that applies it to the case at hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ruling {
    /// The rule that decides.
    pub rule: Rule,
    /// What it means here.
    pub message: Message,
}

impl Ruling {
    /// A ruling under `rule`.
    pub fn new(rule: Rule, en: impl Into<String>, zh: impl Into<String>) -> Ruling {
        Ruling {
            rule,
            message: Message::new(en, zh),
        }
    }
}
