//! `GET /api/tournament/{id}/it3` and `GET /api/tournament/{id}/it1/{player}/{title}`:
//! the tournament report and a title norm's certificate, as the facts
//! (JSON, `arbiter_tournament::norm::forms`) or, with `?lang=en|zh`, as the
//! form's HTML section ([`crate::forms`]), which the tournament pages show
//! and print. The same facts and the same renderer as `arbiter norms
//! --it1/--it3`.

use std::sync::Arc;

use arbiter_messages::catalogue;
use arbiter_tournament::director::{Director, PlayerId};
use arbiter_tournament::norm::forms::{Forms, forms};
use arbiter_tournament::norm::{NormOptions, NormTitle};
use arbiter_tournament::{Record, StartNo};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::forms::{it1_section, it3_section};
use crate::problem::Problem;
use crate::request::error::ApiError;
use crate::services::Services;

/// The query: the language of the HTML form; without it, the facts.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    #[serde(default)]
    lang: Option<String>,
}

/// The tournament report (IT3).
pub async fn it3(
    State(services): State<Arc<Services>>,
    Path(id): Path<String>,
    Query(Language { lang }): Query<Language>,
) -> Result<Response, ApiError> {
    let (forms, ids) = event_forms(&services, &id).await?;
    let Some(lang) = lang else {
        return Ok(Json(forms.it3).into_response());
    };
    let words = words(&lang)?;
    let link = |start: StartNo, title: NormTitle| {
        format!(
            "/tournament/{id}/it1/{}/{}",
            ids[start as usize - 1],
            title.abbreviation()
        )
    };
    Ok(html(it3_section(&forms.it3, words, &link)))
}

/// A title norm's certificate (IT1): `player` is the API's player number,
/// `title` `GM`, `IM`, `WGM` or `WIM`.
pub async fn it1(
    State(services): State<Arc<Services>>,
    Path((id, player, title)): Path<(String, PlayerId, String)>,
    Query(Language { lang }): Query<Language>,
) -> Result<Response, ApiError> {
    let (forms, ids) = event_forms(&services, &id).await?;
    let it1 = forms
        .it1
        .into_iter()
        .find(|c| {
            ids.get(c.player.start_no as usize - 1) == Some(&player)
                && c.title.abbreviation() == title
        })
        .ok_or(ApiError::NotFound(Problem::NoSuchNorm))?;
    let Some(lang) = lang else {
        return Ok(Json(it1).into_response());
    };
    Ok(html(it1_section(&it1, words(&lang)?)))
}

/// The event's forms, and the API's player number of each start number.
async fn event_forms(services: &Services, id: &str) -> Result<(Forms, Vec<PlayerId>), ApiError> {
    let live = services
        .tournaments
        .get(id)
        .ok_or(ApiError::NotFound(Problem::TournamentNotFound))?;
    Ok(live
        .read(|d| {
            (
                forms(&forms_tournament(d), &NormOptions::default()),
                d.start_order(),
            )
        })
        .await)
}

/// The event as the forms read it: its TRF, with the time control
/// (record `122`), which the TRF the service writes leaves out.
fn forms_tournament(d: &Director) -> arbiter_tournament::Tournament {
    let mut t = d.tournament();
    if let Some(settings) = d.settings() {
        t.records.push(Record {
            code: "122".into(),
            text: settings.time_control.to_string(),
        });
    }
    t
}

fn words(lang: &str) -> Result<&'static arbiter_messages::Catalogue, ApiError> {
    catalogue(lang).ok_or_else(|| {
        ApiError::BadRequest(Problem::UnknownLanguage {
            language: lang.to_string(),
        })
    })
}

fn html(section: String) -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        section,
    )
        .into_response()
}
