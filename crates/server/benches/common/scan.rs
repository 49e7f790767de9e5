//! Reading a few fields of the server's JSON messages without parsing them
//! whole: the load generators read tens of thousands a second, and a full
//! parse would cost them more than the server spends on a move.
#![allow(dead_code)]

/// The string value right after the first `key` (which ends with its
/// opening quote).
pub fn string_after<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let rest = &text[text.find(key)? + key.len()..];
    Some(&rest[..rest.find('"')?])
}

/// The number right after the first `key`.
pub fn number_after(text: &str, key: &str) -> Option<u64> {
    let rest = &text[text.find(key)? + key.len()..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// How many objects the array opened by `key` holds (its objects hold no
/// arrays, objects or brackets in strings: moves are flat records).
pub fn count_objects(text: &str, key: &str) -> Option<u64> {
    let rest = &text[text.find(key)? + key.len()..];
    let mut count = 0;
    for b in rest.bytes() {
        match b {
            b'{' => count += 1,
            b']' => return Some(count),
            _ => {}
        }
    }
    None
}
