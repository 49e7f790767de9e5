//! The web page's copy of the WebSocket's messages agrees with the types:
//! every message `web/game.js` sends is a [`ClientMessage`] carrying only
//! fields that message has; every message it handles is a
//! [`ServerMessage`], and every field it reads of one is a field that
//! message carries, down to the view and its head; `web/eboard.js` reads
//! only what a `board` message carries; and the page handles every message
//! the server may send it.
//!
//! The kinds of message are serde's own (read off its refusal of an
//! unknown one), and the fields those of one message of every kind, made
//! here and written by serde: a new kind without an example here fails.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use arbiter_protocol::View;
use arbiter_protocol::WrittenVerdict;
use arbiter_protocol::view::Head;
use arbiter_protocol::ws::{
    Answer, BoardNotice, BoardSeen, ChatLine, ClientMessage, Presence, Rematch, Seat, ServerMessage,
};
use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup};
use arbiter_rules::Color;
use serde::de::DeserializeOwned;
use serde_json::Value;

fn web(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../web")
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The kinds of a message enum tagged by `type`, as serde names them.
fn kinds<T: DeserializeOwned + std::fmt::Debug>() -> BTreeSet<String> {
    let refusal = serde_json::from_str::<T>(r#"{"type":"?"}"#)
        .expect_err("no message is of kind ?")
        .to_string();
    let list = refusal
        .split_once("expected one of ")
        .unwrap_or_else(|| panic!("serde names the kinds: {refusal}"))
        .1;
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Each kind of the messages, with the fields (besides `type`) they carry.
fn fields_by_kind<T: serde::Serialize>(messages: &[T]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in messages {
        let json = serde_json::to_value(m).expect("messages serialise");
        let kind = json["type"].as_str().expect("a type").to_string();
        let fields = out.entry(kind).or_default();
        for key in json.as_object().expect("an object").keys() {
            if key != "type" {
                fields.insert(key.clone());
            }
        }
    }
    out
}

/// A game's view, whole: head, moves, a ruling.
fn view() -> View {
    let mut game = Game::new(GameSetup::default()).expect("a standard game");
    game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
    let verdict = game.apply(Event::new(
        Actor::White,
        10,
        EventKind::Move {
            mv: "e2e4".into(),
            offer_draw: false,
        },
    ));
    let head = std::sync::Arc::new(Head::of(game.setup()));
    let mut view = View::of(&"g".into(), &head, &game, 10, 10, 0);
    view.ruled = Some(arbiter_protocol::view::Ruled {
        actor: Actor::White,
        kind: "move".into(),
        verdict: WrittenVerdict::new(verdict),
    });
    view
}

fn written_verdict() -> WrittenVerdict {
    let mut game = Game::new(GameSetup::default()).expect("a standard game");
    WrittenVerdict::new(game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start)))
}

/// One client message of every kind, every optional field given.
fn client_examples() -> Vec<ClientMessage> {
    let token = Some("t".to_string());
    vec![
        ClientMessage::Auth { token: "t".into() },
        ClientMessage::Act {
            id: 1,
            event: EventKind::Resign,
            token: token.clone(),
        },
        ClientMessage::Chat { text: "hi".into() },
        ClientMessage::Board {
            seen: board_seen(),
            token: token.clone(),
        },
        ClientMessage::BoardNotice {
            notice: BoardNotice::LiftedAgain {
                square: "f1".into(),
                set_down: "d1".into(),
            },
            token,
        },
        ClientMessage::Rematch,
        ClientMessage::Ping,
    ]
}

fn board_seen() -> BoardSeen {
    BoardSeen {
        fen: "8/8/8/8/8/8/8/8".into(),
        differences: vec!["e2".into()],
        disturbed: vec![],
        battery: Some(80),
        clock_battery_low: Some(false),
    }
}

/// One server message of every kind, in each of its shapes.
fn server_examples() -> Vec<ServerMessage> {
    vec![
        ServerMessage::Full { view: view() },
        ServerMessage::Update { view: view() },
        ServerMessage::Role { role: Seat::White },
        ServerMessage::Verdict {
            id: 1,
            answer: Answer::Verdict(written_verdict()),
            tree_size: Some(7),
        },
        ServerMessage::Verdict {
            id: 1,
            answer: Answer::Error("no".into()),
            tree_size: None,
        },
        ServerMessage::Refused {
            actor: Actor::White,
            kind: "release".into(),
            verdict: written_verdict(),
        },
        ServerMessage::Chat {
            line: ChatLine {
                username: "a".into(),
                text: "hi".into(),
                room: "player".into(),
            },
        },
        ServerMessage::Board(board_seen()),
        ServerMessage::Gone {
            color: Color::White,
            gone: true,
            claim_win_in_seconds: 60,
        },
        ServerMessage::Presence(Presence::default()),
        ServerMessage::Rematch(Rematch::Offered {
            offered_by: Color::White,
        }),
        ServerMessage::Rematch(Rematch::Made {
            game: "g".into(),
            link: "/game/g".into(),
        }),
        ServerMessage::Error { error: "no".into() },
        ServerMessage::Pong,
    ]
}

#[test]
fn there_is_an_example_of_every_kind_and_each_reads_back_as_itself() {
    let client = fields_by_kind(&client_examples());
    assert_eq!(
        client.keys().cloned().collect::<BTreeSet<_>>(),
        kinds::<ClientMessage>()
    );
    let server = fields_by_kind(&server_examples());
    assert_eq!(
        server.keys().cloned().collect::<BTreeSet<_>>(),
        kinds::<ServerMessage>()
    );
    for m in client_examples() {
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            serde_json::from_str::<ClientMessage>(&text).unwrap(),
            m,
            "{text}"
        );
    }
    for m in server_examples() {
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            m,
            "{text}"
        );
    }
}

/// The keys of a JavaScript object literal (`{ type: 'act', id: reqId,
/// event }`), with the value of `type`.
fn object_literal(text: &str) -> (String, BTreeSet<String>) {
    let mut kind = String::new();
    let mut keys = BTreeSet::new();
    for part in text.split(',') {
        let (key, value) = match part.split_once(':') {
            Some((k, v)) => (k.trim(), v.trim()),
            None => (part.trim(), part.trim()),
        };
        if key == "type" {
            kind = value.trim_matches('\'').to_string();
        } else if !key.is_empty() {
            keys.insert(key.to_string());
        }
    }
    (kind, keys)
}

/// The names read after `prefix` in `text` (`msg.view` → `view`).
fn read_after(text: &str, prefix: &str) -> BTreeSet<String> {
    text.match_indices(prefix)
        .filter(|(at, _)| {
            // A whole name: `msg.` but not `oldmsg.`.
            !text[..*at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .map(|(at, _)| {
            text[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn the_page_sends_only_messages_the_server_reads() {
    let page = web("game.js");
    let client = fields_by_kind(&client_examples());
    let sends: Vec<&str> = page
        .split("socket.send(JSON.stringify({")
        .skip(1)
        .map(|rest| rest.split_once("}))").expect("a closed message").0)
        .collect();
    assert!(sends.len() >= 4, "{sends:?}");
    for text in sends {
        let (kind, keys) = object_literal(text);
        let fields = client
            .get(&kind)
            .unwrap_or_else(|| panic!("the page sends `{kind}`, which the server does not read"));
        let unknown: Vec<_> = keys.difference(fields).collect();
        assert!(unknown.is_empty(), "`{kind}` carries no {unknown:?}");
    }
}

/// The page's handler of each kind of server message: the text of each
/// `case` of `receive(msg)`.
fn handlers(page: &str) -> BTreeMap<String, String> {
    let body = page
        .split_once("function receive(msg) {")
        .expect("the page's receive(msg)")
        .1;
    let body = body.split("\n}\n").next().expect("its end");
    body.split("case '")
        .skip(1)
        .map(|case| {
            let (kind, text) = case.split_once("':").expect("case 'kind':");
            (kind.to_string(), text.to_string())
        })
        .collect()
}

#[test]
fn the_page_handles_every_message_and_reads_only_fields_they_carry() {
    let page = web("game.js");
    let server = fields_by_kind(&server_examples());
    let handled = handlers(&page);
    for (kind, text) in &handled {
        let fields = server
            .get(kind)
            .unwrap_or_else(|| panic!("the page handles `{kind}`, which the server never sends"));
        let read = read_after(text, "msg.");
        let unknown: Vec<_> = read.difference(fields).collect();
        assert!(unknown.is_empty(), "`{kind}` carries no {unknown:?}");
    }
    // `pong` answers a `ping`, which the page never sends.
    assert!(!page.contains("'ping'"));
    let unhandled: Vec<_> = server
        .keys()
        .filter(|k| *k != "pong" && !handled.contains_key(*k))
        .collect();
    assert!(
        unhandled.is_empty(),
        "the page does not handle {unhandled:?}"
    );
}

#[test]
fn the_page_reads_only_what_a_view_and_its_head_carry() {
    let page = web("game.js");
    let view = serde_json::to_value(view()).unwrap();
    let of = |v: &Value| -> BTreeSet<String> { v.as_object().unwrap().keys().cloned().collect() };
    let (view_fields, head_fields) = (of(&view), of(&view["head"]));
    let read = read_after(&page, "view.");
    let unknown: Vec<_> = read.difference(&view_fields).collect();
    assert!(unknown.is_empty(), "a view carries no {unknown:?}");
    assert!(read.contains("dests") && read.contains("clock"), "{read:?}");
    let read = read_after(&page, "head.");
    let unknown: Vec<_> = read.difference(&head_fields).collect();
    assert!(unknown.is_empty(), "a view's head carries no {unknown:?}");
}

#[test]
fn the_electronic_board_reads_only_what_a_board_message_carries() {
    let eboard = web("eboard.js");
    let fields = &fields_by_kind(&server_examples())["board"];
    let read = read_after(&eboard, "board.");
    assert!(
        read.contains("fen") && read.contains("differences"),
        "{read:?}"
    );
    let unknown: Vec<_> = read.difference(fields).collect();
    assert!(unknown.is_empty(), "`board` carries no {unknown:?}");
    // The page hands eboard.js the message as it came.
    assert!(handlers(&web("game.js"))["board"].contains("detail: msg"));
}
