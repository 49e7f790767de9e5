//! The scoresheet: the game's record as the classic rules describe it (FIDE 8.1,
//! Appendix C): a head with both names, the date and time, and the place;
//! moves in pairs, White on the left and Black on the right; clock times.

use core::fmt::Write as _;

use arbiter_rules::Color;
use serde::{Deserialize, Serialize};

use crate::{Game, GameResult, Outcome, Player};

/// One side's move on a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// SAN (`Nf3`).
    pub san: String,
    /// The classic rules' Chinese short form (`马f3`).
    pub chinese: String,
    /// Time left after the move, if timed.
    pub clock_ms: Option<i64>,
    /// Time spent on the move.
    pub elapsed_ms: u64,
    /// A draw offer went with the move (FIDE 9.1.2.2: noted `(=)`).
    pub offered_draw: bool,
}

/// A row: the move number, White's move and Black's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The move number.
    pub number: u32,
    /// White's move (`None` when the game started with Black to move).
    pub white: Option<Entry>,
    /// Black's move (`None` while it is still to come).
    pub black: Option<Entry>,
}

/// The head of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The competition (PGN's `Event` tag).
    pub event: String,
    /// The place.
    pub site: String,
    /// The date the game was played, `YYYY.MM.DD`.
    pub date: String,
    /// The time of day.
    pub time: String,
    /// The round of the competition.
    pub round: String,
    /// The player with the white pieces.
    pub white: Player,
    /// The player with the black pieces.
    pub black: Player,
    /// The time control, as the record writes it.
    pub time_control: String,
    /// The ruleset's name.
    pub ruleset: String,
}

/// The scoresheet of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoresheet {
    /// The head.
    pub header: Header,
    /// The moves, in pairs.
    pub rows: Vec<Row>,
    /// The result (`*` while the game goes on).
    pub result: GameResult,
    /// How it ended.
    pub outcome: Option<Outcome>,
}

/// Which notation a rendered scoresheet uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// The classic rules' form: Chinese piece names and labels.
    Chinese,
    /// SAN with English labels.
    English,
}

/// `h:mm:ss`, with milliseconds when not whole seconds.
pub fn format_clock(ms: i64) -> String {
    let ms = ms.max(0);
    let (h, m, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    if frac == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        let f = format!("{frac:03}");
        format!("{h}:{m:02}:{s:02}.{}", f.trim_end_matches('0'))
    }
}

impl Scoresheet {
    /// The record of `game` so far.
    pub fn of(game: &Game) -> Scoresheet {
        let setup = game.setup();
        let mut rows: Vec<Row> = Vec::new();
        let mut number = game.start_position().fullmoves().get();
        for ply in game.plies() {
            let entry = Entry {
                san: ply.san.clone(),
                chinese: ply.chinese.clone(),
                clock_ms: ply.clock_ms,
                elapsed_ms: ply.elapsed_ms,
                offered_draw: ply.offered_draw,
            };
            match ply.side {
                Color::White => rows.push(Row {
                    number,
                    white: Some(entry),
                    black: None,
                }),
                Color::Black => {
                    match rows.last_mut() {
                        Some(row) if row.black.is_none() && row.number == number => {
                            row.black = Some(entry)
                        }
                        _ => rows.push(Row {
                            number,
                            white: None,
                            black: Some(entry),
                        }),
                    }
                    number += 1;
                }
            }
        }
        Scoresheet {
            header: Header {
                event: setup.event.clone(),
                site: setup.site.clone(),
                date: setup.date.clone(),
                time: setup.time.clone(),
                round: setup.round.clone(),
                white: setup.white.clone(),
                black: setup.black.clone(),
                time_control: setup.time_control.to_string(),
                ruleset: setup.ruleset.name.clone(),
            },
            rows,
            result: game.result(),
            outcome: game.outcome().cloned(),
        }
    }

    /// The record as text, in the classic rules' layout.
    pub fn render(&self, language: Language) -> String {
        let zh = language == Language::Chinese;
        let catalogue = arbiter_messages::catalogue(if zh { "zh" } else { "en" })
            .unwrap_or_else(arbiter_messages::english);
        let label = |key: &'static str| catalogue.template(key).unwrap_or(key);
        let player = |p: &Player| match p.rating {
            Some(r) => format!("{} ({r})", p.name),
            None => p.name.clone(),
        };
        let h = &self.header;
        let mut out = String::new();
        let _ = writeln!(out, "{}: {}", label("scoresheet-event"), h.event);
        let _ = writeln!(out, "{}: {}", label("scoresheet-site"), h.site);
        let _ = writeln!(
            out,
            "{}: {}  {}: {}",
            label("scoresheet-date"),
            h.date,
            label("scoresheet-time"),
            h.time
        );
        let _ = writeln!(out, "{}: {}", label("scoresheet-round"), h.round);
        let _ = writeln!(out, "{}: {}", label("side-white"), player(&h.white));
        let _ = writeln!(out, "{}: {}", label("side-black"), player(&h.black));
        let _ = writeln!(
            out,
            "{}: {}  ({})",
            label("scoresheet-time-control"),
            h.time_control,
            h.ruleset
        );
        let _ = writeln!(out);
        let cell = |e: &Option<Entry>| -> String {
            match e {
                None => "…".to_string(),
                Some(e) => {
                    let mut s = if zh { e.chinese.clone() } else { e.san.clone() };
                    if e.offered_draw {
                        s.push_str(" (=)");
                    }
                    if let Some(ms) = e.clock_ms {
                        let _ = write!(s, " [{}]", format_clock(ms));
                    }
                    s
                }
            }
        };
        for row in &self.rows {
            let white = cell(&row.white);
            let black = if row.black.is_some() {
                cell(&row.black)
            } else {
                String::new()
            };
            let _ = writeln!(out, "{:>3}. {:<24} {}", row.number, white, black);
        }
        let _ = writeln!(out);
        match &self.outcome {
            Some(o) => {
                let message = o.ruling.message();
                let msg = message.text(if zh { "zh" } else { "en" });
                let _ = writeln!(
                    out,
                    "{}: {}  {} ({})",
                    label("scoresheet-result"),
                    o.result,
                    msg,
                    o.ruling.rule
                );
            }
            None => {
                let _ = writeln!(out, "{}: *", label("scoresheet-result"));
            }
        }
        out
    }
}
