//! The facts of the forms an arbiter sends FIDE about title norms (B.01
//! 1.8, 1.9): a certificate (IT1) for each norm achieved and the
//! tournament report (IT3), from the event as its TRF gives it. One source
//! for every renderer: `arbiter norms --it1/--it3` and the tournament
//! pages lay out these facts, and the service serves them as JSON
//! (`docs/tournaments.md`).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::title::{NormTitle, Title};
use super::{NormOptions, norms};
use crate::decimal::Decimal;
use crate::player::{Player, StartNo};
use crate::tournament::Tournament;

/// The event, as every form repeats it: records `012` (name), `022`
/// (city), `032` (federation), `042`/`052` (dates), `092` (type), `102`
/// (chief arbiter), `112` (deputies), `122` (time control); the rounds and
/// the players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventFacts {
    /// The event's name.
    pub name: String,
    /// Where it is held.
    pub place: String,
    /// The host federation.
    pub federation: String,
    /// The first day, as the file writes it.
    pub start_date: String,
    /// The last day.
    pub end_date: String,
    /// The type of tournament (`092`).
    pub system: String,
    /// The chief arbiter.
    pub chief_arbiter: String,
    /// The deputy arbiters.
    pub deputy_arbiters: Vec<String>,
    /// The time control (`122`).
    pub time_control: String,
    /// The rounds: those planned, or those paired.
    pub rounds: u32,
    /// The players.
    pub players: u32,
}

/// A player as the forms name him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FormPlayer {
    /// His start number.
    pub start_no: StartNo,
    /// His name.
    pub name: String,
    /// His FIDE id.
    pub fide_id: Option<u64>,
    /// His federation.
    pub federation: String,
    /// His title as FIDE writes it (`GM`, `WIM`), if any.
    pub title: Option<&'static str>,
    /// His rating; `None` when unrated.
    pub rating: Option<u32>,
}

/// A title and how many hold it: `3 GM`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TitleCount {
    /// The title.
    pub title: &'static str,
    /// How many.
    pub count: u32,
}

/// A game a norm counts, on its certificate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CertificateGame {
    /// The round.
    pub round: u32,
    /// The opponent.
    pub opponent: FormPlayer,
    /// The rating the norm counted him at (1400 when unrated, 1.4.6).
    pub rating: u32,
    /// The player's result: 1, 0.5 or 0.
    pub result: Decimal,
}

/// A title norm's certificate (IT1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct It1 {
    /// The event.
    pub event: EventFacts,
    /// The player.
    pub player: FormPlayer,
    /// The norm's title.
    pub title: NormTitle,
    /// The last round counted.
    pub last_round: u32,
    /// The rounds of the wins left out (1.4.1 f).
    pub dropped: Vec<u32>,
    /// The article that let games be left out, if any.
    pub rule: Option<&'static str>,
    /// The games counted.
    pub games: u32,
    /// The games it counts for in a title application (1.4.1 b–d, 1.7).
    pub counts_as: u32,
    /// The points in them.
    pub score: Decimal,
    /// Ra (1.4.7).
    pub average: i64,
    /// Rp (1.4.8).
    pub performance: i64,
    /// The titles of the opponents counted, strongest first.
    pub opponents_titled: Vec<TitleCount>,
    /// Their federations, in alphabetical order (`FID` and blank left
    /// out, 1.4.2 a).
    pub opponent_federations: Vec<String>,
    /// Whether the event is one of those 1.5.6 asks for.
    pub of_1_5_6: bool,
    /// The games counted, in round order.
    pub opponents: Vec<CertificateGame>,
}

/// A norm on the tournament report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReportedNorm {
    /// The player.
    pub player: FormPlayer,
    /// The title.
    pub title: NormTitle,
    /// The games counted.
    pub games: u32,
    /// The games it counts for.
    pub counts_as: u32,
    /// The points.
    pub score: Decimal,
    /// Ra.
    pub average: i64,
    /// Rp.
    pub performance: i64,
}

/// The tournament report (IT3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct It3 {
    /// The event.
    pub event: EventFacts,
    /// The rated players.
    pub rated_players: u32,
    /// The players' federations, in alphabetical order.
    pub federations: Vec<String>,
    /// The players' titles, strongest first.
    pub titled_players: Vec<TitleCount>,
    /// The norms the event gives, in start-number order.
    pub norms: Vec<ReportedNorm>,
}

/// The forms of an event: its report and a certificate for each norm.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Forms {
    /// The tournament report.
    pub it3: It3,
    /// One certificate for each norm achieved, in start-number order.
    pub it1: Vec<It1>,
}

/// The IT3 and the IT1s of `tournament`, its norms counted with `options`.
pub fn forms(tournament: &Tournament, options: &NormOptions) -> Forms {
    let event = event_facts(tournament);
    let player = |start_no: StartNo| {
        tournament
            .entrant(start_no)
            .map(|e| form_player(&e.player))
            .expect("a norm's players are the event's")
    };
    let mut it1 = Vec::new();
    let mut reported = Vec::new();
    for p in norms(tournament, options) {
        for result in &p.titles {
            let Some(norm) = &result.norm else { continue };
            let a = &norm.assessment;
            let opponents: Vec<CertificateGame> = norm
                .games
                .iter()
                .map(|g| CertificateGame {
                    round: g.round,
                    opponent: player(g.opponent),
                    rating: g.rating,
                    result: Decimal::half_points(u32::from(g.result.half_points())),
                })
                .collect();
            let federations: BTreeSet<String> = norm
                .games
                .iter()
                .filter_map(|g| g.federation())
                .map(str::to_string)
                .collect();
            reported.push(ReportedNorm {
                player: player(p.start_no),
                title: result.title,
                games: a.games,
                counts_as: norm.counts_as,
                score: Decimal::half_points(a.half_points),
                average: a.average,
                performance: a.performance,
            });
            it1.push(It1 {
                event: event.clone(),
                player: player(p.start_no),
                title: result.title,
                last_round: norm.last_round,
                dropped: norm.dropped.clone(),
                rule: norm.rule,
                games: a.games,
                counts_as: norm.counts_as,
                score: Decimal::half_points(a.half_points),
                average: a.average,
                performance: a.performance,
                opponents_titled: title_counts(norm.games.iter().filter_map(|g| g.title)),
                opponent_federations: federations.into_iter().collect(),
                of_1_5_6: norm.of_1_5_6,
                opponents,
            });
        }
    }
    let players = || tournament.entrants.iter().map(|e| &e.player);
    let federations: BTreeSet<String> = players()
        .map(|p| p.federation.trim())
        .filter(|f| !f.is_empty())
        .map(str::to_string)
        .collect();
    Forms {
        it3: It3 {
            event,
            rated_players: players().filter(|p| p.rating > 0).count() as u32,
            federations: federations.into_iter().collect(),
            titled_players: title_counts(
                players().filter_map(|p| p.title.as_deref().and_then(Title::parse)),
            ),
            norms: reported,
        },
        it1,
    }
}

fn event_facts(t: &Tournament) -> EventFacts {
    let record = |code: &str| t.record(code).unwrap_or("").trim().to_string();
    EventFacts {
        name: record("012"),
        place: record("022"),
        federation: record("032"),
        start_date: record("042"),
        end_date: record("052"),
        system: record("092"),
        chief_arbiter: record("102"),
        deputy_arbiters: t
            .records
            .iter()
            .filter(|r| r.code == "112" && !r.text.trim().is_empty())
            .map(|r| r.text.trim().to_string())
            .collect(),
        time_control: record("122"),
        rounds: t.planned_rounds.unwrap_or_else(|| t.rounds_paired()),
        players: t.entrants.len() as u32,
    }
}

fn form_player(p: &Player) -> FormPlayer {
    FormPlayer {
        start_no: p.start_no,
        name: p.name.clone(),
        fide_id: p.fide_id,
        federation: p.federation.trim().to_string(),
        title: p
            .title
            .as_deref()
            .and_then(Title::parse)
            .map(Title::abbreviation),
        rating: (p.rating > 0).then_some(p.rating),
    }
}

/// Titles counted, strongest first (the order of [`Title`]).
fn title_counts(titles: impl Iterator<Item = Title>) -> Vec<TitleCount> {
    let mut counts: BTreeMap<Title, u32> = BTreeMap::new();
    for title in titles {
        *counts.entry(title).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(title, count)| TitleCount {
            title: title.abbreviation(),
            count,
        })
        .collect()
}
