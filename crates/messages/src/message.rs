//! Typed reasons and their rendering in every language.

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::catalogue::catalogues;

/// A message before it is put into words: its key, and its arguments.
pub trait Localized {
    /// The catalogue key.
    fn key(&self) -> &str;
    /// The arguments, by the names the templates use.
    fn args(&self) -> Vec<(&'static str, Arg<'_>)>;
}

/// One argument of a message.
#[derive(Clone)]
pub enum Arg<'a> {
    /// Text the same in every language: a square, a move, a number.
    Text(Cow<'a, str>),
    /// A word each catalogue has its own entry for (a side, a piece).
    Key(&'static str),
    /// A whole message, rendered in the same language.
    Nested(&'a dyn Localized),
}

impl core::fmt::Debug for Arg<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Arg::Text(text) => f.debug_tuple("Text").field(text).finish(),
            Arg::Key(key) => f.debug_tuple("Key").field(key).finish(),
            Arg::Nested(inner) => f.debug_tuple("Nested").field(&inner.key()).finish(),
        }
    }
}

/// A value that can be an argument of a message.
pub trait ToArg {
    /// The argument.
    fn to_arg(&self) -> Arg<'_>;
}

impl ToArg for str {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Text(Cow::Borrowed(self))
    }
}

impl ToArg for String {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Text(Cow::Borrowed(self))
    }
}

impl ToArg for &str {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Text(Cow::Borrowed(self))
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            fn to_arg(&self) -> Arg<'_> {
                Arg::Text(Cow::Owned(self.to_string()))
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i32, i64);

impl<T: Localized> ToArg for Box<T> {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Nested(&**self)
    }
}

/// A message rendered in every language there is a catalogue for,
/// English first. It serialises as an object from language to text
/// (`{"en": "…", "zh": "…"}`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    texts: Vec<(&'static str, String)>,
}

impl Message {
    /// `message` in every language.
    pub fn of(message: &dyn Localized) -> Message {
        Message {
            texts: catalogues()
                .iter()
                .map(|c| (c.language(), c.render(message)))
                .collect(),
        }
    }

    /// The text in `language` (empty when there is no such catalogue).
    pub fn text(&self, language: &str) -> &str {
        self.texts
            .iter()
            .find(|(l, _)| *l == language)
            .map_or("", |(_, text)| text.as_str())
    }

    /// Every language with its text, English first.
    pub fn texts(&self) -> impl Iterator<Item = (&str, &str)> {
        self.texts.iter().map(|(l, t)| (*l, t.as_str()))
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.texts.len()))?;
        for (language, text) in &self.texts {
            map.serialize_entry(language, text)?;
        }
        map.end()
    }
}
