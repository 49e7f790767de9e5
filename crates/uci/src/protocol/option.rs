//! Option declarations (`option name … type …`) and the values a user may
//! give them.

/// The kind of an option, with its default and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `check`: true or false.
    Check {
        /// The engine's default value.
        default: bool,
    },
    /// `spin`: an integer in a range.
    Spin {
        /// The engine's default value.
        default: i64,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },
    /// `combo`: one of a list of words.
    Combo {
        /// The engine's default choice.
        default: String,
        /// The allowed values.
        vars: Vec<String>,
    },
    /// `button`: an action without a value.
    Button,
    /// `string`: any text (`<empty>` is the empty text).
    String {
        /// The engine's default text.
        default: String,
    },
}

/// An option an engine declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// The name as the engine wrote it (names compare case-insensitively).
    pub name: String,
    /// Kind, default and range.
    pub kind: OptionKind,
}

/// An option line that cannot be read, or a value an option does not take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The declaration has no `name` or no `type`.
    #[error("option declaration lacks {0}")]
    Missing(&'static str),
    /// The declaration has a type this program does not know.
    #[error("unknown option type {0:?}")]
    UnknownType(String),
    /// A number in the declaration is not an integer.
    #[error("{field} {text:?} is not an integer")]
    BadNumber {
        /// `default`, `min` or `max`.
        field: &'static str,
        /// The number as written.
        text: String,
    },
    /// The engine declares no such option.
    #[error("engine {engine:?} has no option {name:?} (it declares: {declared})")]
    Unknown {
        /// The engine's name.
        engine: String,
        /// The option asked for.
        name: String,
        /// The options it declares, comma-separated.
        declared: String,
    },
    /// The value does not fit the option.
    #[error("option {name:?} ({kind}) does not take the value {value:?}: {why}")]
    BadValue {
        /// The option.
        name: String,
        /// Its type and range, as text.
        kind: String,
        /// The value given.
        value: String,
        /// What is wrong.
        why: String,
    },
}

const KEYWORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

impl OptionDecl {
    /// Reads the text after `option`.
    ///
    /// ```
    /// use arbiter_uci::protocol::{OptionDecl, OptionKind};
    /// let d = OptionDecl::parse("name Hash type spin default 16 min 1 max 33554432")?;
    /// assert_eq!(d.kind, OptionKind::Spin { default: 16, min: 1, max: 33554432 });
    /// # Ok::<(), arbiter_uci::protocol::OptionError>(())
    /// ```
    pub fn parse(rest: &str) -> Result<OptionDecl, OptionError> {
        let toks: Vec<&str> = super::tokens(rest).collect();
        let mut name: Option<String> = None;
        let mut kind: Option<&str> = None;
        let mut default: Option<String> = None;
        let mut min: Option<&str> = None;
        let mut max: Option<&str> = None;
        let mut vars = Vec::new();
        let mut i = 0;
        // Each keyword's value runs to the next keyword; a name may contain
        // spaces ("Debug Log File"), a combo var too.
        let take_value = |i: &mut usize, stop_at: &[&str]| -> String {
            let start = *i;
            while *i < toks.len() && !stop_at.contains(&toks[*i]) {
                *i += 1;
            }
            toks[start..*i].join(" ")
        };
        while i < toks.len() {
            let key = toks[i];
            i += 1;
            match key {
                "name" => name = Some(take_value(&mut i, &["type"])),
                "type" => {
                    kind = toks.get(i).copied();
                    i += 1;
                }
                "default" => default = Some(take_value(&mut i, &KEYWORDS)),
                "min" => {
                    min = toks.get(i).copied();
                    i += 1;
                }
                "max" => {
                    max = toks.get(i).copied();
                    i += 1;
                }
                "var" => vars.push(take_value(&mut i, &KEYWORDS)),
                _ => {}
            }
        }
        let name = name
            .filter(|n| !n.is_empty())
            .ok_or(OptionError::Missing("a name"))?;
        let kind = kind.ok_or(OptionError::Missing("a type"))?;
        let number = |field: &'static str, text: Option<&str>| -> Result<i64, OptionError> {
            let text = text.ok_or(OptionError::Missing(field))?;
            text.parse().map_err(|_| OptionError::BadNumber {
                field,
                text: text.to_string(),
            })
        };
        let kind = match kind {
            "check" => OptionKind::Check {
                default: default.as_deref() == Some("true"),
            },
            "spin" => OptionKind::Spin {
                default: number("default", default.as_deref())?,
                min: number("min", min)?,
                max: number("max", max)?,
            },
            "combo" => OptionKind::Combo {
                default: default.unwrap_or_default(),
                vars,
            },
            "button" => OptionKind::Button,
            "string" => OptionKind::String {
                default: match default.as_deref() {
                    None | Some("<empty>") => String::new(),
                    Some(d) => d.to_string(),
                },
            },
            other => return Err(OptionError::UnknownType(other.to_string())),
        };
        Ok(OptionDecl { name, kind })
    }

    /// Checks `value` against the declaration and returns the text to
    /// send after `value` (normalised: `true`/`false`, the combo value as
    /// declared, `<empty>` for an empty string), or `None` for a button.
    pub fn validate(&self, value: &str) -> Result<Option<String>, OptionError> {
        let bad = |why: String| OptionError::BadValue {
            name: self.name.clone(),
            kind: self.describe(),
            value: value.to_string(),
            why,
        };
        match &self.kind {
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" => Ok(Some("true".into())),
                "false" => Ok(Some("false".into())),
                _ => Err(bad("expected true or false".into())),
            },
            OptionKind::Spin { min, max, .. } => {
                let n: i64 = value
                    .trim()
                    .parse()
                    .map_err(|_| bad("expected an integer".into()))?;
                if n < *min || n > *max {
                    return Err(bad(format!("out of range {min}..={max}")));
                }
                Ok(Some(n.to_string()))
            }
            OptionKind::Combo { vars, .. } => vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .map(|v| Some(v.clone()))
                .ok_or_else(|| bad(format!("expected one of {}", vars.join(", ")))),
            OptionKind::Button => {
                if value.is_empty() || value.eq_ignore_ascii_case("true") {
                    Ok(None)
                } else {
                    Err(bad("a button takes no value".into()))
                }
            }
            OptionKind::String { .. } => Ok(Some(if value.is_empty() {
                "<empty>".into()
            } else {
                value.to_string()
            })),
        }
    }

    /// The `setoption` line for a value already returned by
    /// [`validate`](Self::validate).
    pub fn setoption_line(&self, validated: Option<&str>) -> String {
        match validated {
            Some(v) => format!("setoption name {} value {v}", self.name),
            None => format!("setoption name {}", self.name),
        }
    }

    fn describe(&self) -> String {
        match &self.kind {
            OptionKind::Check { .. } => "check".into(),
            OptionKind::Spin { min, max, .. } => format!("spin {min}..={max}"),
            OptionKind::Combo { vars, .. } => format!("combo {}", vars.join("|")),
            OptionKind::Button => "button".into(),
            OptionKind::String { .. } => "string".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_of_every_type() {
        let d = OptionDecl::parse("name Debug Log File type string default ").unwrap();
        assert_eq!(d.name, "Debug Log File");
        assert_eq!(
            d.kind,
            OptionKind::String {
                default: String::new()
            }
        );
        let d = OptionDecl::parse("name SyzygyPath type string default <empty>").unwrap();
        assert_eq!(
            d.kind,
            OptionKind::String {
                default: String::new()
            }
        );
        let d = OptionDecl::parse("name Clear Hash type button").unwrap();
        assert_eq!(d.kind, OptionKind::Button);
        let d = OptionDecl::parse("name Ponder type check default false").unwrap();
        assert_eq!(d.kind, OptionKind::Check { default: false });
        let d = OptionDecl::parse(
            "name Style type combo default Normal var Solid var Normal var Risky Play",
        )
        .unwrap();
        assert_eq!(
            d.kind,
            OptionKind::Combo {
                default: "Normal".into(),
                vars: vec!["Solid".into(), "Normal".into(), "Risky Play".into()]
            }
        );
    }

    #[test]
    fn bad_declarations_are_errors() {
        assert_eq!(
            OptionDecl::parse("type spin default 1 min 0 max 2"),
            Err(OptionError::Missing("a name"))
        );
        assert!(matches!(
            OptionDecl::parse("name X type spin default one min 0 max 2"),
            Err(OptionError::BadNumber {
                field: "default",
                ..
            })
        ));
        assert!(matches!(
            OptionDecl::parse("name X type slider"),
            Err(OptionError::UnknownType(_))
        ));
    }

    #[test]
    fn values_are_checked_against_the_declaration() {
        let hash = OptionDecl::parse("name Hash type spin default 16 min 1 max 1024").unwrap();
        assert_eq!(hash.validate("64").unwrap().as_deref(), Some("64"));
        assert!(hash.validate("0").is_err());
        assert!(hash.validate("2048").is_err());
        assert!(hash.validate("lots").is_err());
        let check = OptionDecl::parse("name Ponder type check default false").unwrap();
        assert_eq!(check.validate("TRUE").unwrap().as_deref(), Some("true"));
        assert!(check.validate("yes").is_err());
        let combo =
            OptionDecl::parse("name Style type combo default Normal var Solid var Normal").unwrap();
        assert_eq!(combo.validate("solid").unwrap().as_deref(), Some("Solid"));
        assert!(combo.validate("Wild").is_err());
        let s = OptionDecl::parse("name SyzygyPath type string default <empty>").unwrap();
        assert_eq!(s.validate("").unwrap().as_deref(), Some("<empty>"));
        assert_eq!(
            s.setoption_line(Some("/tb")),
            "setoption name SyzygyPath value /tb"
        );
        let b = OptionDecl::parse("name Clear Hash type button").unwrap();
        assert_eq!(b.validate("").unwrap(), None);
        assert_eq!(b.setoption_line(None), "setoption name Clear Hash");
    }
}
