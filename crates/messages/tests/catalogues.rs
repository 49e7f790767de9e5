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

/// Every message the crates give, with the names of its arguments: the
/// referee's reasons, `arbiter check`'s, why a SAN names no legal move,
/// what the PGN reader found wrong, why a tournament refuses an event, and
/// what is wrong with a transparency log's note, proof or witness request.
fn declared() -> Vec<(&'static str, &'static [&'static str])> {
    use arbiter_rules::san::{CastlingRefusal, ParseSanError, ParseSanErrorKind, SanError};
    [
        arbiter_referee::Reason::ARGUMENTS,
        arbiter_check::Reason::ARGUMENTS,
        SanError::ARGUMENTS,
        ParseSanError::ARGUMENTS,
        ParseSanErrorKind::ARGUMENTS,
        CastlingRefusal::ARGUMENTS,
        arbiter_pgn::SyntaxErrorKind::ARGUMENTS,
        arbiter_pgn::GameError::ARGUMENTS,
        arbiter_tournament::director::Refusal::ARGUMENTS,
        arbiter_tlog::Problem::ARGUMENTS,
        arbiter_tlog::witness::Refusal::ARGUMENTS,
    ]
    .concat()
}

fn chinese() -> &'static Catalogue {
    arbiter_messages::catalogue("zh").expect("a Chinese catalogue")
}

#[test]
fn every_key_has_an_english_and_a_chinese_entry() {
    let zh = chinese();
    for key in english().keys() {
        for catalogue in [english(), zh] {
            let words = catalogue.template(key);
            assert!(
                words.is_some_and(|w| !w.trim().is_empty()),
                "{key} has no words in {}",
                catalogue.language()
            );
        }
    }
    assert_eq!(english().keys().count(), zh.keys().count());
    for (key, _) in declared() {
        assert!(
            english().template(key).is_some(),
            "{key} is in no catalogue"
        );
    }
}

/// A message's templates name its arguments, and only them, in every
/// language: a language may leave out a detail (the Chinese titles of
/// `arbiter check`'s findings do) or name the move in its own notation
/// (`{chinese}` beside `{san}`), but never a placeholder the message does
/// not fill, which would be printed as it is. Words and the web page's
/// texts, which no typed message declares, take the same placeholders in
/// both languages.
#[test]
fn placeholders_match_between_languages() {
    let declared = declared();
    let zh = chinese();
    for key in english().keys() {
        let (en_names, zh_names) = (english().placeholders(key), zh.placeholders(key));
        let Some((_, arguments)) = declared.iter().find(|(k, _)| *k == key) else {
            let (mut en_sorted, mut zh_sorted) = (en_names.clone(), zh_names.clone());
            en_sorted.sort_unstable();
            zh_sorted.sort_unstable();
            assert_eq!(en_sorted, zh_sorted, "{key}: the placeholders differ");
            continue;
        };
        for (language, names) in [("en", &en_names), ("zh", &zh_names)] {
            for name in names {
                assert!(
                    arguments.contains(name),
                    "{key} ({language}): {{{name}}} is none of its arguments {arguments:?}"
                );
            }
        }
        for argument in *arguments {
            assert!(
                en_names.contains(argument) || zh_names.contains(argument),
                "{key}: the argument {argument} is in no language's words"
            );
        }
    }
}

#[test]
fn placeholders_are_read_as_the_renderer_fills_them() {
    let catalogue = Catalogue::parse(
        "xx",
        r#"{"a": "{side} moved {from}-{to}", "b": "a { brace, then {x}", "c": "no {} name"}"#,
    )
    .unwrap();
    assert_eq!(catalogue.placeholders("a"), ["side", "from", "to"]);
    assert_eq!(catalogue.placeholders("b"), Vec::<&str>::new());
    assert_eq!(catalogue.placeholders("c"), Vec::<&str>::new());
    assert_eq!(catalogue.placeholders("missing"), Vec::<&str>::new());
}

/// The catalogues as written, before the build puts quoted entries in
/// place: a map from key to template per language file.
fn as_written(language: &str) -> std::collections::BTreeMap<String, String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("catalogue")
        .join(format!("{language}.json"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// An ending's name (`termination-…`) is written once per language: a
/// ruling or a claim that states it quotes it (`{@termination-…}`) rather
/// than writing the words again, so that renaming an ending is one edit.
#[test]
fn each_ending_is_named_once_and_quoted_where_a_ruling_states_it() {
    for language in ["en", "zh"] {
        let written = as_written(language);
        let names: Vec<(&String, &String)> = written
            .iter()
            .filter(|(key, _)| key.starts_with("termination-"))
            .collect();
        for (key, template) in &written {
            // The page's buttons are labels in their own case and words.
            if key.starts_with("termination-") || key.starts_with("page-") {
                continue;
            }
            for (ending, name) in &names {
                let restated = template == *name
                    || [": ", "：", "，", ", "]
                        .iter()
                        .any(|mark| template.starts_with(&format!("{name}{mark}")));
                assert!(
                    !restated,
                    "{language}: {key} writes {ending}'s name again ({template:?}): quote it as {{@{ending}}}"
                );
            }
        }
    }
}

#[test]
fn a_quoted_entry_is_embedded_as_its_words() {
    let written = as_written("en");
    assert_eq!(
        written["referee-stalemate"],
        "{@termination-stalemate}: draw"
    );
    assert_eq!(
        english().template("referee-stalemate"),
        Some("stalemate: draw")
    );
    assert_eq!(
        chinese().template("claim-threefold"),
        chinese().template("termination-threefold")
    );
    for catalogue in catalogues() {
        assert!(
            !catalogue.source().contains("{@"),
            "{}",
            catalogue.language()
        );
    }
}
