//! Recorded games as event logs: a game read from PGN (tags, SAN moves and
//! their clock comments) becomes online-mode events, timed from `[%clk]`,
//! `[%emt]` or TCEC's `mt=` comments, so the referee can decide it anew.
//!
//! [`read_pgn`] reads with the `arbiter-pgn` reader; [`to_events`] works on
//! any [`RecordedGame`], whoever read it.

use arbiter_pgn::{ClockTime, Comment};
use arbiter_rules::Color;

use crate::clock::Clock;
use crate::{Actor, Event, EventKind, GameResult, GameSetup, Player, Ruleset, TimeControl};

/// A move as recorded, with the comments after it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RecordedMove {
    /// The SAN as written.
    pub san: String,
    /// The comments that follow it, their `[%clk]` and `[%emt]` read.
    pub comments: Vec<Comment>,
}

/// A game as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RecordedGame {
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<RecordedMove>,
    /// The result token at the end of the movetext.
    pub result: Option<GameResult>,
}

impl RecordedGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// PGN that cannot be read, with its place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}: {message}")]
pub struct PgnError {
    /// The game (1-based).
    pub game: usize,
    /// What is wrong, with its line and column.
    pub message: String,
}

impl RecordedGame {
    /// The record of a game read by `arbiter-pgn` (its main line).
    pub fn from_pgn(game: &arbiter_pgn::Game) -> RecordedGame {
        RecordedGame {
            tags: game
                .tags
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            moves: game
                .moves
                .iter()
                .map(|m| RecordedMove {
                    san: m.san.clone(),
                    comments: m.comments.clone(),
                })
                .collect(),
            result: game.result,
        }
    }
}

/// Reads every game of a PGN text with the `arbiter-pgn` reader (main
/// lines only).
pub fn read_pgn(text: &str) -> Result<Vec<RecordedGame>, PgnError> {
    let mut reader = arbiter_pgn::Reader::new(text.as_bytes());
    let mut games = Vec::new();
    loop {
        match reader.read_game() {
            Ok(Some(game)) => games.push(RecordedGame::from_pgn(&game)),
            Ok(None) => return Ok(games),
            Err(e) => {
                return Err(PgnError {
                    game: games.len() + 1,
                    message: e.to_string(),
                });
            }
        }
    }
}

/// How long a move took, or the clock after it, as its comments say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveTime {
    /// `[%clk h:mm:ss]` or TCEC's `tl=`: time left after the move.
    ClockAfter(u64),
    /// `[%emt h:mm:ss]` or TCEC's `mt=`: time spent on the move.
    Elapsed(u64),
}

/// A move's time and how finely it was recorded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecordedTime {
    /// The recorded clock reading or time spent.
    pub time: MoveTime,
    /// The recording's resolution: 1000 for whole seconds, 1 for
    /// milliseconds.
    pub resolution_ms: u64,
}

/// The resolution of a time written as text: milliseconds when it has a
/// fraction of a second or is a bare count (TCEC's milliseconds), whole
/// seconds otherwise.
fn resolution(text: &str) -> u64 {
    if text.contains('.') || !text.contains(':') {
        1
    } else {
        1000
    }
}

/// The resolution of a `[%clk]` or `[%emt]` time: whole seconds unless
/// it has a fraction of one.
fn clock_resolution(time: ClockTime) -> u64 {
    if time.as_millis().is_multiple_of(1000) {
        1000
    } else {
        1
    }
}

/// An `h:mm:ss` time as text (a tag, a TCEC field) in milliseconds, read
/// as the PGN reader reads `[%clk]`.
fn parse_hms(text: &str) -> Option<u64> {
    text.trim()
        .parse::<ClockTime>()
        .ok()
        .map(ClockTime::as_millis)
}

/// The time a move's comments give, if any.
pub fn move_time(comments: &[Comment]) -> Option<MoveTime> {
    recorded_time(comments).map(|t| t.time)
}

/// The time a move's comments give, with its resolution.
pub fn recorded_time(comments: &[Comment]) -> Option<RecordedTime> {
    for c in comments {
        let commands = [
            c.clock.map(|t| (MoveTime::ClockAfter(t.as_millis()), t)),
            c.elapsed.map(|t| (MoveTime::Elapsed(t.as_millis()), t)),
        ];
        if let Some((time, written)) = commands.into_iter().flatten().next() {
            return Some(RecordedTime {
                time,
                resolution_ms: clock_resolution(written),
            });
        }
        // TCEC: `tl=` the clock after the move, `mt=` the time spent, in
        // milliseconds or h:mm:ss (older seasons), in the comment's words.
        // The clock is preferred: it is the record of the clock itself.
        let field = |name: &str| {
            c.text.split(',').find_map(|f| {
                let v = f.trim().strip_prefix(name)?;
                let ms = if v.contains(':') {
                    parse_hms(v)
                } else {
                    v.trim().parse::<u64>().ok()
                };
                ms.map(|ms| (ms, resolution(v)))
            })
        };
        if let Some((ms, resolution_ms)) = field("tl=") {
            return Some(RecordedTime {
                time: MoveTime::ClockAfter(ms),
                resolution_ms,
            });
        }
        if let Some((ms, resolution_ms)) = field("mt=") {
            return Some(RecordedTime {
                time: MoveTime::Elapsed(ms),
                resolution_ms,
            });
        }
    }
    None
}

/// Options for turning a record into events.
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// The ruleset (default `fide-standard`).
    pub ruleset: Option<Ruleset>,
    /// The time control, instead of the `TimeControl` tag.
    pub time_control: Option<TimeControl>,
}

/// A record turned into a setup and events.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The setup, from the tags.
    pub setup: GameSetup,
    /// Start, the moves, and a final tick at the game's recorded end.
    pub events: Vec<Event>,
}

/// A record that cannot become a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// A tag's value is unusable.
    #[error("tag {tag}: {message}")]
    Tag {
        /// The name of the tag (`TimeControl`).
        tag: String,
        /// Why.
        message: String,
    },
}

fn tag_time_control(game: &RecordedGame, name: &str) -> Result<Option<TimeControl>, ImportError> {
    match game.tag(name) {
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|e: crate::ParseTimeControlError| ImportError::Tag {
                tag: name.to_string(),
                message: e.to_string(),
            }),
        None => Ok(None),
    }
}

/// The `GameDuration` tag (`hh:mm:ss`) in milliseconds.
fn duration_ms(game: &RecordedGame) -> Option<u64> {
    parse_hms(game.tag("GameDuration")?)
}

/// What the record says happened after its last move, as events: a flag
/// (`Termination` "time forfeit"), a claim of threefold or fifty moves, or
/// an engine's illegal move (TCEC's `TerminationDetails`). Whether they
/// end the game, and how, is for the referee to decide.
fn ending_events(game: &RecordedGame, side: Color, now: u64, clock: &Clock) -> Vec<Event> {
    let details = game
        .tag("TerminationDetails")
        .unwrap_or("")
        .to_ascii_lowercase();
    let termination = game.tag("Termination").unwrap_or("").to_ascii_lowercase();
    let actor = Actor::from(side);
    if termination == "time forfeit" || details.contains("on time") {
        // The moment the side to move oversteps, on the record's own clock.
        let at = clock
            .flag_deadline()
            .or_else(|| duration_ms(game))
            .unwrap_or(now);
        return vec![Event::new(Actor::Arbiter, at.max(now), EventKind::Tick)];
    }
    let claim = if details.contains("3-fold") || details.contains("repetition") {
        Some(crate::DrawClaim::Threefold)
    } else if details.contains("fifty") || details.contains("50") {
        Some(crate::DrawClaim::FiftyMoves)
    } else {
        None
    };
    if let Some(claim) = claim {
        return vec![Event::new(
            actor,
            now,
            EventKind::ClaimDraw { claim, mv: None },
        )];
    }
    if let Some(mv) = details.strip_prefix("illegal move:") {
        return vec![Event::new(
            actor,
            now,
            EventKind::Move {
                mv: mv.trim().to_string(),
                offer_draw: false,
            },
        )];
    }
    Vec::new()
}

/// Turns a record into a setup and online-mode events. Each move is timed
/// from its comments (moves without a time take none); what the record says
/// happened after the last move (a flag, a claim of threefold or fifty
/// moves, an engine's illegal move) follows.
pub fn to_events(game: &RecordedGame, options: &ImportOptions) -> Result<Imported, ImportError> {
    let white_tc = tag_time_control(game, "WhiteTimeControl")?;
    let black_tc = tag_time_control(game, "BlackTimeControl")?;
    let time_control = match (&options.time_control, white_tc) {
        (Some(tc), _) => tc.clone(),
        (None, Some(tc)) => tc,
        (None, None) => tag_time_control(game, "TimeControl")?.unwrap_or_default(),
    };
    let black_time_control = match (&options.time_control, black_tc) {
        (None, Some(tc)) if tc != time_control => Some(tc),
        _ => None,
    };
    let player = |name: &str, elo: &str| Player {
        name: game.tag(name).unwrap_or("").to_string(),
        rating: game.tag(elo).and_then(|v| v.parse().ok()),
        fide_id: None,
    };
    let setup = GameSetup {
        ruleset: options.ruleset.clone().unwrap_or_default(),
        time_control,
        black_time_control,
        mode: crate::Mode::Online,
        white: player("White", "WhiteElo"),
        black: player("Black", "BlackElo"),
        event: game.tag("Event").unwrap_or("").to_string(),
        site: game.tag("Site").unwrap_or("").to_string(),
        date: game.tag("Date").unwrap_or("").to_string(),
        time: game.tag("Time").unwrap_or("").to_string(),
        round: game.tag("Round").unwrap_or("").to_string(),
        fen: game.tag("FEN").map(str::to_string),
        default_time_ms: None,
    };
    let start = setup.start_position().map_err(|e| ImportError::Tag {
        tag: "FEN".into(),
        message: e.to_string(),
    })?;
    let mut clock = Clock::new(setup.time_controls());
    let mut side = start.turn();
    let mut now = 0u64;
    clock.start(side, now);
    let mut events = vec![Event::new(Actor::Arbiter, 0, EventKind::Start)];
    for m in &game.moves {
        let recorded = recorded_time(&m.comments);
        let mut elapsed = match recorded.map(|r| r.time) {
            Some(MoveTime::Elapsed(ms)) => ms,
            Some(MoveTime::ClockAfter(left)) => {
                // The clock after the move is linear in the time spent:
                // what a press with no time spent would show, minus `left`.
                let mut probe = clock.clone();
                let zero = probe.press(side, now).remaining_ms;
                (zero - left as i64).max(0) as u64
            }
            None => 0,
        };
        // Times recorded in whole seconds (two roundings: before and after)
        // cannot show an overstep of less than two seconds: give the move
        // the benefit of the doubt, as the record cannot prove the flag.
        let before = clock.remaining_at(side, now).max(0) as u64;
        let margin = 2 * recorded.map_or(1, |r| r.resolution_ms);
        if margin > 2
            && clock.control(side).is_timed()
            && elapsed >= before
            && elapsed < before.saturating_add(margin)
        {
            elapsed = before.saturating_sub(1);
        }
        now = now.saturating_add(elapsed);
        clock.press(side, now);
        events.push(Event::new(
            Actor::from(side),
            now,
            EventKind::Move {
                mv: m.san.clone(),
                // Arbiter's export notes an offer as `(=)` in the move's
                // comment (FIDE 9.1.2.2).
                offer_draw: m
                    .comments
                    .iter()
                    .any(|c| c.text.split_whitespace().any(|w| w == "(=)")),
            },
        ));
        side = !side;
    }
    events.extend(ending_events(game, side, now, &clock));
    Ok(Imported { setup, events })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_comments_and_results() {
        let pgn = "[Event \"A \\\"b\\\"\"]\n[Result \"1-0\"]\n\n1. e4 {[%clk 0:04:58]} e5 (1... c5 2. Nf3) 2. Nf3 $1 {x} ; rest\n Nc6 1-0\n\n[Event \"B\"]\n\n1. d4 *\n";
        let games = read_pgn(pgn).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("A \"b\""));
        let sans: Vec<&str> = games[0].moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(
            move_time(&games[0].moves[0].comments),
            Some(MoveTime::ClockAfter(298_000))
        );
        assert_eq!(games[0].result, Some(GameResult::WhiteWins));
        assert_eq!(games[1].moves.len(), 1);
        assert_eq!(games[1].result, Some(GameResult::Unknown));
    }

    #[test]
    fn tcec_move_times() {
        let time = |text: &str| move_time(&[Comment::parse(text)]);
        assert_eq!(
            time("d=5, sd=5, mt=233808, tl=1569192, s=277611"),
            Some(MoveTime::ClockAfter(1_569_192))
        );
        assert_eq!(
            time("d=31, mt=00:00:56, tl=00:07:02"),
            Some(MoveTime::ClockAfter(422_000))
        );
        assert_eq!(
            time("d=31, mt=00:00:56, s=1"),
            Some(MoveTime::Elapsed(56_000))
        );
        assert_eq!(time("book, mb=+0"), None);
    }

    #[test]
    fn a_clock_is_preferred_and_its_resolution_kept() {
        let recorded = |text: &str| recorded_time(&[Comment::parse(text)]);
        let whole = recorded("[%emt 0:00:03] [%clk 0:04:58] Ng5 was better").unwrap();
        assert_eq!(whole.time, MoveTime::ClockAfter(298_000));
        assert_eq!(whole.resolution_ms, 1000);
        let fine = recorded("[%emt 0:00:03.25]").unwrap();
        assert_eq!(fine.time, MoveTime::Elapsed(3_250));
        assert_eq!(fine.resolution_ms, 1);
        // A clock the reader could not read is no time.
        assert_eq!(recorded("[%clk soon]"), None);
    }

    #[test]
    fn clock_comments_become_move_times() {
        let games = read_pgn("[TimeControl \"60+1\"]\n\n1. e4 {[%clk 0:00:58]} e5 {[%clk 0:00:60]} 2. Nf3 {[%clk 0:00:50]} *").unwrap();
        let imported = to_events(&games[0], &ImportOptions::default()).unwrap();
        let times: Vec<u64> = imported.events.iter().map(|e| e.at_ms).collect();
        // 60 + 1 - 58 = 3 s; 60 + 1 - 60 = 1 s; 58 + 1 - 50 = 9 s.
        assert_eq!(times, [0, 3_000, 4_000, 13_000]);
    }
}
