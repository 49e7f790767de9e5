//! The board's side of the protocol, for tests: a board and DGT 3000
//! clock that a script of lifts, set-downs and presses drives, answering
//! commands as a board does.
//!
//! A script has one step a line (`#` starts a comment):
//!
//! ```text
//! start           # the clock starts; the left face (White's) runs
//! lift g1         # the piece on g1 (a game square) is lifted
//! place f3 N      # a white knight is set down on f3 (FEN letter)
//! press           # the running player presses: the other face runs
//! wait 1200       # time passes (the clock reports once a second)
//! ```

use arbiter_rules::{Piece, Position, Square};
use thiserror::Error;

use crate::command::{CLOCK_ASCII, CLOCK_END_DISPLAY, CLOCK_SET_AND_RUN, ClockRun, Command};
use crate::eeprom::EeEntry;
use crate::message::{
    BatteryStatus, ClockAck, ClockFace, ClockReading, Contents, Message, Orientation,
};

/// The battery a simulated board reports: a wireless board, charged.
pub const BATTERY: BatteryStatus = BatteryStatus {
    percent: 87,
    time_left: Some((11, 20)),
    on_time: (1, 5),
    standby: (0, 3, 40),
    charging: false,
    discharging: true,
};

/// One step of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The clock starts, the left face running.
    Start,
    /// A piece is lifted from a square.
    Lift(Square),
    /// A piece is set down on a square.
    Place(Square, Piece),
    /// The running player presses the clock.
    Press,
    /// Milliseconds pass.
    Wait(u64),
}

/// A script line that is not a step.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("script line {line}: {reason}")]
pub struct ScriptError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Reads a script.
pub fn parse_script(text: &str) -> Result<Vec<Step>, ScriptError> {
    let mut steps = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |reason: &str| ScriptError {
            line: i + 1,
            reason: format!("{reason}: `{line}`"),
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let square = |w: Option<&&str>| -> Result<Square, ScriptError> {
            w.and_then(|w| w.parse().ok())
                .ok_or_else(|| err("expected a square"))
        };
        steps.push(match words[0] {
            "start" => Step::Start,
            "press" => Step::Press,
            "lift" => Step::Lift(square(words.get(1))?),
            "place" => {
                let piece = words
                    .get(2)
                    .and_then(|w| w.chars().next())
                    .and_then(Piece::from_char)
                    .ok_or_else(|| err("expected a piece letter"))?;
                Step::Place(square(words.get(1))?, piece)
            }
            "wait" => Step::Wait(
                words
                    .get(1)
                    .and_then(|w| w.parse().ok())
                    .ok_or_else(|| err("expected milliseconds"))?,
            ),
            _ => return Err(err("unknown step")),
        });
    }
    Ok(steps)
}

/// A simulated board with its clock.
#[derive(Clone, Debug)]
pub struct SimulatedBoard {
    /// Fields in the board's own numbering.
    fields: [Contents; 64],
    orientation: Orientation,
    /// A clock is on the line.
    with_clock: bool,
    clock: ClockReading,
    /// Milliseconds left on each face (left, right).
    left_ms: u64,
    right_ms: u64,
    /// Time into the current second, for the once-a-second report.
    since_report: u64,
    /// What the clock's display shows, if a program sent a text.
    display: Option<String>,
    /// Whether the program asked for updates.
    sending: bool,
    /// What the board's memory logs, as a board logs it.
    log: Vec<EeEntry>,
}

impl SimulatedBoard {
    /// A board set up as `position`, lying as `orientation`, with a clock
    /// of `clock_seconds` a face (or no clock).
    pub fn new(position: &Position, orientation: Orientation, clock_seconds: Option<u32>) -> Self {
        let mut fields = [Contents::Empty; 64];
        for i in 0..64 {
            let sq = Square::from_index(i);
            if let Some(p) = position.piece_at(sq) {
                fields[orientation.field(sq).index() as usize] = Contents::Piece(p);
            }
        }
        let ms = u64::from(clock_seconds.unwrap_or(0)) * 1000;
        let mut board = SimulatedBoard {
            fields,
            orientation,
            with_clock: clock_seconds.is_some(),
            clock: ClockReading {
                left_turn: true,
                ..ClockReading::default()
            },
            left_ms: ms,
            right_ms: ms,
            since_report: 0,
            display: None,
            sending: false,
            log: vec![EeEntry::Nop, EeEntry::Nop, EeEntry::Nop, EeEntry::PowerUp],
        };
        board.log.extend(
            board
                .fields
                .iter()
                .enumerate()
                .filter(|(_, c)| **c != Contents::Empty)
                .map(|(i, c)| EeEntry::FieldChange {
                    field: crate::Field::new(i as u8).expect("0..64"),
                    contents: *c,
                    quick: false,
                }),
        );
        board.show_times();
        board
    }

    /// What the clock's display shows now (a program's text), if anything.
    pub fn display(&self) -> Option<&str> {
        self.display.as_deref()
    }

    /// Milliseconds left on the left and right faces.
    pub fn faces_ms(&self) -> (u64, u64) {
        (self.left_ms, self.right_ms)
    }

    /// Whether the clock counts, and whether the left face does.
    pub fn running(&self) -> (bool, bool) {
        (self.clock.running, self.clock.left_turn)
    }

    fn show_times(&mut self) {
        let face = |ms: u64| {
            let s = ms.div_ceil(1000).min(9 * 3600 + 3599);
            ClockFace {
                hours: (s / 3600) as u8,
                minutes: (s / 60 % 60) as u8,
                seconds: (s % 60) as u8,
                final_flag: ms == 0,
                ..ClockFace::default()
            }
        };
        self.clock.left = face(self.left_ms);
        self.clock.right = face(self.right_ms);
    }

    fn reading(&mut self) -> Vec<Message> {
        if !self.with_clock || !self.sending {
            return Vec::new();
        }
        self.show_times();
        vec![Message::Clock(self.clock)]
    }

    fn dump(&self) -> Message {
        Message::BoardDump(Box::new(self.fields))
    }

    /// Carries out one step; the messages the board sends for it.
    pub fn step(&mut self, step: &Step) -> Vec<Message> {
        match step {
            Step::Start => {
                self.clock.running = true;
                self.reading()
            }
            Step::Lift(sq) => self.set(*sq, Contents::Empty),
            Step::Place(sq, piece) => self.set(*sq, Contents::Piece(*piece)),
            Step::Press => {
                if self.clock.running {
                    self.log_stopped_face();
                    self.clock.left_turn = !self.clock.left_turn;
                    self.clock.right_turn = !self.clock.left_turn;
                    self.clock.right_high = self.clock.right_turn;
                }
                self.reading()
            }
            Step::Wait(ms) => self.wait(*ms),
        }
    }

    /// The board logs the time of the face a press stops.
    fn log_stopped_face(&mut self) {
        self.show_times();
        let left = self.clock.left_turn;
        let face = if left {
            self.clock.left
        } else {
            self.clock.right
        };
        self.log.push(EeEntry::ClockTime {
            left,
            hours: face.hours,
            minutes: face.minutes,
            seconds: face.seconds,
        });
    }

    /// The messages a clock command is answered with: the clock's
    /// acknowledgement (sent only while updates are on), then `then`.
    fn acknowledged(&self, command: u8, then: Vec<Message>) -> Vec<Message> {
        if !self.sending {
            return then;
        }
        let mut out = vec![Message::ClockAck(ClockAck::done(command))];
        out.extend(then);
        out
    }

    fn set(&mut self, square: Square, contents: Contents) -> Vec<Message> {
        let field = self.orientation.field(square);
        self.fields[field.index() as usize] = contents;
        self.log.push(EeEntry::FieldChange {
            field,
            contents,
            quick: false,
        });
        if self.sending {
            vec![Message::FieldUpdate { field, contents }]
        } else {
            Vec::new()
        }
    }

    fn wait(&mut self, ms: u64) -> Vec<Message> {
        let mut out = Vec::new();
        let mut left = ms;
        while left > 0 {
            let slice = left.min(1000 - self.since_report);
            left -= slice;
            self.since_report += slice;
            if self.clock.running {
                let face = if self.clock.left_turn {
                    &mut self.left_ms
                } else {
                    &mut self.right_ms
                };
                *face = face.saturating_sub(slice);
            }
            if self.since_report == 1000 {
                self.since_report = 0;
                out.extend(self.reading());
            }
        }
        out
    }

    /// Answers a program's command as the board and clock do.
    pub fn command(&mut self, command: &Command) -> Vec<Message> {
        match command {
            Command::Reset => {
                self.sending = false;
                Vec::new()
            }
            Command::SendBoard => vec![self.dump()],
            Command::SendUpdates => {
                self.sending = true;
                self.reading()
            }
            Command::SendUpdatesBoardOnly => {
                self.sending = true;
                Vec::new()
            }
            Command::SendSerialNumber => vec![Message::SerialNumber("SIM01".into())],
            Command::SendLongSerialNumber => vec![Message::LongSerialNumber("SIM0000001".into())],
            Command::SendVersion => vec![Message::Version { major: 1, minor: 0 }],
            Command::SendEeMoves => {
                let mut log = self.log.clone();
                log.push(EeEntry::EndOfLog);
                self.log.push(EeEntry::Downloaded);
                vec![Message::EeMoves(log)]
            }
            Command::SendBatteryStatus => vec![Message::Battery(BATTERY)],
            Command::ClockDisplay { text, .. } => {
                self.display = Some(text.clone());
                self.acknowledged(CLOCK_ASCII, Vec::new())
            }
            Command::ClockEndDisplay => {
                self.display = None;
                self.acknowledged(CLOCK_END_DISPLAY, Vec::new())
            }
            Command::ClockSetAndRun {
                left_seconds,
                right_seconds,
                run,
            } => {
                self.left_ms = u64::from(*left_seconds) * 1000;
                self.right_ms = u64::from(*right_seconds) * 1000;
                self.clock.running = *run != ClockRun::Paused;
                if *run != ClockRun::Paused {
                    self.clock.left_turn = *run == ClockRun::Left;
                    self.clock.right_turn = !self.clock.left_turn;
                }
                let reading = self.reading();
                self.acknowledged(CLOCK_SET_AND_RUN, reading)
            }
        }
    }
}
