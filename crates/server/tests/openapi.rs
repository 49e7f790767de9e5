//! The OpenAPI document stays true: every API route of the router is in it,
//! and every path in it is a route that answers.

mod common;

use std::collections::BTreeSet;

use common::{Server, tokens};

const YAML: &str = include_str!("../openapi.yaml");
/// The adapters' routers: Arbiter's own and lichess's.
const ROUTERS: [&str; 2] = [
    include_str!("../src/http/mod.rs"),
    include_str!("../src/lichess/mod.rs"),
];

fn documented() -> BTreeSet<String> {
    YAML.lines()
        .filter(|l| l.starts_with("  /api/") && l.ends_with(':'))
        .map(|l| l.trim().trim_end_matches(':').to_string())
        .collect()
}

fn routed() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for piece in ROUTERS.iter().flat_map(|r| r.split("route(").skip(1)) {
        let Some(start) = piece.find('"') else {
            continue;
        };
        let rest = &piece[start + 1..];
        let path = &rest[..rest.find('"').unwrap()];
        if !path.starts_with("/api/") {
            continue;
        }
        if path.starts_with("/api/{api}") {
            // format!("/api/{api}/game/{{id}}...") for board and bot.
            for api in ["board", "bot"] {
                out.insert(
                    path.replace("{api}", api)
                        .replace("{{", "{")
                        .replace("}}", "}"),
                );
            }
        } else {
            out.insert(path.to_string());
        }
    }
    // The trailing-slash alias berserk uses is the same route.
    out.retain(|p| !p.ends_with('/'));
    out
}

#[test]
fn every_route_is_documented_and_nothing_else() {
    let documented = documented();
    let routed = routed();
    assert!(routed.len() > 30, "{routed:?}");
    assert_eq!(
        routed.difference(&documented).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "routes missing from openapi.yaml"
    );
    assert_eq!(
        documented.difference(&routed).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "documented paths the router does not have"
    );
}

#[tokio::test]
async fn every_documented_path_answers() {
    let s = Server::start().await;
    let (id, ..) = tokens(&s.started_game("300+3").await);
    for path in documented() {
        let concrete = path
            .replace("{id}", &id)
            .replace("{username}", "nobody")
            .replace("{mv}", "e2e4")
            .replace("{accept}", "no");
        let get = s.get(&concrete).await;
        let post = s.http.post(s.url(&concrete)).send().await.unwrap();
        for r in [get, post] {
            let status = r.status().as_u16();
            // Streams never end: read only what could be the fallback's 404.
            let body = if status == 404 {
                r.text().await.unwrap_or_default()
            } else {
                String::new()
            };
            // The fallback's answer starts so; routes say what is missing.
            assert!(
                !(status == 404 && body.starts_with(r#"{"error":"not found","#)),
                "{path} is not routed"
            );
        }
    }
    let served = s.get_text("/api/openapi.yaml").await;
    assert_eq!(served, YAML);
}
