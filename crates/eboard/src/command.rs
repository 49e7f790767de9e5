//! What a program says to a DGT board and its clock: the commands,
//! encoded.
//!
//! Board commands are single bytes. Clock commands travel through the
//! board to a DGT 3000 wrapped as `0x2b, size, 0x03, command, …, 0x00`,
//! where `size` counts the bytes after itself.

/// Commands to the board and to the clock behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Puts the board in its idle state: it then sends only what is asked.
    Reset,
    /// Asks for a board dump.
    SendBoard,
    /// Asks for field updates and clock readings as they happen.
    SendUpdates,
    /// Asks for field updates only (no clock readings).
    SendUpdatesBoardOnly,
    /// Asks for the serial number.
    SendSerialNumber,
    /// Asks for the long serial number.
    SendLongSerialNumber,
    /// Asks for the firmware version.
    SendVersion,
    /// Asks for the moves stored in the board's memory.
    SendEeMoves,
    /// Asks a wireless board for its battery's state.
    SendBatteryStatus,
    /// Shows up to eight characters on a DGT 3000's display (longer text is
    /// cut, characters outside printable ASCII become spaces), with a beep
    /// if `beep`.
    ClockDisplay {
        /// What to show.
        text: String,
        /// Beep as it is shown.
        beep: bool,
    },
    /// Takes a text off the display: the clock shows its times again.
    ClockEndDisplay,
    /// Sets both faces and which one counts down (or neither).
    ClockSetAndRun {
        /// The left face's time, in whole seconds.
        left_seconds: u32,
        /// The right face's time, in whole seconds.
        right_seconds: u32,
        /// Which face counts down.
        run: ClockRun,
    },
}

/// Which face of the clock counts down after a set-and-run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClockRun {
    /// The clock stands.
    Paused,
    /// The left face counts down.
    Left,
    /// The right face counts down.
    Right,
}

const CLOCK_MESSAGE: u8 = 0x2b;
const CLOCK_START: u8 = 0x03;
const CLOCK_END: u8 = 0x00;
/// The clock command taking a text off the display.
pub const CLOCK_END_DISPLAY: u8 = 0x03;
/// The clock command setting both faces and which one runs.
pub const CLOCK_SET_AND_RUN: u8 = 0x0a;
/// The clock command showing a text.
pub const CLOCK_ASCII: u8 = 0x0c;
/// Characters a DGT 3000 shows at once.
pub const DISPLAY_WIDTH: usize = 8;

/// Hours, minutes, seconds of `seconds`, hours capped at the clock's 9.
fn hms(seconds: u32) -> [u8; 3] {
    let hours = (seconds / 3600).min(9);
    let rest = if seconds >= 10 * 3600 {
        3599
    } else {
        seconds % 3600
    };
    [hours as u8, (rest / 60) as u8, (rest % 60) as u8]
}

fn clock_message(body: &[u8]) -> Vec<u8> {
    let mut out = vec![CLOCK_MESSAGE, (body.len() + 2) as u8, CLOCK_START];
    out.extend(body);
    out.push(CLOCK_END);
    out
}

impl Command {
    /// The bytes to write to the serial line.
    ///
    /// ```
    /// use arbiter_eboard::Command;
    /// assert_eq!(Command::SendBoard.to_bytes(), vec![0x42]);
    /// let shown = Command::ClockDisplay { text: "ILLEGAL".into(), beep: true }.to_bytes();
    /// assert_eq!(&shown[..4], &[0x2b, 0x0c, 0x03, 0x0c]);
    /// assert_eq!(&shown[4..12], b"ILLEGAL ");
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Command::Reset => vec![0x40],
            Command::SendBoard => vec![0x42],
            Command::SendUpdates => vec![0x43],
            Command::SendUpdatesBoardOnly => vec![0x44],
            Command::SendSerialNumber => vec![0x45],
            Command::SendEeMoves => vec![0x49],
            Command::SendBatteryStatus => vec![0x4c],
            Command::SendVersion => vec![0x4d],
            Command::SendLongSerialNumber => vec![0x55],
            Command::ClockDisplay { text, beep } => {
                let mut body = vec![CLOCK_ASCII];
                let mut chars: Vec<u8> = text
                    .chars()
                    .take(DISPLAY_WIDTH)
                    .map(|c| if c.is_ascii_graphic() { c as u8 } else { b' ' })
                    .collect();
                chars.resize(DISPLAY_WIDTH, b' ');
                body.extend(chars);
                body.push(if *beep { 0x03 } else { 0x00 });
                clock_message(&body)
            }
            Command::ClockEndDisplay => clock_message(&[CLOCK_END_DISPLAY]),
            Command::ClockSetAndRun {
                left_seconds,
                right_seconds,
                run,
            } => {
                let mut body = vec![CLOCK_SET_AND_RUN];
                body.extend(hms(*left_seconds));
                body.extend(hms(*right_seconds));
                body.push(match run {
                    ClockRun::Paused => 0x04,
                    ClockRun::Left => 0x01,
                    ClockRun::Right => 0x02,
                });
                clock_message(&body)
            }
        }
    }

    /// Reads one command from the start of `bytes` (what a simulator of the
    /// board does with what a program writes): the command and the bytes
    /// it took, `None` when `bytes` holds no complete command yet, or an
    /// error for a byte that starts no command.
    pub fn parse(bytes: &[u8]) -> Option<Result<(Command, usize), u8>> {
        let first = *bytes.first()?;
        let single = |c| Some(Ok((c, 1)));
        match first {
            0x40 => single(Command::Reset),
            0x42 => single(Command::SendBoard),
            0x43 => single(Command::SendUpdates),
            0x44 => single(Command::SendUpdatesBoardOnly),
            0x45 => single(Command::SendSerialNumber),
            0x49 => single(Command::SendEeMoves),
            0x4c => single(Command::SendBatteryStatus),
            0x4d => single(Command::SendVersion),
            0x55 => single(Command::SendLongSerialNumber),
            CLOCK_MESSAGE => {
                let size = usize::from(*bytes.get(1)?);
                let whole = bytes.get(..size + 2)?;
                let body = &whole[3..whole.len().saturating_sub(1).max(3)];
                let command = match body.first() {
                    Some(&CLOCK_ASCII) if body.len() == 10 => Command::ClockDisplay {
                        text: String::from_utf8_lossy(&body[1..9]).trim_end().to_string(),
                        beep: body[9] != 0,
                    },
                    Some(&CLOCK_END_DISPLAY) => Command::ClockEndDisplay,
                    Some(&CLOCK_SET_AND_RUN) if body.len() == 8 => {
                        let secs = |h: u8, m: u8, s: u8| {
                            u32::from(h) * 3600 + u32::from(m) * 60 + u32::from(s)
                        };
                        Command::ClockSetAndRun {
                            left_seconds: secs(body[1], body[2], body[3]),
                            right_seconds: secs(body[4], body[5], body[6]),
                            run: match body[7] {
                                0x01 => ClockRun::Left,
                                0x02 => ClockRun::Right,
                                _ => ClockRun::Paused,
                            },
                        }
                    }
                    _ => return Some(Err(first)),
                };
                Some(Ok((command, size + 2)))
            }
            other => Some(Err(other)),
        }
    }
}
