//! A played game as a PGN record: the referee's moves and verdict, the
//! book moves, and each engine move's score, depth and time as a comment
//! (`{+0.31/18 0.152s}`).

use arbiter_pgn::{Comment, MoveNode};
use arbiter_rules::uci::Uci;

use super::game::PlayedGame;

/// The game as an `arbiter-pgn` record.
pub fn to_pgn(played: &PlayedGame) -> arbiter_pgn::Game {
    let game = &played.game;
    let setup = game.setup();
    let record = &played.record;
    let mut out = arbiter_pgn::Game::default();
    let tags = &mut out.tags;
    tags.insert("Event", setup.event.clone());
    tags.insert("Site", setup.site.clone());
    tags.insert("Date", setup.date.clone());
    tags.insert(
        "Round",
        format!("{}.{}", record.pairing.round, record.pairing.number),
    );
    tags.insert("White", setup.white.name.clone());
    tags.insert("Black", setup.black.name.clone());
    tags.insert("Result", game.result().to_string());
    if let Some(fen) = &played.opening.fen {
        tags.insert("SetUp", "1");
        tags.insert("FEN", fen.clone());
    }
    match &setup.black_time_control {
        Some(black) => {
            tags.insert("WhiteTimeControl", setup.time_control.to_string());
            tags.insert("BlackTimeControl", black.to_string());
        }
        None => tags.insert("TimeControl", setup.time_control.to_string()),
    }
    let termination = match (&record.adjudication, game.outcome()) {
        (Some(_), _) => "adjudication",
        (None, Some(o)) => o.termination.pgn_tag(),
        (None, None) => "unterminated",
    };
    tags.insert("Termination", termination);
    tags.insert("Ruleset", setup.ruleset.name.clone());
    tags.insert(
        "PlyCount",
        (played.opening.moves.len() + game.plies().len()).to_string(),
    );

    for warning in &played.warnings {
        out.comments.push(Comment::text(
            format!("warning: {warning}").replace(['{', '}'], ""),
        ));
    }
    let mut pos = played.opening.start_position();
    for m in &played.opening.moves {
        let mv = m
            .parse::<Uci>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .expect("book moves are validated when loaded");
        out.moves
            .push(MoveNode::new(pos.san(mv)).with_comment(Comment::text("book")));
        pos.play_unchecked(mv);
    }
    for (ply, note) in game.plies().iter().zip(&played.notes) {
        let seconds = note.elapsed.as_secs_f64();
        let text = match (note.score, note.depth) {
            (Some(score), Some(depth)) => format!("{score}/{depth} {seconds:.3}s"),
            (Some(score), None) => format!("{score} {seconds:.3}s"),
            _ => format!("{seconds:.3}s"),
        };
        out.moves
            .push(MoveNode::new(ply.san.clone()).with_comment(Comment::text(text)));
    }
    if let Some(o) = game.outcome() {
        let mut text = format!("{} ({})", o.ruling.message().text("en"), o.ruling.rule);
        if let Some(adj) = &record.adjudication {
            text = format!("adjudication: {adj}; {text}");
        }
        if let Some(f) = &record.failure {
            text = format!("{}: {}; {text}", f.kind.as_str(), f.detail);
        }
        let comment = Comment::text(text.replace(['{', '}'], ""));
        match out.moves.last_mut() {
            Some(last) => last.comments.push(comment),
            None => out.comments.push(comment),
        }
    }
    out.result = game.result().to_string().parse().ok();
    out
}
