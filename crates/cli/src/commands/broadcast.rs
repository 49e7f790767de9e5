//! `arbiter broadcast push --round URL --to URL --token T`: reads an
//! Arbiter round's live PGN (`/api/broadcast/ID/round/N.pgn`) and pushes
//! it to a broadcast round that speaks lichess's broadcast API (lichess
//! itself, or another Arbiter server), at most a hundred games a push as
//! lichess takes them, printing lichess's answer for each game.

use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_messages::english;

use super::http;
use arbiter_pgn::Reader;
use serde_json::Value;

/// lichess's limit: the games one push may carry.
const GAMES_PER_PUSH: usize = 100;

/// Arguments of `arbiter broadcast`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Push an Arbiter round to a lichess-compatible broadcast round.
    Push(PushArgs),
}

/// Arguments of `arbiter broadcast push`.
#[derive(Debug, clap::Args)]
pub struct PushArgs {
    /// The Arbiter round's PGN (`http://HOST/api/broadcast/ID/round/N.pgn`).
    #[arg(long, value_name = "URL")]
    round: String,
    /// The broadcast round to push to: its push address
    /// (`https://lichess.org/api/broadcast/round/ROUND/push`), its page
    /// (`https://lichess.org/broadcast/TOUR/ROUND-NAME/ROUND`) or its PGN
    /// (`…/api/broadcast/round/ROUND.pgn`, the `url` Arbiter gives).
    #[arg(long, value_name = "URL")]
    to: String,
    /// The token of the account that owns the broadcast (lichess: a token
    /// with `study:write`).
    #[arg(long, value_name = "T")]
    token: String,
}

// `KEYS` and `ARGUMENTS` serve the catalogue test only.
#[allow(dead_code)]
mod line {
    arbiter_messages::messages! {
        /// A line of `arbiter broadcast push`'s report.
        #[derive(Debug)]
        pub enum Line {
            /// A game the broadcast took.
            Taken {
                /// The game: round, White and Black.
                game: String,
                /// Its moves.
                moves: u64,
            } = "cli-broadcast-taken",
            /// A game the broadcast refused.
            Refused {
                /// The game.
                game: String,
                /// The broadcast's reason.
                error: String,
            } = "cli-broadcast-refused",
        }
    }
}

use line::Line;

/// Runs `arbiter broadcast`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Push(push) => super::runtime()?.block_on(run_push(push)),
    }
}

async fn run_push(args: PushArgs) -> anyhow::Result<ExitCode> {
    let client = http::client(std::time::Duration::from_secs(60))?;
    let pgn = fetch_round(&client, &args.round).await?;
    let push_url = push_address(&args.to)?;
    let mut refused = 0;
    for batch in batches(&pgn, &args.round)? {
        let response = client
            .post(&push_url)
            .bearer_auth(&args.token)
            .header(reqwest::header::CONTENT_TYPE, "text/plain")
            .body(batch)
            .send()
            .await
            .map_err(|e| http::unreachable(e, &push_url, english()))?;
        let text = body_of(response, &push_url).await?;
        let answer: Value = serde_json::from_str(&text)
            .with_context(|| format!("{push_url}: not lichess's answer: {}", text.trim()))?;
        let games = answer["games"]
            .as_array()
            .with_context(|| format!("{push_url}: an answer without games: {}", text.trim()))?;
        for game in games {
            let line = report_line(game);
            if matches!(line, Line::Refused { .. }) {
                refused += 1;
            }
            println!("{}", english().render(&line));
        }
    }
    Ok(if refused == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

async fn fetch_round(client: &reqwest::Client, url: &str) -> anyhow::Result<String> {
    let response = client
        .get(url)
        .send()
        .await
        .map_err(|e| http::unreachable(e, url, english()))?;
    body_of(response, url).await
}

/// A response's body; an error with the server's status and words when
/// it refused.
async fn body_of(response: reqwest::Response, url: &str) -> anyhow::Result<String> {
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    if !status.is_success() {
        bail!("{url}: {status}: {}", text.trim());
    }
    Ok(text)
}

/// Where to push: the address given if it is a push address, else the
/// push address of the round whose page it is (its last segment).
fn push_address(to: &str) -> anyhow::Result<String> {
    let to = to.trim_end_matches('/');
    if to.ends_with("/push") {
        return Ok(to.to_string());
    }
    let (scheme, rest) = to
        .split_once("://")
        .with_context(|| format!("--to {to}: not an http(s) address"))?;
    let host = rest.split('/').next().unwrap_or("");
    let last = rest.rsplit('/').next().unwrap_or("");
    let round = last.strip_suffix(".pgn").unwrap_or(last);
    if host.is_empty() || round.is_empty() || round == host {
        bail!("--to {to}: neither a push address nor a broadcast round's page");
    }
    Ok(format!(
        "{scheme}://{host}/api/broadcast/round/{round}/push"
    ))
}

/// The round's games, a hundred to a push (a game the reader cannot read
/// stops the push: the round's own file is written by Arbiter).
fn batches(pgn: &str, source: &str) -> anyhow::Result<Vec<String>> {
    let mut games = Vec::new();
    for game in Reader::new(pgn.as_bytes()).games() {
        let game = game.with_context(|| source.to_string())?;
        games.push(arbiter_pgn::export(&game));
    }
    Ok(games
        .chunks(GAMES_PER_PUSH)
        .map(|chunk| chunk.join("\n"))
        .collect())
}

/// lichess's answer for one game, as a line.
fn report_line(game: &Value) -> Line {
    let tag = |name: &str| game["tags"][name].as_str().unwrap_or("?").to_string();
    let name = format!("{} {} - {}", tag("Round"), tag("White"), tag("Black"));
    match game["error"].as_str() {
        Some(error) => Line::Refused {
            game: name,
            error: error.to_string(),
        },
        None => Line::Taken {
            game: name,
            moves: game["moves"].as_u64().unwrap_or(0),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_has_words_in_every_catalogue() {
        for catalogue in arbiter_messages::catalogues() {
            for key in Line::KEYS {
                assert!(
                    catalogue.template(key).is_some(),
                    "{}: {key}",
                    catalogue.language()
                );
            }
        }
        let taken = report_line(
            &serde_json::json!({"tags": {"Round": "1.2", "White": "Ann", "Black": "Bob"}, "moves": 7}),
        );
        assert_eq!(english().render(&taken), "1.2 Ann - Bob: 7 moves");
        let refused =
            report_line(&serde_json::json!({"tags": {}, "error": "move 2: Ke3 cannot be played"}));
        assert_eq!(
            english().render(&refused),
            "? ? - ?: refused: move 2: Ke3 cannot be played"
        );
    }

    #[test]
    fn a_round_page_or_a_push_address_gives_the_push_address() {
        let push = "https://lichess.org/api/broadcast/round/ab12CD34/push";
        assert_eq!(push_address(push).unwrap(), push);
        assert_eq!(
            push_address("https://lichess.org/broadcast/open/round-1/ab12CD34").unwrap(),
            push
        );
        assert_eq!(
            push_address("https://lichess.org/api/broadcast/round/ab12CD34.pgn").unwrap(),
            push
        );
        assert!(push_address("lichess.org").is_err());
    }

    #[test]
    fn a_round_of_two_hundred_and_one_games_is_three_pushes() {
        let pgn: String = (1..=201)
            .map(|n| format!("[White \"P{n}\"]\n\n1. e4 *\n\n"))
            .collect();
        let pushes = batches(&pgn, "test").unwrap();
        let counts: Vec<usize> = pushes
            .iter()
            .map(|p| Reader::new(p.as_bytes()).games().count())
            .collect();
        assert_eq!(counts, [100, 100, 1]);
    }
}
