//! A text field of a request (a name, an event, a place, a reason), checked
//! alike by both adapters.

use super::error::ApiError;
use crate::problem::Problem;

/// Longest name, event, place or round accepted.
const MAX_FIELD: usize = 100;

/// A text field trimmed, or refused when too long or holding control
/// characters.
pub(crate) fn field(name: &str, value: &str) -> Result<String, ApiError> {
    let value = value.trim();
    if value.chars().count() > MAX_FIELD {
        return Err(ApiError::BadRequest(Problem::FieldTooLong {
            field: name.to_string(),
            limit: MAX_FIELD,
        }));
    }
    if value.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(Problem::FieldHasControlCharacters {
            field: name.to_string(),
        }));
    }
    Ok(value.to_string())
}
