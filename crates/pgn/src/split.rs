//! Finding where games begin and end in a stream, without parsing them.
//!
//! This is the one definition of game boundaries: the [`crate::Reader`] cuts
//! the input with it, and the movetext parser is then handed exactly one
//! game. A game starts at the first byte that is not whitespace or a `%`
//! escape line. It ends after a termination marker outside any variation, at
//! a tag pair that follows movetext (a game whose marker is missing), or at
//! the end of the input.

use crate::lex::{
    TagExtent, any_tag_extent, at_line_start, closing_brace, count_line_breaks, is_space, line_end,
    plain_tag_extent, tag_extent,
};
use crate::result::result_len;

const BOM: &[u8] = b"\xef\xbb\xbf";

/// Where the next game starts at or after `from`: skips whitespace, `%`
/// escape lines and a byte-order mark. `Err(n)` means that everything up to
/// `n` is blank and more input is needed to tell.
pub(crate) fn skip_to_game(bytes: &[u8], mut i: usize, eof: bool) -> Result<usize, usize> {
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            i += 1;
        }
        if i >= bytes.len() {
            return if eof { Ok(bytes.len()) } else { Err(i) };
        }
        if bytes[i] == b'%' && (at_line_start(bytes, i) || (i == 3 && bytes.starts_with(BOM))) {
            match line_end(bytes, i) {
                Some(e) => i = e,
                None if eof => i = bytes.len(),
                None => return Err(i),
            }
            continue;
        }
        if bytes[i..].starts_with(BOM) {
            i += 3;
            continue;
        }
        return Ok(i);
    }
}

/// The end (exclusive) of the game that starts at `start`, or `None` when
/// `bytes` ends first and more input may follow.
///
/// The tag section is read token by token; from the first token of
/// movetext on, [`movetext_end`] takes over.
pub(crate) fn game_end(bytes: &[u8], start: usize, eof: bool) -> Option<usize> {
    game_end_noting(bytes, start, eof, None)
}

/// [`game_end`], noting in `tags` (when given) the tag pairs of the tag
/// section that the parser may take as read: see [`GameTags`].
fn game_end_noting(
    bytes: &[u8],
    start: usize,
    eof: bool,
    tags: Option<&mut GameTags>,
) -> Option<usize> {
    match game_head(bytes, start, eof, tags) {
        Head::Ended(end) => end,
        Head::Movetext(movetext, from) => movetext.end(bytes, from),
    }
}

/// How far reading a game's tag section took [`game_head`].
enum Head {
    /// The game ended before any movetext, at this end (`None`: more input
    /// is needed to tell).
    Ended(Option<usize>),
    /// The movetext begins with the token at this offset.
    Movetext(Movetext, usize),
}

/// Reads the tag section of the game that starts at `start`, token by
/// token, up to the first token of movetext, noting in `tags` (when given)
/// the tag pairs that the parser may take as read: see [`GameTags`].
fn game_head(bytes: &[u8], start: usize, eof: bool, mut tags: Option<&mut GameTags>) -> Head {
    let len = bytes.len();
    let mut i = start;
    let mut last_tag_end = None;
    while i < len {
        let b = bytes[i];
        // Whitespace is passed over before the dispatch on the byte, as the
        // parser does.
        if is_space(b) {
            i += 1;
            continue;
        }
        match b {
            b'{' => match closing_brace(&bytes[i + 1..]) {
                Some(close) => i += close + 2,
                None if eof => return Head::Ended(Some(trim_end(bytes, start, len))),
                None => return Head::Ended(None),
            },
            b';' => match line_end(bytes, i) {
                Some(e) => i = e,
                None => return Head::Ended(eof.then_some(len)),
            },
            b'%' if at_line_start(bytes, i) => match line_end(bytes, i) {
                Some(e) => i = e,
                None => return Head::Ended(eof.then_some(len)),
            },
            b'[' => {
                let plain = plain_tag_extent(bytes, i);
                let plain_form = plain.is_some();
                let tag = match plain {
                    Some(tag) => tag,
                    None => match any_tag_extent(bytes, i, eof) {
                        Some(tag) => tag,
                        None => return Head::Ended(None),
                    },
                };
                if let Some(prev_end) = last_tag_end
                    && starts_new_tag_section(bytes, start, prev_end, i, &bytes[tag.name.clone()])
                {
                    return Head::Ended(Some(prev_end));
                }
                last_tag_end = Some(tag.end);
                let at = i;
                i = tag.end;
                if plain_form && let Some(tags) = tags.as_deref_mut() {
                    tags.note(start, at, tag);
                }
            }
            // A variation closed that was never opened is not movetext.
            b')' => i += 1,
            // Any other token is movetext: a variation, a move, a number,
            // a result, a stray `}`.
            _ => {
                let movetext = Movetext {
                    start,
                    eof,
                    last_tag_end,
                };
                return Head::Movetext(movetext, i);
            }
        }
    }
    Head::Ended(eof.then(|| trim_end(bytes, start, len)))
}

/// Bytes that [`Movetext::end`] stops at: they open a comment, an escape
/// line, a tag or a variation, close a variation, or belong to every
/// result (`*`, the hyphen of the others).
static MOVETEXT_STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let stops = b"{;%[()*-";
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = true;
        i += 1;
    }
    t
};

/// The first byte at or after `from` in [`MOVETEXT_STOPS`]: sixteen bytes
/// at a time with SSE2 (every x86-64 has it), then [`next_stop_by_table`]
/// for the last few.
///
/// Each game's movetext is scanned here before it is parsed (the splitter
/// must find its end first): sixteen compares of a vector pass over the
/// moves between two clock comments, or a run of moves without any, in one
/// or two steps where the table takes one step per four bytes.
#[cfg(target_arch = "x86_64")]
#[inline]
fn next_stop(bytes: &[u8], from: usize) -> Option<usize> {
    // SAFETY: SSE2 belongs to the x86-64 baseline: every such CPU has it.
    unsafe { next_stop_sse2(bytes, from) }
}

/// [`next_stop`] on a CPU with SSE2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn next_stop_sse2(bytes: &[u8], from: usize) -> Option<usize> {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let is = |v: __m128i, b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 16) {
        // SAFETY: `chunk` holds sixteen bytes, which an unaligned load reads.
        let v = unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) };
        let stops = _mm_or_si128(
            _mm_or_si128(
                _mm_or_si128(is(v, b'{'), is(v, b';')),
                _mm_or_si128(is(v, b'%'), is(v, b'[')),
            ),
            _mm_or_si128(
                _mm_or_si128(is(v, b'('), is(v, b')')),
                _mm_or_si128(is(v, b'*'), is(v, b'-')),
            ),
        );
        let mask = _mm_movemask_epi8(stops) as u32;
        if mask != 0 {
            return Some(at + mask.trailing_zeros() as usize);
        }
        at += 16;
    }
    next_stop_by_table(bytes, at)
}

/// [`next_stop`] where there is no SSE2.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn next_stop(bytes: &[u8], from: usize) -> Option<usize> {
    next_stop_by_table(bytes, from)
}

/// The first byte at or after `from` in [`MOVETEXT_STOPS`]. Four bytes are
/// looked up at a time: most movetext lies between stops, and one branch
/// per four bytes passes over it at half the cost of one per byte.
#[inline]
fn next_stop_by_table(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = &bytes[from..];
    let mut chunks = rest.chunks_exact(4);
    let mut at = from;
    for c in chunks.by_ref() {
        let any = MOVETEXT_STOPS[c[0] as usize]
            | MOVETEXT_STOPS[c[1] as usize]
            | MOVETEXT_STOPS[c[2] as usize]
            | MOVETEXT_STOPS[c[3] as usize];
        if any {
            return c
                .iter()
                .position(|&b| MOVETEXT_STOPS[b as usize])
                .map(|k| at + k);
        }
        at += 4;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| MOVETEXT_STOPS[b as usize])
        .map(|k| at + k)
}

/// The state of a game's split once its movetext has begun.
struct Movetext {
    /// Where the game starts.
    start: usize,
    /// Whether the bytes end the input.
    eof: bool,
    /// The end of the last tag read, if any.
    last_tag_end: Option<usize>,
}

impl Movetext {
    /// The end of the game whose movetext has a token starting at `from`
    /// (at depth 0): see [`game_end`].
    ///
    /// Only the bytes that can end the game or change how the rest is read
    /// are looked at ([`MOVETEXT_STOPS`]); the others are passed over in
    /// one scan, without cutting them into tokens. Whether a stop byte
    /// starts a token is told from the byte before it: a token starts after
    /// whitespace, a parenthesis, a comment or a tag; after any other byte
    /// (a move, a stray `}`, `]`, `"` or `$`, which take the bytes after
    /// them up to the next token end) it goes on. Only a token start can be
    /// a result.
    fn end(mut self, bytes: &[u8], from: usize) -> Option<usize> {
        let len = bytes.len();
        let eof = self.eof;
        let mut depth = 0u32;
        let mut i = from;
        // A place known to start a token: `from`, or just after a comment
        // or a tag.
        let mut token_start = from;
        loop {
            let Some(stop) = next_stop(bytes, i) else {
                return eof.then(|| trim_end(bytes, self.start, len));
            };
            i = stop;
            match bytes[i] {
                b'{' => match closing_brace(&bytes[i + 1..]) {
                    Some(close) => {
                        i += close + 2;
                        token_start = i;
                    }
                    None if eof => return Some(trim_end(bytes, self.start, len)),
                    None => return None,
                },
                b';' => match line_end(bytes, i) {
                    Some(e) => i = e,
                    None if eof => return Some(len),
                    None => return None,
                },
                b'%' if at_line_start(bytes, i) => match line_end(bytes, i) {
                    Some(e) => i = e,
                    None if eof => return Some(len),
                    None => return None,
                },
                b'[' => {
                    // After movetext, tags begin the next game (this one
                    // lacks its result); a tag line inside an unclosed
                    // variation too.
                    if depth == 0 || at_line_start(bytes, i) {
                        return Some(trim_end(bytes, self.start, i));
                    }
                    let tag = tag_extent(bytes, i, eof)?;
                    if let Some(prev_end) = self.last_tag_end
                        && starts_new_tag_section(
                            bytes,
                            self.start,
                            prev_end,
                            i,
                            &bytes[tag.name.clone()],
                        )
                    {
                        return Some(prev_end);
                    }
                    self.last_tag_end = Some(tag.end);
                    i = tag.end;
                    token_start = i;
                }
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    i += 1;
                }
                b'*' if depth == 0 && self.starts_token(bytes, i, token_start) => {
                    match result_len(&bytes[i..], eof) {
                        Ok(Some(n)) => return Some(i + n),
                        Ok(None) => i += 1,
                        Err(()) => return None,
                    }
                }
                // `1-0`, `0-1` and `1/2-1/2` are found by their hyphen;
                // castling and moves written with one are passed over.
                b'-' if depth == 0 => {
                    for back in [3, 1] {
                        let Some(at) = i.checked_sub(back) else {
                            continue;
                        };
                        let spelled = match back {
                            3 => &bytes[at..i] == b"1/2",
                            _ => matches!(bytes[at], b'0' | b'1'),
                        };
                        if at >= from && spelled && self.starts_token(bytes, at, token_start) {
                            match result_len(&bytes[at..], eof) {
                                Ok(Some(n)) => return Some(at + n),
                                Ok(None) => {}
                                Err(()) => return None,
                            }
                        }
                    }
                    i += 1;
                }
                // A `%` within a line, a `*` or `-` inside a token or a
                // variation: part of a token.
                _ => i += 1,
            }
        }
    }

    /// Whether a token starts at `at`, a byte outside comments and tags at
    /// or after the start of movetext: at `token_start` (the start of
    /// movetext, or just after the last comment or tag), or after
    /// whitespace or a parenthesis.
    #[inline]
    fn starts_token(&self, bytes: &[u8], at: usize, token_start: usize) -> bool {
        at == token_start || is_space(bytes[at - 1]) || matches!(bytes[at - 1], b'(' | b')')
    }
}

/// Where the next game of an in-memory part of the input lies: see
/// [`next_game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextGame {
    /// A whole game: its extent in the part.
    Game(core::ops::Range<usize>),
    /// What follows this offset cannot be told without more input: the part
    /// cuts off a game or an escape line there.
    NeedsMore(usize),
    /// Nothing but whitespace and escape lines up to the end of the input.
    End,
}

/// The next game of `bytes` at or after `from`, cut exactly where the
/// [`crate::Reader`] cuts: for a program that cuts its input into parts
/// itself, to split and parse the parts on several threads. `eof` tells
/// whether `bytes` ends the input; when it does not, a game that may go on
/// after the end of `bytes` is [`NextGame::NeedsMore`]. The byte before
/// `from`, if any, must be the byte that precedes it in the input (it tells
/// whether a `%` starts a line).
pub fn next_game(bytes: &[u8], from: usize, eof: bool) -> NextGame {
    split_next(bytes, from, eof, None)
}

/// [`next_game`], noting in `tags` the tag pairs it read in the game's tag
/// section, for [`crate::GameText::with_tags`]: the parser then takes them
/// as read instead of reading them again.
pub fn next_game_with_tags(bytes: &[u8], from: usize, eof: bool, tags: &mut GameTags) -> NextGame {
    split_next(bytes, from, eof, Some(tags))
}

fn split_next(bytes: &[u8], from: usize, eof: bool, mut tags: Option<&mut GameTags>) -> NextGame {
    if let Some(tags) = tags.as_deref_mut() {
        tags.read.clear();
    }
    match skip_to_game(bytes, from, eof) {
        Ok(start) if start == bytes.len() => NextGame::End,
        Ok(start) => match game_end_noting(bytes, start, eof, tags.as_deref_mut()) {
            Some(end) => {
                if let Some(tags) = tags {
                    tags.cut(end - start);
                }
                NextGame::Game(start..end)
            }
            None => NextGame::NeedsMore(start),
        },
        Err(blank) => NextGame::NeedsMore(blank),
    }
}

/// The next game of an in-memory part of the input, read as far as the
/// start of its movetext: see [`next_game_head`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameHead {
    /// What [`next_game`] gives, when the game ends before any movetext
    /// (or none is left, or more input is needed to tell).
    Known(NextGame),
    /// A game whose movetext begins: parsing it finds its end
    /// ([`OpenGame::visit_to_end`]).
    Open(OpenGame),
}

/// A game whose tag section the splitter read, and whose movetext begins:
/// the parser, which reads every byte of the movetext anyway, finds where
/// it ends ([`OpenGame::visit_to_end`]) instead of the splitter passing
/// over it first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenGame {
    pub(crate) start: usize,
    pub(crate) movetext: usize,
    pub(crate) eof: bool,
}

impl OpenGame {
    /// Where the game starts in the bytes it was found in.
    pub fn start(&self) -> usize {
        self.start
    }
}

/// [`next_game_with_tags`], stopping at the first token of the game's
/// movetext: a game whose movetext begins is [`GameHead::Open`], for the
/// parser to end ([`OpenGame::visit_to_end`]); any other answer is
/// [`next_game_with_tags`]'s.
pub fn next_game_head(bytes: &[u8], from: usize, eof: bool, tags: &mut GameTags) -> GameHead {
    tags.read.clear();
    let start = match skip_to_game(bytes, from, eof) {
        Ok(start) if start == bytes.len() => return GameHead::Known(NextGame::End),
        Ok(start) => start,
        Err(blank) => return GameHead::Known(NextGame::NeedsMore(blank)),
    };
    match game_head(bytes, start, eof, Some(&mut *tags)) {
        Head::Ended(Some(end)) => {
            tags.cut(end - start);
            GameHead::Known(NextGame::Game(start..end))
        }
        Head::Ended(None) => GameHead::Known(NextGame::NeedsMore(start)),
        Head::Movetext(_, movetext) => GameHead::Open(OpenGame {
            start,
            movetext,
            eof,
        }),
    }
}

/// The tag pairs of one game's tag section as the splitter read them, each
/// where it starts in the game's text: the parser of that text takes them
/// as read ([`crate::GameText::with_tags`]). Only tags in the plain form
/// (`[Name "value"]` then a line end within the game) are kept: their
/// reading depends on nothing but their own bytes, which the game's text
/// holds, so the parser would read them the same. A buffer to reuse from
/// game to game.
#[derive(Clone, Debug, Default)]
pub struct GameTags {
    read: Vec<(usize, TagExtent)>,
}

impl GameTags {
    /// Notes the tag read at `at` in the bytes of a game starting at
    /// `start`.
    fn note(&mut self, start: usize, at: usize, tag: TagExtent) {
        self.read.push((at - start, tag.shifted_back(start)));
    }

    /// Keeps the tags whose line end lies within a game `len` bytes long.
    fn cut(&mut self, len: usize) {
        while self.read.last().is_some_and(|(_, t)| t.end >= len) {
            self.read.pop();
        }
    }

    /// The tags noted, in order.
    pub(crate) fn read(&self) -> &[(usize, TagExtent)] {
        &self.read
    }
}

/// `end` moved back over whitespace, but not before `start`.
fn trim_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && is_space(bytes[end - 1]) {
        end -= 1;
    }
    end
}

/// Whether the tag at `at`, named `name`, opens the tag section of a new
/// game although no movetext came between: it follows a blank line and its
/// name is already taken in this game. (A blank line alone does not
/// separate games: ChessBase writes one inside tag sections.)
#[inline(always)]
fn starts_new_tag_section(
    bytes: &[u8],
    start: usize,
    prev_end: usize,
    at: usize,
    name: &[u8],
) -> bool {
    // Fewer than two bytes, or a CR LF, hold fewer than two line breaks:
    // the usual case, one tag per line, answered here for every tag.
    let between = &bytes[prev_end..at];
    between.len() >= 2
        && between != b"\r\n"
        && follows_blank_line_in_section(bytes, start, prev_end, at, name)
}

/// [`starts_new_tag_section`] past its quick test.
#[inline(never)]
fn follows_blank_line_in_section(
    bytes: &[u8],
    start: usize,
    prev_end: usize,
    at: usize,
    name: &[u8],
) -> bool {
    if count_line_breaks(&bytes[prev_end..at]) < 2 {
        return false;
    }
    let mut i = start;
    while i < prev_end {
        if bytes[i] == b'[' {
            match tag_extent(bytes, i, true) {
                Some(t) if t.end <= prev_end => {
                    if &bytes[t.name.clone()] == name {
                        return true;
                    }
                    i = t.end;
                    continue;
                }
                _ => return false,
            }
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex::token_end;
    use proptest::prelude::*;

    /// The splitter as it first was, one token at a time: the definition
    /// [`game_end`] must keep to.
    fn token_by_token_end(bytes: &[u8], start: usize, eof: bool) -> Option<usize> {
        let len = bytes.len();
        let mut i = start;
        let mut seen_movetext = false;
        let mut depth = 0u32;
        let mut last_tag_end = None;
        while i < len {
            let b = bytes[i];
            // Whitespace is passed over before the dispatch on the byte, as the
            // parser does.
            if is_space(b) {
                i += 1;
                continue;
            }
            match b {
                b'{' => match memchr::memchr(b'}', &bytes[i + 1..]) {
                    Some(close) => i += close + 2,
                    None if eof => return Some(trim_end(bytes, start, len)),
                    None => return None,
                },
                b';' => match line_end(bytes, i) {
                    Some(e) => i = e,
                    None if eof => return Some(len),
                    None => return None,
                },
                b'%' if at_line_start(bytes, i) => match line_end(bytes, i) {
                    Some(e) => i = e,
                    None if eof => return Some(len),
                    None => return None,
                },
                b'[' => {
                    // After movetext, tags begin the next game (this one lacks
                    // its result); a tag line inside an unclosed variation too.
                    if seen_movetext && (depth == 0 || at_line_start(bytes, i)) {
                        return Some(trim_end(bytes, start, i));
                    }
                    let tag = tag_extent(bytes, i, eof)?;
                    if let Some(prev_end) = last_tag_end
                        && starts_new_tag_section(
                            bytes,
                            start,
                            prev_end,
                            i,
                            &bytes[tag.name.clone()],
                        )
                    {
                        return Some(prev_end);
                    }
                    last_tag_end = Some(tag.end);
                    i = tag.end;
                }
                b'(' => {
                    depth += 1;
                    seen_movetext = true;
                    i += 1;
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    i += 1;
                }
                b'*' | b'0' | b'1' => {
                    if depth == 0 {
                        match result_len(&bytes[i..], eof) {
                            Ok(Some(n)) => return Some(i + n),
                            Ok(None) => {}
                            Err(()) => return None,
                        }
                    }
                    seen_movetext = true;
                    i = token_end(bytes, i + 1);
                }
                _ => {
                    seen_movetext = true;
                    i = token_end(bytes, i + 1);
                }
            }
        }
        eof.then(|| trim_end(bytes, start, len))
    }

    /// Texts made of the bytes that matter to the splitter, in every order.
    fn movetext_like() -> impl Strategy<Value = Vec<u8>> {
        let pieces = [
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "1.",
            "10...",
            "e4",
            "Nf3",
            "O-O",
            "0-0",
            "e4!",
            "!",
            "?",
            "$1",
            "$",
            "\"",
            "}",
            "]",
            "{",
            "{c}",
            "{[%clk 0:01:00]}",
            ";c",
            "%",
            "%x",
            "(",
            ")",
            "[",
            "[Event \"x\"]",
            "[Event \"y\"]",
            "[White \"a\"]",
            "[White \"a\"]\n",
            "[Date \"b\"]\r\n",
            " ",
            "\n",
            "\r\n",
            "\n\n",
            "\t",
            "1",
            "0",
            "/",
            "-",
            "1/2",
            "-0",
            "1/2-",
            "0-0-0",
            "a",
            "$12",
            "…",
            "Nf3+",
            "e8=Q#",
            "{c\n\n[Event \"z\"]}",
            "; c \n",
            "%e\n",
            "\r",
        ];
        proptest::collection::vec(proptest::sample::select(pieces.to_vec()), 0..40)
            .prop_map(|v| v.concat().into_bytes())
    }

    proptest! {
        #[test]
        fn games_end_where_the_token_by_token_split_ends_them(text in movetext_like()) {
            for eof in [true, false] {
                for cut in [text.len(), text.len() * 2 / 3, text.len() / 3] {
                    let bytes = &text[..cut];
                    let mut i = 0;
                    while let Ok(start) = skip_to_game(bytes, i, eof) {
                        if start == bytes.len() {
                            break;
                        }
                        let end = game_end(bytes, start, eof);
                        prop_assert_eq!(end, token_by_token_end(bytes, start, eof));
                        let mut tags = GameTags::default();
                        let next = next_game_with_tags(bytes, start, eof, &mut tags);
                        if let (Some(end), NextGame::Game(game)) = (end, next) {
                            prop_assert_eq!(game.clone(), start..end);
                            // The tags noted are those the parser would read.
                            let text = &bytes[game];
                            for (at, tag) in tags.read() {
                                prop_assert_eq!(Some(tag.clone()), tag_extent(text, *at, true));
                            }
                        }
                        match end {
                            Some(e) if e > start => i = e,
                            _ => break,
                        }
                    }
                }
            }
        }
    }

    /// Records every event of a game, with its offset, as a line of text.
    #[derive(Default)]
    struct Events {
        lines: Vec<String>,
        skip_variations: bool,
    }

    impl crate::Visitor for Events {
        type Output = Vec<String>;
        fn begin_game(&mut self) {
            self.lines.clear();
            self.lines.push("begin".into());
        }
        fn tag(&mut self, name: &[u8], value: crate::RawTag<'_>) {
            let line = format!("tag {name:?} {:?} {}", value.as_bytes(), value.offset());
            self.lines.push(line);
        }
        fn begin_movetext(&mut self) {
            self.lines.push("movetext".into());
        }
        fn move_number(&mut self, n: u32, at: usize) {
            self.lines.push(format!("number {n} {at}"));
        }
        fn san(&mut self, san: crate::SanToken<'_>) {
            let line = format!(
                "san {:?} {:?} {}",
                san.as_bytes(),
                san.check_mark(),
                san.offset()
            );
            self.lines.push(line);
        }
        fn nag(&mut self, nag: crate::Nag, at: usize) {
            self.lines.push(format!("nag {nag} {at}"));
        }
        fn comment(&mut self, c: crate::RawComment<'_>) {
            let line = format!("comment {:?} {}", c.as_bytes(), c.offset());
            self.lines.push(line);
        }
        fn begin_variation(&mut self) -> crate::Skip {
            self.lines.push("(".into());
            crate::Skip(self.skip_variations)
        }
        fn end_variation(&mut self) {
            self.lines.push(")".into());
        }
        fn result(&mut self, r: crate::GameResult, at: usize) {
            self.lines.push(format!("result {r} {at}"));
        }
        fn syntax_error(&mut self, e: crate::SyntaxError) {
            self.lines.push(format!("error {:?} {}", e.kind, e.offset));
        }
        fn end_game(&mut self) -> Vec<String> {
            self.lines.push("end".into());
            std::mem::take(&mut self.lines)
        }
    }

    /// The next game of `bytes` from `i` as the splitter cuts it and the
    /// parser reads it, with its events, and where it ends; or where more
    /// input is needed, or the end.
    fn split_then_parse_one(
        bytes: &[u8],
        i: usize,
        eof: bool,
        tags: &mut GameTags,
        events: &mut Events,
    ) -> (String, Option<usize>) {
        match next_game_with_tags(bytes, i, eof, tags) {
            NextGame::Game(game) => {
                let text = crate::GameText::new(&bytes[game.clone()], 1, 1, 0).with_tags(tags);
                (format!("{game:?} {:?}", text.visit(events)), Some(game.end))
            }
            NextGame::NeedsMore(at) => (format!("needs more from {at}"), None),
            NextGame::End => ("end".into(), None),
        }
    }

    /// The games of `bytes` as the splitter cuts them and the parser reads
    /// them, each with its events; the last entry tells where more input
    /// is needed, or that the input is over.
    fn split_then_parsed(bytes: &[u8], eof: bool, events: &mut Events) -> Vec<String> {
        let mut out = Vec::new();
        let mut tags = GameTags::default();
        let mut next = Some(0);
        while let Some(i) = next {
            let (game, end) = split_then_parse_one(bytes, i, eof, &mut tags, events);
            out.push(game);
            next = end;
        }
        out
    }

    /// [`split_then_parsed`], with the parser ending the games it can
    /// ([`OpenGame::visit_to_end`]) and the splitter the others; and how
    /// many the parser ended.
    fn parsed_to_their_end(
        bytes: &[u8],
        eof: bool,
        max_len: usize,
        events: &mut Events,
    ) -> (Vec<String>, usize) {
        let mut out = Vec::new();
        let mut tags = GameTags::default();
        let mut ended_by_parser = 0;
        let mut next = Some(0);
        while let Some(i) = next {
            if let GameHead::Open(open) = next_game_head(bytes, i, eof, &mut tags)
                && let Some(end) = open.visit_to_end(bytes, &tags, max_len, events)
            {
                use crate::Visitor;
                let game = open.start()..end;
                out.push(format!("{game:?} {:?}", events.end_game()));
                ended_by_parser += 1;
                next = Some(end);
                continue;
            }
            let (game, end) = split_then_parse_one(bytes, i, eof, &mut tags, events);
            out.push(game);
            next = end;
        }
        (out, ended_by_parser)
    }

    proptest! {
        #[test]
        fn the_parser_ends_games_where_the_splitter_does(text in movetext_like()) {
            for skip_variations in [false, true] {
                let events = &mut Events { lines: Vec::new(), skip_variations };
                for eof in [true, false] {
                    for cut in [text.len(), text.len() * 2 / 3, text.len() / 3] {
                        let bytes = &text[..cut];
                        let expected = split_then_parsed(bytes, eof, events);
                        for max_len in [usize::MAX, 24] {
                            let (found, _) = parsed_to_their_end(bytes, eof, max_len, events);
                            prop_assert_eq!(&found, &expected);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_parser_ends_plain_games_itself() {
        let text = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 1-0\n\n\
            [Event \"b\"]\n\n1. d4 d5 *\n\n[Event \"c\"]\n\n1. c4 ; a comment\n1... c5\n\n[Event \"d\"]\n\n1. Nf3\n";
        let events = &mut Events::default();
        let (found, by_parser) = parsed_to_their_end(text, true, usize::MAX, events);
        assert_eq!(found, split_then_parsed(text, true, events));
        // Four games, all ended by the parser, then the end of the input.
        assert_eq!((found.len(), by_parser), (5, 4));
        assert_eq!(found[4], "end");
    }

    fn games(text: &str) -> Vec<&str> {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        loop {
            let start = skip_to_game(bytes, i, true).unwrap();
            if start == bytes.len() {
                return out;
            }
            let end = game_end(bytes, start, true).unwrap();
            out.push(&text[start..end]);
            i = end;
        }
    }

    #[test]
    fn the_vector_scan_stops_where_the_table_does() {
        // Every stop byte, at every place in and across the sixteen-byte
        // steps, among bytes of every value (the high ones included).
        let mut text: Vec<u8> = (0..=255u8).cycle().take(700).collect();
        for at in (0..text.len()).step_by(37) {
            text[at] = b"abc9 .+"[at % 7];
        }
        for from in 0..text.len() {
            assert_eq!(
                next_stop(&text, from),
                next_stop_by_table(&text, from),
                "{from}"
            );
        }
        for stop in b"{;%[()*-" {
            for len in 0..40 {
                for at in 0..len {
                    let mut text = vec![b'e'; len];
                    text[at] = *stop;
                    for from in 0..=len {
                        let expected = (at >= from).then_some(at);
                        assert_eq!(next_stop(&text, from), expected, "{len} {at} {from}");
                    }
                }
            }
        }
    }

    #[test]
    fn games_end_at_their_result() {
        let text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        assert_eq!(
            games(text),
            ["[Event \"a\"]\n\n1. e4 e5 1-0", "[Event \"b\"]\n\n1. d4 *"]
        );
    }

    #[test]
    fn results_in_comments_and_variations_do_not_end_a_game() {
        let text = "1. e4 {1-0} (1. d4 1-0) ; 0-1\n e5 1/2-1/2 [Event \"x\"] *";
        assert_eq!(
            games(text),
            [
                "1. e4 {1-0} (1. d4 1-0) ; 0-1\n e5 1/2-1/2",
                "[Event \"x\"] *"
            ]
        );
    }

    #[test]
    fn a_missing_result_ends_at_the_next_tags() {
        let text = "[Variant \"Antichess\"] 1.e3 e6 {c}\n\n[Variant \"Antichess\"]\n1.e3 *";
        assert_eq!(
            games(text),
            [
                "[Variant \"Antichess\"] 1.e3 e6 {c}",
                "[Variant \"Antichess\"]\n1.e3 *"
            ]
        );
    }

    #[test]
    fn a_repeated_tag_after_a_blank_line_starts_a_new_game() {
        let text = "[Round \"1\"]\n[White \"A\"]\n\n[Round \"2\"]\n[White \"B\"]\n";
        assert_eq!(
            games(text),
            [
                "[Round \"1\"]\n[White \"A\"]",
                "[Round \"2\"]\n[White \"B\"]"
            ]
        );
        let chessbase = "[Event \"E\"]\n\n[Date \"?\"]\n\n1. e4 *";
        assert_eq!(games(chessbase), [chessbase]);
    }

    #[test]
    fn castling_with_zeros_is_not_a_result() {
        assert_eq!(
            games("1. e4 e5 2. 0-0 0-0-0 0-1"),
            ["1. e4 e5 2. 0-0 0-0-0 0-1"]
        );
    }

    #[test]
    fn escape_lines_and_byte_order_marks_are_skipped() {
        let text = "\u{feff}% produced by a tool\n[A \"1\"] *\n%x\n[B \"2\"] *";
        assert_eq!(games(text), ["[A \"1\"] *", "[B \"2\"] *"]);
    }

    #[test]
    fn incomplete_input_asks_for_more() {
        assert_eq!(game_end(b"1. e4 {open", 0, false), None);
        assert_eq!(game_end(b"1. e4 1-", 0, false), None);
        assert_eq!(game_end(b"1. e4 {open", 0, true), Some(11));
    }
}
