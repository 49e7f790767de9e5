//! Typed reasons and their rendering in every language.

use std::borrow::Cow;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
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
    /// Several arguments, joined by the catalogue's `list-separator`.
    List(Vec<Arg<'a>>),
    /// Text already in words in each language (English when the reader's
    /// language is missing): a message received as text, or one some code
    /// still words itself, kept visible by this one name.
    PerLanguage(Cow<'a, Message>),
}

impl core::fmt::Debug for Arg<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Arg::Text(text) => f.debug_tuple("Text").field(text).finish(),
            Arg::Key(key) => f.debug_tuple("Key").field(key).finish(),
            Arg::Nested(inner) => f.debug_tuple("Nested").field(&inner.key()).finish(),
            Arg::List(items) => f.debug_tuple("List").field(items).finish(),
            Arg::PerLanguage(texts) => f.debug_tuple("PerLanguage").field(texts).finish(),
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

impl<T: ToArg> ToArg for [T] {
    fn to_arg(&self) -> Arg<'_> {
        Arg::List(self.iter().map(ToArg::to_arg).collect())
    }
}

impl<T: ToArg> ToArg for Vec<T> {
    fn to_arg(&self) -> Arg<'_> {
        self.as_slice().to_arg()
    }
}

impl<T: Localized> ToArg for Box<T> {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Nested(&**self)
    }
}

/// A message in words, in every language there is a catalogue for,
/// English first. It serialises as an object from language to text
/// (`{"en": "…", "zh": "…"}`), and reads back from one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    texts: Vec<(String, String)>,
}

impl Message {
    /// `message` in every language.
    pub fn of(message: &dyn Localized) -> Message {
        Message {
            texts: catalogues()
                .iter()
                .map(|c| (c.language().to_string(), c.render(message)))
                .collect(),
        }
    }

    /// A message from its texts, language by language.
    pub fn from_texts<L: Into<String>, T: Into<String>>(
        texts: impl IntoIterator<Item = (L, T)>,
    ) -> Message {
        Message {
            texts: texts
                .into_iter()
                .map(|(l, t)| (l.into(), t.into()))
                .collect(),
        }
    }

    /// The text in `language` (empty when there is no such catalogue).
    pub fn text(&self, language: &str) -> &str {
        self.texts
            .iter()
            .find(|(l, _)| l == language)
            .map_or("", |(_, text)| text.as_str())
    }

    /// Every language with its text, English first.
    pub fn texts(&self) -> impl Iterator<Item = (&str, &str)> {
        self.texts.iter().map(|(l, t)| (l.as_str(), t.as_str()))
    }
}

/// In a message, a message already in words is its text in the reader's
/// language.
impl ToArg for Message {
    fn to_arg(&self) -> Arg<'_> {
        Arg::PerLanguage(Cow::Borrowed(self))
    }
}

impl<'de> Deserialize<'de> for Message {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Message, D::Error> {
        struct Texts;
        impl<'de> Visitor<'de> for Texts {
            type Value = Message;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("an object from language to text")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Message, A::Error> {
                let mut texts = Vec::new();
                while let Some(entry) = map.next_entry::<String, String>()? {
                    texts.push(entry);
                }
                Ok(Message { texts })
            }
        }
        deserializer.deserialize_map(Texts)
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
