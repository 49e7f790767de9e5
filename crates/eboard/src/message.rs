//! What a DGT board says: the messages of its serial protocol, typed.
//!
//! Every message starts with its identifier (top bit set), then its size
//! (identifier and size bytes included) in two 7-bit bytes, most
//! significant first, then its payload, every byte of which has its top
//! bit clear. That last property is what lets a reader find the next
//! message again after damage (see [`crate::Decoder`]).

use arbiter_rules::{Color, File, Piece, Rank, Role, Square};

/// The identifier of a board dump: 64 fields, a8 first.
pub const BOARD_DUMP: u8 = 0x86;
/// The identifier of a clock reading (DGT's `BWTIME`).
pub const BWTIME: u8 = 0x8d;
/// The identifier of a field update: one field's new contents.
pub const FIELD_UPDATE: u8 = 0x8e;
/// The identifier of the moves stored in the board's memory.
pub const EE_MOVES: u8 = 0x8f;
/// The identifier of the board's bus address.
pub const BUS_ADDRESS: u8 = 0x90;
/// The identifier of the (short) serial number.
pub const SERIAL_NUMBER: u8 = 0x91;
/// The identifier of the trademark text.
pub const TRADEMARK: u8 = 0x92;
/// The identifier of the firmware version.
pub const VERSION: u8 = 0x93;
/// The identifier of the battery status (wireless boards).
pub const BATTERY_STATUS: u8 = 0xa0;
/// The identifier of the long serial number.
pub const LONG_SERIAL_NUMBER: u8 = 0xa2;

/// Bytes before a message's payload: identifier and two size bytes.
pub const HEADER: usize = 3;

/// The size (header included) a message of `id` must have, when fixed;
/// `None` for messages of variable size and for unknown identifiers.
pub fn fixed_size(id: u8) -> Option<usize> {
    Some(match id {
        BOARD_DUMP => HEADER + 64,
        BWTIME => HEADER + 7,
        FIELD_UPDATE => HEADER + 2,
        BUS_ADDRESS => HEADER + 2,
        SERIAL_NUMBER => HEADER + 5,
        VERSION => HEADER + 2,
        LONG_SERIAL_NUMBER => HEADER + 10,
        BATTERY_STATUS => HEADER + 9,
        _ => return None,
    })
}

/// Whether `id` is a message this crate knows.
pub fn is_known(id: u8) -> bool {
    fixed_size(id).is_some() || matches!(id, EE_MOVES | TRADEMARK)
}

/// A field of the board, numbered as the board numbers it: 0 is the
/// field its printing calls a8, 63 is h1. Whether that is the game's a8
/// depends on how the board was placed (see [`Orientation`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field(u8);

impl Field {
    /// The field numbered `index` (0..=63), or `None`.
    pub fn new(index: u8) -> Option<Field> {
        (index < 64).then_some(Field(index))
    }

    /// The board's number for the field.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The square this field is on a board placed as FIDE 2.1 wants.
    pub fn square(self) -> Square {
        let file = File::new(u32::from(self.0 % 8)).expect("a file is 0..8");
        let rank = Rank::new(u32::from(7 - self.0 / 8)).expect("a rank is 0..8");
        Square::from_coords(file, rank)
    }

    /// The field on which `square` lies, with the board placed as FIDE 2.1
    /// wants.
    pub fn of_square(square: Square) -> Field {
        let index = (7 - square.rank() as u8) * 8 + square.file() as u8;
        Field(index)
    }
}

/// How the board lies on the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// White's first rank is the one the board prints as rank 1.
    #[default]
    Normal,
    /// Turned round (FIDE 7.2): White starts on the board's ranks 7 and 8,
    /// and every field is its game square turned through half a circle.
    TurnedRound,
}

impl Orientation {
    /// The game's square for a field of a board lying this way.
    pub fn square(self, field: Field) -> Square {
        match self {
            Orientation::Normal => field.square(),
            Orientation::TurnedRound => Field(63 - field.0).square(),
        }
    }

    /// The board's field for a game square.
    pub fn field(self, square: Square) -> Field {
        let f = Field::of_square(square);
        match self {
            Orientation::Normal => f,
            Orientation::TurnedRound => Field(63 - f.0),
        }
    }
}

/// What a field holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contents {
    /// Nothing.
    Empty,
    /// A chessman.
    Piece(Piece),
    /// One of DGT's three special pieces, which a board reads as a result
    /// marker (1: draw, 2: White wins, 3: Black wins) rather than a man.
    Marker(u8),
}

impl Contents {
    /// The DGT code (0 empty, 1..=12 the men, 13..=15 the markers).
    pub fn code(self) -> u8 {
        match self {
            Contents::Empty => 0,
            Contents::Piece(p) => {
                let base = match p.role {
                    Role::Pawn => 1,
                    Role::Rook => 2,
                    Role::Knight => 3,
                    Role::Bishop => 4,
                    Role::King => 5,
                    Role::Queen => 6,
                };
                if p.color == Color::White {
                    base
                } else {
                    base + 6
                }
            }
            Contents::Marker(n) => 12 + n,
        }
    }

    /// Reads a DGT code; `None` above 15.
    pub fn from_code(code: u8) -> Option<Contents> {
        let role = |n: u8| match n {
            1 => Role::Pawn,
            2 => Role::Rook,
            3 => Role::Knight,
            4 => Role::Bishop,
            5 => Role::King,
            _ => Role::Queen,
        };
        Some(match code {
            0 => Contents::Empty,
            1..=6 => Contents::Piece(Piece {
                color: Color::White,
                role: role(code),
            }),
            7..=12 => Contents::Piece(Piece {
                color: Color::Black,
                role: role(code - 6),
            }),
            13..=15 => Contents::Marker(code - 12),
            _ => return None,
        })
    }

    /// The man on the field, if any.
    pub fn piece(self) -> Option<Piece> {
        match self {
            Contents::Piece(p) => Some(p),
            _ => None,
        }
    }
}

/// One face of the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ClockFace {
    /// Hours shown (0..=9).
    pub hours: u8,
    /// Minutes shown (0..=59).
    pub minutes: u8,
    /// Seconds shown (0..=59).
    pub seconds: u8,
    /// The flag has fallen and the clock is blocked at zero.
    pub final_flag: bool,
    /// The flag has fallen and is shown.
    pub flag: bool,
    /// A time-per-move mode (increment or delay) is on.
    pub time_per_move: bool,
}

impl ClockFace {
    /// The time shown, in milliseconds.
    pub fn ms(self) -> u64 {
        (u64::from(self.hours) * 3600 + u64::from(self.minutes) * 60 + u64::from(self.seconds))
            * 1000
    }
}

/// A clock reading: both faces and the clock's state, as sent about once
/// a second and at every press.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ClockReading {
    /// The left face, as the players' arbiter sees the clock.
    pub left: ClockFace,
    /// The right face.
    pub right: ClockFace,
    /// The clock is counting.
    pub running: bool,
    /// The lever is up on the right side.
    pub right_high: bool,
    /// The clock shows a low battery.
    pub battery_low: bool,
    /// The left player's time is the one that counts (or would).
    pub left_turn: bool,
    /// The right player's time is the one that counts (or would).
    pub right_turn: bool,
    /// No clock is connected; the reading means nothing.
    pub no_clock: bool,
}

/// A DGT 3000's answer: four bytes spread over a `BWTIME` message's
/// seven, their top bits carried in bits 4 and 5 of the two hours bytes.
///
/// ```
/// use arbiter_eboard::{ClockAck, Decoder, Message};
/// // The answer to a set-and-run (command 0x0a), as the clock sends it.
/// let mut d = Decoder::new();
/// d.feed(&[0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x0a, 0x0a, 0x00, 0x00, 0x00]);
/// let Some(Ok(Message::ClockAck(ack))) = d.next_message() else { panic!() };
/// assert_eq!(ack.answers(), Some(0x0a));
/// assert!(!ack.is_error());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClockAck(pub [u8; 4]);

impl ClockAck {
    /// The answer to clock command `command` (0x01 display, 0x0a
    /// set-and-run, 0x0b beep, 0x0c text...), done.
    pub fn done(command: u8) -> ClockAck {
        ClockAck([0x10, command & 0x7f, 0, 0])
    }

    /// The command this answers, unless the clock speaks unasked (a
    /// button, ready).
    pub fn answers(self) -> Option<u8> {
        (self.0[1] & 0x80 == 0).then_some(self.0[1])
    }

    /// The clock refused the command (a set-and-run while it is not in its
    /// mode 23).
    pub fn is_error(self) -> bool {
        self.0[0] == 0x40
    }

    /// The button pressed on the clock, when it tells of one.
    pub fn button(self) -> Option<u8> {
        (self.0[1] == 0x88).then_some(self.0[3])
    }

    pub(crate) fn from_payload(p: &[u8]) -> ClockAck {
        let top = |byte: u8, shift: u32| (byte << shift) & 0x80;
        ClockAck([
            p[1] & 0x7f | top(p[3], 3),
            p[2] & 0x7f | top(p[3], 2),
            p[4] & 0x7f | top(p[0], 3),
            p[5] & 0x7f | top(p[0], 2),
        ])
    }

    fn payload(self) -> Vec<u8> {
        let [a0, a1, a2, a3] = self.0;
        let hours = |hi: u8, lo: u8| 0x0a | (hi & 0x80) >> 3 | (lo & 0x80) >> 2;
        vec![
            hours(a2, a3),
            a0 & 0x7f,
            a1 & 0x7f,
            hours(a0, a1),
            a2 & 0x7f,
            a3 & 0x7f,
            0,
        ]
    }
}

/// A wireless board's battery, as it reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BatteryStatus {
    /// Charge left, in percent (0..=100).
    pub percent: u8,
    /// Running time left on battery, or charging time left while charging
    /// (hours, minutes); `None` when the board cannot tell.
    pub time_left: Option<(u8, u8)>,
    /// Time switched on (hours, minutes).
    pub on_time: (u8, u8),
    /// Time in standby (days, hours, minutes).
    pub standby: (u8, u8, u8),
    /// The battery is charging.
    pub charging: bool,
    /// The battery is discharging.
    pub discharging: bool,
}

/// The byte a board writes for a time it cannot tell.
pub(crate) const NOT_AVAILABLE: u8 = 0x7f;

impl BatteryStatus {
    pub(crate) fn payload(&self) -> Vec<u8> {
        let (left_h, left_m) = self.time_left.unwrap_or((NOT_AVAILABLE, NOT_AVAILABLE));
        let seven = |b: u8| b & 0x7f;
        vec![
            seven(self.percent),
            seven(left_h),
            seven(left_m),
            seven(self.on_time.0),
            seven(self.on_time.1),
            seven(self.standby.0),
            seven(self.standby.1),
            seven(self.standby.2),
            u8::from(self.charging) | u8::from(self.discharging) << 1,
        ]
    }
}

/// A message from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Every field, in the board's numbering (index 0 is the board's a8).
    BoardDump(Box<[Contents; 64]>),
    /// A field's contents changed: a piece lifted (`Empty`) or set down.
    FieldUpdate {
        /// Which field.
        field: Field,
        /// What it now holds.
        contents: Contents,
    },
    /// A reading of the clock.
    Clock(ClockReading),
    /// A DGT 3000 answering a command, or telling of a button (a `BWTIME`
    /// whose hours nibble is 0x0a).
    ClockAck(ClockAck),
    /// The log of changes kept in the board's memory (see
    /// [`crate::eeprom`]).
    EeMoves(Vec<crate::eeprom::EeEntry>),
    /// The board's bus address.
    BusAddress(u16),
    /// The short serial number (five characters).
    SerialNumber(String),
    /// The long serial number (ten characters).
    LongSerialNumber(String),
    /// The trademark text.
    Trademark(String),
    /// The firmware version.
    Version {
        /// Major number.
        major: u8,
        /// Minor number.
        minor: u8,
    },
    /// The battery of a wireless board.
    Battery(BatteryStatus),
}

impl Message {
    /// The message as the board sends it (what a simulator of the board
    /// writes): the exact inverse of decoding.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (id, payload): (u8, Vec<u8>) = match self {
            Message::BoardDump(fields) => (BOARD_DUMP, fields.iter().map(|c| c.code()).collect()),
            Message::FieldUpdate { field, contents } => {
                (FIELD_UPDATE, vec![field.index(), contents.code()])
            }
            Message::Clock(r) => (BWTIME, clock_payload(r)),
            Message::ClockAck(ack) => (BWTIME, ack.payload()),
            Message::EeMoves(entries) => (EE_MOVES, crate::eeprom::write_log(entries)),
            Message::BusAddress(a) => (BUS_ADDRESS, vec![(a >> 7) as u8 & 0x7f, *a as u8 & 0x7f]),
            Message::SerialNumber(s) => (SERIAL_NUMBER, s.bytes().collect()),
            Message::LongSerialNumber(s) => (LONG_SERIAL_NUMBER, s.bytes().collect()),
            Message::Trademark(s) => (TRADEMARK, s.bytes().collect()),
            Message::Version { major, minor } => (VERSION, vec![*major, *minor]),
            Message::Battery(status) => (BATTERY_STATUS, status.payload()),
        };
        let size = HEADER + payload.len();
        let mut out = Vec::with_capacity(size);
        out.push(id);
        out.push((size >> 7) as u8 & 0x7f);
        out.push(size as u8 & 0x7f);
        out.extend(payload);
        out
    }
}

fn bcd(n: u8) -> u8 {
    (n / 10) << 4 | (n % 10)
}

fn face_bytes(f: &ClockFace) -> [u8; 3] {
    let flags =
        u8::from(f.final_flag) << 4 | u8::from(f.time_per_move) << 5 | u8::from(f.flag) << 6;
    [flags | (f.hours & 0x0f), bcd(f.minutes), bcd(f.seconds)]
}

/// The payload of a `BWTIME`: the right face first, as DGT 3000 clocks
/// send it, then the left, then the status bits.
fn clock_payload(r: &ClockReading) -> Vec<u8> {
    let mut out = Vec::with_capacity(7);
    out.extend(face_bytes(&r.right));
    out.extend(face_bytes(&r.left));
    out.push(
        u8::from(r.running)
            | u8::from(r.right_high) << 1
            | u8::from(r.battery_low) << 2
            | u8::from(r.left_turn) << 3
            | u8::from(r.right_turn) << 4
            | u8::from(r.no_clock) << 5,
    );
    out
}
