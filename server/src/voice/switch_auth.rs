//! The softswitch authenticates with a shared secret, never with a user's token: as a
//! bearer token, or as HTTP Basic with the user `switch` (Kamailio's named HTTP
//! connections, the ones it keeps open between questions, send only Basic).

use crate::auth::extract::{authorization, basic_credentials};
use crate::error::Error;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use subtle::ConstantTimeEq;

pub struct Switch;

impl FromRequestParts<AppState> for Switch {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let bearer = authorization(parts).and_then(|v| v.strip_prefix("Bearer "));
        let presented = match bearer {
            Some(token) => token.to_string(),
            None => basic_credentials(parts)
                .filter(|(user, _)| user == "switch")
                .map(|(_, password)| password)
                .unwrap_or_default(),
        };
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
