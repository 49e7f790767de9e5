//! The board's memory (`EE_MOVES`) and a wireless board's battery
//! (`BATTERY_STATUS`) decoded into typed values, laid out as DGT's
//! `dgtbrd.h` documents them; a simulated game read back from the board's
//! memory.

use arbiter_eboard::eeprom::{EeEntry, read_log, write_log};
use arbiter_eboard::simulator::{BATTERY, SimulatedBoard, parse_script};
use arbiter_eboard::{
    BatteryStatus, Command, Contents, DecodeError, Decoder, Field, Message, Orientation,
};
use arbiter_rules::{Piece, Position, Square};

fn decode(bytes: &[u8]) -> Vec<Result<Message, DecodeError>> {
    let mut d = Decoder::new();
    d.feed(bytes);
    d.collect()
}

/// A message of `id` holding `payload`, with its two size bytes.
fn message(id: u8, payload: &[u8]) -> Vec<u8> {
    let size = payload.len() + 3;
    let mut out = vec![id, (size >> 7) as u8, (size & 0x7f) as u8];
    out.extend(payload);
    out
}

#[test]
fn every_documented_tag_of_the_memory_is_read() {
    let log = [
        0x7f, 0x7f, 0x7f, 0x6a, // three fillers, power-up
        0x6f, // the starting position
        0x41, 0x34, // a white pawn on field 52 (e2)...
        0x50, 0x34, // ...gone from it within a quarter second
        0x75, 0x21, 0x09, // the left face stopped at 5:21:09
        0x60, 0x00, 0x59, // the right one at 0:00:59
        0x6c, 0x6d, 0x6e, 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x00, // one-byte tags
        0x6b, // the end
    ];
    let entries = read_log(&log);
    assert_eq!(
        entries,
        [
            EeEntry::Nop,
            EeEntry::Nop,
            EeEntry::Nop,
            EeEntry::PowerUp,
            EeEntry::StartingPosition,
            EeEntry::FieldChange {
                field: Field::of_square(Square::E2),
                contents: Contents::Piece(Piece::from_char('P').unwrap()),
                quick: false,
            },
            EeEntry::FieldChange {
                field: Field::of_square(Square::E2),
                contents: Contents::Empty,
                quick: true,
            },
            EeEntry::ClockTime {
                left: true,
                hours: 5,
                minutes: 21,
                seconds: 9,
            },
            EeEntry::ClockTime {
                left: false,
                hours: 0,
                minutes: 0,
                seconds: 59,
            },
            EeEntry::FourRows,
            EeEntry::EmptyBoard,
            EeEntry::Downloaded,
            EeEntry::StartingPositionTurned,
            EeEntry::StartTag,
            EeEntry::Watchdog,
            EeEntry::Reserved(0x7d),
            EeEntry::Reserved(0x7e),
            EeEntry::Nop2,
            EeEntry::EndOfLog,
        ]
    );
    assert_eq!(write_log(&entries), log);
    // As a message from the board.
    let out = decode(&message(0x8f, &log));
    assert_eq!(out, [Ok(Message::EeMoves(entries))]);
}

#[test]
fn a_torn_tag_is_kept_with_its_place_and_the_log_read_on() {
    // The cycle overwrote the start of a clock tag: its minutes and
    // seconds remain, then a field change cut short by the end.
    let log = [0x21, 0x09, 0x6a, 0x60, 0x00, 0x7a, 0x43, 0x40, 0x6b, 0x41];
    let entries = read_log(&log);
    assert_eq!(
        entries,
        [
            EeEntry::Damaged { at: 0, byte: 0x21 },
            EeEntry::Damaged { at: 1, byte: 0x09 },
            EeEntry::PowerUp,
            // Seconds of 7x are no seconds: the clock tag is damaged.
            EeEntry::Damaged { at: 3, byte: 0x60 },
            EeEntry::Nop2,
            EeEntry::StartingPositionTurned,
            // Field 0x40 is no field.
            EeEntry::Damaged { at: 6, byte: 0x43 },
            EeEntry::Damaged { at: 7, byte: 0x40 },
            EeEntry::EndOfLog,
            EeEntry::Damaged { at: 9, byte: 0x41 },
        ]
    );
    assert_eq!(write_log(&entries), log);
}

#[test]
fn a_battery_status_is_read_as_documented() {
    // 64 %, 7:05 left, on for 2:30, standby 1 day 4:15, discharging.
    let bytes = message(0xa0, &[64, 7, 5, 2, 30, 1, 4, 15, 0x02]);
    let want = BatteryStatus {
        percent: 64,
        time_left: Some((7, 5)),
        on_time: (2, 30),
        standby: (1, 4, 15),
        charging: false,
        discharging: true,
    };
    assert_eq!(decode(&bytes), [Ok(Message::Battery(want))]);
    assert_eq!(Message::Battery(want).to_bytes(), bytes);
    // 0x7f: the board cannot tell the time left (charging).
    let charging = decode(&message(0xa0, &[99, 0x7f, 0x7f, 0, 1, 0, 0, 0, 0x01]));
    let [Ok(Message::Battery(b))] = &charging[..] else {
        panic!("{charging:?}")
    };
    assert_eq!(b.time_left, None);
    assert!(b.charging && !b.discharging);
}

#[test]
fn an_impossible_battery_status_is_a_typed_error() {
    let over = decode(&message(0xa0, &[101, 1, 1, 0, 0, 0, 0, 0, 0]));
    assert!(
        matches!(
            over[..],
            [Err(DecodeError::BadPayload {
                offset: 0,
                id: 0xa0,
                ..
            })]
        ),
        "{over:?}"
    );
    let short = decode(&message(0xa0, &[50, 1]));
    assert!(
        matches!(
            short[..],
            [Err(DecodeError::BadSize {
                id: 0xa0,
                size: 5,
                ..
            })]
        ),
        "{short:?}"
    );
}

#[test]
fn a_simulated_game_is_read_back_from_the_boards_memory() {
    let mut board = SimulatedBoard::new(&Position::new(), Orientation::Normal, Some(300));
    board.command(&Command::SendUpdates);
    for step in parse_script("start\nwait 3000\nlift e2\nplace e4 P\npress\n").unwrap() {
        board.step(&step);
    }
    let bytes: Vec<u8> = board
        .command(&Command::SendEeMoves)
        .iter()
        .flat_map(|m| m.to_bytes())
        .collect();
    let out = decode(&bytes);
    let [Ok(Message::EeMoves(log))] = &out[..] else {
        panic!("{out:?}")
    };
    assert_eq!(
        &log[..4],
        [EeEntry::Nop, EeEntry::Nop, EeEntry::Nop, EeEntry::PowerUp]
    );
    // The 32 men found at power-up, then the move, then the press.
    let changes = log
        .iter()
        .filter(|e| matches!(e, EeEntry::FieldChange { .. }))
        .count();
    assert_eq!(changes, 34);
    let tail = &log[log.len() - 4..];
    assert_eq!(
        tail,
        [
            EeEntry::FieldChange {
                field: Field::of_square(Square::E2),
                contents: Contents::Empty,
                quick: false,
            },
            EeEntry::FieldChange {
                field: Field::of_square(Square::E4),
                contents: Contents::Piece(Piece::from_char('P').unwrap()),
                quick: false,
            },
            // White's (left) face stopped at 4:57.
            EeEntry::ClockTime {
                left: true,
                hours: 0,
                minutes: 4,
                seconds: 57,
            },
            EeEntry::EndOfLog,
        ]
    );
    // A wireless board's battery.
    let battery = board.command(&Command::SendBatteryStatus);
    assert_eq!(battery, [Message::Battery(BATTERY)]);
    let bytes: Vec<u8> = battery.iter().flat_map(|m| m.to_bytes()).collect();
    assert_eq!(decode(&bytes), [Ok(Message::Battery(BATTERY))]);
}
