//! Byte classes shared by the game splitter and the movetext parser, so that
//! both agree on where tokens, tags and comments begin and end.

/// `true` for PGN whitespace (space, tab, line ends, form feed, vertical
/// tab). Looked up: compared, a space fell through to the parser's jump
/// table on every byte class, at twice the cost.
#[inline(always)]
pub(crate) fn is_space(b: u8) -> bool {
    CLASS[b as usize] & SPACE != 0
}

/// Byte classes, looked up rather than compared: the scanners run over
/// every byte of the input. A token end ends a symbol token (a move, a
/// move number, a result); a move end also ends a move (its annotation
/// suffix starts).
const TOKEN_END: u8 = 1;
const MOVE_END: u8 = 2;
/// Ends a tag name: whitespace, a quote or a bracket.
const NAME_END: u8 = 4;
/// Ends a tag value in the plain form: the closing quote, or what the
/// plain form does not allow (an escape, a line end).
const VALUE_END: u8 = 8;
/// PGN whitespace.
const SPACE: u8 = 16;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let ends = b" \t\n\r\x0b\x0c{}()[];$\"";
    let mut i = 0;
    while i < ends.len() {
        t[ends[i] as usize] = TOKEN_END | MOVE_END;
        i += 1;
    }
    t[b'!' as usize] = MOVE_END;
    t[b'?' as usize] = MOVE_END;
    let name_ends = b" \t\n\r\x0b\x0c\"[]";
    let mut i = 0;
    while i < name_ends.len() {
        t[name_ends[i] as usize] |= NAME_END;
        i += 1;
    }
    let value_ends = b"\"\\\n\r";
    let mut i = 0;
    while i < value_ends.len() {
        t[value_ends[i] as usize] |= VALUE_END;
        i += 1;
    }
    let spaces = b" \t\n\r\x0b\x0c";
    let mut i = 0;
    while i < spaces.len() {
        t[spaces[i] as usize] |= SPACE;
        i += 1;
    }
    t
};

/// `true` if `b` ends a symbol token (a move, a move number, a result).
#[inline(always)]
pub(crate) fn ends_token(b: u8) -> bool {
    CLASS[b as usize] & TOKEN_END != 0
}

/// The end of the symbol token that continues at `i`: the first byte at or
/// after `i` that ends a token, or the end of `bytes`.
#[cfg(test)]
pub(crate) fn token_end(bytes: &[u8], i: usize) -> usize {
    first_of_class(bytes, i, TOKEN_END)
}

/// The end of the move that continues at `i`: the first byte at or after
/// `i` that ends a move, or the end of `bytes`.
#[inline(always)]
pub(crate) fn move_end(bytes: &[u8], i: usize) -> usize {
    first_of_class(bytes, i, MOVE_END)
}

/// The first byte at or after `i` in `class`, or the end of `bytes`.
#[inline(always)]
fn first_of_class(bytes: &[u8], mut i: usize, class: u8) -> usize {
    while i < bytes.len() && CLASS[bytes[i] as usize] & class == 0 {
        i += 1;
    }
    i
}

/// The first byte at or after `i` in `class`, [`NAME_END`] or
/// [`VALUE_END`], or the end of `bytes`: sixteen bytes at a time with SSE2
/// (every x86-64 has it), the last few by [`first_of_class`].
///
/// The splitter reads every tag pair of every game: their names and
/// values, a few bytes to a few dozen, are passed over in one or two steps
/// where the table takes one per byte.
#[cfg(target_arch = "x86_64")]
#[inline]
fn first_of_tag_class(bytes: &[u8], i: usize, class: u8) -> usize {
    // SAFETY: SSE2 belongs to the x86-64 baseline: every such CPU has it.
    unsafe { first_of_tag_class_sse2(bytes, i, class) }
}

/// [`first_of_tag_class`] on a CPU with SSE2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn first_of_tag_class_sse2(bytes: &[u8], mut i: usize, class: u8) -> usize {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_min_epu8, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8,
    };
    let splat = |b: u8| _mm_set1_epi8(b as i8);
    let is = |v: __m128i, b: u8| _mm_cmpeq_epi8(v, splat(b));
    while let Some(chunk) = bytes.get(i..i + 16) {
        // SAFETY: `chunk` holds sixteen bytes, which an unaligned load reads.
        let v = unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) };
        let hits = if class == NAME_END {
            // Tab, line feed, vertical tab, form feed and carriage return
            // are 9 to 13: a byte kept by clamping it there is one of them.
            let control = _mm_cmpeq_epi8(_mm_min_epu8(_mm_max_epu8(v, splat(9)), splat(13)), v);
            _mm_or_si128(
                _mm_or_si128(control, is(v, b' ')),
                _mm_or_si128(is(v, b'"'), _mm_or_si128(is(v, b'['), is(v, b']'))),
            )
        } else {
            _mm_or_si128(
                _mm_or_si128(is(v, b'"'), is(v, b'\\')),
                _mm_or_si128(is(v, b'\n'), is(v, b'\r')),
            )
        };
        let mask = _mm_movemask_epi8(hits) as u32;
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
    }
    first_of_class(bytes, i, class)
}

/// [`first_of_tag_class`] where there is no SSE2.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn first_of_tag_class(bytes: &[u8], i: usize, class: u8) -> usize {
    first_of_class(bytes, i, class)
}

/// Bytes looked at a word at a time by [`closing_brace`] before it hands
/// the rest to `memchr`.
const SHORT_COMMENT: usize = 32;

/// The index in `bytes` of the first `}`: where a comment whose text
/// `bytes` starts closes.
///
/// Most comments are short (a clock, `{ [%clk 0:03:12] }`, an evaluation),
/// and there are as many as moves: their end is looked for eight bytes at
/// a time in the first [`SHORT_COMMENT`] bytes, which finds it before a
/// call to `memchr` would have set up its vector loop; a longer comment
/// goes on with `memchr`.
#[inline(always)]
pub(crate) fn closing_brace(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const BRACES: u64 = u64::from_ne_bytes([b'}'; 8]);
    let mut at = 0;
    while at < SHORT_COMMENT
        && let Some(word) = bytes.get(at..at + 8)
    {
        // A byte of `x` is zero where the word holds a brace; the lowest
        // flag set marks the first such byte (a flag above it may be false,
        // never one below).
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ BRACES;
        let flags = x.wrapping_sub(ONES) & !x & HIGHS;
        if flags != 0 {
            return Some(at + (flags.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    memchr::memchr(b'}', &bytes[at..]).map(|k| at + k)
}

/// `true` if `i` is the first byte of a line.
#[inline]
pub(crate) fn at_line_start(bytes: &[u8], i: usize) -> bool {
    i == 0 || matches!(bytes[i - 1], b'\n' | b'\r')
}

/// The index of the next line end (`\n` or `\r`) at or after `from`.
#[inline]
pub(crate) fn line_end(bytes: &[u8], from: usize) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', &bytes[from..]).map(|i| from + i)
}

/// How many lines `bytes` ends: `\n`, `\r\n` and a lone `\r` each count once.
pub fn count_line_breaks(bytes: &[u8]) -> usize {
    let lf = memchr::memchr_iter(b'\n', bytes).count();
    if memchr::memchr(b'\r', bytes).is_none() {
        return lf;
    }
    let lone_cr = memchr::memchr_iter(b'\r', bytes)
        .filter(|&i| bytes.get(i + 1) != Some(&b'\n'))
        .count();
    lf + lone_cr
}

/// The extent of a tag pair that starts with `[` at `start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TagExtent {
    /// One past the closing `]` (or the end of the line for a broken tag).
    pub end: usize,
    /// The tag name.
    pub name: core::ops::Range<usize>,
    /// The value between the quotes, still escaped; `None` if there is no
    /// quoted value.
    pub value: Option<core::ops::Range<usize>>,
    /// How the tag departs from the standard, if it does.
    pub flaw: Option<TagFlaw>,
}

impl TagExtent {
    /// The same extent in bytes that start `by` bytes later.
    pub(crate) fn shifted_back(self, by: usize) -> TagExtent {
        let back = |r: core::ops::Range<usize>| r.start - by..r.end - by;
        TagExtent {
            end: self.end - by,
            name: back(self.name),
            value: self.value.map(back),
            flaw: self.flaw,
        }
    }
}

/// Ways a tag pair can be broken.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TagFlaw {
    /// Quotes inside the value are not escaped; the value runs to the last
    /// quote before the closing bracket.
    UnescapedQuote,
    /// No quoted value or no closing bracket on the line.
    Malformed,
}

/// Reads the extent of the tag pair at `start` (which holds `[`). Returns
/// `None` when the line is not complete in `bytes` and more input may follow.
#[inline]
pub(crate) fn tag_extent(bytes: &[u8], start: usize, eof: bool) -> Option<TagExtent> {
    plain_tag_extent(bytes, start).or_else(|| any_tag_extent(bytes, start, eof))
}

/// The extent of a tag pair in the plain form of nearly every tag
/// (`[Name "value"]` with no escape in the value, then the line end), read
/// in one pass over its bytes; `None` for any other form, left to
/// [`any_tag_extent`]. Tags are short: one pass beats looking for the line
/// end and then for the quotes with `memchr`, which the splitter and the
/// parser would each do for every tag of every game.
#[inline]
pub(crate) fn plain_tag_extent(bytes: &[u8], start: usize) -> Option<TagExtent> {
    let at = |i: usize| bytes.get(i).copied();
    let mut i = start + 1;
    while matches!(at(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let name_start = i;
    i = first_of_tag_class(bytes, i, NAME_END);
    let name = name_start..i;
    while matches!(at(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    if at(i)? != b'"' {
        return None;
    }
    let value_start = i + 1;
    i = first_of_tag_class(bytes, value_start, VALUE_END);
    if at(i)? != b'"' {
        return None;
    }
    let value = value_start..i;
    i += 1;
    while matches!(at(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    if at(i)? != b']' || !matches!(at(i + 1)?, b'\n' | b'\r') {
        return None;
    }
    Some(TagExtent {
        end: i + 1,
        name,
        value: Some(value),
        flaw: None,
    })
}

/// [`tag_extent`] for a tag pair of any form, broken ones included.
pub(crate) fn any_tag_extent(bytes: &[u8], start: usize, eof: bool) -> Option<TagExtent> {
    let line_end = match line_end(bytes, start) {
        Some(e) => e,
        None if eof => bytes.len(),
        None => return None,
    };
    let mut i = start + 1;
    while i < line_end && matches!(bytes[i], b' ' | b'\t') {
        i += 1;
    }
    let name_start = i;
    while i < line_end && CLASS[bytes[i] as usize] & NAME_END == 0 {
        i += 1;
    }
    let name = name_start..i;
    while i < line_end && matches!(bytes[i], b' ' | b'\t') {
        i += 1;
    }
    if i < line_end && bytes[i] == b'"' {
        // The standard form: a string with \" and \\ escapes, then `]`.
        let value_start = i + 1;
        let mut j = value_start;
        while let Some(k) = memchr::memchr2(b'"', b'\\', &bytes[j..line_end]) {
            j += k;
            if bytes[j] == b'"' {
                break;
            }
            j += 2;
            if j >= line_end {
                break;
            }
        }
        if j < line_end && bytes[j] != b'"' {
            // No closing quote on the line.
            j = line_end;
        }
        if j < line_end {
            let mut k = j + 1;
            while k < line_end && matches!(bytes[k], b' ' | b'\t') {
                k += 1;
            }
            if k < line_end && bytes[k] == b']' {
                return Some(TagExtent {
                    end: k + 1,
                    name,
                    value: Some(value_start..j),
                    flaw: None,
                });
            }
        }
        // Unescaped quotes: the value runs to the last quote that is
        // followed by the last closing bracket of the line.
        let line = &bytes[value_start..line_end];
        if let Some(close) = memchr::memrchr(b']', line)
            && let Some(quote) = memchr::memrchr(b'"', &line[..close])
            && line[quote + 1..close]
                .iter()
                .all(|&b| matches!(b, b' ' | b'\t'))
        {
            return Some(TagExtent {
                end: value_start + close + 1,
                name,
                value: Some(value_start..value_start + quote),
                flaw: Some(TagFlaw::UnescapedQuote),
            });
        }
    }
    // Broken beyond repair: the tag ends at the first `]`, else the line end.
    let end = memchr::memchr(b']', &bytes[start..line_end]).map_or(line_end, |c| start + c + 1);
    Some(TagExtent {
        end,
        name,
        value: None,
        flaw: Some(TagFlaw::Malformed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(line: &str) -> (String, Option<TagFlaw>) {
        let t = tag_extent(line.as_bytes(), 0, true).unwrap();
        let v = t.value.map(|r| line[r].to_string()).unwrap_or_default();
        (v, t.flaw)
    }

    #[test]
    fn pathological_tags_follow_the_escapes() {
        assert_eq!(value(r#"[A "b\""]"#), (r#"b\""#.to_string(), None));
        assert_eq!(value(r#"[D "A]][" ]"#), ("A]][".to_string(), None));
        assert_eq!(value(r#"[G "\"]"]"#), (r#"\"]"#.to_string(), None));
    }

    #[test]
    fn unescaped_quotes_run_to_the_last_quote() {
        assert_eq!(
            value(r#"[Event "Tournament "Championship" Finals"]"#),
            (
                "Tournament \"Championship\" Finals".to_string(),
                Some(TagFlaw::UnescapedQuote)
            )
        );
        assert_eq!(
            value("[Event \"Tournament \\\"]\n"),
            ("Tournament \\".to_string(), Some(TagFlaw::UnescapedQuote))
        );
    }

    #[test]
    fn a_tag_without_value_is_malformed() {
        let t = tag_extent(b"[%clk 0:01:00] e4", 0, true).unwrap();
        assert_eq!(t.flaw, Some(TagFlaw::Malformed));
        assert_eq!(t.end, 14);
    }

    #[test]
    fn an_incomplete_line_needs_more_input() {
        assert_eq!(tag_extent(b"[Event \"x", 0, false), None);
    }

    #[test]
    fn the_plain_form_is_read_as_any_form_is() {
        let lines = [
            "[Event \"Rated Blitz game\"]\n",
            "[ Event  \"x\" ]\r\n",
            "[Event\t\"\"]\r",
            "[Event \"a\\\"b\"]\n",
            "[Event \"a\"b\"]\n",
            "[Event \"open\n",
            "[Event \"x\"] [Site \"y\"]\n",
            "[Event \"x\"]",
            "[Event \"x\"",
            "[\"x\"]\n",
            "[Event x]\n",
            "[%clk 0:01:00]\n",
            "[Event \"é\"]\n",
        ];
        for line in lines {
            let bytes = line.as_bytes();
            for end in 1..=bytes.len() {
                for eof in [false, true] {
                    let cut = &bytes[..end];
                    let plain = plain_tag_extent(cut, 0);
                    if plain.is_some() {
                        assert_eq!(plain, any_tag_extent(cut, 0, eof), "{line:?} to {end}");
                    }
                    assert_eq!(
                        tag_extent(cut, 0, eof),
                        any_tag_extent(cut, 0, eof),
                        "{line:?} to {end}"
                    );
                }
            }
        }
        assert!(plain_tag_extent(b"[Event \"x\"]\n", 0).is_some());
    }

    #[test]
    fn tokens_end_at_the_first_byte_that_ends_them() {
        let text = b"Nf3 e4!? exd8=Q+(Rae1){x}0-0-0;1-0 $1 \"Ke2\"";
        for i in 0..=text.len() {
            let token = (i..text.len()).find(|&j| ends_token(text[j]));
            let mv =
                (i..text.len()).find(|&j| matches!(text[j], b'!' | b'?') || ends_token(text[j]));
            assert_eq!(token_end(text, i), token.unwrap_or(text.len()), "{i}");
            assert_eq!(move_end(text, i), mv.unwrap_or(text.len()), "{i}");
        }
        assert_eq!(token_end(b"abcdefghijklmnopq r", 0), 17);
    }

    #[test]
    fn the_closing_brace_is_the_first_one_at_any_length() {
        for len in 0..80 {
            for at in 0..=len {
                let mut text: Vec<u8> = (0..len)
                    .map(|k| b"[%clk 0:05:00]\x7c\xfd{"[k % 17])
                    .collect();
                if at < len {
                    text[at] = b'}';
                    if at + 3 < len {
                        text[at + 3] = b'}';
                    }
                }
                let expected = text.iter().position(|&b| b == b'}');
                assert_eq!(closing_brace(&text), expected, "{len} {at}");
            }
        }
    }

    #[test]
    fn the_vector_scan_of_tags_stops_where_the_table_does() {
        // Every byte value, at every place in and across the sixteen-byte
        // steps.
        let text: Vec<u8> = (0..=255u8).rev().cycle().take(600).collect();
        for class in [NAME_END, VALUE_END] {
            for b in 0..=255u8 {
                for len in [1, 15, 16, 17, 31, 40] {
                    for at in 0..len {
                        let mut text = vec![b'a'; len];
                        text[at] = b;
                        for from in 0..=len {
                            assert_eq!(
                                first_of_tag_class(&text, from, class),
                                first_of_class(&text, from, class),
                                "{class} {b} {len} {at} {from}"
                            );
                        }
                    }
                }
            }
            for from in 0..=text.len() {
                assert_eq!(
                    first_of_tag_class(&text, from, class),
                    first_of_class(&text, from, class),
                    "{class} {from}"
                );
            }
        }
    }

    #[test]
    fn whitespace_is_the_six_bytes_of_pgn() {
        for b in 0..=255u8 {
            assert_eq!(
                is_space(b),
                matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
                "{b}"
            );
        }
    }

    #[test]
    fn line_breaks_of_every_kind_count_once() {
        assert_eq!(count_line_breaks(b"a\nb\r\nc\rd"), 3);
        assert_eq!(count_line_breaks(b""), 0);
    }
}
