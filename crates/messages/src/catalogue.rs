//! One language's catalogue: keys to templates, and the rendering of a
//! reason through them.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::message::{Arg, Localized};

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// The templates of one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    language: &'static str,
    source: &'static str,
    entries: HashMap<String, String>,
}

/// A catalogue that is not a JSON object of strings.
#[derive(Debug, thiserror::Error)]
#[error("catalogue {language:?}: {source}")]
pub struct CatalogueError {
    /// The language of the catalogue.
    pub language: String,
    /// What the JSON reader found wrong, with its line and column.
    pub source: serde_json::Error,
}

impl Catalogue {
    /// Reads a catalogue: a JSON object from keys to templates.
    pub fn parse(language: &'static str, json: &'static str) -> Result<Catalogue, CatalogueError> {
        let entries = serde_json::from_str(json).map_err(|source| CatalogueError {
            language: language.to_string(),
            source,
        })?;
        Ok(Catalogue {
            language,
            source: json,
            entries,
        })
    }

    /// The language's code (`en`, `zh`), the file's name.
    pub fn language(&self) -> &'static str {
        self.language
    }

    /// The catalogue as written, for the web page to read.
    pub fn source(&self) -> &'static str {
        self.source
    }

    /// The template for `key`, if this catalogue has one.
    pub fn template(&self, key: &str) -> Option<&str> {
        self.entries.get(key).map(String::as_str)
    }

    /// Every key.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The names of the arguments `key`'s template takes (`{side}`), in
    /// the order they come; none when there is no such key.
    pub fn placeholders(&self, key: &str) -> Vec<&str> {
        let mut names = Vec::new();
        let mut rest = self.template(key).unwrap_or("");
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|c| open + c) else {
                break;
            };
            let name = &rest[open + 1..close];
            // What the renderer would fill: a name, not a brace in the text.
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                names.push(name);
            }
            rest = &rest[close + 1..];
        }
        names
    }

    /// The entry of `key`, a message without arguments: a word (a side,
    /// the name of a way a game ends).
    pub fn word(&self, key: &str) -> String {
        self.render(&Keyed(key))
    }

    /// `message` in this language. A key this catalogue lacks falls back
    /// to English, then to the key itself, so that nothing is ever lost
    /// silently from view (the embedded catalogues have every key: the
    /// build checks it).
    pub fn render(&self, message: &dyn Localized) -> String {
        let mut out = String::new();
        self.render_into(&mut out, message);
        out
    }

    fn render_into(&self, out: &mut String, message: &dyn Localized) {
        let key = message.key();
        let Some(template) = self.template(key).or_else(|| english().template(key)) else {
            out.push_str(key);
            return;
        };
        let args = message.args();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|c| open + c) else {
                break;
            };
            out.push_str(&rest[..open]);
            let name = &rest[open + 1..close];
            match args.iter().find(|(n, _)| *n == name) {
                Some((_, arg)) => self.render_arg(out, arg),
                None => out.push_str(&rest[open..=close]),
            }
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
    }
}

impl Catalogue {
    fn render_arg(&self, out: &mut String, arg: &Arg<'_>) {
        match arg {
            Arg::Text(text) => out.push_str(text),
            Arg::Key(key) => self.render_into(out, &Keyed(key)),
            Arg::Nested(inner) => self.render_into(out, *inner),
            Arg::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.render_into(out, &Keyed("list-separator"));
                    }
                    self.render_arg(out, item);
                }
            }
            Arg::PerLanguage(message) => {
                let text = message.text(self.language);
                out.push_str(if text.is_empty() {
                    message.text("en")
                } else {
                    text
                });
            }
        }
    }
}

/// A bare key, as a message without arguments.
struct Keyed<'a>(&'a str);

impl Localized for Keyed<'_> {
    fn key(&self) -> &str {
        self.0
    }

    fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        Vec::new()
    }
}

/// Every embedded catalogue, English first.
pub fn catalogues() -> &'static [Catalogue] {
    static CATALOGUES: OnceLock<Vec<Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(language, json)| {
                // The build has already read each of these files as JSON.
                Catalogue::parse(language, json).expect("the build checked every catalogue")
            })
            .collect()
    })
}

/// The catalogue of `language`, if there is one.
pub fn catalogue(language: &str) -> Option<&'static Catalogue> {
    catalogues().iter().find(|c| c.language == language)
}

/// The English catalogue, the reference every other is checked against.
pub fn english() -> &'static Catalogue {
    &catalogues()[0]
}
