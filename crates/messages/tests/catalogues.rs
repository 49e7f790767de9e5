//! Rendering through a catalogue, and a third language that touches
//! nothing but its own catalogue.

use arbiter_messages::{Catalogue, Localized, Message, catalogues, english, messages};

messages! {
    /// Reasons for the tests.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Sample {
        /// A side's flag.
        Flag {
            /// The side, a key.
            side: Side,
            /// Seconds.
            seconds: u64,
        } = "test-flag",
        /// A message inside another.
        Wrapped {
            /// The inner message.
            inner: Box<Sample>,
        } = "test-wrapped",
    }
}

/// A side, whose name each catalogue has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side(&'static str);

impl arbiter_messages::ToArg for Side {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Key(self.0)
    }
}

const FRENCH: &str = r#"{
    "test-flag": "{side} : drapeau tombé après {seconds} s",
    "test-wrapped": "« {inner} »",
    "test-side-white": "les Blancs"
}"#;

#[test]
fn a_third_catalogue_renders_every_argument_kind() {
    let french = Catalogue::parse("fr", FRENCH).unwrap();
    let flag = Sample::Flag {
        side: Side("test-side-white"),
        seconds: 30,
    };
    assert_eq!(
        french.render(&flag),
        "les Blancs : drapeau tombé après 30 s"
    );
    let wrapped = Sample::Wrapped {
        inner: Box::new(flag),
    };
    assert_eq!(
        french.render(&wrapped),
        "« les Blancs : drapeau tombé après 30 s »"
    );
}

#[test]
fn a_key_missing_everywhere_shows_as_itself() {
    let french = Catalogue::parse("fr", "{}").unwrap();
    assert_eq!(
        french.render(&Sample::Flag {
            side: Side("x"),
            seconds: 1
        }),
        "test-flag"
    );
}

#[test]
fn a_broken_catalogue_is_an_error_with_its_place() {
    let error = Catalogue::parse("fr", "{\"a\": 1}").unwrap_err();
    assert_eq!(error.language, "fr");
    assert!(error.to_string().contains("line 1"), "{error}");
}

#[test]
fn the_embedded_catalogues_have_english_first_and_the_same_keys() {
    let all = catalogues();
    assert_eq!(all[0].language(), "en");
    assert!(all.iter().any(|c| c.language() == "zh"));
    let mut reference: Vec<&str> = english().keys().collect();
    reference.sort_unstable();
    for catalogue in all {
        let mut keys: Vec<&str> = catalogue.keys().collect();
        keys.sort_unstable();
        assert_eq!(keys, reference, "{}", catalogue.language());
    }
}

#[test]
fn a_message_serialises_as_one_text_per_language_english_first() {
    struct Bare;
    impl Localized for Bare {
        fn key(&self) -> &str {
            "no-such-key"
        }
        fn args(&self) -> Vec<(&'static str, arbiter_messages::Arg<'_>)> {
            Vec::new()
        }
    }
    let message = Message::of(&Bare);
    let json = serde_json::to_string(&message).unwrap();
    let languages: Vec<String> = catalogues()
        .iter()
        .map(|c| format!("\"{}\":\"no-such-key\"", c.language()))
        .collect();
    assert_eq!(json, format!("{{{}}}", languages.join(",")));
    assert_eq!(message.text("en"), "no-such-key");
    assert_eq!(message.text("xx"), "");
}
