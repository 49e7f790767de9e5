//! Citations: the article of the Laws (or the classic rule) behind a verdict,
//! and the typed reason that applies it.

use core::fmt;

use arbiter_messages::Message;
use serde::{Deserialize, Serialize};

use crate::Reason;

/// Where a rule comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The FIDE Laws of Chess (2023), by article number.
    Fide,
    /// The classic rules (ruleset `classic`; see the README's glossary), by their
    /// Chinese name.
    Classic,
}

/// A citation: `FIDE 9.2.1` or `classic: 送王`.
///
/// ```
/// use arbiter_referee::Rule;
/// assert_eq!(Rule::fide("9.2.1").to_string(), "FIDE 9.2.1");
/// assert_eq!(Rule::classic("送王").to_string(), "classic: 送王");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Rule {
    /// The body of rules cited.
    pub source: Source,
    /// The article (`9.2.1`) or the classic rule's name (`送王`).
    pub article: String,
}

impl Rule {
    /// An article of the FIDE Laws.
    pub fn fide(article: &str) -> Rule {
        Rule {
            source: Source::Fide,
            article: article.to_string(),
        }
    }

    /// A rule of the classic rules, by its Chinese name.
    pub fn classic(name: &str) -> Rule {
        Rule {
            source: Source::Classic,
            article: name.to_string(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.source {
            Source::Fide => write!(f, "FIDE {}", self.article),
            Source::Classic => write!(f, "classic: {}", self.article),
        }
    }
}

impl From<Rule> for String {
    fn from(rule: Rule) -> String {
        rule.to_string()
    }
}

/// Text that is not a citation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a rule citation (expected `FIDE 9.2.1` or `classic: 送王`)")]
pub struct ParseRuleError(pub String);

impl TryFrom<String> for Rule {
    type Error = ParseRuleError;

    fn try_from(text: String) -> Result<Rule, ParseRuleError> {
        if let Some(article) = text.strip_prefix("FIDE ") {
            Ok(Rule::fide(article))
        } else if let Some(name) = text.strip_prefix("classic: ") {
            Ok(Rule::classic(name))
        } else {
            Err(ParseRuleError(text))
        }
    }
}

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
