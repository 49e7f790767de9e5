//! Electronic chess boards for the over-the-board referee.
//!
//! - [`Decoder`] reads DGT's serial protocol, fed in any chunking, into
//!   typed [`Message`]s; damage gives a [`DecodeError`] and the decoder
//!   finds the next message.
//! - [`Command`] encodes what a program says to the board and its DGT 3000
//!   clock.
//! - [`BoardReader`] reads lifts, set-downs and clock presses as the
//!   referee's over-the-board events (touch, release, press, pieces
//!   displaced); `docs/eboard.md` describes every inference.
//! - [`capture`] reads recorded captures (one base64 chunk a line).
//! - [`eeprom`] reads the log of changes a board keeps in its memory.
//!
//! The crate does no I/O, reads no clock and starts no thread: bytes and
//! times are inputs.
#![warn(missing_docs)]

pub mod capture;
mod command;
mod decoder;
pub mod display;
pub mod eeprom;
mod message;
mod reader;
pub mod simulator;

pub use command::{
    CLOCK_ASCII, CLOCK_END_DISPLAY, CLOCK_SET_AND_RUN, ClockRun, Command, DISPLAY_WIDTH,
};
pub use decoder::{DecodeError, Decoder, MAX_MESSAGE};
pub use message::{
    BatteryStatus, ClockAck, ClockFace, ClockReading, Contents, Field, Message, Orientation,
};
pub use reader::{BoardReader, Notice, Reading, SETTLE_MS};

// The README's example runs with the doc tests, so it cannot fall out of date.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
