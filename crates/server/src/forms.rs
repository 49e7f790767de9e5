//! The forms an arbiter sends FIDE about title norms, laid out as HTML:
//! a norm's certificate (IT1) and the tournament report (IT3), from the
//! facts the tournament crate gathers (`arbiter_tournament::norm::forms`),
//! labelled from the catalogues in the reader's language. The one
//! renderer of both: the tournament pages show these sections as the
//! server serves them, and `arbiter norms --it1/--it3` writes them as
//! printable files ([`document`]).

use std::fmt::Write as _;

use arbiter_messages::{Arg, Catalogue, Localized};
use arbiter_tournament::StartNo;
use arbiter_tournament::norm::NormTitle;
use arbiter_tournament::norm::forms::{EventFacts, FormPlayer, It1, It3, TitleCount};

/// The page's stylesheet, so that a written form prints as the page does.
const STYLE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/app.css"));

/// A norm's certificate (IT1): the player, the event, the norm's figures
/// and articles, the games it counts, the lines to sign.
pub fn it1_section(it1: &It1, words: &Catalogue) -> String {
    let w = |key: &str| words.word(&format!("page-{key}"));
    let title = it1.title.abbreviation();
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<section class="card wide printable form-page" data-testid="it1" data-title="{title}"><h2>{}</h2>"#,
        escape(&label(words, "tnIt1Heading", &[("title", title)]))
    );
    let _ = write!(out, "<h3>{}</h3>", escape(&w("tnThePlayer")));
    facts(&mut out, "it1-player", &player_facts(&it1.player, &w));
    let _ = write!(out, "<h3>{}</h3>", escape(&w("tnTheEvent")));
    facts(&mut out, "it1-event", &event_facts(&it1.event, &w));
    let _ = write!(out, "<h3>{}</h3>", escape(&w("tnTheNorm")));
    facts(&mut out, "it1-norm", &norm_facts(it1, &w));
    let headers = [
        "tnRound",
        "tnOpponent",
        "tnTitleField",
        "tnFideId",
        "tnFederation",
        "tnRating",
        "tnResult",
    ]
    .map(w);
    let rows: Vec<String> = it1
        .opponents
        .iter()
        .map(|g| {
            let o = &g.opponent;
            let result = g.result.to_string();
            row(
                "",
                "",
                &[
                    ("", g.round.to_string()),
                    ("", o.name.clone()),
                    ("title", o.title.unwrap_or("").to_string()),
                    ("", o.fide_id.map_or(String::new(), |id| id.to_string())),
                    ("", o.federation.clone()),
                    ("num", g.rating.to_string()),
                    ("res", if result == "0.5" { "½".into() } else { result }),
                ],
            )
        })
        .collect();
    table(&mut out, "it1-games", &headers, &rows);
    signatures(&mut out, words);
    out.push_str("</section>");
    out
}

/// The tournament report (IT3): the event, its field, the norms it gave,
/// each linked to its certificate by `link` (start number, title → URL).
pub fn it3_section(
    it3: &It3,
    words: &Catalogue,
    link: &dyn Fn(StartNo, NormTitle) -> String,
) -> String {
    let w = |key: &str| words.word(&format!("page-{key}"));
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<section class="card wide printable form-page" data-testid="it3"><h2>{}</h2>"#,
        escape(&w("tnIt3Heading"))
    );
    let _ = write!(out, "<h3>{}</h3>", escape(&w("tnTheEvent")));
    let mut event = event_facts(&it3.event, &w);
    event.push((w("tnSystem"), dash(&it3.event.system)));
    facts(&mut out, "it3-event", &event);
    let field = [
        (w("tnRatedPlayers"), it3.rated_players.to_string()),
        (w("tnFederations"), federations(&it3.federations)),
        (w("tnTitledPlayers"), title_counts(&it3.titled_players)),
    ];
    facts(&mut out, "it3-field", &field);
    let _ = write!(out, "<h3>{}</h3>", escape(&w("tnNormsAchieved")));
    if it3.norms.is_empty() {
        let _ = write!(
            out,
            r#"<p data-testid="it3-norms">{}</p>"#,
            escape(&w("tnNoNorms"))
        );
    } else {
        let headers = [
            w("tnName"),
            w("tnFideId"),
            w("tnFederation"),
            w("tnTitleField"),
            w("tnGamesCounted"),
            w("tnScore"),
            "Ra".into(),
            "Rp".into(),
            String::new(),
        ];
        let rows: Vec<String> = it3
            .norms
            .iter()
            .map(|n| {
                let p = &n.player;
                let certificate = format!(
                    r#"<a href="{}">{}</a>"#,
                    escape(&link(p.start_no, n.title)),
                    escape(&w("tnIt1Link"))
                );
                let cells = [
                    ("", p.name.clone()),
                    ("", p.fide_id.map_or(String::new(), |id| id.to_string())),
                    ("", p.federation.clone()),
                    ("title", n.title.abbreviation().to_string()),
                    ("num", n.games.to_string()),
                    ("num", n.score.to_string()),
                    ("num", n.average.to_string()),
                    ("num", n.performance.to_string()),
                ];
                let tail = format!(r#"<td class="no-print">{certificate}</td>"#);
                row(
                    &format!(r#" data-start-no="{}""#, p.start_no),
                    &tail,
                    &cells,
                )
            })
            .collect();
        table(&mut out, "it3-norms", &headers, &rows);
    }
    signatures(&mut out, words);
    out.push_str("</section>");
    out
}

/// A whole printable page around a form's section: the language, a
/// title, the page's stylesheet.
pub fn document(language: &str, title: &str, section: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body class=\"form-view\"><main>{section}</main></body></html>\n",
        escape(language),
        escape(title)
    )
}

fn player_facts(p: &FormPlayer, w: &impl Fn(&str) -> String) -> Vec<(String, String)> {
    vec![
        (w("tnName"), p.name.clone()),
        (
            w("tnFideId"),
            p.fide_id.map_or("–".into(), |id| id.to_string()),
        ),
        (w("tnFederation"), dash(&p.federation)),
        (w("tnTitleField"), p.title.unwrap_or("–").to_string()),
        (
            w("tnRating"),
            p.rating.map_or("–".into(), |r| r.to_string()),
        ),
    ]
}

/// The event's facts every form repeats.
fn event_facts(e: &EventFacts, w: &impl Fn(&str) -> String) -> Vec<(String, String)> {
    let dates: Vec<&str> = [e.start_date.as_str(), e.end_date.as_str()]
        .into_iter()
        .filter(|d| !d.is_empty())
        .collect();
    vec![
        (w("tnTheEvent"), e.name.clone()),
        (w("site"), dash(&e.place)),
        (w("tnDates"), dash(&dates.join(" – "))),
        (w("tnChiefArbiter"), dash(&e.chief_arbiter)),
        (w("tnDeputyArbiters"), dash(&e.deputy_arbiters.join("; "))),
        (w("tnRounds"), e.rounds.to_string()),
        (w("tnPlayers"), e.players.to_string()),
        (w("timeControl"), dash(&e.time_control)),
    ]
}

/// The norm's figures: the rounds counted and the article that let games
/// be left out, the games and what they count for, the score, Ra, Rp, the
/// opponents' titles and federations.
fn norm_facts(n: &It1, w: &impl Fn(&str) -> String) -> Vec<(String, String)> {
    let mut facts = vec![(w("tnRoundsCounted"), format!("1–{}", n.last_round))];
    if !n.dropped.is_empty() {
        let rounds: Vec<String> = n.dropped.iter().map(u32::to_string).collect();
        facts.push((w("tnWinsLeftOut"), rounds.join(", ")));
    }
    if let Some(rule) = n.rule {
        facts.push((w("tnArticle"), rule.to_string()));
    }
    facts.push((w("tnGamesCounted"), n.games.to_string()));
    if n.counts_as != n.games {
        facts.push((w("tnCountsAs"), n.counts_as.to_string()));
    }
    facts.extend([
        (w("tnScore"), n.score.to_string()),
        (w("tnAverageRa"), n.average.to_string()),
        (w("tnPerformanceRp"), n.performance.to_string()),
        (w("tnTitledOpponents"), title_counts(&n.opponents_titled)),
        (
            w("tnOpponentFederations"),
            federations(&n.opponent_federations),
        ),
    ]);
    if n.of_1_5_6 {
        facts.push(("FIDE B.01 1.5.6".into(), w("tnEventOf156")));
    }
    facts
}

/// "3 GM, 2 IM, 1 FM", or a dash.
fn title_counts(counts: &[TitleCount]) -> String {
    let parts: Vec<String> = counts
        .iter()
        .map(|c| format!("{} {}", c.count, c.title))
        .collect();
    dash(&parts.join(", "))
}

/// "7: CHN, ESP, FRA": how many, and which.
fn federations(list: &[String]) -> String {
    format!("{}: {}", list.len(), list.join(", "))
}

fn dash(text: &str) -> String {
    if text.is_empty() {
        "–".into()
    } else {
        text.into()
    }
}

fn facts(out: &mut String, testid: &str, list: &[(String, String)]) {
    let _ = write!(out, r#"<dl class="facts" data-testid="{testid}">"#);
    for (term, value) in list {
        let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", escape(term), escape(value));
    }
    out.push_str("</dl>");
}

fn table(out: &mut String, testid: &str, headers: &[String], rows: &[String]) {
    let _ = write!(
        out,
        r#"<table class="tn-sheet" data-testid="{testid}"><thead><tr>"#
    );
    for h in headers {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr></thead><tbody>");
    for r in rows {
        out.push_str(r);
    }
    out.push_str("</tbody></table>");
}

/// A row of cells, each with its class (or none), then `tail`, cells
/// already in HTML; `attributes` go on the `<tr>` as they are.
fn row(attributes: &str, tail: &str, cells: &[(&str, String)]) -> String {
    let mut out = format!("<tr{attributes}>");
    for (class, text) in cells {
        if class.is_empty() {
            let _ = write!(out, "<td>{}</td>", escape(text));
        } else {
            let _ = write!(out, r#"<td class="{class}">{}</td>"#, escape(text));
        }
    }
    out.push_str(tail);
    out.push_str("</tr>");
    out
}

fn signatures(out: &mut String, words: &Catalogue) {
    out.push_str(r#"<div class="signatures">"#);
    for who in ["tnSignedChiefArbiter", "tnSignedOrganiser"] {
        let who = words.word(&format!("page-{who}"));
        let line = label(words, "tnSignatureLine", &[("who", &who)]);
        let _ = write!(out, "<p>{}</p>", escape(&line));
    }
    out.push_str("</div>");
}

/// A page's template (`page-KEY`) with its arguments.
fn label(words: &Catalogue, key: &str, args: &[(&'static str, &str)]) -> String {
    struct Page<'a> {
        key: String,
        args: &'a [(&'static str, &'a str)],
    }
    impl Localized for Page<'_> {
        fn key(&self) -> &str {
            &self.key
        }
        fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
            self.args
                .iter()
                .map(|&(name, value)| (name, Arg::Text(value.into())))
                .collect()
        }
    }
    words.render(&Page {
        key: format!("page-{key}"),
        args,
    })
}

/// Text as HTML: names and places come from the event's file.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
