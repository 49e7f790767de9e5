//! Damaged input: a typed error with its offset, then the next good
//! message; never a panic.

use arbiter_eboard::eeprom::EeEntry;
use arbiter_eboard::{Command, DecodeError, Decoder, Message, capture};
use proptest::prelude::*;

const E2_LIFTED: [u8; 5] = [0x8e, 0x00, 0x05, 0x34, 0x00];
const E4_PAWN: [u8; 5] = [0x8e, 0x00, 0x05, 0x24, 0x01];

fn all(bytes: &[u8]) -> Vec<Result<Message, DecodeError>> {
    let mut d = Decoder::new();
    d.feed(bytes);
    d.collect()
}

#[test]
fn a_truncated_message_is_reported_and_the_next_one_read() {
    let mut bytes = E2_LIFTED[..3].to_vec();
    bytes.extend(E4_PAWN);
    let out = all(&bytes);
    assert_eq!(
        out[0],
        Err(DecodeError::Truncated {
            offset: 0,
            id: 0x8e,
            got: 3,
            size: 5
        })
    );
    assert!(matches!(out[1], Ok(Message::FieldUpdate { .. })));
    assert_eq!(out.len(), 2);
}

#[test]
fn stray_bytes_are_skipped_as_one_error() {
    let mut bytes = vec![0x01, 0x02, 0x03];
    bytes.extend(E2_LIFTED);
    let out = all(&bytes);
    assert_eq!(
        out[0],
        Err(DecodeError::Stray {
            offset: 0,
            count: 3
        })
    );
    assert!(out[1].is_ok());
}

#[test]
fn an_unknown_identifier_is_reported() {
    let mut bytes = vec![0xff];
    bytes.extend(E2_LIFTED);
    let out = all(&bytes);
    assert_eq!(
        out[0],
        Err(DecodeError::UnknownMessage {
            offset: 0,
            id: 0xff
        })
    );
    assert!(out[1].is_ok());
}

#[test]
fn a_wrong_size_is_reported_with_its_offset() {
    let mut bytes = E4_PAWN.to_vec();
    bytes.extend([0x8e, 0x00, 0x06, 0x34, 0x00, 0x00]);
    bytes.extend(E2_LIFTED);
    let out = all(&bytes);
    assert!(out[0].is_ok());
    assert_eq!(
        out[1],
        Err(DecodeError::BadSize {
            offset: 5,
            id: 0x8e,
            size: 6
        })
    );
    assert!(out[2].is_ok());
    assert_eq!(out.len(), 3);
}

#[test]
fn impossible_values_are_reported() {
    let out = all(&[0x8e, 0x00, 0x05, 0x40, 0x00]);
    assert!(matches!(
        out[0],
        Err(DecodeError::BadPayload {
            offset: 0,
            id: 0x8e,
            ..
        })
    ));
    let out = all(&[0x8e, 0x00, 0x05, 0x10, 0x10]);
    assert!(matches!(out[0], Err(DecodeError::BadPayload { .. })));
    // Minutes 0x6a is no BCD number.
    let out = all(&[0x8d, 0x00, 0x0a, 0x20, 0x6a, 0x00, 0x20, 0x03, 0x00, 0x09]);
    assert!(matches!(
        out[0],
        Err(DecodeError::BadPayload { id: 0x8d, .. })
    ));
}

#[test]
fn an_incomplete_message_waits_for_its_end() {
    let mut d = Decoder::new();
    d.feed(&E2_LIFTED[..4]);
    assert_eq!(d.next_message(), None);
    d.feed(&E2_LIFTED[4..]);
    assert!(matches!(d.next_message(), Some(Ok(_))));
}

#[test]
fn serial_number_version_and_memory_are_read() {
    let mut bytes = vec![0x91, 0x00, 0x08];
    bytes.extend(b"12345");
    bytes.extend([0x93, 0x00, 0x05, 0x01, 0x07]);
    bytes.extend([0x8f, 0x00, 0x06, 0x6a, 0x0c, 0x01]);
    let out: Vec<Message> = all(&bytes).into_iter().map(Result::unwrap).collect();
    assert_eq!(
        out,
        vec![
            Message::SerialNumber("12345".into()),
            Message::Version { major: 1, minor: 7 },
            Message::EeMoves(vec![
                EeEntry::PowerUp,
                EeEntry::Damaged { at: 1, byte: 0x0c },
                EeEntry::Damaged { at: 2, byte: 0x01 },
            ]),
        ]
    );
    for m in &out {
        assert_eq!(all(&m.to_bytes()), vec![Ok(m.clone())]);
    }
}

#[test]
fn commands_encode_as_the_protocol_says_and_read_back() {
    assert_eq!(Command::Reset.to_bytes(), [0x40]);
    assert_eq!(Command::SendUpdates.to_bytes(), [0x43]);
    let set = Command::ClockSetAndRun {
        left_seconds: 3723,
        right_seconds: 180,
        run: arbiter_eboard::ClockRun::Right,
    };
    assert_eq!(
        set.to_bytes(),
        [0x2b, 0x0a, 0x03, 0x0a, 1, 2, 3, 0, 3, 0, 0x02, 0x00]
    );
    for c in [
        Command::Reset,
        Command::SendBoard,
        Command::SendVersion,
        set,
        Command::ClockDisplay {
            text: "DRAW?".into(),
            beep: false,
        },
        Command::ClockEndDisplay,
    ] {
        let bytes = c.to_bytes();
        assert_eq!(Command::parse(&bytes), Some(Ok((c, bytes.len()))));
    }
}

fn capture_bytes() -> Vec<u8> {
    let path = arbiter_testdata::path("eboards/dgt/1.inbytes");
    capture::chunks(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .concat()
}

proptest! {
    #[test]
    fn after_any_bytes_the_next_good_message_is_read(bytes in proptest::collection::vec(any::<u8>(), 0..400), cut in 1usize..20) {
        let mut d = Decoder::new();
        let mut out = Vec::new();
        let mut stream = bytes.clone();
        stream.extend(E2_LIFTED);
        for piece in stream.chunks(cut) {
            d.feed(piece);
            out.extend(d.by_ref());
        }
        let last = out.last().cloned();
        prop_assert!(matches!(last, Some(Ok(Message::FieldUpdate { .. }))), "{:?}", last);
        prop_assert_eq!(d.pending(), 0);
    }

    #[test]
    fn a_damaged_capture_loses_only_the_damaged_messages(at in 0usize..3900, junk in proptest::collection::vec(any::<u8>(), 1..8)) {
        let clean = capture_bytes();
        let at = at.min(clean.len());
        let mut damaged = clean[..at].to_vec();
        damaged.extend(&junk);
        damaged.extend(&clean[at..]);
        let good = |bytes: &[u8]| {
            let mut d = Decoder::new();
            d.feed(bytes);
            d.filter_map(Result::ok).count()
        };
        let total = good(&clean);
        // The junk can damage the message it falls in, and the one it
        // may pose as the start of; never more than that, plus any junk
        // that happens to be whole messages.
        prop_assert!(good(&damaged) + 2 >= total);
    }
}
