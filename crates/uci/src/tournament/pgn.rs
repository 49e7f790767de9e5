//! A played game as a PGN record: the referee's record
//! (`arbiter_referee::pgn_export`), with what engine testers expect besides:
//! the book moves before the referee's first move, each engine move's
//! score, depth and time as its comment (`{+0.31/18 0.152s}`), the pairing
//! as the round, and the adjudication or engine failure that ended the game.

use arbiter_pgn::{Comment, MoveNode};
use arbiter_referee::pgn_export::to_pgn_game;
use arbiter_rules::uci::Uci;

use super::game::PlayedGame;

/// The game as an `arbiter-pgn` record.
pub fn to_pgn(played: &PlayedGame) -> arbiter_pgn::Game {
    let game = &played.game;
    let record = &played.record;
    let mut out = to_pgn_game(game);
    let tags = &mut out.tags;
    tags.insert(
        "Round",
        format!("{}.{}", record.pairing.round, record.pairing.number),
    );
    // The referee's game starts after the book; the record starts before it.
    tags.remove("SetUp");
    tags.remove("FEN");
    if let Some(fen) = &played.opening.fen {
        tags.insert("SetUp", "1");
        tags.insert("FEN", fen.clone());
    }
    let termination = match (&record.adjudication, game.outcome()) {
        (Some(_), _) => "adjudication",
        (None, Some(o)) => o.termination.pgn_tag(),
        (None, None) => "unterminated",
    };
    tags.insert("Termination", termination);
    tags.insert("Ruleset", game.setup().ruleset.name.clone());
    tags.insert(
        "PlyCount",
        (played.opening.moves.len() + game.plies().len()).to_string(),
    );

    // The referee's comments (clock readings, and its verdict, which it
    // writes before the moves only when there are none) give way to the
    // engines' notes and a verdict that says why the match ended the game.
    out.comments.clear();
    for warning in &played.warnings {
        out.comments.push(Comment::text(
            format!("warning: {warning}").replace(['{', '}'], ""),
        ));
    }
    out.moves.truncate(played.notes.len());
    for (node, note) in out.moves.iter_mut().zip(&played.notes) {
        let seconds = note.elapsed.as_secs_f64();
        let text = match (note.score, note.depth) {
            (Some(score), Some(depth)) => format!("{score}/{depth} {seconds:.3}s"),
            (Some(score), None) => format!("{score} {seconds:.3}s"),
            _ => format!("{seconds:.3}s"),
        };
        node.comments = vec![Comment::text(text)];
    }
    if let Some(o) = game.outcome() {
        let mut text = format!("{} ({})", o.ruling.message.en, o.ruling.rule);
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
    let mut pos = played.opening.start_position();
    let mut book = Vec::with_capacity(played.opening.moves.len());
    for m in &played.opening.moves {
        let mv = m
            .parse::<Uci>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .expect("book moves are validated when loaded");
        book.push(MoveNode::new(pos.san(mv)).with_comment(Comment::text("book")));
        pos.play_unchecked(mv);
    }
    out.moves.splice(0..0, book);
    out
}
