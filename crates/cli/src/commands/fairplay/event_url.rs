//! `arbiter fairplay --event URL`: an event's games read from the web,
//! through the PGN endpoint its address's shape names: an Arbiter
//! server's tournament or Swiss, a lichess Swiss, a lichess broadcast or
//! one of its rounds, or a PGN endpoint given as it is, over http or
//! https (see `commands::http` for the certificates trusted).

use std::time::Duration;

use anyhow::Context;
use arbiter_messages::Catalogue;
use reqwest::Url;

use crate::commands::http;

/// How long the answer may take: an event's PGN is a few megabytes at most.
const PATIENCE: Duration = Duration::from_secs(120);

/// The shapes understood, for the error that names none of them.
const SHAPES: &str = "an Arbiter tournament (…/tournament/ID), a Swiss (…/swiss/ID), \
a lichess broadcast (…/broadcast/SLUG/ID) or round (…/broadcast/SLUG/ROUND/ID), or a PGN \
endpoint (…/api/….pgn, …/api/swiss/ID/games)";

/// The PGN endpoint of the event at `page`.
pub fn games_url(page: &str) -> anyhow::Result<Url> {
    let mut url = Url::parse(page).with_context(|| format!("--event {page:?} is not a URL"))?;
    anyhow::ensure!(
        matches!(url.scheme(), "http" | "https"),
        "--event {page}: not an http or https address"
    );
    let segments: Vec<String> = url
        .path_segments()
        .map(|s| s.filter(|s| !s.is_empty()).map(str::to_string).collect())
        .unwrap_or_default();
    let words: Vec<&str> = segments.iter().map(String::as_str).collect();
    let path = match words.as_slice() {
        ["api", ..] => return Ok(url),
        ["tournament", id, ..] | ["swiss", id, ..] => format!("/api/swiss/{id}/games"),
        ["broadcast", _, _, round] => format!("/api/broadcast/round/{round}.pgn"),
        ["broadcast", _, tour] => format!("/api/broadcast/{tour}.pgn"),
        _ => anyhow::bail!("--event {page}: not the address of an event; give {SHAPES}"),
    };
    url.set_path(&path);
    url.set_query(None);
    url.set_fragment(None);
    Ok(url)
}

/// The PGN text of the event at `page`, and the endpoint it came from
/// (a certificate refused is told in `language`).
pub async fn fetch_games(page: &str, language: &Catalogue) -> anyhow::Result<(Url, String)> {
    let url = games_url(page)?;
    let response = http::client(PATIENCE)?
        .get(url.clone())
        .header(reqwest::header::ACCEPT, "application/x-chess-pgn")
        .send()
        .await
        .map_err(|e| http::unreachable(e, url.as_str(), language))?;
    let status = response.status();
    anyhow::ensure!(
        status.is_success(),
        "{url} answered {status}: no event's games there"
    );
    let text = response
        .text()
        .await
        .with_context(|| format!("cannot read {url}"))?;
    anyhow::ensure!(!text.trim().is_empty(), "{url}: the event has no games");
    Ok((url, text))
}

#[cfg(test)]
mod tests {
    use super::games_url;

    fn endpoint(page: &str) -> String {
        games_url(page).unwrap().to_string()
    }

    #[test]
    fn each_shape_of_address_gives_its_games_endpoint() {
        assert_eq!(
            endpoint("http://127.0.0.1:8080/tournament/Ab12Cd34/standings"),
            "http://127.0.0.1:8080/api/swiss/Ab12Cd34/games"
        );
        assert_eq!(
            endpoint("https://lichess.org/swiss/j8rtJ5GL?page=2"),
            "https://lichess.org/api/swiss/j8rtJ5GL/games"
        );
        assert_eq!(
            endpoint("https://lichess.org/broadcast/xvii-memorial/round-3/9Kp3Qs7R#boards"),
            "https://lichess.org/api/broadcast/round/9Kp3Qs7R.pgn"
        );
        assert_eq!(
            endpoint("https://lichess.org/broadcast/xvii-memorial/Xy7Tz0Ab"),
            "https://lichess.org/api/broadcast/Xy7Tz0Ab.pgn"
        );
        assert_eq!(
            endpoint("http://host/api/broadcast/Ab12Cd34/round/1.pgn"),
            "http://host/api/broadcast/Ab12Cd34/round/1.pgn"
        );
    }

    #[test]
    fn an_address_of_no_event_is_refused_naming_the_shapes() {
        for bad in [
            "lichess.org/swiss/x",
            "ftp://host/swiss/x",
            "https://lichess.org/@/someone",
        ] {
            let error = games_url(bad).unwrap_err().to_string();
            assert!(error.contains(bad), "{error}");
        }
        let error = games_url("https://lichess.org/@/someone")
            .unwrap_err()
            .to_string();
        assert!(error.contains("…/tournament/ID"), "{error}");
    }
}
