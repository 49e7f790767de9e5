//! The PGN reader on arbitrary bytes: it must never panic, loop forever or
//! lose its place, and whatever it reads the writer must be able to write.
//!
//! ```sh
//! cd fuzz && cargo +nightly fuzz run pgn_reader -- -max_total_time=300
//! ```
//!
//! Seed it with the shared PGN files: copy them into `fuzz/corpus/pgn_reader/`
//! (ignored by git) before the first run.
#![no_main]

use arbiter_pgn::{GameText, Reader, ReadError, Skip, Visitor};
use libfuzzer_sys::fuzz_target;

/// Touches every event, including the lazily decoded parts.
struct Everything;

impl Visitor for Everything {
    type Output = ();
    fn tag(&mut self, _name: &[u8], value: arbiter_pgn::RawTag<'_>) {
        let _ = value.decode();
    }
    fn san(&mut self, san: arbiter_pgn::SanToken<'_>) {
        let _ = san.decode();
    }
    fn comment(&mut self, comment: arbiter_pgn::RawComment<'_>) {
        let _ = comment.parse().to_string();
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }
    fn end_game(&mut self) {}
}

fuzz_target!(|data: &[u8]| {
    // The visitor path, with every offset turned into a place.
    let mut reader = Reader::new(data).with_max_game_bytes(4096);
    let mut games = 0;
    while let Ok(Some(text)) = reader.next_game_text() {
        games += 1;
        assert_eq!(text.number(), games);
        let len = text.bytes().len();
        text.visit(&mut Everything);
        let _ = text.location(len);
        let _ = text.snippet(len / 2, 20);
        let copy = text.bytes().to_vec();
        GameText::new(&copy, 1, 1, 0).visit(&mut Everything);
    }
    // The model path, and the writer on whatever was read.
    for game in Reader::new(data).games() {
        match game {
            Ok(game) => {
                let text = game.to_string();
                let again = Reader::new(text.as_bytes()).read_game();
                assert!(!matches!(again, Err(ReadError::Io(_))));
            }
            Err(ReadError::Io(_)) => unreachable!("reading from memory"),
            Err(ReadError::Game(_)) => {}
        }
    }
});
