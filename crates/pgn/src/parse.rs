//! The parser of one game's text: tags, then movetext, told to a
//! [`Visitor`].

use crate::lex::{
    TagExtent, TagFlaw, at_line_start, closing_brace, count_line_breaks, ends_token, is_space,
    line_end, move_end, tag_extent,
};
use crate::result::result_len;
use crate::split::{GameTags, OpenGame};
use crate::visitor::{CheckMark, RawComment, RawTag, SanToken};
use crate::{GameResult, Location, Nag, SyntaxError, SyntaxErrorKind, Visitor};

/// The text of one game and its place in the input.
///
/// The [`crate::Reader`] hands these out; a program that splits the work
/// across threads can copy the bytes and build its own with
/// [`GameText::new`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameText<'a> {
    bytes: &'a [u8],
    number: u64,
    line: usize,
    offset: u64,
    /// For a game skipped for its size: the limit it broke.
    too_large: Option<usize>,
    /// Tag pairs read already, by where they start: see
    /// [`crate::GameTags`].
    tags: &'a [(usize, TagExtent)],
}

impl<'a> GameText<'a> {
    /// The text `bytes` of game `number` (from 1), which starts on line
    /// `line` (from 1) at byte `offset` of the input.
    pub fn new(bytes: &'a [u8], number: u64, line: usize, offset: u64) -> GameText<'a> {
        GameText {
            bytes,
            number,
            line,
            offset,
            too_large: None,
            tags: &[],
        }
    }

    /// The same game, with the tag pairs the splitter read in it (by
    /// [`crate::next_game_with_tags`]) taken as read.
    pub fn with_tags(self, tags: &'a crate::GameTags) -> GameText<'a> {
        GameText {
            tags: tags.read(),
            ..self
        }
    }

    /// The first bytes of a game that was skipped because it is larger
    /// than `limit`; visiting it reports just that.
    pub fn oversized(
        head: &'a [u8],
        number: u64,
        line: usize,
        offset: u64,
        limit: usize,
    ) -> GameText<'a> {
        GameText {
            too_large: Some(limit),
            ..GameText::new(head, number, line, offset)
        }
    }

    /// The same game with its bytes (the same bytes) held elsewhere: for a
    /// program that copies games out of the reader's buffer.
    pub fn with_bytes<'b>(&self, bytes: &'b [u8]) -> GameText<'b> {
        GameText {
            bytes,
            number: self.number,
            line: self.line,
            offset: self.offset,
            too_large: self.too_large,
            tags: &[],
        }
    }

    /// The game's bytes, from its first tag to its result marker.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The game's number in the input, from 1.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The line the game starts on, from 1.
    pub fn first_line(&self) -> usize {
        self.line
    }

    /// The byte offset of the game in the input.
    pub fn input_offset(&self) -> u64 {
        self.offset
    }

    /// The line and column of a byte offset in the game's text.
    pub fn location(&self, offset: usize) -> Location {
        let offset = offset.min(self.bytes.len());
        let before = &self.bytes[..offset];
        let line_start = memchr::memrchr2(b'\n', b'\r', before).map_or(0, |i| i + 1);
        let column = before[line_start..]
            .iter()
            .filter(|&&b| b & 0xc0 != 0x80)
            .count();
        Location {
            line: self.line + count_line_breaks(before),
            column: column + 1,
        }
    }

    /// The source line holding `offset`, without its line end, for showing
    /// a problem in context: at most `max` characters around the offset,
    /// and the character index of the offset in what is returned.
    pub fn snippet(&self, offset: usize, max: usize) -> (String, usize) {
        let offset = offset.min(self.bytes.len());
        let start = memchr::memrchr2(b'\n', b'\r', &self.bytes[..offset]).map_or(0, |i| i + 1);
        let end = line_end(self.bytes, offset).unwrap_or(self.bytes.len());
        // A line of movetext may hold a whole game: its characters are
        // counted, and only those shown are copied.
        let line = crate::decode_text(&self.bytes[start..end]);
        let len = line.chars().count();
        let at = crate::decode_text(&self.bytes[start..offset])
            .chars()
            .count();
        if len <= max {
            return (line.into_owned(), at);
        }
        let from = at.saturating_sub(max / 3).min(len - max);
        let mut s = String::new();
        if from > 0 {
            s.push('…');
        }
        s.extend(line.chars().skip(from).take(max));
        if from + max < len {
            s.push('…');
        }
        (s, at - from + usize::from(from > 0))
    }

    /// Parses the game, telling `visitor` about each part.
    pub fn visit<V: Visitor>(&self, visitor: &mut V) -> V::Output {
        if let Some(limit) = self.too_large {
            visitor.begin_game();
            visitor.syntax_error(SyntaxError {
                kind: SyntaxErrorKind::GameTooLarge(limit),
                offset: 0,
            });
            return visitor.end_game();
        }
        let mut parser = Parser::new(self.bytes, self.tags, visitor, None);
        parser.visitor.begin_game();
        // The bytes are the game's: its end is theirs.
        let len = parser.body().unwrap_or(self.bytes.len());
        parser.finish(len);
        parser.visitor.end_game()
    }
}

impl OpenGame {
    /// Parses the game whose movetext [`crate::next_game_head`] found in
    /// `bytes`, telling `visitor` about each part of it but its end: the
    /// game ends where [`crate::next_game`] would end it, and that end is
    /// returned, for the caller to build the game's [`GameText`] and then
    /// call [`Visitor::end_game`]. `tags` are those the head was read with.
    ///
    /// The splitter's pass over the movetext is spared: the parser ends
    /// the game at the result, the tags or the end of the input that ends
    /// it. `None` when that would take more than telling the parts:
    /// the game runs past the end of `bytes` (and the input goes on), is
    /// longer than `max_len`, has a variation the visitor skips, a tag
    /// inside a variation or one not in the plain form, a line comment
    /// ending in whitespace, or starts with `%`. The visitor has then been
    /// told part of the game only; the caller starts again with
    /// [`crate::next_game_with_tags`].
    ///
    /// ```
    /// use arbiter_pgn::{GameHead, GameTags, SanToken, Visitor, next_game_head};
    ///
    /// /// Counts the moves of a game.
    /// struct Plies(usize);
    ///
    /// impl Visitor for Plies {
    ///     type Output = usize;
    ///     fn san(&mut self, _san: SanToken<'_>) {
    ///         self.0 += 1;
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         std::mem::replace(&mut self.0, 0)
    ///     }
    /// }
    ///
    /// let bytes = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let mut tags = GameTags::default();
    /// let GameHead::Open(open) = next_game_head(bytes, 0, true, &mut tags) else {
    ///     unreachable!("the first game has movetext");
    /// };
    /// let mut plies = Plies(0);
    /// let end = open.visit_to_end(bytes, &tags, usize::MAX, &mut plies);
    /// assert_eq!(end, Some(25));
    /// assert_eq!(&bytes[open.start()..25], b"[Event \"a\"]\n\n1. e4 e5 1-0");
    /// assert_eq!(plies.end_game(), 2);
    /// ```
    pub fn visit_to_end<V: Visitor>(
        &self,
        bytes: &[u8],
        tags: &GameTags,
        max_len: usize,
        visitor: &mut V,
    ) -> Option<usize> {
        let (start, mut eof) = (self.start, self.eof);
        if self.movetext - start > max_len {
            return None;
        }
        let mut text = &bytes[start..];
        if text.len() > max_len {
            text = &text[..=max_len];
            eof = false;
        }
        let open_end = OpenEnd {
            eof,
            movetext: self.movetext - start,
        };
        let mut parser = Parser::new(text, tags.read(), visitor, Some(open_end));
        parser.token_start = open_end.movetext;
        parser.visitor.begin_game();
        let len = parser.body()?;
        if len > max_len {
            return None;
        }
        parser.finish(len);
        Some(start + len)
    }
}

/// What the parser of an [`OpenGame`] needs to end it as the splitter
/// would.
#[derive(Copy, Clone, Debug)]
struct OpenEnd {
    /// Whether the bytes end the input.
    eof: bool,
    /// Where the movetext begins.
    movetext: usize,
}

struct Parser<'a, 'v, V: Visitor> {
    bytes: &'a [u8],
    visitor: &'v mut V,
    in_movetext: bool,
    /// Tag pairs read already and not yet met, by where they start.
    tags: &'a [(usize, TagExtent)],
    /// Offsets of the `(` of the variations open (skipped ones aside).
    open: Vec<usize>,
    /// Whether the result was read.
    result: bool,
    /// Set when the bytes run past the game's end, which the parser finds.
    open_end: Option<OpenEnd>,
    /// The end of the last comment: a token starts there, for the
    /// splitter's reading of results (see [`Parser::splitter_token_start`]).
    token_start: usize,
    /// Set when a comment or escape line ran to the end of the input: an
    /// open game then ends there, whitespace and all.
    ends_in_line: bool,
}

impl<'a, 'v, V: Visitor> Parser<'a, 'v, V> {
    fn new(
        bytes: &'a [u8],
        tags: &'a [(usize, TagExtent)],
        visitor: &'v mut V,
        open_end: Option<OpenEnd>,
    ) -> Parser<'a, 'v, V> {
        Parser {
            bytes,
            visitor,
            in_movetext: false,
            tags,
            open: Vec::new(),
            result: false,
            open_end,
            token_start: 0,
            ends_in_line: false,
        }
    }

    fn error(&mut self, kind: SyntaxErrorKind, offset: usize) {
        self.visitor.syntax_error(SyntaxError { kind, offset });
    }

    fn movetext(&mut self) {
        if !self.in_movetext {
            self.in_movetext = true;
            self.visitor.begin_movetext();
        }
    }

    /// Reads the game's parts up to its end and returns that end: the end
    /// of the bytes, unless they run past the game ([`OpenGame`]). `None`
    /// when an open game's end cannot be told (see
    /// [`OpenGame::visit_to_end`]).
    fn body(&mut self) -> Option<usize> {
        let bytes = self.bytes;
        let len = bytes.len();
        let mut i = 0;
        while i < len {
            let b = bytes[i];
            // Whitespace, half the tokens of movetext, is passed over
            // before the dispatch on the byte, which it would only slow.
            if is_space(b) {
                i += 1;
                continue;
            }
            // Moves, two tokens of three, start with a letter, which no
            // other token does: they are told apart by one test, where the
            // jump on the byte was mispredicted as the tokens alternate.
            if b.is_ascii_alphabetic() {
                i = self.san(i);
                continue;
            }
            match b {
                b'{' => match closing_brace(&bytes[i + 1..]) {
                    Some(close) => {
                        self.visitor
                            .comment(RawComment::new(&bytes[i + 1..i + 1 + close], i + 1));
                        i += close + 2;
                        self.token_start = i;
                    }
                    None => {
                        self.input_must_end()?;
                        self.error(SyntaxErrorKind::UnterminatedComment, i);
                        i = len;
                    }
                },
                b';' => {
                    let end = self.line_end(i)?;
                    // The game may end on this line, before whitespace
                    // that the comment would otherwise hold.
                    if self.open_end.is_some() && end > i + 1 && is_space(bytes[end - 1]) {
                        return None;
                    }
                    self.visitor
                        .comment(RawComment::new(&bytes[i + 1..end], i + 1));
                    i = end;
                }
                b'%' if at_line_start(bytes, i) => {
                    // A game that starts with `%` does not start a line
                    // (the splitter passes over escape lines): its own
                    // bytes take it for one, up to their end, which the
                    // splitter finds.
                    if i == 0 && self.open_end.is_some() {
                        return None;
                    }
                    i = self.line_end(i)?;
                }
                b'[' => {
                    if let Some(open_end) = self.open_end
                        && i > open_end.movetext
                    {
                        // After movetext, tags begin the next game (this
                        // one lacks its result); a tag line inside an
                        // unclosed variation too. A tag inside a variation
                        // is left to the splitter.
                        return (self.open.is_empty() || at_line_start(bytes, i))
                            .then(|| trim_end(bytes, i));
                    }
                    let t = match self.open_end {
                        // Only a tag in the plain form reads the same in
                        // the game's bytes as in the longer bytes here.
                        Some(_) => Some(self.tag_read_already(i)?),
                        None => self.tag_extent(i),
                    };
                    i = self.tag(i, t);
                }
                b'(' => {
                    self.movetext();
                    if self.visitor.begin_variation().0 {
                        // The splitter counts the parentheses a skipped
                        // variation holds; an open game leaves it to it.
                        self.open_end.is_none().then_some(())?;
                        match skip_variation(bytes, i + 1) {
                            Some(end) => i = end,
                            None => {
                                self.error(SyntaxErrorKind::UnterminatedVariation, i);
                                i = len;
                            }
                        }
                    } else {
                        self.open.push(i);
                        i += 1;
                    }
                }
                b')' => {
                    if self.open.pop().is_some() {
                        self.visitor.end_variation();
                    } else {
                        self.error(SyntaxErrorKind::UnmatchedParenthesis, i);
                    }
                    i += 1;
                }
                b'$' => i = self.nag(i),
                b'!' | b'?' => i = self.suffix_nag(i),
                b'*' | b'0' | b'1' => match self.result_len(i)? {
                    Some(n) => {
                        let r =
                            GameResult::from_ascii(&bytes[i..i + n]).unwrap_or(GameResult::Unknown);
                        if self.open.is_empty() {
                            self.movetext();
                            self.visitor.result(r, i);
                            self.result = true;
                            if self.open_end.is_some() && self.splitter_token_start(i) {
                                return Some(i + n);
                            }
                        } else {
                            self.error(SyntaxErrorKind::ResultInVariation, i);
                        }
                        i += n;
                    }
                    None if b == b'*' => i = self.san(i),
                    None => i = self.number_or_move(i),
                },
                b'0'..=b'9' => i = self.number_or_move(i),
                b'.' => i += 1,
                b'}' | b']' | b'"' => {
                    self.error(SyntaxErrorKind::UnexpectedCharacter(char::from(b)), i);
                    i += 1;
                }
                0xe2 if bytes[i..].starts_with("…".as_bytes()) => i += 3,
                _ => i = self.san(i),
            }
        }
        match self.open_end {
            None => Some(len),
            Some(_) if self.ends_in_line => Some(len),
            Some(open_end) => open_end.eof.then(|| trim_end(bytes, len)),
        }
    }

    /// The game's last steps, once its end `len` is known.
    fn finish(&mut self, len: usize) {
        self.movetext();
        if let Some(&at) = self.open.first() {
            self.error(SyntaxErrorKind::UnterminatedVariation, at);
            for _ in 0..self.open.len() {
                self.visitor.end_variation();
            }
        }
        if !self.result {
            self.error(SyntaxErrorKind::MissingResult, len);
        }
    }

    /// `None` (the game cannot be told yet) when the bytes of an open game
    /// end before the input does.
    #[inline]
    fn input_must_end(&self) -> Option<()> {
        match self.open_end {
            Some(open_end) if !open_end.eof => None,
            _ => Some(()),
        }
    }

    /// The end of the line of the comment or escape at `i`; the end of the
    /// bytes if none, where the input ends (for an open game, the game ends
    /// there too, without the trailing whitespace trimmed, as the splitter
    /// ends it).
    #[inline]
    fn line_end(&mut self, i: usize) -> Option<usize> {
        match line_end(self.bytes, i) {
            Some(end) => Some(end),
            None => {
                self.input_must_end()?;
                self.ends_in_line = true;
                Some(self.bytes.len())
            }
        }
    }

    /// The length of the result marker at `i`, if one is there; `None`
    /// when the bytes of an open game end too soon to tell.
    #[inline]
    fn result_len(&self, i: usize) -> Option<Option<usize>> {
        let eof = self.open_end.is_none_or(|open_end| open_end.eof);
        result_len(&self.bytes[i..], eof).ok()
    }

    /// Whether the splitter takes a token to start at `at` (at or after
    /// the start of the movetext): there, just after a comment, or after
    /// whitespace or a parenthesis. Only there does a result end the game:
    /// the parser also starts tokens after a glyph, a move number or a
    /// stray byte, where the splitter reads on.
    #[inline]
    fn splitter_token_start(&self, at: usize) -> bool {
        let movetext = self.open_end.map_or(0, |open_end| open_end.movetext);
        at == movetext
            || at == self.token_start
            || is_space(self.bytes[at - 1])
            || matches!(self.bytes[at - 1], b'(' | b')')
    }

    /// The tag pair at `i` if it is one of those read already.
    fn tag_read_already(&mut self, i: usize) -> Option<TagExtent> {
        while let [(at, known), rest @ ..] = self.tags {
            if *at > i {
                break;
            }
            self.tags = rest;
            if *at == i {
                return Some(known.clone());
            }
        }
        None
    }

    /// The tag pair at `i`, taken from those read already if it is one.
    fn tag_extent(&mut self, i: usize) -> Option<TagExtent> {
        self.tag_read_already(i)
            .or_else(|| tag_extent(self.bytes, i, true))
    }

    /// Tells the tag pair `t` at `i`, if there is one, and returns where
    /// it ends.
    fn tag(&mut self, i: usize, t: Option<TagExtent>) -> usize {
        let bytes = self.bytes;
        let Some(t) = t else {
            return bytes.len();
        };
        if self.in_movetext {
            self.error(SyntaxErrorKind::TagInMovetext, i);
            return t.end;
        }
        match (t.flaw, t.value) {
            (Some(TagFlaw::Malformed), _) | (_, None) => {
                self.error(SyntaxErrorKind::MalformedTag, i);
            }
            (flaw, Some(value)) => {
                if flaw == Some(TagFlaw::UnescapedQuote) {
                    self.error(SyntaxErrorKind::UnescapedQuote, value.start);
                }
                let name = &bytes[t.name];
                if name.is_empty() {
                    self.error(SyntaxErrorKind::MalformedTag, i);
                } else {
                    self.visitor
                        .tag(name, RawTag::new(&bytes[value.clone()], value.start));
                }
            }
        }
        t.end
    }

    fn nag(&mut self, i: usize) -> usize {
        let bytes = self.bytes;
        let mut j = i + 1;
        let mut n: u32 = 0;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            n = (n * 10 + u32::from(bytes[j] - b'0')).min(1000);
            j += 1;
        }
        match u8::try_from(n) {
            Ok(n) if j > i + 1 => self.visitor.nag(Nag(n), i),
            _ => self.error(SyntaxErrorKind::InvalidNag, i),
        }
        j
    }

    fn suffix_nag(&mut self, i: usize) -> usize {
        let bytes = self.bytes;
        let mut j = i;
        while j < bytes.len() && matches!(bytes[j], b'!' | b'?') {
            j += 1;
        }
        match Nag::from_suffix(&bytes[i..j]) {
            Some(nag) => self.visitor.nag(nag, i),
            None => self.error(SyntaxErrorKind::InvalidNag, i),
        }
        j
    }

    /// A move number (`12.`, `12...`, `12…`, `12`) or a move that starts
    /// with a digit (`0-0`).
    #[inline(always)]
    fn number_or_move(&mut self, i: usize) -> usize {
        let bytes = self.bytes;
        let mut j = i;
        let mut n: u32 = 0;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            n = n
                .saturating_mul(10)
                .saturating_add(u32::from(bytes[j] - b'0'));
            j += 1;
        }
        let dots_start = j;
        loop {
            match bytes.get(j) {
                Some(b'.') => j += 1,
                Some(0xe2) if bytes[j..].starts_with("…".as_bytes()) => j += 3,
                _ => break,
            }
        }
        if j > dots_start || j == bytes.len() || ends_token(bytes[j]) {
            self.movetext();
            self.visitor.move_number(n, i);
            j
        } else {
            self.san(i)
        }
    }

    #[inline(always)]
    fn san(&mut self, i: usize) -> usize {
        self.movetext();
        let bytes = self.bytes;
        let end = move_end(bytes, i);
        if end == i {
            // A byte that ends tokens but has no meaning of its own here.
            self.error(
                SyntaxErrorKind::UnexpectedCharacter(char::from(bytes[i])),
                i,
            );
            return i + 1;
        }
        let token = &bytes[i..end];
        if let [b'e', ..] = token
            && matches!(token, b"e.p." | b"ep")
        {
            // The en passant remark of the previous move.
            return end;
        }
        let mut san_end = end;
        let mut mark = None;
        // Most moves carry no sign: one look at the last byte tells.
        if !matches!(token, [_, .., b'+' | b'#']) {
            self.visitor.san(SanToken::new(token, None, i));
            return end;
        }
        while san_end > i + 1 && matches!(bytes[san_end - 1], b'+' | b'#') {
            mark = Some(match (bytes[san_end - 1], mark) {
                (b'#', _) | (b'+', Some(_)) => CheckMark::Mate,
                _ => CheckMark::Check,
            });
            san_end -= 1;
        }
        self.visitor.san(SanToken::new(&bytes[i..san_end], mark, i));
        end
    }
}

/// `end` moved back over whitespace.
fn trim_end(bytes: &[u8], mut end: usize) -> usize {
    while end > 0 && is_space(bytes[end - 1]) {
        end -= 1;
    }
    end
}

/// The end (one past the `)`) of the variation whose body starts at `i`.
fn skip_variation(bytes: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 1u32;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'{' => i += memchr::memchr(b'}', &bytes[i..])?,
            b';' => i = line_end(bytes, i)?,
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records every event as a line of text.
    #[derive(Default)]
    struct Events(Vec<String>);

    impl Visitor for Events {
        type Output = Vec<String>;
        fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
            self.0.push(format!(
                "tag {}={}",
                String::from_utf8_lossy(name),
                value.decode()
            ));
        }
        fn begin_movetext(&mut self) {
            self.0.push("movetext".into());
        }
        fn move_number(&mut self, n: u32, _: usize) {
            self.0.push(format!("#{n}"));
        }
        fn san(&mut self, san: SanToken<'_>) {
            self.0
                .push(format!("san {} {:?}", san.decode(), san.check_mark()));
        }
        fn nag(&mut self, nag: Nag, _: usize) {
            self.0.push(nag.to_string());
        }
        fn comment(&mut self, c: RawComment<'_>) {
            self.0.push(format!("comment {}", c.decode().trim()));
        }
        fn begin_variation(&mut self) -> crate::Skip {
            self.0.push("(".into());
            crate::Skip(false)
        }
        fn end_variation(&mut self) {
            self.0.push(")".into());
        }
        fn result(&mut self, r: GameResult, _: usize) {
            self.0.push(format!("result {r}"));
        }
        fn syntax_error(&mut self, e: SyntaxError) {
            self.0
                .push(format!("error {} at {}", e.kind.id(), e.offset));
        }
        fn end_game(&mut self) -> Vec<String> {
            std::mem::take(&mut self.0)
        }
    }

    fn events(text: &str) -> Vec<String> {
        GameText::new(text.as_bytes(), 1, 1, 0).visit(&mut Events::default())
    }

    #[test]
    fn tags_moves_comments_and_nags() {
        let e =
            events("[White \"A \\\"B\\\"\"]\n\n1.e4!? {good} e5 $2 2. Qh5+ ; line\n 2...Nc6 1-0");
        assert_eq!(
            e,
            [
                "tag White=A \"B\"",
                "movetext",
                "#1",
                "san e4 None",
                "$5",
                "comment good",
                "san e5 None",
                "$2",
                "#2",
                "san Qh5 Some(Check)",
                "comment line",
                "#2",
                "san Nc6 None",
                "result 1-0"
            ]
        );
    }

    #[test]
    fn variations_nest() {
        let e = events("1. e4 (1. d4 (1. c4) d5) e5 *");
        assert_eq!(
            e,
            [
                "movetext",
                "#1",
                "san e4 None",
                "(",
                "#1",
                "san d4 None",
                "(",
                "#1",
                "san c4 None",
                ")",
                "san d5 None",
                ")",
                "san e5 None",
                "result *"
            ]
        );
    }

    #[test]
    fn castling_with_zeros_and_ellipsis_numbers() {
        let e = events("12… 0-0-0# 13.0-0 e.p. *");
        assert_eq!(
            e,
            [
                "movetext",
                "#12",
                "san 0-0-0 Some(Mate)",
                "#13",
                "san 0-0 None",
                "result *"
            ]
        );
    }

    #[test]
    fn errors_have_offsets_and_parsing_goes_on() {
        let e = events("1. e4 ) e5 $x {open");
        assert_eq!(
            e,
            [
                "movetext",
                "#1",
                "san e4 None",
                "error unmatched_parenthesis at 6",
                "san e5 None",
                "error invalid_nag at 11",
                "san x None",
                "error unterminated_comment at 14",
                "error missing_result at 19"
            ]
        );
    }

    #[test]
    fn locations_count_lines_and_characters() {
        let text = GameText::new("[A \"é\"]\r\n1. e4 é5 *".as_bytes(), 1, 10, 0);
        let at = text.bytes().iter().position(|&b| b == b'5').unwrap();
        assert_eq!(
            text.location(at),
            Location {
                line: 11,
                column: 8
            }
        );
        assert_eq!(text.snippet(at, 80), ("1. e4 é5 *".to_string(), 7));
        assert_eq!(text.snippet(at, 4), ("…é5 *".to_string(), 2));
    }

    /// The snippet as first written: every character of the line collected.
    fn snippet_of_all_characters(
        text: &GameText<'_>,
        offset: usize,
        max: usize,
    ) -> (String, usize) {
        let bytes = text.bytes();
        let offset = offset.min(bytes.len());
        let start = memchr::memrchr2(b'\n', b'\r', &bytes[..offset]).map_or(0, |i| i + 1);
        let end = line_end(bytes, offset).unwrap_or(bytes.len());
        let chars: Vec<char> = crate::decode_text(&bytes[start..end]).chars().collect();
        let at = crate::decode_text(&bytes[start..offset]).chars().count();
        if chars.len() <= max {
            return (chars.into_iter().collect(), at);
        }
        let from = at.saturating_sub(max / 3).min(chars.len() - max);
        let mut s = String::new();
        if from > 0 {
            s.push('…');
        }
        s.extend(&chars[from..from + max]);
        if from + max < chars.len() {
            s.push('…');
        }
        (s, at - from + usize::from(from > 0))
    }

    proptest::proptest! {
        #[test]
        fn snippets_show_the_characters_around_the_offset(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec!["e4 ", "é", "\n", "\r\n", "{c}", "\u{2026}"]),
                0..60,
            ),
            latin1 in proptest::bool::ANY,
            offset in 0usize..400,
            max in 1usize..30,
        ) {
            let mut bytes = pieces.concat().into_bytes();
            if latin1 {
                bytes.push(0xe9);
            }
            let text = GameText::new(&bytes, 1, 1, 0);
            proptest::prop_assert_eq!(
                text.snippet(offset, max),
                snippet_of_all_characters(&text, offset, max)
            );
        }
    }
}
