//! Every real capture decodes, message by message, to what the reference
//! driver decoded (`.json`), whatever pieces the bytes arrive in.

use arbiter_eboard::{ClockFace, Contents, Decoder, Message, capture};
use serde_json::{Value, json};

const CAPTURES: [&str; 3] = ["1", "2", "johan"];

fn read(name: &str, ext: &str) -> String {
    let path = arbiter_testdata::path(&format!("eboards/dgt/{name}.{ext}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn contents(c: Contents) -> String {
    match c {
        Contents::Empty => ".".into(),
        Contents::Piece(p) => p.char().to_string(),
        Contents::Marker(n) => format!("marker{n}"),
    }
}

fn face(f: &ClockFace) -> Value {
    json!({"hours": f.hours, "minutes": f.minutes, "seconds": f.seconds,
           "final_flag": f.final_flag, "flag": f.flag, "time_per_move": f.time_per_move})
}

/// A message written the way the reference driver writes it.
fn driver_json(m: &Message) -> Value {
    match m {
        Message::BoardDump(fields) => {
            json!({"board": fields.iter().map(|c| contents(*c)).collect::<Vec<_>>()})
        }
        Message::FieldUpdate { field, contents: c } => {
            json!({"piece": contents(*c), "field": field.square().to_string()})
        }
        Message::Clock(r) => json!({
            "left_clock": face(&r.left), "right_clock": face(&r.right),
            "clock_running": r.running, "right_high": r.right_high,
            "battery_indicator": r.battery_low, "left_turn": r.left_turn,
            "right_turn": r.right_turn, "no_clock": r.no_clock,
        }),
        other => panic!("the captures hold no {other:?}"),
    }
}

fn expected(name: &str) -> Vec<Value> {
    read(name, "json")
        .lines()
        .map(|l| serde_json::from_str(l).expect("the driver's JSON"))
        .collect()
}

fn decode(pieces: impl IntoIterator<Item = Vec<u8>>) -> Vec<Value> {
    let mut d = Decoder::new();
    let mut out = Vec::new();
    for piece in pieces {
        d.feed(&piece);
        for m in d.by_ref() {
            out.push(driver_json(
                &m.expect("a real capture decodes without error"),
            ));
        }
    }
    assert_eq!(d.pending(), 0, "bytes left over");
    out
}

fn check(name: &str, how: &str, got: Vec<Value>) {
    let want = expected(name);
    assert_eq!(got.len(), want.len(), "{name} ({how}): message count");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{name} ({how}): message {}", i + 1);
    }
}

#[test]
fn captures_decode_as_read_from_the_port() {
    for name in CAPTURES {
        let chunks = capture::chunks(&read(name, "inbytes")).unwrap();
        check(name, "by line", decode(chunks));
    }
}

#[test]
fn captures_decode_whole() {
    for name in CAPTURES {
        let whole: Vec<u8> = capture::chunks(&read(name, "inbytes")).unwrap().concat();
        check(name, "whole", decode([whole]));
    }
}

#[test]
fn captures_decode_byte_by_byte() {
    for name in CAPTURES {
        let whole: Vec<u8> = capture::chunks(&read(name, "inbytes")).unwrap().concat();
        check(
            name,
            "byte by byte",
            decode(whole.into_iter().map(|b| vec![b])),
        );
    }
}

#[test]
fn captures_decode_in_chunks_straddling_messages() {
    for name in CAPTURES {
        let whole: Vec<u8> = capture::chunks(&read(name, "inbytes")).unwrap().concat();
        for size in [2, 7, 13, 64] {
            check(
                name,
                &format!("chunks of {size}"),
                decode(whole.chunks(size).map(<[u8]>::to_vec)),
            );
        }
    }
}

#[test]
fn every_message_encodes_back_to_its_bytes() {
    for name in CAPTURES {
        for chunk in capture::chunks(&read(name, "inbytes")).unwrap() {
            let mut d = Decoder::new();
            d.feed(&chunk);
            let m = d.next_message().unwrap().unwrap();
            assert_eq!(m.to_bytes(), chunk, "{name}: {m:?}");
        }
    }
}
