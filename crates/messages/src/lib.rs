//! The message catalogues: what every ruling, finding and page says, in
//! each language, apart from the logic that decides it.
//!
//! A crate that rules or reports returns a typed reason (an enum declared
//! with [`messages!`]: one variant per message, its key, and its typed
//! arguments: squares, sides, moves, times, nested reasons). It never
//! formats text. One catalogue per language, `catalogue/LANG.json`, maps
//! each key to a template whose `{name}` placeholders take the arguments;
//! [`Message::of`] renders a reason in every language.
//!
//! Why a plain table rather than Fluent: the two languages we have need no
//! plural or gender selection in the referee's messages (what varies by
//! language, a side's or a piece's name, is itself a key passed as an
//! argument), and the output of `arbiter replay` and of the API must stay
//! byte-identical, which a 30-line substitution guarantees and Fluent's
//! isolation marks and number formatting would have to be argued with. The
//! same JSON file is what the web page reads (the server ships it), and a
//! dozen lines of JavaScript render it exactly as [`Catalogue::render`]
//! does; Fluent would have meant a second runtime vendored into the page.
//! The pure crates stay pure: the catalogues are embedded at compile time.
//!
//! A new language is one new file: the build embeds every `catalogue/*.json`
//! and refuses a catalogue with a missing or unknown key. An entry may
//! quote another of its language as `{@key}` (a ruling quoting the name of
//! the ending it states, which is then written once); the build puts the
//! words in place, so what is embedded and served holds plain templates.
//! Where English needs a plural, the caller picks
//! between two keys (`…-one`, `…-other`); a language with richer plurals
//! would bring a selector here, not in the callers.
#![warn(missing_docs)]

mod catalogue;
mod macros;
mod message;

pub use catalogue::{Catalogue, CatalogueError, catalogue, catalogues, english};
pub use message::{Arg, Localized, Message, ToArg};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
