//! The scoresheet as PGN, written by `arbiter-pgn`: the Seven Tag Roster
//! (`?` where unknown), the players' ratings and ids, `TimeControl` (PGN
//! standard 9.6.1: `40/5400+30:1800+30`, `?` unknown, `-` none),
//! `Termination`, `[%clk]` after each move, a draw offer as `(=)` in its
//! move's comment, the verdict as a last comment, and a `Result` that
//! matches the verdict. Engine matches build their record on this one.

use arbiter_pgn::{ClockTime, Comment, MoveNode};

use crate::{Game, TimeControl};

/// The game as a PGN record.
pub fn to_pgn_game(game: &Game) -> arbiter_pgn::Game {
    let setup = game.setup();
    let mut record = arbiter_pgn::Game::default();
    let tags = &mut record.tags;
    let or_unknown = |v: &str| {
        if v.is_empty() {
            "?".to_string()
        } else {
            v.to_string()
        }
    };
    tags.insert("Event", or_unknown(&setup.event));
    tags.insert("Site", or_unknown(&setup.site));
    tags.insert(
        "Date",
        if setup.date.is_empty() {
            "????.??.??".to_string()
        } else {
            setup.date.clone()
        },
    );
    tags.insert("Round", or_unknown(&setup.round));
    tags.insert("White", or_unknown(&setup.white.name));
    tags.insert("Black", or_unknown(&setup.black.name));
    tags.insert("Result", game.result().as_str());
    for (prefix, player) in [("White", &setup.white), ("Black", &setup.black)] {
        if let Some(r) = player.rating {
            tags.insert(format!("{prefix}Elo"), r.to_string());
        }
        if let Some(id) = player.fide_id {
            tags.insert(format!("{prefix}FideId"), id.to_string());
        }
    }
    if !setup.time.is_empty() {
        tags.insert("Time", setup.time.clone());
    }
    // The standard's one `TimeControl` cannot state two controls: when the
    // sides' differ, it says unknown (`?`) and each side has its own tag.
    // A record that names each side's control (TCEC's do) with the same
    // control for both keeps it as the game's one `TimeControl`.
    match &setup.black_time_control {
        Some(black) if *black != setup.time_control => {
            tags.insert("TimeControl", TimeControl::Unknown.to_string());
            tags.insert("WhiteTimeControl", setup.time_control.to_string());
            tags.insert("BlackTimeControl", black.to_string());
        }
        Some(black) => {
            tags.insert("TimeControl", setup.time_control.to_string());
            tags.insert("WhiteTimeControl", setup.time_control.to_string());
            tags.insert("BlackTimeControl", black.to_string());
        }
        None => tags.insert("TimeControl", setup.time_control.to_string()),
    }
    if let Some(o) = game.outcome() {
        tags.insert("Termination", o.termination.pgn_tag());
    }
    if setup.fen.is_some() {
        tags.insert("SetUp", "1");
        tags.insert("FEN", game.start_position().fen());
    }
    for ply in game.plies() {
        let mut node = MoveNode::new(ply.san.clone());
        // The draw offer noted as on the scoresheet (FIDE 9.1.2.2). PGN has
        // no symbol for it, and a bare `(=)` would open a variation, so it
        // goes in the move's comment.
        let offer = if ply.offered_draw { "(=)" } else { "" };
        let comment = Comment {
            clock: ply
                .clock_ms
                .map(|ms| ClockTime::from_millis(ms.max(0) as u64)),
            ..Comment::text(offer)
        };
        if !comment.is_empty() {
            node.comments.push(comment);
        }
        record.moves.push(node);
    }
    if let Some(o) = game.outcome() {
        let verdict = Comment::text(format!(
            "{} ({})",
            o.ruling.message().text("en"),
            o.ruling.rule
        ));
        match record.moves.last_mut() {
            Some(last) => last.comments.push(verdict),
            None => record.comments.push(verdict),
        }
    }
    record.result = Some(game.result());
    record
}

/// The game as one PGN game in export format.
pub fn to_pgn(game: &Game) -> String {
    arbiter_pgn::export(&to_pgn_game(game))
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
