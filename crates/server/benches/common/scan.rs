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

/// What the load generators read of a server message, found by scanning
/// its text: a generator shares the machine's two cores with the server,
/// and parsing every message (views carry the head, the FEN and every
/// legal destination) cost it a fifth of its time. The server writes
/// `type` first and a view's `moves` right after `moves_from`; strings
/// never hold an unescaped quote, so a key's pattern cannot match inside
/// one.
pub struct Incoming<'a> {
    pub r#type: &'a str,
    pub view: Option<ViewSeen<'a>>,
    /// A verdict's decision (`accepted`, `rejected`).
    pub verdict: Option<&'a str>,
    /// A view's result, once over (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<&'a str>,
    /// The seat a `role` message gives.
    pub role: Option<&'a str>,
}

/// What is read of a view.
#[derive(Clone, Copy)]
pub struct ViewSeen<'a> {
    pub status: &'a str,
    /// Plies in the whole record up to this view.
    pub plies: u64,
}

impl<'a> Incoming<'a> {
    pub fn scan(text: &'a str) -> Result<Incoming<'a>, String> {
        let bad = || format!("unreadable message: {text}");
        let r#type = string_after(text, r#""type":""#).ok_or_else(bad)?;
        let view = if r#type == "update" || r#type == "full" {
            let status = string_after(text, r#""status":""#).ok_or_else(bad)?;
            let from = number_after(text, r#""moves_from":"#).ok_or_else(bad)?;
            let listed = count_objects(text, r#""moves":["#).ok_or_else(bad)?;
            Some(ViewSeen {
                status,
                plies: from + listed,
            })
        } else {
            None
        };
        let verdict = (r#type == "verdict")
            .then(|| string_after(text, r#""verdict":""#))
            .flatten();
        let result = view
            .filter(|v| v.status == "over")
            .and_then(|_| string_after(text, r#""result":""#));
        let role = (r#type == "role")
            .then(|| string_after(text, r#""role":""#))
            .flatten();
        Ok(Incoming {
            r#type,
            view,
            verdict,
            result,
            role,
        })
    }

    /// A view of the game over.
    pub fn over(&self) -> bool {
        self.view.is_some_and(|v| v.status == "over")
    }
}
