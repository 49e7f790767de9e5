//! The parser ending games itself (`next_game_head`, then
//! `OpenGame::visit_to_end`) against the splitter cutting them first
//! (`next_game_with_tags`, then `GameText::visit`), on arbitrary bytes: the
//! same games, with every event at the same offset, or a panic.
//!
//! ```sh
//! cd fuzz && cargo +nightly fuzz run pgn_open_game -- -max_total_time=600
//! ```
#![no_main]

use arbiter_pgn::{
    GameHead, GameTags, GameText, NextGame, RawComment, RawTag, SanToken, Skip, SyntaxError,
    Visitor, next_game_head, next_game_with_tags,
};
use libfuzzer_sys::fuzz_target;

/// Every event, with its offset, as a line.
#[derive(Default)]
struct Events {
    lines: Vec<String>,
    skip_variations: bool,
}

impl Visitor for Events {
    type Output = Vec<String>;
    fn begin_game(&mut self) {
        self.lines.clear();
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let line = format!("tag {name:?} {:?} {}", value.as_bytes(), value.offset());
        self.lines.push(line);
    }
    fn begin_movetext(&mut self) {
        self.lines.push("movetext".into());
    }
    fn move_number(&mut self, n: u32, at: usize) {
        self.lines.push(format!("number {n} {at}"));
    }
    fn san(&mut self, san: SanToken<'_>) {
        let line = format!("san {:?} {:?} {}", san.as_bytes(), san.check_mark(), san.offset());
        self.lines.push(line);
    }
    fn nag(&mut self, nag: arbiter_pgn::Nag, at: usize) {
        self.lines.push(format!("nag {nag} {at}"));
    }
    fn comment(&mut self, c: RawComment<'_>) {
        self.lines.push(format!("comment {:?} {}", c.as_bytes(), c.offset()));
    }
    fn begin_variation(&mut self) -> Skip {
        self.lines.push("(".into());
        Skip(self.skip_variations)
    }
    fn end_variation(&mut self) {
        self.lines.push(")".into());
    }
    fn result(&mut self, r: arbiter_pgn::GameResult, at: usize) {
        self.lines.push(format!("result {r} {at}"));
    }
    fn syntax_error(&mut self, e: SyntaxError) {
        self.lines.push(format!("error {:?} {}", e.kind, e.offset));
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }
}

/// One game cut by the splitter and parsed, or where more input is needed.
fn split(bytes: &[u8], i: usize, eof: bool, tags: &mut GameTags, events: &mut Events) -> (String, Option<usize>) {
    match next_game_with_tags(bytes, i, eof, tags) {
        NextGame::Game(game) => {
            let text = GameText::new(&bytes[game.clone()], 1, 1, 0).with_tags(tags);
            (format!("{game:?} {:?}", text.visit(events)), Some(game.end))
        }
        NextGame::NeedsMore(at) => (format!("needs more from {at}"), None),
        NextGame::End => ("end".into(), None),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, bytes)) = data.split_first() else {
        return;
    };
    let eof = flags & 1 != 0;
    let skip_variations = flags & 2 != 0;
    let max_len = if flags & 4 != 0 { 32 } else { usize::MAX };
    let events = &mut Events { lines: Vec::new(), skip_variations };
    let mut tags = GameTags::default();
    let (mut expected, mut found) = (Vec::new(), Vec::new());
    let mut i = 0;
    loop {
        let (game, next) = split(bytes, i, eof, &mut tags, events);
        expected.push(game);
        match next {
            Some(end) => i = end,
            None => break,
        }
    }
    let mut i = 0;
    loop {
        if let GameHead::Open(open) = next_game_head(bytes, i, eof, &mut tags)
            && let Some(end) = open.visit_to_end(bytes, &tags, max_len, events)
        {
            assert!(end <= max_len.saturating_add(open.start()));
            found.push(format!("{:?} {:?}", open.start()..end, events.end_game()));
            i = end;
            continue;
        }
        let (game, next) = split(bytes, i, eof, &mut tags, events);
        found.push(game);
        match next {
            Some(end) => i = end,
            None => break,
        }
    }
    assert_eq!(found, expected);
});
