//! The report: who was screened with what, each player's figures and
//! signal, as text in a catalogue's language or as JSON lines.

use arbiter_messages::Catalogue;
use serde::Serialize;

use crate::screen::{Interval, PlayerScreen, Threshold};
use crate::{EngineId, ReportText, Settings};

/// Everything a screen found and everything needed to reproduce it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The engine and its settings.
    pub engine: EngineId,
    /// What was left out.
    pub settings: Settings,
    /// The baseline file's SHA-256, if one was used.
    pub baseline: Option<String>,
    /// The threshold and what it implies.
    pub threshold: Threshold,
    /// One line per player, by name.
    pub players: Vec<PlayerScreen>,
}

/// The settings every JSON line repeats, so that one line stands alone.
#[derive(Serialize)]
struct Screened<'a> {
    engine: &'a EngineId,
    exclusions: &'a Settings,
    baseline: &'a Option<String>,
    threshold: &'a Threshold,
}

/// One player's JSON line.
#[derive(Serialize)]
struct JsonLine<'a> {
    player: &'a str,
    rating: Option<u32>,
    games: u32,
    moves: u64,
    top1: f64,
    top3: f64,
    acpl: f64,
    accuracy: f64,
    time_cv: Option<f64>,
    time_z: Option<crate::baseline::TimeZScores>,
    fast_complex_moves: u64,
    complex_moves: u64,
    band: Option<(u32, u32)>,
    intervals: &'a [Interval; 4],
    expected: Option<crate::baseline::Measures>,
    z_scores: Option<crate::baseline::Measures>,
    z: Option<f64>,
    p_value: Option<f64>,
    review: bool,
    screen: &'a Screened<'a>,
}

impl Report {
    /// The report as text, in `catalogue`'s language.
    pub fn text(&self, catalogue: &Catalogue) -> String {
        let mut out = String::new();
        let mut line = |text: &ReportText| {
            out.push_str(&catalogue.render(text));
            out.push('\n');
        };
        line(&ReportText::Engine {
            engine: self.engine.name.clone(),
            nodes: self.engine.nodes,
            multipv: self.engine.multipv,
        });
        let (decided, losing) = (
            pawns(self.settings.decided_cp),
            pawns(self.settings.losing_cp),
        );
        line(&match &self.settings.book {
            Some(hash) => ReportText::ExclusionsBook {
                hash: hash.clone(),
                decided,
                losing,
            },
            None => ReportText::Exclusions {
                book: self.settings.book_moves,
                decided,
                losing,
            },
        });
        match &self.baseline {
            Some(hash) => line(&ReportText::Baseline { hash: hash.clone() }),
            None => line(&ReportText::NoBaseline),
        }
        for p in &self.players {
            line(&player_line(p));
            if let Some(cv) = p.figures.time_cv {
                line(&ReportText::Times {
                    cv: format!("{cv:.2}"),
                    fast: p.figures.fast_complex_moves,
                    complex: p.figures.complex_moves,
                    cv_z: signed(p.time_z.map(|t| t.cv)),
                    fast_z: signed(p.time_z.and_then(|t| t.fast)),
                });
            }
        }
        if self.baseline.is_some() && self.threshold.players > 0 {
            line(&ReportText::Threshold {
                z: format!("{:.2}", self.threshold.z),
                players: self.threshold.players,
                rate: format!("{}", self.threshold.false_positive_rate),
            });
        }
        line(&ReportText::Caution);
        out
    }

    /// One JSON object per player, one per line.
    pub fn json_lines(&self) -> String {
        let screen = Screened {
            engine: &self.engine,
            exclusions: &self.settings,
            baseline: &self.baseline,
            threshold: &self.threshold,
        };
        let mut out = String::new();
        for p in &self.players {
            let f = &p.figures;
            let json = JsonLine {
                player: &f.player,
                rating: f.rating,
                games: f.games,
                moves: f.moves,
                top1: f.top1(),
                top3: f.top3(),
                acpl: f.acpl,
                accuracy: f.accuracy,
                time_cv: f.time_cv,
                time_z: p.time_z,
                fast_complex_moves: f.fast_complex_moves,
                complex_moves: f.complex_moves,
                band: p.band,
                intervals: &p.intervals,
                expected: p.expected,
                z_scores: p.z_scores,
                z: p.z,
                p_value: p.p_value,
                review: p.review,
                screen: &screen,
            };
            out.push_str(&serde_json::to_string(&json).expect("a report line serialises"));
            out.push('\n');
        }
        out
    }
}

fn player_line(p: &PlayerScreen) -> ReportText {
    let f = &p.figures;
    let [top1, top3, acpl, accuracy] = p.intervals;
    let signal = match (p.z, p.review) {
        (None, _) => ReportText::NoZScore,
        (Some(_), true) => ReportText::Review,
        (Some(_), false) => ReportText::NoSignal,
    };
    ReportText::Player {
        player: f.player.clone(),
        rating: f.rating.map_or("-".to_string(), |r| r.to_string()),
        games: f.games,
        moves: f.moves,
        top1: percent(f.top1(), top1),
        top3: percent(f.top3(), top3),
        acpl: format!("{:.1} [{:.1}, {:.1}]", f.acpl, acpl.low, acpl.high),
        accuracy: format!(
            "{:.1} [{:.1}, {:.1}]",
            f.accuracy, accuracy.low, accuracy.high
        ),
        z: signed(p.z),
        signal: Box::new(signal),
    }
}

/// A z-score with its sign, or `-`.
fn signed(z: Option<f64>) -> String {
    z.map_or("-".to_string(), |z| format!("{z:+.2}"))
}

fn percent(value: f64, interval: Interval) -> String {
    format!(
        "{:.1} % [{:.1}, {:.1}]",
        value * 100.0,
        interval.low * 100.0,
        interval.high * 100.0
    )
}

fn pawns(cp: i32) -> String {
    format!("{:.2}", f64::from(cp) / 100.0)
}

/// A baseline's bands as text in `catalogue`'s language, one line each.
pub fn baseline_text(baseline: &crate::Baseline, catalogue: &Catalogue) -> String {
    let mut out = String::new();
    for band in &baseline.bands {
        out.push_str(&catalogue.render(&ReportText::Band {
            from: band.from,
            to: band.to,
            players: band.players,
            moves: band.moves,
            top1: format!("{:.1} %", band.mean.top1 * 100.0),
            top3: format!("{:.1} %", band.mean.top3 * 100.0),
            acpl: format!("{:.1}", band.mean.acpl),
            accuracy: format!("{:.1}", band.mean.accuracy),
        }));
        out.push('\n');
    }
    out
}
