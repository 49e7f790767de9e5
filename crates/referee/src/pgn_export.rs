//! The scoresheet as PGN: the Seven Tag Roster, `TimeControl`,
//! `Termination`, the players' ratings and ids, `[%clk]` after each move, and
//! a `Result` that matches the verdict.
//!
//! Written here until the `arbiter-pgn` writer lands; the output follows
//! the PGN export format so that any reader takes it.

use core::fmt::Write as _;

use crate::Game;
use crate::scoresheet::format_clock;

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn or_unknown(value: &str) -> &str {
    if value.is_empty() { "?" } else { value }
}

/// The game as one PGN game (tags, movetext, result), ending in a newline.
pub fn to_pgn(game: &Game) -> String {
    let setup = game.setup();
    let result = game.result();
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", or_unknown(&setup.event).to_string()),
        ("Site", or_unknown(&setup.site).to_string()),
        (
            "Date",
            if setup.date.is_empty() {
                "????.??.??".to_string()
            } else {
                setup.date.clone()
            },
        ),
        ("Round", or_unknown(&setup.round).to_string()),
        ("White", or_unknown(&setup.white.name).to_string()),
        ("Black", or_unknown(&setup.black.name).to_string()),
        ("Result", result.to_string()),
    ];
    for (color, player) in [("White", &setup.white), ("Black", &setup.black)] {
        if let Some(r) = player.rating {
            tags.push((
                if color == "White" {
                    "WhiteElo"
                } else {
                    "BlackElo"
                },
                r.to_string(),
            ));
        }
        if let Some(id) = player.fide_id {
            tags.push((
                if color == "White" {
                    "WhiteFideId"
                } else {
                    "BlackFideId"
                },
                id.to_string(),
            ));
        }
    }
    if !setup.time.is_empty() {
        tags.push(("Time", setup.time.clone()));
    }
    tags.push(("TimeControl", setup.time_control.to_string()));
    if let Some(black) = &setup.black_time_control {
        tags.push(("WhiteTimeControl", setup.time_control.to_string()));
        tags.push(("BlackTimeControl", black.to_string()));
    }
    if let Some(o) = game.outcome() {
        tags.push(("Termination", o.termination.pgn_tag().to_string()));
    }
    if setup.fen.is_some() {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", game.start_position().fen()));
    }
    let mut out = String::new();
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut number = game.start_position().fullmoves().get();
    for (i, ply) in game.plies().iter().enumerate() {
        match ply.side {
            arbiter_rules::Color::White => tokens.push(format!("{number}.")),
            arbiter_rules::Color::Black if i == 0 => tokens.push(format!("{number}...")),
            arbiter_rules::Color::Black => {}
        }
        tokens.push(ply.san.clone());
        if let Some(ms) = ply.clock_ms {
            tokens.push(format!("{{[%clk {}]}}", format_clock(ms)));
        }
        if ply.side == arbiter_rules::Color::Black {
            number += 1;
        }
    }
    if let Some(o) = game.outcome() {
        tokens.push(format!(
            "{{{} ({})}}",
            o.ruling.message.en.replace('}', ")"),
            o.ruling.rule
        ));
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

impl Game {
    /// The scoresheet so far.
    pub fn scoresheet(&self) -> crate::scoresheet::Scoresheet {
        crate::scoresheet::Scoresheet::of(self)
    }

    /// The game as PGN (see [`to_pgn`]).
    pub fn to_pgn(&self) -> String {
        to_pgn(self)
    }
}
