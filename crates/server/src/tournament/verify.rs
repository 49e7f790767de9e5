//! `arbiter verify` for tournaments: each chain checked from its genesis,
//! each event read back and replayed through the tournament's fold.

use arbiter_tournament::director::{Director, Event};
use serde::Serialize;

use crate::store::{Damage, Store, StoreError, check_chain};

/// What was found wrong with one tournament.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentFinding {
    /// The tournament's id.
    pub tournament: String,
    /// The event where it goes wrong.
    pub seq: i64,
    /// What is wrong (in `--json`, its English words).
    pub problem: Damage,
}

/// Tournaments and events checked, and what is wrong.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TournamentReport {
    /// Tournaments checked.
    pub tournaments: usize,
    /// Their events checked.
    pub events: usize,
    /// Everything wrong.
    pub findings: Vec<TournamentFinding>,
}

/// Checks every tournament of `store`.
pub async fn verify(store: &Store) -> Result<TournamentReport, StoreError> {
    let mut report = TournamentReport::default();
    for t in store.tournaments().await? {
        report.tournaments += 1;
        let rows = store.tournament_events(&t.id).await?;
        report.events += rows.len();
        let mut finding = |seq, problem| {
            report.findings.push(TournamentFinding {
                tournament: t.id.clone(),
                seq,
                problem,
            })
        };
        if let Err((seq, problem)) = check_chain(&t.id, &rows) {
            finding(seq, problem);
            continue;
        }
        let mut director = Director::default();
        for r in &rows {
            let refused = match serde_json::from_str::<Event>(&r.event_json) {
                Ok(event) => director.apply(&event).err().map(|refusal| Damage::Refused {
                    refusal: Box::new(refusal),
                }),
                Err(e) => Some(Damage::Unreadable {
                    error: e.to_string(),
                }),
            };
            if let Some(problem) = refused {
                finding(r.seq, problem);
                break;
            }
        }
    }
    Ok(report)
}
