//! `arbiter verify`: every game's hash chain checked, and its events
//! replayed through the referee.

use arbiter_referee::Game;
use serde::Serialize;

use crate::store::{Damage, Finding, Store, StoreError, chain};

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
    /// The signed log (SQLite only, so far: `None` on PostgreSQL).
    pub log: Option<crate::verify_log::LogReport>,
}

impl Report {
    /// Whether every record checked out.
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
            && self.tournaments.findings.is_empty()
            && self.log.as_ref().is_none_or(|l| l.findings.is_empty())
    }
}

/// Checks every game of `store`: the chain from the setup through every
/// event, a gapless sequence, the referee accepting every stored event,
/// and the stored result matching the referee's; then every tournament's
/// chain and log.
pub async fn verify(store: &Store) -> Result<Report, StoreError> {
    verify_with(store, &[]).await
}

/// [`verify`], and the signed log checked against the checkpoints it kept
/// and the `saved` ones.
pub async fn verify_with(
    store: &Store,
    saved: &[crate::verify_log::SavedCheckpoint],
) -> Result<Report, StoreError> {
    let log = match crate::verify_log::verify_log(store, saved).await {
        Ok(log) => Some(log),
        Err(StoreError::LogNotKept) => None,
        Err(e) => return Err(e),
    };
    let mut report = Report {
        tournaments: crate::tournament::verify::verify(store).await?,
        log,
        ..Report::default()
    };
    for game in store.games(false).await? {
        report.games += 1;
        let rows = store.events(&game.id).await?;
        report.events += rows.len();
        let finding = |seq, problem| Finding {
            game: game.id.clone(),
            seq,
            problem,
        };
        let events = rows
            .iter()
            .map(|r| (r.seq, r.event_json.as_str(), r.hash.as_str()));
        let genesis = chain::genesis(&game.id, &game.setup_json);
        if let Err((seq, damage)) = chain::follow(genesis, events, Damage::GameChainBroken) {
            report.findings.push(finding(Some(seq), damage));
            continue;
        }
        let replayed = Store::parse_events(&game.id, &rows)
            .map_err(|e| e.to_string())
            .and_then(|events| Game::replay(game.setup.clone(), events).map_err(|e| e.to_string()));
        let (replayed, verdicts) = match replayed {
            Ok(r) => r,
            Err(error) => {
                let unreplayable = Damage::Unreplayable { error };
                report.findings.push(finding(None, unreplayable));
                continue;
            }
        };
        let refused = verdicts
            .iter()
            .enumerate()
            .find_map(|(seq, v)| v.rejection().map(|r| (seq, &r.ruling)));
        if let Some((seq, ruling)) = refused {
            let refused = Damage::RefereeRefused {
                reason: Box::new(ruling.reason.clone()),
                rule: ruling.rule.to_string(),
            };
            report.findings.push(finding(Some(seq as i64), refused));
            continue;
        }
        let result = replayed.result().to_string();
        let stored = match game.result.as_str() {
            "-" => "*".to_string(),
            r => r.to_string(),
        };
        let finished_in_store = game.result != "*";
        if finished_in_store != replayed.outcome().is_some() || stored != result {
            let differs = Damage::ResultDiffers {
                stored,
                replayed: result,
            };
            report.findings.push(finding(None, differs));
        }
    }
    Ok(report)
}
