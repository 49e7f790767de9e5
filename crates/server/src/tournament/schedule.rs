//! When rounds start by themselves: round 1 at the event's start time,
//! each later round its interval after the last result of the round
//! before, or at the time the arbiter set (lichess's
//! `schedule-next-round`, an event of the tournament's log, so that it
//! holds across a restart). A round starts only when the fold lets it be
//! paired: every result of the round before in.

use std::sync::{Arc, Weak};
use std::time::Duration;

use arbiter_tournament::director::EventKind;

use super::{Holding, LiveTournament, TournamentError, Tournaments};
use crate::time::unix_ms;

/// Who pairs and publishes a round the schedule starts.
pub const SCHEDULE: &str = "schedule";

/// Runs the tournament's schedule until it is over, the server stops (its
/// tournament service is dropped), or, on a node, another node takes the
/// tournament over.
pub(super) fn spawn(service: Weak<Tournaments>, live: Arc<LiveTournament>) {
    tokio::spawn(async move {
        // A round without boards seen complete, and since when.
        let mut complete_since: Option<(u32, i64)> = None;
        loop {
            // A node that let the tournament go leaves its schedule to the
            // holder.
            if live.holding() == Holding::Copy {
                return;
            }
            let due = {
                let (finished, can_pair, paired, interval, starts_at, set, completed_at) = live
                    .read(|d| {
                        let s = d.settings();
                        (
                            d.is_finished(),
                            // Not the pairing itself: this runs after
                            // every act (each registration, each result),
                            // and a large field takes seconds to pair.
                            // A round robin by lot draws its lots as
                            // round 1 starts.
                            d.may_pair_next().is_ok() || (d.lots_due() && d.players().len() >= 2),
                            d.rounds_paired(),
                            s.and_then(|s| s.round_interval_ms),
                            s.and_then(|s| s.starts_at_ms),
                            d.next_round_at(),
                            d.round(d.rounds_paired()).and_then(|r| r.completed_at_ms),
                        )
                    })
                    .await;
                if finished {
                    return;
                }
                if !can_pair {
                    complete_since = None;
                    None
                } else if set.is_some() {
                    set
                } else if paired == 0 {
                    starts_at
                } else {
                    // The log's time of the round's last result; a round
                    // without boards (every player out) has none, and
                    // counts from when it was first seen complete.
                    let since = completed_at.unwrap_or_else(|| match complete_since {
                        Some((round, at)) if round == paired => at,
                        _ => {
                            let at = unix_ms();
                            complete_since = Some((paired, at));
                            at
                        }
                    });
                    interval.map(|ms| since.saturating_add(ms as i64))
                }
            };
            let wait = due.map(|at| Duration::from_millis((at - unix_ms()).max(0) as u64));
            tokio::select! {
                _ = live.wake.notified() => continue,
                _ = sleep_or_forever(wait) => {}
            }
            let Some(_running) = service.upgrade() else {
                return;
            };
            match live.start_next_round(SCHEDULE).await {
                Ok(round) => {
                    tracing::info!("tournament {}: round {round} started", live.id);
                }
                Err(e) => {
                    tracing::warn!("tournament {}: the next round cannot start: {e}", live.id);
                    // Not again before something changes.
                    live.wake.notified().await;
                }
            }
        }
    });
}

async fn sleep_or_forever(wait: Option<Duration>) {
    match wait {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}

impl LiveTournament {
    /// Sets when the next round starts (lichess's `schedule-next-round`),
    /// by `by`: recorded in the tournament's log.
    pub async fn schedule_next_round(
        &self,
        by: &str,
        at_unix_ms: i64,
    ) -> Result<(), TournamentError> {
        self.act_now(
            by,
            EventKind::NextRoundScheduled {
                starts_at_ms: at_unix_ms,
            },
        )
        .await
    }
}
