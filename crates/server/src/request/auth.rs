//! Reading a client's token: `Authorization: Bearer …` as lichess clients
//! send it.

use axum::http::HeaderMap;

/// Longest token accepted (ours are 64 characters).
const MAX_TOKEN: usize = 256;

/// The bearer token of a request, if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))?
        .trim();
    (!token.is_empty() && token.len() <= MAX_TOKEN).then_some(token)
}
