//! `arbiter board-sim`: a simulated DGT board and DGT 3000 clock on a
//! pseudo-terminal, played from a script, so that `arbiter board --port`
//! (and everything behind it: the server, the game page) can be tried and
//! tested without hardware.
//!
//! The first line of standard output names the port to give `arbiter
//! board`; then one JSON object a line for every command the program sends
//! the board (`{"command":"clock_display","text":"ILLEGAL"}`, …) and every
//! step played (`{"step":"lift g1"}`).

use std::io::{Read as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use arbiter_eboard::simulator::{SimulatedBoard, Step, parse_script};
use arbiter_eboard::{ClockRun, Command, Orientation};
use arbiter_rules::Position;
use serde_json::{Value, json};
use serialport::SerialPort as _;

/// Arguments of `arbiter board-sim`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The script: one step a line (`start`, `lift g1`, `place f3 N`,
    /// `press`, `wait 1200`; see docs/eboard.md).
    #[arg(long)]
    script: PathBuf,
    /// The position the board is set up in.
    #[arg(
        long,
        default_value = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )]
    fen: String,
    /// Seconds on each face of the clock.
    #[arg(long, default_value_t = 300, conflicts_with = "no_clock")]
    clock: u32,
    /// No clock on the line.
    #[arg(long)]
    no_clock: bool,
    /// The board lies turned round (FIDE 7.2).
    #[arg(long)]
    turned_round: bool,
    /// Milliseconds between steps: time for each event to reach the
    /// referee and its answer to come back.
    #[arg(long, default_value_t = 150)]
    step_ms: u64,
    /// Milliseconds to go on answering commands once the script is played.
    #[arg(long, default_value_t = 2000)]
    linger_ms: u64,
}

/// A command as one line of output.
fn command_json(command: &Command) -> Value {
    let run = |r: &ClockRun| match r {
        ClockRun::Paused => "paused",
        ClockRun::Left => "left",
        ClockRun::Right => "right",
    };
    match command {
        Command::ClockDisplay { text, beep } => {
            json!({"command": "clock_display", "text": text, "beep": beep})
        }
        Command::ClockSetAndRun {
            left_seconds,
            right_seconds,
            run: r,
        } => json!({"command": "clock_set_and_run", "left_seconds": left_seconds,
                    "right_seconds": right_seconds, "run": run(r)}),
        other => json!({"command": format!("{other:?}")}),
    }
}

fn step_text(step: &Step) -> String {
    match step {
        Step::Start => "start".into(),
        Step::Lift(sq) => format!("lift {sq}"),
        Step::Place(sq, piece) => format!("place {sq} {}", piece.char()),
        Step::Press => "press".into(),
        Step::Wait(ms) => format!("wait {ms}"),
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.script)
        .with_context(|| format!("cannot read {}", args.script.display()))?;
    let steps = parse_script(&text).with_context(|| format!("in {}", args.script.display()))?;
    let position = match Position::from_fen(&args.fen) {
        Ok(p) => p,
        Err(e) => bail!("--fen: {e}"),
    };
    let orientation = if args.turned_round {
        Orientation::TurnedRound
    } else {
        Orientation::Normal
    };
    let mut board = SimulatedBoard::new(
        &position,
        orientation,
        (!args.no_clock).then_some(args.clock),
    );
    let (mut master, slave) =
        serialport::TTYPort::pair().context("cannot open a pseudo-terminal")?;
    let name = slave.name().context("the pseudo-terminal has no name")?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", json!({"port": name}))?;
    out.flush()?;
    master.set_timeout(Duration::from_millis(50))?;
    let mut pending: Vec<u8> = Vec::new();
    let mut listening = false;
    let mut next = 0;
    let mut quiet_until = None;
    loop {
        let mut buf = [0u8; 256];
        match master.read(&mut buf) {
            Ok(n) => pending.extend(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            // Nobody has the port open yet.
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
        while let Some(parsed) = Command::parse(&pending) {
            let used = match parsed {
                Ok((command, used)) => {
                    writeln!(out, "{}", command_json(&command))?;
                    listening |= command == Command::SendUpdates;
                    let answer: Vec<u8> = board
                        .command(&command)
                        .iter()
                        .flat_map(|m| m.to_bytes())
                        .collect();
                    master.write_all(&answer)?;
                    used
                }
                Err(byte) => {
                    writeln!(out, "{}", json!({"unknown_command": byte}))?;
                    1
                }
            };
            pending.drain(..used);
        }
        out.flush()?;
        if !listening {
            continue;
        }
        if let Some(step) = steps.get(next) {
            next += 1;
            if let Step::Wait(ms) = step {
                std::thread::sleep(Duration::from_millis(*ms));
            }
            let bytes: Vec<u8> = board.step(step).iter().flat_map(|m| m.to_bytes()).collect();
            master.write_all(&bytes)?;
            writeln!(out, "{}", json!({"step": step_text(step)}))?;
            std::thread::sleep(Duration::from_millis(args.step_ms));
        } else {
            let until =
                *quiet_until.get_or_insert(Instant::now() + Duration::from_millis(args.linger_ms));
            if Instant::now() > until {
                break;
            }
        }
    }
    drop(slave);
    Ok(ExitCode::SUCCESS)
}
