//! The JSON text of an update, written field by field.
//!
//! An update goes to everybody watching after every move, and `serde_json`
//! looks at every byte of every string for characters to escape: square
//! names, the FEN, UCI and SAN never hold one. Here those are copied as
//! they are, and only text that may hold anything (names, the Chinese
//! notation) is escaped. The text is the same as `serde_json` writes for
//! the same view (tested below), so clients see no difference.

use serde::Serialize;

use super::view::{Dests, PlyView, Ruled, Status, View};
use arbiter_referee::ClockReading;
use arbiter_rules::Color;

/// `{"type":"update","view":{…}}` for `view`.
pub fn update_text(view: &View) -> String {
    let mut json = Json(String::with_capacity(1536));
    json.open('{');
    json.key("type");
    json.plain("update");
    json.key("view");
    json.view(view);
    json.close('}');
    json.0
}

/// JSON text being written. Commas are put in by [`Json::key`] and
/// [`Json::open`] themselves: before anything but the first member.
struct Json(String);

impl Json {
    fn view(&mut self, v: &View) {
        self.open('{');
        self.key("id");
        self.text(&v.id);
        if let Some(head) = &v.head {
            self.key("head");
            self.value(head);
        }
        self.key("status");
        self.plain(match v.status {
            Status::Created => "created",
            Status::Started => "started",
            Status::Over => "over",
        });
        self.key("seq");
        self.number(v.seq);
        self.key("fen");
        self.plain(&v.fen);
        self.key("turn");
        self.color(v.turn);
        self.key("check");
        self.boolean(v.check);
        self.key("last_move");
        match &v.last_move {
            Some([from, to]) => {
                self.open('[');
                self.element();
                self.plain(from);
                self.element();
                self.plain(to);
                self.close(']');
            }
            None => self.null(),
        }
        self.key("moves_from");
        self.number(v.moves_from);
        self.key("moves");
        self.open('[');
        for ply in &v.moves {
            self.element();
            self.ply(ply);
        }
        self.close(']');
        self.key("clock");
        self.clock(&v.clock);
        self.key("at_ms");
        self.number(v.at_ms);
        self.key("server_unix_ms");
        self.number(v.server_unix_ms);
        self.key("dests");
        self.dests(&v.dests);
        self.key("pending_offer");
        self.maybe_color(v.pending_offer);
        self.key("obligation");
        self.maybe(v.obligation.as_ref());
        self.key("repetitions");
        self.number(v.repetitions);
        self.key("halfmoves");
        self.number(v.halfmoves);
        self.key("result");
        self.text(&v.result);
        self.key("outcome");
        self.maybe(v.outcome.as_ref());
        self.key("ruled");
        match &v.ruled {
            Some(ruled) => self.ruled(ruled),
            None => self.null(),
        }
        self.close('}');
    }

    fn ply(&mut self, p: &PlyView) {
        self.open('{');
        self.key("side");
        self.color(p.side);
        self.key("uci");
        self.plain(&p.uci);
        self.key("san");
        self.plain(&p.san);
        self.key("chinese");
        self.text(&p.chinese);
        self.key("clock_ms");
        match p.clock_ms {
            Some(ms) => self.number(ms),
            None => self.null(),
        }
        self.key("offered_draw");
        self.boolean(p.offered_draw);
        self.close('}');
    }

    fn clock(&mut self, c: &ClockReading) {
        self.open('{');
        self.key("white_ms");
        self.number(c.white_ms);
        self.key("black_ms");
        self.number(c.black_ms);
        self.key("running");
        self.maybe_color(c.running);
        self.key("timed");
        self.boolean(c.timed);
        self.close('}');
    }

    fn dests(&mut self, dests: &Dests) {
        self.open('{');
        for from in dests.origins() {
            self.element();
            self.square(from);
            self.0.push(':');
            self.open('[');
            for to in dests.from(from) {
                self.element();
                self.square(to);
            }
            self.close(']');
        }
        self.close('}');
    }

    fn ruled(&mut self, r: &Ruled) {
        self.open('{');
        self.key("actor");
        self.value(&r.actor);
        self.key("kind");
        self.text(&r.kind);
        self.key("verdict");
        self.0.push_str(r.verdict.json());
        self.close('}');
    }

    fn color(&mut self, color: Color) {
        self.plain(color.fold("white", "black"));
    }

    fn maybe_color(&mut self, color: Option<Color>) {
        match color {
            Some(c) => self.color(c),
            None => self.null(),
        }
    }

    fn square(&mut self, square: arbiter_rules::Square) {
        self.0.push('"');
        self.0.push(square.file().char());
        self.0.push(square.rank().char());
        self.0.push('"');
    }

    /// Opens an object or array.
    fn open(&mut self, bracket: char) {
        self.0.push(bracket);
    }

    /// Closes an object or array.
    fn close(&mut self, bracket: char) {
        self.0.push(bracket);
    }

    /// A member's key (with the comma before it, unless it comes first).
    fn key(&mut self, key: &str) {
        self.element();
        self.plain(key);
        self.0.push(':');
    }

    /// The comma before an array's element or an object's member, unless it
    /// comes first.
    fn element(&mut self) {
        if !self.0.ends_with(['{', '[']) {
            self.0.push(',');
        }
    }

    /// Text known to hold nothing JSON escapes (square names, FEN, UCI,
    /// SAN, this module's own words), quoted as it is.
    fn plain(&mut self, text: &str) {
        debug_assert!(!needs_escaping(text), "{text:?} needs escaping");
        self.0.push('"');
        self.0.push_str(text);
        self.0.push('"');
    }

    /// Any text, escaped as `serde_json` escapes it.
    fn text(&mut self, text: &str) {
        if needs_escaping(text) {
            self.value(text);
        } else {
            self.plain(text);
        }
    }

    /// A value, or `null`.
    fn maybe(&mut self, value: Option<&impl Serialize>) {
        match value {
            Some(value) => self.value(value),
            None => self.null(),
        }
    }

    fn number(&mut self, n: impl itoa::Integer) {
        self.0.push_str(itoa::Buffer::new().format(n));
    }

    fn boolean(&mut self, b: bool) {
        self.0.push_str(if b { "true" } else { "false" });
    }

    fn null(&mut self) {
        self.0.push_str("null");
    }

    /// A value of its own shape, the rare and nested parts of a view,
    /// written by `serde_json`.
    fn value(&mut self, value: &(impl Serialize + ?Sized)) {
        self.0
            .push_str(&serde_json::to_string(value).expect("views serialise"));
    }
}

/// `true` when JSON would escape something in `text`: quotes, backslashes
/// and control characters.
fn needs_escaping(text: &str) -> bool {
    text.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\')
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup, Player};

    use super::*;
    use crate::game::Ruling;
    use crate::game::view::Head;

    /// What `serde_json` writes for the same update.
    fn by_serde(view: &View) -> String {
        #[derive(Serialize)]
        struct Message<'a> {
            r#type: &'static str,
            view: &'a View,
        }
        serde_json::to_string(&Message {
            r#type: "update",
            view,
        })
        .unwrap()
    }

    fn mv(mv: &str, offer_draw: bool) -> EventKind {
        EventKind::Move {
            mv: mv.into(),
            offer_draw,
        }
    }

    /// Plays `moves` from `setup`, checking after each event that the
    /// update's text is `serde_json`'s, as a full view and as an update.
    fn check_each_step(setup: GameSetup, moves: &[(&str, bool)]) -> Game {
        // Quotes, a backslash and a control character, to be escaped.
        let id: Arc<str> = Arc::from("g\"1\\\n");
        let head = Arc::new(Head::of(&setup));
        let mut game = Game::new(setup).expect("a valid setup");
        let check = |game: &Game, ruling: Option<Ruling>, at: u64| {
            for from in [0, game.plies().len().saturating_sub(1)] {
                let mut view = View::of(&id, &head, game, at, 1_700_000_000_000, from);
                assert_eq!(update_text(&view), by_serde(&view));
                view.head = None;
                view.ruled = ruling.clone().map(|verdict| Ruled {
                    actor: Actor::White,
                    kind: "move".into(),
                    verdict,
                });
                assert_eq!(update_text(&view), by_serde(&view));
            }
        };
        check(&game, None, 0);
        let start = game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
        check(&game, Some(Ruling::new(start)), 0);
        for (i, &(uci, offer)) in moves.iter().enumerate() {
            let at = 1000 * (i as u64 + 1);
            let actor = Actor::from(game.position().turn());
            let verdict = game.apply(Event::new(actor, at, mv(uci, offer)));
            check(&game, Some(Ruling::new(verdict)), at + 7);
        }
        game
    }

    #[test]
    fn an_update_reads_as_serde_json_writes_it() {
        let setup = GameSetup {
            white: Player {
                name: "Wang \"the rook\" \\ 王".into(),
                ..Player::default()
            },
            ..GameSetup::default()
        };
        // Captures, castling, a draw offer, a refused move, then mate.
        let game = check_each_step(
            setup,
            &[
                ("e2e4", false),
                ("e7e5", false),
                ("g1f3", false),
                ("b8c6", true),
                ("f1b5", false),
                ("a7a6", false),
                ("b5c6", false),
                ("d7c6", false),
                ("e1g1", false),
                ("e8e1", false),
                ("d8d4", false),
                ("f3d4", false),
                ("e5d4", false),
                ("d2d3", false),
                ("f8b4", false),
                ("c2c3", false),
                ("b4c3", false),
                ("b2c3", false),
            ],
        );
        assert!(game.plies().len() >= 17);
    }

    #[test]
    fn an_update_after_a_promotion_and_mate_reads_as_serde_json_writes_it() {
        let setup = GameSetup {
            fen: Some("6k1/1P3ppp/8/8/8/8/8/4K3 w - - 0 1".into()),
            ..GameSetup::default()
        };
        let game = check_each_step(setup, &[("b7b8q", false)]);
        assert!(game.outcome().is_some(), "b8=Q is mate");
    }
}
