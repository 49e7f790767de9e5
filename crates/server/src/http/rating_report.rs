//! `GET /api/tournament/{id}/rating-report`: the event's rating report,
//! the TRF FIDE's rating officers take (`trf::rating_report`), for the
//! arbiter's console and anyone who reads the event's TRF.

use std::sync::Arc;

use arbiter_pgn::Date;
use arbiter_tournament::director::Director;
use arbiter_tournament::trf::{self, ReportError, TrfEdition};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::services::Services;

/// The query: the TRF's edition, `2026` (the default) or `16`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Edition {
    #[serde(default)]
    edition: Option<String>,
}

/// The rating report of the rounds whose results are all in, in TRF-2026
/// (or TRF-16 with `?edition=16`), UTF-8: every round dated by the day
/// (UTC) it was published. A report the event cannot make yet (a record
/// missing: the federation, the city, the dates) is refused with the
/// record it needs.
pub async fn rating_report(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    Query(Edition { edition }): Query<Edition>,
) -> Result<Response, ApiError> {
    let edition = match edition.as_deref() {
        None | Some("2026") => TrfEdition::Trf2026,
        Some("16") => TrfEdition::Trf16,
        Some(other) => {
            return Err(ApiError::BadRequest(Problem::UnknownTrfEdition {
                edition: other.to_string(),
            }));
        }
    };
    let live = services
        .tournaments
        .get(&id)
        .ok_or(ApiError::NotFound(Problem::TournamentNotFound))?;
    let report = live.read(|d| report(d, edition)).await;
    let text = report.map_err(|e| {
        ApiError::BadRequest(Problem::RatingReportNeeds {
            record: needed_record(&e).to_string(),
        })
    })?;
    let file = format!("attachment; filename=\"{id}-rating-report.trf\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

fn report(d: &Director, edition: TrfEdition) -> Result<String, ReportError> {
    let dates: Vec<Date> = d
        .rounds()
        .iter()
        .map_while(|r| r.published_at_ms)
        .map(Date::from_unix_ms)
        .collect();
    trf::rating_report(&d.tournament(), edition, &dates)
}

/// The record a refused report lacks.
fn needed_record(e: &ReportError) -> &'static str {
    match e {
        ReportError::MissingRecord { code, .. } | ReportError::BadDate { code, .. } => code,
        ReportError::MissingRoundDate { .. } => "132",
    }
}
