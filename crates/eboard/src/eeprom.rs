//! What a DGT board keeps in its memory: a cyclic log of every change it
//! saw since power-up, sent on request as one `EE_MOVES` message and read
//! here into typed entries.
//!
//! The log is a stream of tags of one to three bytes. Its first bytes may be
//! the tail of a tag the cycle has overwritten, so a byte that starts no
//! tag is kept as [`EeEntry::Damaged`] with its place, and reading goes on
//! at the next byte: one torn tag never costs the rest of the log.

use crate::message::{Contents, Field};

/// One entry of the board's log.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EeEntry {
    /// The board was switched on (after three [`EeEntry::Nop`]s).
    PowerUp,
    /// The end of the log.
    EndOfLog,
    /// Sixteen men on the a, b, g and h files, not the starting position
    /// (a Chess960 set-up, or a position set up wrongly).
    FourRows,
    /// The board was seen empty.
    EmptyBoard,
    /// The log was sent to a program.
    Downloaded,
    /// The starting position, White at the connector's side's left.
    StartingPosition,
    /// The starting position with the board turned round.
    StartingPositionTurned,
    /// A program marked the start of a game (bus mode).
    StartTag,
    /// The board's watchdog restarted it.
    Watchdog,
    /// Filler (0x7f).
    Nop,
    /// Filler of another kind (0x00).
    Nop2,
    /// A one-byte tag DGT reserves for later use (0x7d, 0x7e).
    Reserved(u8),
    /// A field's contents changed, as a field update reports it.
    FieldChange {
        /// Which field.
        field: Field,
        /// What it then held.
        contents: Contents,
        /// Less than about a quarter of a second after the previous change.
        quick: bool,
    },
    /// A clock press: the time then shown on the face that stopped.
    ClockTime {
        /// The left face (seen from the front), else the right.
        left: bool,
        /// Hours (0..=9).
        hours: u8,
        /// Minutes (0..=59).
        minutes: u8,
        /// Seconds (0..=59).
        seconds: u8,
    },
    /// A byte at `at` (counted in the log) that starts no tag, or a tag
    /// cut short or holding an impossible value: kept as it was.
    Damaged {
        /// Its place in the log, from 0.
        at: usize,
        /// The byte.
        byte: u8,
    },
}

const POWER_UP: u8 = 0x6a;
const END_OF_LOG: u8 = 0x6b;
const FOUR_ROWS: u8 = 0x6c;
const EMPTY_BOARD: u8 = 0x6d;
const DOWNLOADED: u8 = 0x6e;
const STARTING_POSITION: u8 = 0x6f;
const STARTING_POSITION_TURNED: u8 = 0x7a;
const START_TAG: u8 = 0x7b;
const WATCHDOG: u8 = 0x7c;
const NOP: u8 = 0x7f;
const NOP2: u8 = 0x00;

fn one_byte(byte: u8) -> Option<EeEntry> {
    Some(match byte {
        POWER_UP => EeEntry::PowerUp,
        END_OF_LOG => EeEntry::EndOfLog,
        FOUR_ROWS => EeEntry::FourRows,
        EMPTY_BOARD => EeEntry::EmptyBoard,
        DOWNLOADED => EeEntry::Downloaded,
        STARTING_POSITION => EeEntry::StartingPosition,
        STARTING_POSITION_TURNED => EeEntry::StartingPositionTurned,
        START_TAG => EeEntry::StartTag,
        WATCHDOG => EeEntry::Watchdog,
        NOP => EeEntry::Nop,
        NOP2 => EeEntry::Nop2,
        0x7d | 0x7e => EeEntry::Reserved(byte),
        _ => return None,
    })
}

/// Minutes or seconds written as tens in bits 4–6 and units in bits 0–3.
fn sexagesimal(byte: u8) -> Option<u8> {
    let (tens, units) = (byte >> 4, byte & 0x0f);
    (tens <= 5 && units <= 9).then_some(tens * 10 + units)
}

/// The entry starting at `log[at]` and its length, if it is whole and
/// possible.
fn entry_at(log: &[u8], at: usize) -> Option<(EeEntry, usize)> {
    let first = log[at];
    if let Some(entry) = one_byte(first) {
        return Some((entry, 1));
    }
    match first {
        // 0t0r nnnn, then the field.
        0x40..=0x5f => {
            let field = Field::new(*log.get(at + 1)?)?;
            let contents = Contents::from_code(first & 0x0f)?;
            let quick = first & 0x10 != 0;
            Some((
                EeEntry::FieldChange {
                    field,
                    contents,
                    quick,
                },
                2,
            ))
        }
        // 0uuf hhhh, then minutes and seconds.
        0x60..=0x69 | 0x70..=0x79 => {
            let minutes = sexagesimal(*log.get(at + 1)?)?;
            let seconds = sexagesimal(*log.get(at + 2)?)?;
            Some((
                EeEntry::ClockTime {
                    left: first & 0x10 != 0,
                    hours: first & 0x0f,
                    minutes,
                    seconds,
                },
                3,
            ))
        }
        _ => None,
    }
}

/// Reads a log (the payload of an `EE_MOVES` message).
///
/// ```
/// use arbiter_eboard::eeprom::{read_log, EeEntry};
/// let log = read_log(&[0x7f, 0x6a, 0x41, 0x34, 0x6b]);
/// assert_eq!(log[1], EeEntry::PowerUp);
/// let EeEntry::FieldChange { field, .. } = log[2] else { panic!() };
/// assert_eq!(field.square().to_string(), "e2");
/// assert_eq!(log[3], EeEntry::EndOfLog);
/// ```
pub fn read_log(log: &[u8]) -> Vec<EeEntry> {
    let mut entries = Vec::new();
    let mut at = 0;
    while at < log.len() {
        match entry_at(log, at) {
            Some((entry, len)) => {
                entries.push(entry);
                at += len;
            }
            None => {
                entries.push(EeEntry::Damaged { at, byte: log[at] });
                at += 1;
            }
        }
    }
    entries
}

impl EeEntry {
    /// The entry's bytes as the board writes them.
    pub fn to_bytes(self) -> Vec<u8> {
        let two_digits = |n: u8| (n / 10) << 4 | (n % 10);
        match self {
            EeEntry::PowerUp => vec![POWER_UP],
            EeEntry::EndOfLog => vec![END_OF_LOG],
            EeEntry::FourRows => vec![FOUR_ROWS],
            EeEntry::EmptyBoard => vec![EMPTY_BOARD],
            EeEntry::Downloaded => vec![DOWNLOADED],
            EeEntry::StartingPosition => vec![STARTING_POSITION],
            EeEntry::StartingPositionTurned => vec![STARTING_POSITION_TURNED],
            EeEntry::StartTag => vec![START_TAG],
            EeEntry::Watchdog => vec![WATCHDOG],
            EeEntry::Nop => vec![NOP],
            EeEntry::Nop2 => vec![NOP2],
            EeEntry::Reserved(b) => vec![b],
            EeEntry::FieldChange {
                field,
                contents,
                quick,
            } => vec![0x40 | u8::from(quick) << 4 | contents.code(), field.index()],
            EeEntry::ClockTime {
                left,
                hours,
                minutes,
                seconds,
            } => vec![
                0x60 | u8::from(left) << 4 | hours.min(9),
                two_digits(minutes.min(59)),
                two_digits(seconds.min(59)),
            ],
            EeEntry::Damaged { byte, .. } => vec![byte],
        }
    }
}

/// The bytes of a log of `entries`: the inverse of [`read_log`].
pub fn write_log(entries: &[EeEntry]) -> Vec<u8> {
    entries.iter().flat_map(|e| e.to_bytes()).collect()
}
