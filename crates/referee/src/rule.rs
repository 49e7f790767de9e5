//! Citations: the article of the Laws (or the classic rule) behind a verdict,
//! and the bilingual message that explains it.

use core::fmt;

use serde::{Deserialize, Serialize};

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
