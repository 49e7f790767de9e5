//! `arbiter verify`: every game's hash chain checked, and its events
//! replayed through the referee.

use arbiter_referee::Game;
use serde::Serialize;

use crate::store::{Store, StoreError, chain};

/// What was found wrong with one game.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// The id of the game whose record is wrong.
    pub game: String,
    /// The event where it goes wrong (`None`: the game's row).
    pub seq: Option<i64>,
    /// What is wrong.
    pub problem: String,
}

/// The result of a verification.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// Games checked.
    pub games: usize,
    /// Events checked.
    pub events: usize,
    /// Everything wrong.
    pub findings: Vec<Finding>,
    /// The tournaments' chains and folds.
    pub tournaments: crate::tournament::verify::TournamentReport,
}

impl Report {
    /// Whether every record checked out.
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty() && self.tournaments.findings.is_empty()
    }
}

/// Checks every game of `store`: the chain from the setup through every
/// event, a gapless sequence, the referee accepting every stored event,
/// and the stored result matching the referee's; then every tournament's
/// chain and log.
pub async fn verify(store: &Store) -> Result<Report, StoreError> {
    let mut report = Report {
        tournaments: crate::tournament::verify::verify(store).await?,
        ..Report::default()
    };
    for game in store.games(false).await? {
        report.games += 1;
        let rows = store.events(&game.id).await?;
        report.events += rows.len();
        let finding = |seq, problem: String| Finding {
            game: game.id.clone(),
            seq,
            problem,
        };
        let mut link = chain::genesis(&game.id, &game.setup_json);
        let mut broken = false;
        for (i, row) in rows.iter().enumerate() {
            if row.seq != i as i64 {
                report.findings.push(finding(
                    Some(row.seq),
                    format!("event {i} is missing (found {} in its place)", row.seq),
                ));
                broken = true;
                break;
            }
            link = chain::next(&link, &row.event_json);
            if link != row.hash {
                report.findings.push(finding(
                    Some(row.seq),
                    "hash chain broken: this event, or the setup or an event before it, was altered".into(),
                ));
                broken = true;
                break;
            }
        }
        if broken {
            continue;
        }
        let events = match Store::parse_events(&game.id, &rows) {
            Ok(e) => e,
            Err(e) => {
                report.findings.push(finding(None, e.to_string()));
                continue;
            }
        };
        let replayed = match Game::replay(game.setup.clone(), events) {
            Ok(r) => r,
            Err(e) => {
                report.findings.push(finding(None, e.to_string()));
                continue;
            }
        };
        let (replayed, verdicts) = replayed;
        if let Some((seq, v)) = verdicts.iter().enumerate().find(|(_, v)| !v.is_accepted()) {
            let why = v
                .rejection()
                .map(|r| format!("{} ({})", r.ruling.message().text("en"), r.ruling.rule))
                .unwrap_or_default();
            report.findings.push(finding(
                Some(seq as i64),
                format!("the referee refuses this stored event: {why}"),
            ));
            continue;
        }
        let result = replayed.result().to_string();
        let stored = match game.result.as_str() {
            "-" => "*".to_string(),
            r => r.to_string(),
        };
        let finished_in_store = game.result != "*";
        if finished_in_store != replayed.outcome().is_some() || stored != result {
            report.findings.push(finding(
                None,
                format!("stored result {stored} but the events give {result}"),
            ));
        }
    }
    Ok(report)
}
