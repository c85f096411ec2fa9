//! The softswitch authenticates with a shared secret, never with a user's token.

use crate::auth::extract::authorization;
use crate::error::Error;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use subtle::ConstantTimeEq;

pub struct Switch;

impl FromRequestParts<AppState> for Switch {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let presented = authorization(parts)
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        let expected = state.config.switch_token.as_bytes();
        if presented.as_bytes().ct_eq(expected).into() {
            Ok(Switch)
        } else {
            Err(Error::Unauthorized(
                "A valid switch token is required".into(),
            ))
        }
    }
}
