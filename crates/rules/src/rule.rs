//! Citations: the article of the Laws, the classic rule or the section of
//! the PGN standard behind a decision.
//!
//! One type for every crate that cites a rule: a refused move (SAN errors
//! here), a referee's verdict and a finding of `arbiter check` all carry a
//! [`Rule`], so none has to read a citation back from text.

use core::fmt;
use std::borrow::Cow;

/// Where a rule comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Source {
    /// The FIDE Laws of Chess (2023), by article number.
    Fide,
    /// The classic rules (ruleset `classic`; see the README's glossary), by
    /// their Chinese name.
    Classic,
    /// The PGN standard (1994), by section: for what is about a game
    /// record's format rather than the game.
    Pgn,
}

/// A citation: `FIDE 9.2.1`, `classic: 送王` or `PGN 8.2.6`.
///
/// ```
/// use arbiter_rules::Rule;
/// assert_eq!(Rule::fide("9.2.1").to_string(), "FIDE 9.2.1");
/// assert_eq!(Rule::classic("送王").to_string(), "classic: 送王");
/// assert_eq!(Rule::pgn("8.2.6").to_string(), "PGN 8.2.6");
/// assert_eq!("FIDE 9.2.1".parse::<Rule>(), Ok(Rule::fide("9.2.1")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Rule {
    /// The body of rules cited.
    pub source: Source,
    /// The article (`9.2.1`), the classic rule's name (`送王`) or the
    /// standard's section (`8.2.6`).
    pub article: Cow<'static, str>,
}

impl Rule {
    /// An article of the FIDE Laws.
    pub fn fide(article: impl Into<Cow<'static, str>>) -> Rule {
        Rule {
            source: Source::Fide,
            article: article.into(),
        }
    }

    /// A rule of the classic ruleset, by its Chinese name.
    pub fn classic(name: impl Into<Cow<'static, str>>) -> Rule {
        Rule {
            source: Source::Classic,
            article: name.into(),
        }
    }

    /// A section of the PGN standard.
    pub fn pgn(section: impl Into<Cow<'static, str>>) -> Rule {
        Rule {
            source: Source::Pgn,
            article: section.into(),
        }
    }

    /// The prefix the citation is written with.
    const fn prefix(source: Source) -> &'static str {
        match source {
            Source::Fide => "FIDE ",
            Source::Classic => "classic: ",
            Source::Pgn => "PGN ",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Rule::prefix(self.source), self.article)
    }
}

/// Text that is not a citation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a rule citation (expected `FIDE 9.2.1`, `classic: 送王` or `PGN 8.2.6`)")]
pub struct ParseRuleError(pub String);

impl core::str::FromStr for Rule {
    type Err = ParseRuleError;

    fn from_str(text: &str) -> Result<Rule, ParseRuleError> {
        [Source::Fide, Source::Classic, Source::Pgn]
            .into_iter()
            .find_map(|source| {
                let article = text.strip_prefix(Rule::prefix(source))?;
                Some(Rule {
                    source,
                    article: Cow::Owned(article.to_string()),
                })
            })
            .ok_or_else(|| ParseRuleError(text.to_string()))
    }
}

impl From<Rule> for String {
    fn from(rule: Rule) -> String {
        rule.to_string()
    }
}

impl TryFrom<String> for Rule {
    type Error = ParseRuleError;

    fn try_from(text: String) -> Result<Rule, ParseRuleError> {
        text.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_read_back_as_written() {
        for rule in [
            Rule::fide("9.6.1"),
            Rule::fide("Appendix C"),
            Rule::classic("长将和"),
            Rule::pgn("8.1.1.3"),
        ] {
            assert_eq!(rule.to_string().parse::<Rule>(), Ok(rule.clone()));
        }
        assert!("Article 9".parse::<Rule>().is_err());
    }
}
