//! Reading the board's byte stream into [`Message`]s, whatever pieces it
//! arrives in.

use std::collections::VecDeque;

use thiserror::Error;

use crate::message::{
    BATTERY_STATUS, BOARD_DUMP, BUS_ADDRESS, BWTIME, BatteryStatus, ClockAck, ClockFace,
    ClockReading, Contents, EE_MOVES, FIELD_UPDATE, Field, HEADER, LONG_SERIAL_NUMBER, Message,
    NOT_AVAILABLE, SERIAL_NUMBER, TRADEMARK, VERSION, fixed_size, is_known,
};

/// The largest message accepted: the board's memory of moves is read in
/// one message, and no DGT board holds more than this.
pub const MAX_MESSAGE: usize = 1 << 14;

/// Why bytes could not be read as a message. `offset` is where the bad
/// bytes start, counted from the first byte ever fed to the decoder.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecodeError {
    /// Bytes outside any message (a message's start has its top bit set).
    #[error("byte {offset}: {count} stray byte(s) outside any message")]
    Stray {
        /// Where the stray bytes start.
        offset: u64,
        /// How many were skipped.
        count: usize,
    },
    /// A message identifier the protocol does not define.
    #[error("byte {offset}: unknown message identifier {id:#04x}")]
    UnknownMessage {
        /// Where it stands.
        offset: u64,
        /// The identifier.
        id: u8,
    },
    /// A size byte with its top bit set, or a size the message cannot have.
    #[error("byte {offset}: message {id:#04x} cannot be {size} bytes long")]
    BadSize {
        /// Where the message starts.
        offset: u64,
        /// The identifier.
        id: u8,
        /// The size given (0 when a size byte was itself damaged).
        size: usize,
    },
    /// The next message began before this one was complete.
    #[error("byte {offset}: message {id:#04x} cut short after {got} of {size} bytes")]
    Truncated {
        /// Where the message starts.
        offset: u64,
        /// The identifier.
        id: u8,
        /// Bytes it had.
        got: usize,
        /// Bytes it should have had.
        size: usize,
    },
    /// A complete message whose payload means nothing (a field number over
    /// 63, a piece code over 15, a clock digit over 9).
    #[error("byte {offset}: message {id:#04x} holds an impossible value: {what}")]
    BadPayload {
        /// Where the message starts.
        offset: u64,
        /// The identifier.
        id: u8,
        /// What is wrong.
        what: &'static str,
    },
}

/// A decoder of the board's stream. Feed it bytes as they come, in any
/// chunks; take messages (or errors, after which it has found its way to
/// the next message) from [`Decoder::next_message`] or as an iterator.
///
/// ```
/// use arbiter_eboard::{Decoder, Message};
/// let mut d = Decoder::new();
/// d.feed(&[0x8e, 0x00]);
/// assert_eq!(d.next_message(), None); // waits for the rest
/// d.feed(&[0x05, 0x34, 0x00]);
/// let Some(Ok(Message::FieldUpdate { field, .. })) = d.next_message() else { panic!() };
/// assert_eq!(field.square().to_string(), "e2");
/// ```
#[derive(Debug, Default)]
pub struct Decoder {
    buffer: VecDeque<u8>,
    /// Stream offset of `buffer[0]`.
    offset: u64,
}

impl Decoder {
    /// A decoder that has read nothing.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Adds bytes read from the board.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.buffer.extend(bytes);
    }

    /// Bytes fed but not yet read as a message.
    pub fn pending(&self) -> usize {
        self.buffer.len()
    }

    fn skip(&mut self, n: usize) {
        self.buffer.drain(..n);
        self.offset += n as u64;
    }

    /// The next message, an error (the bad bytes are then skipped), or
    /// `None` until more bytes arrive.
    pub fn next_message(&mut self) -> Option<Result<Message, DecodeError>> {
        let stray = self.buffer.iter().take_while(|b| **b < 0x80).count();
        if stray > 0 {
            let offset = self.offset;
            self.skip(stray);
            return Some(Err(DecodeError::Stray {
                offset,
                count: stray,
            }));
        }
        let id = *self.buffer.front()?;
        let offset = self.offset;
        if !is_known(id) {
            self.skip(1);
            return Some(Err(DecodeError::UnknownMessage { offset, id }));
        }
        // A byte with its top bit set inside a message is the start of the
        // next one: this message was cut short.
        let interrupted = self.buffer.iter().skip(1).position(|b| *b >= 0x80);
        if self.buffer.len() < HEADER {
            return interrupted.map(|at| {
                self.skip(at + 1);
                Err(DecodeError::Truncated {
                    offset,
                    id,
                    got: at + 1,
                    size: fixed_size(id).unwrap_or(HEADER),
                })
            });
        }
        if let Some(at) = interrupted.filter(|at| *at < HEADER - 1) {
            self.skip(at + 1);
            return Some(Err(DecodeError::BadSize {
                offset,
                id,
                size: 0,
            }));
        }
        let size = usize::from(self.buffer[1]) << 7 | usize::from(self.buffer[2]);
        let size_fits = match fixed_size(id) {
            Some(fixed) => size == fixed,
            None => (HEADER..=MAX_MESSAGE).contains(&size),
        };
        if !size_fits {
            // Whatever follows up to the next message's start belongs to
            // this damaged one.
            let rest = interrupted.map_or(self.buffer.len() - 1, |at| at);
            self.skip(1 + rest);
            return Some(Err(DecodeError::BadSize { offset, id, size }));
        }
        if let Some(at) = interrupted.filter(|at| at + 1 < size) {
            self.skip(at + 1);
            return Some(Err(DecodeError::Truncated {
                offset,
                id,
                got: at + 1,
                size,
            }));
        }
        if self.buffer.len() < size {
            return None;
        }
        let payload: Vec<u8> = self.buffer.range(HEADER..size).copied().collect();
        self.skip(size);
        Some(
            decode_payload(id, &payload).map_err(|what| DecodeError::BadPayload {
                offset,
                id,
                what,
            }),
        )
    }
}

impl Iterator for Decoder {
    type Item = Result<Message, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_message()
    }
}

fn contents(code: u8) -> Result<Contents, &'static str> {
    Contents::from_code(code).ok_or("a piece code over 15")
}

fn from_bcd(byte: u8, max: u8) -> Result<u8, &'static str> {
    let (tens, units) = (byte >> 4, byte & 0x0f);
    let n = tens * 10 + units;
    if units > 9 || n > max {
        return Err("a clock digit out of range");
    }
    Ok(n)
}

fn face(bytes: &[u8]) -> Result<ClockFace, &'static str> {
    let hours = bytes[0] & 0x0f;
    if hours > 9 {
        return Err("clock hours over 9");
    }
    Ok(ClockFace {
        hours,
        minutes: from_bcd(bytes[1], 59)?,
        seconds: from_bcd(bytes[2], 59)?,
        final_flag: bytes[0] & 0x10 != 0,
        time_per_move: bytes[0] & 0x20 != 0,
        flag: bytes[0] & 0x40 != 0,
    })
}

fn ascii(payload: &[u8]) -> String {
    payload
        .iter()
        .map(|b| char::from(*b))
        .filter(|c| !c.is_control())
        .collect()
}

/// A battery status: charge, time left, on time, standby time, state.
fn battery(p: &[u8]) -> Result<BatteryStatus, &'static str> {
    if p[0] > 100 {
        return Err("a battery charge over 100 %");
    }
    Ok(BatteryStatus {
        percent: p[0],
        time_left: (p[1] != NOT_AVAILABLE && p[2] != NOT_AVAILABLE).then_some((p[1], p[2])),
        on_time: (p[3], p[4]),
        standby: (p[5], p[6], p[7]),
        charging: p[8] & 0x01 != 0,
        discharging: p[8] & 0x02 != 0,
    })
}

/// Reads a complete message's payload (its size already checked).
fn decode_payload(id: u8, p: &[u8]) -> Result<Message, &'static str> {
    Ok(match id {
        BOARD_DUMP => {
            let mut fields = Box::new([Contents::Empty; 64]);
            for (slot, code) in fields.iter_mut().zip(p) {
                *slot = contents(*code)?;
            }
            Message::BoardDump(fields)
        }
        FIELD_UPDATE => Message::FieldUpdate {
            field: Field::new(p[0]).ok_or("a field number over 63")?,
            contents: contents(p[1])?,
        },
        BWTIME if p[0] & 0x0f == 0x0a || p[3] & 0x0f == 0x0a => {
            Message::ClockAck(ClockAck::from_payload(p))
        }
        BWTIME => Message::Clock(ClockReading {
            right: face(&p[0..3])?,
            left: face(&p[3..6])?,
            running: p[6] & 0x01 != 0,
            right_high: p[6] & 0x02 != 0,
            battery_low: p[6] & 0x04 != 0,
            left_turn: p[6] & 0x08 != 0,
            right_turn: p[6] & 0x10 != 0,
            no_clock: p[6] & 0x20 != 0,
        }),
        EE_MOVES => Message::EeMoves(crate::eeprom::read_log(p)),
        BUS_ADDRESS => Message::BusAddress(u16::from(p[0]) << 7 | u16::from(p[1])),
        SERIAL_NUMBER => Message::SerialNumber(ascii(p)),
        LONG_SERIAL_NUMBER => Message::LongSerialNumber(ascii(p)),
        TRADEMARK => Message::Trademark(ascii(p)),
        VERSION => Message::Version {
            major: p[0],
            minor: p[1],
        },
        BATTERY_STATUS => Message::Battery(battery(p)?),
        _ => return Err("an unknown message"),
    })
}
