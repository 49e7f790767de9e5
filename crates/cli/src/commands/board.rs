//! `arbiter board`: a DGT board (or a recorded capture of one) feeds a game
//! on an `arbiter serve`, through the game's WebSocket relay.
//!
//! One connection acts for both seats, each event carrying its seat's
//! token, as a board operator's screen does. The referee on the server
//! decides every event; its answers go back to the clock's display.

use std::io::{Read as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use arbiter_eboard::capture::{self, Capture};
use arbiter_eboard::{
    BatteryStatus, BoardReader, ClockRun, Command, Decoder, Message, Notice, Reading, display,
};
use arbiter_protocol::View;
use arbiter_protocol::view::Status;
use arbiter_protocol::ws::{Answer, BoardNotice, BoardSeen, ClientMessage, ServerMessage};
use arbiter_referee::{Actor, Effect, Event, Verdict};
use arbiter_rules::{Color, Position, Square};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// Arguments of `arbiter board`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board's serial port (9600 baud, 8N1), e.g. /dev/ttyUSB0.
    #[arg(long, conflicts_with = "replay", required_unless_present = "replay")]
    port: Option<String>,
    /// Play a recorded capture instead of a port: a timed one (as
    /// `--record` writes it) in its own time, or an untimed one (one
    /// base64 chunk a line) with the chunks `--delay` apart.
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Milliseconds between an untimed capture's chunks.
    #[arg(long, default_value_t = 0, requires = "replay")]
    delay: u64,
    /// How fast a replay runs: 1 in real time, 2 twice as fast, 0 as fast
    /// as it can. The board reader's time is the capture's either way, so
    /// every speed gives the same readings.
    #[arg(long, default_value_t = 1.0, requires = "replay", value_parser = speed)]
    speed: f64,
    /// Without a clock on the line, make a move only once the board has
    /// stood as after it this many milliseconds (in a replay, the
    /// capture's time), for operators who prefer a settling wait to the
    /// default, the move made the moment it is set down.
    #[arg(long, value_name = "MS")]
    settle_ms: Option<u64>,
    /// Also write what the board sends to FILE, as a timed capture: each
    /// chunk with the milliseconds since the start.
    #[arg(long, value_name = "FILE", requires = "port")]
    record: Option<PathBuf>,
    /// The game's page on an `arbiter serve`: http://HOST:PORT/game/ID.
    #[arg(long)]
    game: String,
    /// White's token.
    #[arg(long)]
    white: String,
    /// Black's token.
    #[arg(long)]
    black: String,
    /// The arbiter's token: lets the first press of the clock start the
    /// game (without it, the arbiter starts it on the page).
    #[arg(long)]
    arbiter: Option<String>,
}

/// A replay's speed: a number, 0 or more.
fn speed(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("{text:?} is not a speed (0, or a positive number)")),
    }
}

/// Where the bytes come from and the commands go.
enum Line {
    Port(Box<dyn serialport::SerialPort>),
    Replay,
}

impl Line {
    fn send(&mut self, command: &Command) -> anyhow::Result<()> {
        if let Line::Port(port) = self {
            port.write_all(&command.to_bytes())
                .context("cannot write to the board")?;
        }
        Ok(())
    }
}

/// The game's WebSocket address and its page's base, from its page URL.
fn endpoints(page: &str) -> anyhow::Result<(String, String)> {
    let Some((base, id)) = page.trim_end_matches('/').rsplit_once("/game/") else {
        bail!("--game must be a game's page, http://HOST:PORT/game/ID (got {page})");
    };
    let ws_base = if let Some(rest) = base.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        bail!("--game must start with http:// or https:// (got {page})");
    };
    Ok((format!("{ws_base}/api/games/{id}/ws"), id.to_string()))
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The relay: one connection, both seats.
struct Relay {
    socket: Socket,
    tokens: [String; 2],
    arbiter: Option<String>,
    next_id: u64,
    /// The latest view of the game the server sent.
    view: Option<View>,
    pacer: Pacer,
}

/// Keeps this connection under the server's limit on messages a second
/// (20, bursts of 40), with a margin: refused messages carry no id, so a
/// refusal is better avoided than sorted out.
struct Pacer {
    tokens: f64,
    at: Instant,
}

impl Pacer {
    const PER_SECOND: f64 = 15.0;
    const BURST: f64 = 30.0;

    fn new() -> Pacer {
        Pacer {
            tokens: Pacer::BURST,
            at: Instant::now(),
        }
    }

    async fn wait_turn(&mut self) {
        loop {
            let now = Instant::now();
            self.tokens = (self.tokens
                + now.duration_since(self.at).as_secs_f64() * Pacer::PER_SECOND)
                .min(Pacer::BURST);
            self.at = now;
            if self.tokens >= 1.0 {
                self.tokens -= 1.0;
                return;
            }
            tokio::time::sleep(Duration::from_secs_f64(
                (1.0 - self.tokens) / Pacer::PER_SECOND,
            ))
            .await;
        }
    }
}

impl Relay {
    /// The server's next message.
    async fn next_message(&mut self) -> anyhow::Result<ServerMessage> {
        loop {
            let message = self
                .socket
                .next()
                .await
                .context("the server closed the connection")??;
            if let WsMessage::Text(text) = message {
                return serde_json::from_str(text.as_str())
                    .with_context(|| format!("the server sent {text}"));
            }
        }
    }

    /// Sends `message` (within the server's rate).
    async fn send(&mut self, message: &ClientMessage) -> anyhow::Result<()> {
        self.pacer.wait_turn().await;
        let text = serde_json::to_string(message)?;
        self.socket.send(WsMessage::text(text)).await?;
        Ok(())
    }

    /// Reads server messages until the verdict on `id`, keeping the view.
    async fn verdict(&mut self, id: u64) -> anyhow::Result<Result<Verdict, String>> {
        loop {
            match self.next_message().await? {
                ServerMessage::Full { view } | ServerMessage::Update { view } => {
                    self.keep_view(view)
                }
                ServerMessage::Verdict { id: of, answer, .. } if of == id => {
                    return Ok(match answer {
                        Answer::Verdict(written) => Ok(written.verdict().clone()),
                        Answer::Error(error) => Err(error),
                    });
                }
                ServerMessage::Error { error } => return Ok(Err(error)),
                _ => {}
            }
        }
    }

    /// Keeps the game's latest view: an update leaves out the head, which
    /// never changes (the moves are not kept: the board needs only the
    /// position, the status and the clocks).
    fn keep_view(&mut self, mut view: View) {
        if view.head.is_none() {
            view.head = self.view.take().and_then(|v| v.head);
        }
        self.view = Some(view);
    }

    /// The game has started.
    fn started(&self) -> bool {
        self.view
            .as_ref()
            .is_some_and(|v| v.status == Status::Started)
    }

    /// Sends `event` for its actor's seat; its verdict (or why the server
    /// would not hear it).
    async fn act(&mut self, event: &Event) -> anyhow::Result<Option<Result<Verdict, String>>> {
        let token = match event.actor {
            Actor::White => self.tokens[0].clone(),
            Actor::Black => self.tokens[1].clone(),
            Actor::Arbiter => match &self.arbiter {
                Some(t) => t.clone(),
                None => return Ok(None),
            },
        };
        loop {
            self.next_id += 1;
            let id = self.next_id;
            let message = ClientMessage::Act {
                id,
                event: event.kind.clone(),
                token: Some(token.clone()),
            };
            self.send(&message).await?;
            match self.verdict(id).await? {
                // The server's limit on messages a second: wait, send again.
                Err(e) if e == "too many messages" => {
                    tokio::time::sleep(Duration::from_millis(100)).await
                }
                Ok(verdict) => {
                    if verdict.is_accepted() {
                        self.await_update().await?;
                    }
                    return Ok(Some(Ok(verdict)));
                }
                Err(e) => return Ok(Some(Err(e))),
            }
        }
    }

    /// Reads on to the update an accepted event caused: the server sends
    /// the verdict first, the update right behind it.
    async fn await_update(&mut self) -> anyhow::Result<()> {
        let wait = async {
            loop {
                if let ServerMessage::Full { view } | ServerMessage::Update { view } =
                    self.next_message().await?
                {
                    self.keep_view(view);
                    return anyhow::Ok(());
                }
            }
        };
        // An update may be folded into a later one; never wait long.
        match tokio::time::timeout(Duration::from_secs(2), wait).await {
            Ok(result) => result,
            Err(_) => Ok(()),
        }
    }

    /// Tells the room what the board shows (the arbiter's page draws it
    /// beside the game's position).
    async fn report_board(&mut self, seen: BoardSeen) -> anyhow::Result<()> {
        let message = ClientMessage::Board {
            seen,
            token: Some(self.tokens[0].clone()),
        };
        self.send(&message).await
    }

    /// Tells the game a case the reader leaves to the arbiter (the
    /// operator's screen of the event's boards lists it).
    async fn report_notice(&mut self, notice: BoardNotice) -> anyhow::Result<()> {
        let message = ClientMessage::BoardNotice {
            notice,
            token: Some(self.tokens[0].clone()),
        };
        self.send(&message).await
    }

    fn position(&self) -> Option<Position> {
        Position::from_fen(&self.view.as_ref()?.fen).ok()
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = super::runtime()?;
    runtime.block_on(run_async(args))
}

/// Chunks of bytes from the board, each with when it was read
/// (milliseconds since `epoch`, or in a replay the capture's time).
type Chunks = mpsc::UnboundedReceiver<(Vec<u8>, u64)>;

/// Chunks from the board, as they come; `None` once the line has ended.
fn spawn_source(args: &Args, epoch: Instant) -> anyhow::Result<(Line, Chunks)> {
    let (tx, rx) = mpsc::unbounded_channel();
    if let Some(path) = &args.replay {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let capture =
            Capture::parse(&text, args.delay).with_context(|| format!("in {}", path.display()))?;
        let speed = args.speed;
        tokio::spawn(async move {
            for (at, chunk) in capture.chunks() {
                // Slept only to pace the replay: the reader is told the
                // capture's time, whatever the speed.
                if speed > 0.0 {
                    let due = epoch + Duration::from_secs_f64(*at as f64 / 1000.0 / speed);
                    tokio::time::sleep_until(due.into()).await;
                }
                if tx.send((chunk.clone(), *at)).is_err() {
                    break;
                }
            }
        });
        return Ok((Line::Replay, rx));
    }
    let name = args
        .port
        .as_deref()
        .expect("clap requires a port or a capture");
    let port = serialport::new(name, 9600)
        .data_bits(serialport::DataBits::Eight)
        .parity(serialport::Parity::None)
        .stop_bits(serialport::StopBits::One)
        .timeout(Duration::from_millis(100))
        .open()
        .with_context(|| format!("cannot open {name}"))?;
    let mut reading = port.try_clone().context("cannot share the port")?;
    std::thread::spawn(move || {
        let mut buf = [0u8; 256];
        loop {
            match reading.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let at = epoch.elapsed().as_millis() as u64;
                    if tx.send((buf[..n].to_vec(), at)).is_err() {
                        break;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
    });
    Ok((Line::Port(port), rx))
}

async fn run_async(args: Args) -> anyhow::Result<ExitCode> {
    let (ws_url, _id) = endpoints(&args.game)?;
    let (socket, _) = tokio_tungstenite::connect_async(&ws_url)
        .await
        .with_context(|| format!("cannot connect to {ws_url}"))?;
    let mut relay = Relay {
        socket,
        tokens: [args.white.clone(), args.black.clone()],
        arbiter: args.arbiter.clone(),
        next_id: 0,
        view: None,
        pacer: Pacer::new(),
    };
    // The first message is the game's whole view.
    while relay.view.is_none() {
        let message = relay
            .next_message()
            .await
            .context("no view from the server")?;
        if let ServerMessage::Full { view } = message {
            relay.view = Some(view);
        }
    }
    let position = relay.position().context("the server's view has no FEN")?;
    let mut reader = BoardReader::new(position);
    reader.settle_after(args.settle_ms);
    if relay.started() {
        reader.start();
    }
    let epoch = Instant::now();
    let (mut line, mut chunks) = spawn_source(&args, epoch)?;
    let mut record = match &args.record {
        Some(path) => {
            let mut file = std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(file, "{}", capture::TIMED_HEADER)?;
            Some((file, path))
        }
        None => None,
    };
    // A wireless board tells its battery; a wired one ignores the asking.
    let hello = [
        Command::Reset,
        Command::SendBoard,
        Command::SendBatteryStatus,
        Command::SendUpdates,
    ];
    for c in hello {
        line.send(&c)?;
    }
    // A replay's time is the capture's: a settling move is taken when the
    // capture's next chunk comes after its deadline (kept for the next
    // turn of the loop), never by the wall clock.
    let simulated = args.replay.is_some();
    let mut pending: Option<(Vec<u8>, u64)> = None;
    let mut last_at = 0;
    let mut decoder = Decoder::new();
    let mut out = std::io::stdout().lock();
    let mut last_board = String::new();
    let mut battery: Option<u8> = None;
    loop {
        let deadline = reader.settle_deadline();
        let next = if simulated {
            if pending.is_none() {
                pending = chunks.recv().await;
            }
            match (deadline, &pending) {
                (Some(due), Some((_, at))) if due <= *at => Some(Tick::At(due)),
                _ => pending.take().map(Tick::Chunk),
            }
        } else {
            match deadline {
                Some(at) => {
                    let wake = epoch + Duration::from_millis(at);
                    tokio::select! {
                        c = chunks.recv() => c.map(Tick::Chunk),
                        _ = tokio::time::sleep_until(wake.into()) => {
                            Some(Tick::At(epoch.elapsed().as_millis() as u64))
                        }
                    }
                }
                None => chunks.recv().await.map(Tick::Chunk),
            }
        };
        let mut readings = Vec::new();
        let ended = next.is_none();
        match next {
            None => {
                let at = if simulated {
                    last_at
                } else {
                    epoch.elapsed().as_millis() as u64
                };
                readings.extend(reader.finish(at));
            }
            Some(Tick::At(at)) => readings.extend(reader.tick(at)),
            Some(Tick::Chunk((chunk, at))) => {
                last_at = at;
                if let Some((file, path)) = &mut record {
                    file.write_all(capture::timed_line(at, &chunk).as_bytes())
                        .and_then(|()| file.flush())
                        .with_context(|| format!("cannot write {}", path.display()))?;
                }
                decoder.feed(&chunk);
                while let Some(message) = decoder.next_message() {
                    match message {
                        Ok(Message::Battery(b)) => {
                            writeln!(out, "{}", json!({"battery": battery_json(&b)}))?;
                            battery = Some(b.percent);
                        }
                        Ok(m) => readings.extend(reader.message(&m, at)),
                        Err(e) => writeln!(out, "{}", json!({"decode_error": e.to_string()}))?,
                    }
                }
            }
        }
        for reading in readings {
            handle(reading, &mut relay, &mut reader, &mut line, &mut out).await?;
        }
        let board = reader.board_fen();
        if board != last_board {
            let names = |squares: &[Square]| -> Vec<String> {
                squares.iter().map(ToString::to_string).collect()
            };
            let seen = BoardSeen {
                fen: board.clone(),
                differences: names(&reader.differences()),
                disturbed: names(reader.disturbed()),
                battery,
                clock_battery_low: reader.clock().map(|c| c.battery_low),
            };
            // Printed as `board`, told the room as `fen`.
            let mut printed = serde_json::to_value(&seen)?;
            if let Some(fields) = printed.as_object_mut() {
                fields.remove("fen");
                fields.insert("board".into(), json!(board));
            }
            writeln!(out, "{printed}")?;
            relay.report_board(seen).await?;
            last_board = board;
        }
        if ended {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The reader's notice as a case for the arbiter (`None`: a press out of
/// turn, which is nobody's case).
fn for_the_arbiter(notice: &Notice) -> Option<BoardNotice> {
    let names = |squares: &[Square]| squares.iter().map(ToString::to_string).collect();
    Some(match notice {
        Notice::TurnedRound => BoardNotice::TurnedRound,
        Notice::Unreadable { differences } => BoardNotice::Unreadable {
            differences: names(differences),
        },
        Notice::Disturbed { squares } => BoardNotice::Disturbed {
            squares: names(squares),
        },
        Notice::Restored => BoardNotice::Restored,
        Notice::LiftedAgain { square, set_down } => BoardNotice::LiftedAgain {
            square: square.to_string(),
            set_down: set_down.to_string(),
        },
        Notice::PressIgnored => return None,
    })
}

/// What the reading loop wakes for: a chunk from the board, or a moment
/// when a settling move may be taken.
enum Tick {
    Chunk((Vec<u8>, u64)),
    At(u64),
}

/// A wireless board's battery, for the output.
fn battery_json(b: &BatteryStatus) -> Value {
    json!({
        "percent": b.percent,
        "time_left": b.time_left.map(|(h, m)| format!("{h}:{m:02}")),
        "charging": b.charging,
    })
}

/// Puts one reading to the server and its verdict to the clock.
async fn handle(
    reading: Reading,
    relay: &mut Relay,
    reader: &mut BoardReader,
    line: &mut Line,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let event = match reading {
        Reading::Notice(n) => {
            writeln!(out, "{}", json!({"notice": format!("{n:?}")}))?;
            if let Some(notice) = for_the_arbiter(&n) {
                relay.report_notice(notice).await?;
            }
            return Ok(());
        }
        Reading::Event(e) => e,
    };
    let answer = relay.act(&event).await?;
    let event_json = serde_json::to_value(&event)?;
    match &answer {
        None => writeln!(
            out,
            "{}",
            json!({"event": event_json, "skipped": "no arbiter token: the arbiter starts the game on the page"})
        )?,
        Some(Ok(verdict)) => writeln!(out, "{}", json!({"event": event_json, "verdict": verdict}))?,
        Some(Err(error)) => writeln!(out, "{}", json!({"event": event_json, "error": error}))?,
    }
    if relay.started() {
        reader.start();
    }
    if let Some(position) = relay.position() {
        reader.set_game(position);
    }
    let Some(Ok(verdict)) = answer else {
        return Ok(());
    };
    if let Some(text) = display::verdict_text(&verdict) {
        line.send(&Command::ClockDisplay { text, beep: true })?;
    }
    // After a refusal or an illegal move the player still has the move:
    // the clock is set back to the referee's times, the mover's running
    // (with a penalty, the opponent's added time shows).
    let set_back = verdict.rejection().is_some()
        || verdict.consequences().iter().any(|c| {
            matches!(
                c.effect,
                Effect::IllegalMoveCompleted { .. } | Effect::TimeAdded { .. }
            )
        });
    if set_back {
        set_clock(relay, reader, line)?;
    }
    Ok(())
}

/// Sets the clock's faces to the referee's times, the side to move's
/// running.
fn set_clock(relay: &Relay, reader: &BoardReader, line: &mut Line) -> anyhow::Result<()> {
    let (Some(view), Some(left)) = (&relay.view, reader.left_colour()) else {
        return Ok(());
    };
    let (white, black) = (view.clock.white_ms, view.clock.black_ms);
    if !view.clock.timed {
        return Ok(());
    }
    let seconds = |ms: i64| (ms.max(0) as u64).div_ceil(1000) as u32;
    let (left_s, right_s) = match left {
        Color::White => (seconds(white), seconds(black)),
        Color::Black => (seconds(black), seconds(white)),
    };
    let turn = reader.game().turn();
    line.send(&Command::ClockSetAndRun {
        left_seconds: left_s,
        right_seconds: right_s,
        run: if turn == left {
            ClockRun::Left
        } else {
            ClockRun::Right
        },
    })
}
