//! One engine process, driven over UCI.
//!
//! The driver never trusts the engine: every wait has a deadline, every
//! write can fail, output lines are bounded, and whatever the engine does
//! the process is reaped in the end. A failure is reported as an
//! [`EngineError`] that says what the driver was waiting for, so the match
//! can score it (a crash, a hang, a move too late).

mod config;
mod error;
mod lines;

use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::io::{AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

pub use config::{EngineConfig, Timeouts, UnknownOptions};
pub use error::{Awaiting, Crash, EngineError};
pub use lines::{LineReader, MAX_LINE};

use crate::protocol::{
    BestMove, EngineMessage, Go, Info, OptionDecl, OptionError, OptionKind, PositionCommand,
};

/// The most principal variations a [`Search`] keeps (`MultiPV` beyond is
/// dropped).
pub const MAX_PV_LINES: usize = 256;

/// The answer to one `go`.
#[derive(Clone, Debug)]
pub struct Search {
    /// What the engine said after `bestmove`.
    pub bestmove: BestMove,
    /// The last main-line `info` with a score, if any.
    pub info: Option<Info>,
    /// With `MultiPV` above 1: the last scored `info` of each principal
    /// variation, best first (`lines[0]` is `multipv 1`). A fair-play
    /// screen ranks the move played among them.
    pub lines: Vec<Info>,
    /// From the moment `go` was written (handed to the system) to the
    /// moment `bestmove` was read.
    pub elapsed: Duration,
    /// When `go` was handed to the system.
    pub go_sent_at: Instant,
    /// When `bestmove` was read.
    pub bestmove_read_at: Instant,
}

/// A failed `go`: the error, and how long the engine had been thinking.
#[derive(Debug)]
pub struct SearchFailure {
    /// What went wrong.
    pub error: EngineError,
    /// From writing `go` to the failure (or the deadline).
    pub elapsed: Duration,
    /// When `go` was written.
    pub go_sent_at: Instant,
}

/// How an engine process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuitReport {
    /// True if it exited after `quit` by itself; false if it was killed.
    pub exited_by_itself: bool,
    /// Its exit status as text, if known.
    pub status: Option<String>,
}

/// A running engine that has completed the UCI handshake.
#[derive(Debug)]
pub struct Engine {
    name: String,
    id_name: Option<String>,
    id_author: Option<String>,
    declared: Vec<OptionDecl>,
    /// Configured options the engine does not declare, left unset.
    option_warnings: Vec<String>,
    timeouts: Timeouts,
    child: Child,
    stdin: ChildStdin,
    out: LineReader<BufReader<ChildStdout>>,
    failed: bool,
    /// What `UCI_Chess960` was last set to (engines start with it off).
    chess960: bool,
}

impl Engine {
    /// Starts the engine, completes the handshake (`uci` … `uciok`), sets
    /// the configured options and waits until it is ready.
    ///
    /// Options are validated against the declarations before any is sent;
    /// `Threads` goes first because engines size other things by it.
    pub async fn start(config: &EngineConfig) -> Result<Engine, EngineError> {
        let mut engine = Engine::spawn(config)?;
        match engine.start_session(config).await {
            Ok(()) => Ok(engine),
            Err(e) => {
                engine.quit().await;
                Err(e)
            }
        }
    }

    fn spawn(config: &EngineConfig) -> Result<Engine, EngineError> {
        let spawn_error = |source| EngineError::Spawn {
            engine: config.name.clone(),
            command: config.command_line(),
            source,
        };
        let stderr = match &config.stderr_log {
            Some(path) => {
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(spawn_error)?;
                }
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(spawn_error)?;
                Stdio::from(file)
            }
            None => Stdio::null(),
        };
        let mut cmd = Command::new(&config.command);
        cmd.args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .kill_on_drop(true);
        cmd.envs(config.env.iter().map(|(k, v)| (k, v)));
        if let Some(dir) = &config.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(spawn_error)?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        Ok(Engine {
            name: config.name.clone(),
            id_name: None,
            id_author: None,
            declared: Vec::new(),
            option_warnings: Vec::new(),
            timeouts: config.timeouts,
            child,
            stdin,
            out: LineReader::new(BufReader::with_capacity(64 * 1024, stdout)),
            failed: false,
            chess960: false,
        })
    }

    async fn start_session(&mut self, config: &EngineConfig) -> Result<(), EngineError> {
        self.send("uci", Awaiting::UciOk).await?;
        let deadline = Instant::now() + self.timeouts.handshake;
        loop {
            match self.read_message(deadline, Awaiting::UciOk).await? {
                EngineMessage::UciOk => break,
                EngineMessage::IdName(n) => self.id_name = Some(n),
                EngineMessage::IdAuthor(a) => self.id_author = Some(a),
                EngineMessage::Option(decl) => self.declared.push(decl),
                _ => {}
            }
        }
        if self.name.is_empty() {
            self.name = self.id_name.clone().unwrap_or_else(|| "engine".into());
        }
        let (lines, warnings) = self.option_lines(&config.options, config.unknown_options)?;
        self.option_warnings = warnings;
        for line in lines {
            self.send(&line, Awaiting::Nothing).await?;
        }
        self.sync().await
    }

    /// Validates every option first, so a typo in a value sends nothing.
    /// An option the engine does not declare is an error, or with
    /// [`UnknownOptions::Warn`] a warning, returned beside the lines.
    fn option_lines(
        &self,
        options: &[(String, String)],
        unknown: UnknownOptions,
    ) -> Result<(Vec<String>, Vec<String>), OptionError> {
        let mut ordered: Vec<&(String, String)> = options.iter().collect();
        ordered.sort_by_key(|(name, _)| !name.eq_ignore_ascii_case("Threads"));
        let mut lines = Vec::new();
        let mut warnings = Vec::new();
        for (name, value) in ordered {
            let Some(decl) = self.declaration(name) else {
                let error = OptionError::Unknown {
                    engine: self.name.clone(),
                    name: name.clone(),
                    declared: self
                        .declared
                        .iter()
                        .map(|d| d.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                match unknown {
                    UnknownOptions::Refuse => return Err(error),
                    UnknownOptions::Warn => warnings.push(format!("{error}: not set")),
                }
                continue;
            };
            let value = decl.validate(value)?;
            lines.push(decl.setoption_line(value.as_deref()));
        }
        Ok((lines, warnings))
    }

    /// The configured options the engine does not declare, each a warning
    /// saying so: they were not set (with [`UnknownOptions::Warn`]).
    pub fn option_warnings(&self) -> &[String] {
        &self.option_warnings
    }

    /// The engine's declaration of an option (names compare
    /// case-insensitively, as the protocol says).
    pub fn declaration(&self, name: &str) -> Option<&OptionDecl> {
        self.declared
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
    }

    /// Every option the engine declared, in its order.
    pub fn declared_options(&self) -> &[OptionDecl] {
        &self.declared
    }

    /// Sets one option (validated) and waits until the engine is ready.
    /// An option it does not declare is an error: the caller asked for it
    /// by name.
    pub async fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let (lines, _) = self.option_lines(
            &[(name.to_string(), value.to_string())],
            UnknownOptions::Refuse,
        )?;
        for line in lines {
            self.send(&line, Awaiting::Nothing).await?;
        }
        self.sync().await
    }

    /// Turns `UCI_Chess960` on or off if the engine declares it (sending
    /// nothing when it is already so); returns whether it declares it.
    pub async fn set_chess960(&mut self, on: bool) -> Result<bool, EngineError> {
        match self.declaration("UCI_Chess960") {
            Some(OptionDecl {
                kind: OptionKind::Check { .. },
                ..
            }) => {
                if self.chess960 != on {
                    self.set_option("UCI_Chess960", if on { "true" } else { "false" })
                        .await?;
                    self.chess960 = on;
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// The name used for this engine: the configured one, else its own.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the engine called itself (`id name`).
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// Its author (`id author`).
    pub fn id_author(&self) -> Option<&str> {
        self.id_author.as_deref()
    }

    /// The process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// False once the engine crashed or hung: it must be restarted.
    pub fn is_usable(&self) -> bool {
        !self.failed
    }

    /// `ucinewgame`, then waits until the engine is ready.
    pub async fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame", Awaiting::Nothing).await?;
        self.sync().await
    }

    /// `isready`, then reads until `readyok`, dropping whatever comes
    /// before it (a stale `bestmove` included).
    pub async fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready", Awaiting::ReadyOk).await?;
        let deadline = Instant::now() + self.timeouts.ready;
        loop {
            if let EngineMessage::ReadyOk = self.read_message(deadline, Awaiting::ReadyOk).await? {
                return Ok(());
            }
        }
    }

    /// Sends `position`.
    pub async fn position(&mut self, position: &PositionCommand) -> Result<(), EngineError> {
        self.send(&position.to_string(), Awaiting::Nothing).await
    }

    /// Sends `go` and reads until `bestmove`.
    ///
    /// With a `budget`, an engine that has not answered when it runs out
    /// is told to `stop`; its late `bestmove` is drained (so it cannot be
    /// mistaken for the answer to the next `go`) and the search fails with
    /// [`EngineError::Overtime`]. An engine that does not answer `stop`
    /// either is hung.
    pub async fn go(&mut self, go: &Go, budget: Option<Duration>) -> Result<Search, SearchFailure> {
        self.search_from(None, go, budget).await
    }

    /// `position` and `go` in a single write (one system call, one wake-up
    /// of the engine), then as [`go`](Self::go).
    pub async fn search(
        &mut self,
        position: &PositionCommand,
        go: &Go,
        budget: Option<Duration>,
    ) -> Result<Search, SearchFailure> {
        self.search_from(Some(position), go, budget).await
    }

    async fn search_from(
        &mut self,
        position: Option<&PositionCommand>,
        go: &Go,
        budget: Option<Duration>,
    ) -> Result<Search, SearchFailure> {
        let text = match position {
            Some(p) => format!("{p}\n{go}"),
            None => go.to_string(),
        };
        // The engine's time starts when `go` is handed to the system: what
        // happens to this process after the write is the engine's time
        // (it is already thinking), what happens before is Arbiter's.
        let go_sent_at = Instant::now();
        let sent = self.send(&text, Awaiting::BestMove).await;
        let fail = |error, at: Instant| SearchFailure {
            error,
            elapsed: at.saturating_duration_since(go_sent_at),
            go_sent_at,
        };
        if let Err(e) = sent {
            return Err(fail(e, Instant::now()));
        }
        let deadline = budget.map(|b| go_sent_at + b);
        let mut info = None;
        let mut lines: Vec<Info> = Vec::new();
        loop {
            let line = match deadline {
                Some(d) => match tokio::time::timeout_at(d.into(), self.out.next_line()).await {
                    Ok(r) => r,
                    Err(_) => {
                        let error = self.stop_after_overtime(budget.unwrap_or_default()).await;
                        return Err(fail(error, Instant::now().min(d)));
                    }
                },
                None => self.out.next_line().await,
            };
            let now = Instant::now();
            let line = match line {
                Ok(Some(line)) => line,
                Ok(None) => return Err(fail(self.crashed(Awaiting::BestMove, None).await, now)),
                Err(e) => return Err(fail(self.crashed(Awaiting::BestMove, Some(e)).await, now)),
            };
            match EngineMessage::parse(&line) {
                EngineMessage::BestMove(bestmove) => {
                    return Ok(Search {
                        bestmove,
                        info,
                        lines,
                        elapsed: now - go_sent_at,
                        go_sent_at,
                        bestmove_read_at: now,
                    });
                }
                EngineMessage::Info(i) if i.score.is_some() && i.string.is_none() => {
                    keep_line(&mut lines, &i);
                    if i.is_main_line_score() {
                        info = Some(i);
                    }
                }
                _ => {}
            }
        }
    }

    async fn stop_after_overtime(&mut self, budget: Duration) -> EngineError {
        if let Err(e) = self.send("stop", Awaiting::BestMoveAfterStop).await {
            return e;
        }
        let deadline = Instant::now() + self.timeouts.stop;
        loop {
            match self
                .read_message(deadline, Awaiting::BestMoveAfterStop)
                .await
            {
                Ok(EngineMessage::BestMove(_)) => {
                    return EngineError::Overtime {
                        engine: self.name.clone(),
                        after: budget,
                    };
                }
                Ok(_) => {}
                Err(e) => return e,
            }
        }
    }

    /// Sends `quit`, waits for the process to exit, kills it if it does
    /// not, and reaps it either way.
    pub async fn quit(mut self) -> QuitReport {
        // An engine that has crashed cannot read; a failed write is fine.
        let _ = self.stdin.write_all(b"quit\n").await;
        let _ = self.stdin.flush().await;
        match tokio::time::timeout(self.timeouts.quit, self.child.wait()).await {
            Ok(Ok(status)) => QuitReport {
                exited_by_itself: true,
                status: Some(status.to_string()),
            },
            _ => {
                let _ = self.child.start_kill();
                let status = self.child.wait().await.ok().map(|s| s.to_string());
                QuitReport {
                    exited_by_itself: false,
                    status,
                }
            }
        }
    }

    /// Writes one command line.
    async fn send(&mut self, line: &str, awaiting: Awaiting) -> Result<(), EngineError> {
        if self.failed {
            return Err(EngineError::Dead {
                engine: self.name.clone(),
            });
        }
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let written = self.stdin.write_all(&bytes).await;
        let flushed = match written {
            Ok(()) => self.stdin.flush().await,
            Err(e) => Err(e),
        };
        match flushed {
            Ok(()) => Ok(()),
            Err(e) => Err(self.crashed(awaiting, Some(e)).await),
        }
    }

    /// Reads the next line before `deadline`, classified.
    async fn read_message(
        &mut self,
        deadline: Instant,
        awaiting: Awaiting,
    ) -> Result<EngineMessage, EngineError> {
        let timeout = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout_at(deadline.into(), self.out.next_line()).await {
            Ok(Ok(Some(line))) => Ok(EngineMessage::parse(&line)),
            Ok(Ok(None)) => Err(self.crashed(awaiting, None).await),
            Ok(Err(e)) => Err(self.crashed(awaiting, Some(e)).await),
            Err(_) => {
                self.failed = true;
                Err(EngineError::Hang {
                    engine: self.name.clone(),
                    awaiting,
                    after: timeout,
                })
            }
        }
    }

    /// Marks the engine failed and finds out how it went away.
    async fn crashed(&mut self, awaiting: Awaiting, io: Option<std::io::Error>) -> EngineError {
        self.failed = true;
        // A process whose output closed usually exits at the same moment;
        // give it a little time so the report can name the exit status.
        let status = tokio::time::timeout(Duration::from_millis(200), self.child.wait()).await;
        let crash = match (status, io) {
            (Ok(Ok(status)), _) => Crash::Exited(status.to_string()),
            (_, Some(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Crash::BrokenPipe,
            (_, Some(e)) => Crash::Io(e.to_string()),
            (_, None) => Crash::OutputClosed,
        };
        EngineError::Crashed {
            engine: self.name.clone(),
            awaiting,
            crash,
        }
    }
}

/// Keeps `info` as the line of its principal variation (`multipv`, 1 when
/// absent), replacing an earlier report of the same line: the last is the
/// deepest. Numbers beyond the lines kept so far extend the list, up to
/// [`MAX_PV_LINES`]: an engine cannot make the driver allocate at will.
fn keep_line(lines: &mut Vec<Info>, info: &Info) {
    let index = info.multipv.unwrap_or(1).max(1) as usize - 1;
    if index >= MAX_PV_LINES {
        return;
    }
    if index >= lines.len() {
        lines.resize(index + 1, Info::default());
    }
    lines[index] = info.clone();
}
