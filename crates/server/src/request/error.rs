//! Errors as HTTP answers: a status and `{"error": …}`, the shape lichess
//! clients expect too, with `"message"`: the same in every language (for
//! the pages, which show it in the reader's).

use arbiter_messages::Message;
use arbiter_referee::{Ruling, Verdict};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::game::{ActError, GameError, SeenError};
use crate::problem::Problem;
use crate::store::StoreError;
use crate::tournament::TournamentError;

/// An answer that is not a success.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 404.
    #[error("{0}")]
    NotFound(Problem),
    /// 401: no token, or one that gives no right here.
    #[error("{}", Problem::TokenRequired)]
    Unauthorized,
    /// 403: a valid token that does not act for what was asked.
    #[error("{0}")]
    Forbidden(Problem),
    /// 400: the request itself is malformed.
    #[error("{0}")]
    BadRequest(Problem),
    /// 400 (lichess routes) or 422 (Arbiter's own): the referee refused.
    #[error("{}", refusal_text(.refusal.as_deref()))]
    Rejected {
        /// The verdict, with its rule and messages.
        verdict: Box<Verdict>,
        /// The ruling that refused: the rejection, or the consequence of
        /// an accepted request that the referee answered with no.
        refusal: Option<Box<Ruling>>,
        /// The status to answer with.
        status: StatusCode,
    },
    /// 429: too many requests from one address.
    #[error("{}", Problem::TooManyRequests)]
    TooManyRequests,
    /// 503: storage failed, nothing was changed.
    #[error("{0}")]
    Unavailable(Problem),
    /// 500.
    #[error("{0}")]
    Internal(Problem),
}

fn refusal_text(refusal: Option<&Ruling>) -> String {
    refusal
        .map(|r| format!("{} ({})", r.message().text("en"), r.rule))
        .unwrap_or_default()
}

impl ApiError {
    /// The referee's refusal, answered with `status`.
    pub fn rejected(verdict: Verdict, status: StatusCode) -> ApiError {
        ApiError::Rejected {
            refusal: verdict.rejection().map(|r| Box::new(r.ruling.clone())),
            verdict: Box::new(verdict),
            status,
        }
    }

    /// A request the referee took on the record and answered with no
    /// (`refusal`, one of the verdict's consequences: a takeback), answered
    /// with `status` as a refusal is.
    pub fn refused(refusal: Ruling, verdict: Verdict, status: StatusCode) -> ApiError {
        ApiError::Rejected {
            refusal: Some(Box::new(refusal)),
            verdict: Box::new(verdict),
            status,
        }
    }
}

impl ApiError {
    /// What is wrong in every language, unless the referee said it (a
    /// refusal carries the referee's own message).
    fn message(&self) -> Option<Message> {
        match self {
            ApiError::NotFound(p)
            | ApiError::Forbidden(p)
            | ApiError::BadRequest(p)
            | ApiError::Unavailable(p)
            | ApiError::Internal(p) => Some(Message::of(p)),
            ApiError::Unauthorized => Some(Message::of(&Problem::TokenRequired)),
            ApiError::TooManyRequests => Some(Message::of(&Problem::TooManyRequests)),
            ApiError::Rejected { .. } => None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Rejected { status, .. } => *status,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let mut body = json!({"error": self.to_string()});
        if let Some(message) = self.message() {
            body["message"] = json!(message);
        }
        if let ApiError::Rejected {
            verdict,
            refusal: Some(r),
            ..
        } = &self
        {
            body["rule"] = json!(r.rule);
            body["message"] = json!(r.message());
            body["verdict"] = json!(verdict);
        }
        (status, Json(body)).into_response()
    }
}

impl From<ActError> for ApiError {
    fn from(e: ActError) -> ApiError {
        match e {
            ActError::Storage(error) => ApiError::Unavailable(Problem::Storage { error }),
            ActError::Stopped => ApiError::Unavailable(Problem::GameNotRunning),
            ActError::Moved => ApiError::Unavailable(Problem::GameMoved),
        }
    }
}

impl From<SeenError> for ApiError {
    fn from(e: SeenError) -> ApiError {
        match e {
            SeenError::Act(e) => e.into(),
            SeenError::Setup(e) => ApiError::Internal(Problem::Setup {
                error: e.to_string(),
            }),
        }
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        match e {
            GameError::Setup(error) => ApiError::BadRequest(Problem::Setup { error }),
            GameError::Store(s) => s.into(),
            GameError::Altered { game, seq } => ApiError::Internal(Problem::Altered { game, seq }),
            GameError::Elsewhere(game) => ApiError::Unavailable(Problem::GameElsewhere { game }),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::TournamentLeaseLost(_) => ApiError::Unavailable(Problem::TournamentMoved),
            e => ApiError::Unavailable(Problem::Storage {
                error: e.to_string(),
            }),
        }
    }
}

impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> ApiError {
        match e {
            TournamentError::Refused(refusal) => ApiError::BadRequest(Problem::TournamentRefused {
                refusal: Box::new(refusal),
            }),
            TournamentError::Store(s) => s.into(),
            TournamentError::Game(g) => g.into(),
            TournamentError::Elsewhere(_) => ApiError::Unavailable(Problem::TournamentMoved),
            altered @ TournamentError::Altered { .. } => {
                ApiError::Internal(Problem::TournamentAltered {
                    error: altered.to_string(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_tournament::director::Refusal;

    #[test]
    fn a_tournament_refusal_is_answered_in_its_own_words() {
        let refused: ApiError = TournamentError::Refused(Refusal::NoRounds).into();
        assert_eq!(refused.to_string(), "a tournament needs at least one round");
    }
}
