//! The log format of `docs/replay.md`: every example parses, every event
//! kind has one, and events survive a JSON round trip.

use std::collections::BTreeSet;

use arbiter_referee::{Event, Game, GameSetup};

fn doc_examples() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/replay.md"))
        .unwrap();
    doc.lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| {
            let start = l.find("`{\"actor\"")?;
            let rest = &l[start + 1..];
            Some(rest[..rest.find('`')?].to_string())
        })
        .collect()
}

#[test]
fn every_documented_example_is_an_event_and_round_trips() {
    let examples = doc_examples();
    assert!(examples.len() >= 20);
    let mut kinds = BTreeSet::new();
    for text in &examples {
        let event: Event = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back: Event = serde_json::from_str(&serde_json::to_string(&event).unwrap()).unwrap();
        assert_eq!(back, event);
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        kinds.insert(value["kind"].as_str().unwrap().to_string());
    }
    let expected = [
        "start",
        "move",
        "touch",
        "adjust",
        "release",
        "press_clock",
        "offer_draw",
        "accept_draw",
        "decline_draw",
        "claim_draw",
        "claim_illegal_move",
        "claim_flag",
        "resign",
        "abort",
        "request_takeback",
        "player_left",
        "player_returned",
        "claim_victory",
        "request_increment",
        "grant_increment",
        "colours_reversed",
        "board_turned",
        "pieces_displaced",
        "forfeit",
        "declare_result",
        "tick",
    ];
    for kind in expected {
        assert!(
            kinds.contains(kind),
            "docs/replay.md has no example of {kind}"
        );
    }
    assert_eq!(kinds.len(), expected.len(), "{kinds:?}");
}

#[test]
fn every_kind_is_named_as_the_log_writes_it() {
    // The documented examples hold one event of every kind (above).
    for text in doc_examples() {
        let event: Event = serde_json::from_str(&text).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(event.kind.name(), value["kind"], "{text}");
    }
}

#[test]
fn a_bad_event_is_a_parse_error_not_a_panic() {
    for bad in [
        r#"{"actor":"white","at_ms":1,"kind":"teleport"}"#,
        r#"{"actor":"queen","at_ms":1,"kind":"start"}"#,
        r#"{"actor":"white","at_ms":-5,"kind":"start"}"#,
        r#"{"actor":"white","at_ms":1,"kind":"touch","square":"z9"}"#,
    ] {
        assert!(serde_json::from_str::<Event>(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_move_text_that_is_no_move_is_refused_with_a_reason() {
    let events: Vec<Event> = [
        r#"{"actor":"arbiter","at_ms":0,"kind":"start"}"#,
        r#"{"actor":"white","at_ms":1,"kind":"move","move":"Zz9"}"#,
        r#"{"actor":"white","at_ms":2,"kind":"move","move":""}"#,
    ]
    .iter()
    .map(|t| serde_json::from_str(t).unwrap())
    .collect();
    let (_, verdicts) = Game::replay(GameSetup::default(), events).unwrap();
    assert!(verdicts[0].is_accepted());
    for v in &verdicts[1..] {
        assert_eq!(
            v.rejection().unwrap().ruling.rule.to_string(),
            "FIDE Appendix C"
        );
    }
}
