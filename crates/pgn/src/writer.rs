//! Writing games in the PGN export format.

use core::fmt;
use std::io::{self, Write};

use crate::{Comment, Game, MoveNode, Variation};

/// The Seven Tag Roster, in export order, with the value written when a game
/// lacks the tag.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The longest line the writer makes, as the export format asks. A single
/// word longer than that (a long URL in a comment) still gets a line of its
/// own, unbroken.
pub const LINE_WIDTH: usize = 80;

/// Writes games in the PGN export format: the Seven Tag Roster first, then
/// the other tags in their order; the movetext in lines of at most 80
/// characters, with move numbers where the format wants them; a blank line
/// after each game.
///
/// ```
/// use arbiter_pgn::{Game, GameResult, MoveNode, Writer};
/// let mut game = Game::default();
/// game.tags.insert("Termination", "normal");
/// game.moves = ["f3", "e5", "g4", "Qh4#"].map(MoveNode::new).to_vec();
/// game.result = Some(GameResult::BlackWins);
/// let mut out = Vec::new();
/// Writer::new(&mut out).write_game(&game)?;
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("[Result \"0-1\"]\n[Termination \"normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<W> {
    out: W,
}

impl<W: Write> Writer<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Writer<W> {
        Writer { out }
    }

    /// Writes one game, followed by a blank line.
    pub fn write_game(&mut self, game: &Game) -> io::Result<()> {
        self.out.write_all(export(game).as_bytes())
    }

    /// The underlying output.
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl fmt::Display for Game {
    /// The game in export format (see [`Writer`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&export(self))
    }
}

/// The game in export format, ending with a blank line.
pub fn export(game: &Game) -> String {
    let mut out = String::with_capacity(256 + 8 * game.moves.len());
    let result = game.recorded_result();
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => game.tags.get(name).unwrap_or(result.as_str()),
            _ => game.tags.get(name).unwrap_or(default),
        };
        write_tag(&mut out, name, value);
    }
    for (name, value) in game.tags.iter() {
        if !SEVEN_TAG_ROSTER.iter().any(|(n, _)| *n == name) {
            write_tag(&mut out, name, value);
        }
    }
    out.push('\n');
    let mut tokens = Tokens::default();
    let first_ply = first_ply(game.tags.get("FEN"));
    write_line(&mut tokens, &game.comments, &game.moves, first_ply);
    tokens.push(result.as_str());
    tokens.wrap_into(&mut out);
    out.push_str("\n\n");
    out
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for ch in value.chars() {
        if matches!(ch, '"' | '\\') {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push_str("\"]\n");
}

/// The ply the game starts at (0 for White's first move), read from the
/// side to move and move number fields of a FEN tag.
fn first_ply(fen: Option<&str>) -> u32 {
    let Some(fen) = fen else { return 0 };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number: u32 = fields
        .get(5)
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    2 * (number.min(1 << 30) - 1) + u32::from(black)
}

fn write_line(tokens: &mut Tokens, comments: &[Comment], moves: &[MoveNode], first_ply: u32) {
    let mut force_number = true;
    for c in comments {
        tokens.comment(c);
    }
    for (i, node) in moves.iter().enumerate() {
        let ply = first_ply + i as u32;
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            tokens.push(&format!("{number}."));
        } else if force_number {
            tokens.push(&format!("{number}..."));
        }
        tokens.push(&node.san);
        for nag in &node.nags {
            tokens.push(&nag.to_string());
        }
        force_number = false;
        for c in &node.comments {
            tokens.comment(c);
            force_number = true;
        }
        for v in &node.variations {
            if write_variation(tokens, v, ply) {
                force_number = true;
            }
        }
    }
}

fn write_variation(tokens: &mut Tokens, v: &Variation, ply: u32) -> bool {
    if v.moves.is_empty() && v.comments.iter().all(Comment::is_empty) {
        return false;
    }
    tokens.open("(");
    write_line(tokens, &v.comments, &v.moves, ply);
    tokens.close(")");
    true
}

/// Movetext tokens, with brackets glued to the token they touch.
#[derive(Default)]
struct Tokens {
    tokens: Vec<String>,
    prefix: String,
}

impl Tokens {
    fn push(&mut self, token: &str) {
        let mut t = std::mem::take(&mut self.prefix);
        t.push_str(token);
        self.tokens.push(t);
    }

    fn open(&mut self, bracket: &str) {
        self.prefix.push_str(bracket);
    }

    fn close(&mut self, bracket: &str) {
        if !self.prefix.is_empty() {
            // An opened bracket with nothing inside.
            let t = std::mem::take(&mut self.prefix) + bracket;
            self.tokens.push(t);
        } else if let Some(last) = self.tokens.last_mut() {
            last.push_str(bracket);
        }
    }

    fn comment(&mut self, c: &Comment) {
        if c.is_empty() {
            return;
        }
        let text = c.to_string();
        self.open("{");
        for word in text.split_whitespace() {
            self.push(word);
        }
        self.close("}");
    }

    fn wrap_into(self, out: &mut String) {
        let mut width = 0;
        for t in self.tokens {
            let len = t.chars().count();
            if width > 0 && width + 1 + len > LINE_WIDTH {
                out.push('\n');
                width = 0;
            } else if width > 0 {
                out.push(' ');
                width += 1;
            }
            out.push_str(&t);
            width += len;
        }
    }
}
