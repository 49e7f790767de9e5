//! `--fix`: the games written back in export format, with the results the
//! positions prove and a comment on each change.

use arbiter_pgn::{Comment, GameBuilder, GameText};

use crate::replay::Correction;

/// The game in export format with its result corrected; a game that cannot
/// be read is written back as it was, so that none is dropped.
pub fn fixed_game(text: &GameText<'_>, correction: Option<&Correction>) -> Vec<u8> {
    let mut game = match text.visit(&mut GameBuilder::default()) {
        Ok(game) => game,
        Err(_) => {
            let mut raw = text.bytes().to_vec();
            raw.extend_from_slice(b"\n\n");
            return raw;
        }
    };
    if let Some(c) = correction {
        let proven = c.proven();
        game.tags.insert("Result", proven.as_str());
        if game.tags.get("Termination").is_none() {
            // The PGN standard's word for a game that ended by the rules.
            game.tags.insert("Termination", "normal");
        }
        game.result = Some(proven);
        // A PGN comment is read by people of every language: the record
        // keeps the English words.
        let note = Comment::text(arbiter_messages::english().render(&c.comment()));
        match game.moves.last_mut() {
            Some(last) => last.comments.push(note),
            None => game.comments.push(note),
        }
    }
    arbiter_pgn::export(&game).into_bytes()
}
