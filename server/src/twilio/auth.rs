//! Who is calling the Twilio-compatible API: HTTP Basic with the account SID and its
//! auth token, or an API key SID and its secret, for the account the path names.

use super::error::{code, TwilioError};
use crate::auth::extract::basic_credentials as basic;
use crate::credentials;
use crate::state::AppState;
use crate::throttle::{self, ClientIp, Limit};
use crate::users::repo::{self as users, User};
use axum::extract::{FromRequestParts, OriginalUri};
use axum::http::request::Parts;
use axum::http::StatusCode;

/// Wrong credentials per client address and account (DIALTONE_API_AUTH_FAILURES in five
/// minutes), counted like sign-in failures; past it wrong ones get 429. Successful
/// requests never count and are never refused, so a busy integration is never throttled
/// by its own success, and customers behind one address (a NAT, a cloud's egress) never
/// by each other's mistakes or a guesser's.
fn failures(state: &AppState) -> Limit {
    Limit {
        max: state.config.api_auth_failures,
        window_ms: 5 * 60 * 1000,
        message:
            "Too many requests with wrong credentials. Please wait a few minutes and try again.",
    }
}

/// The account a request acts for.
pub struct ApiAccount {
    pub user: User,
    pub account_sid: String,
}

/// The `{AccountSid}` of `/2010-04-01/Accounts/{AccountSid}/...` (the request's whole
/// path: inside the nested router `parts.uri` has lost its prefix).
fn path_account(parts: &Parts) -> Option<&str> {
    let uri = parts
        .extensions
        .get::<OriginalUri>()
        .map_or(&parts.uri, |o| &o.0);
    let mut segments = uri.path().split('/').skip_while(|s| *s != "Accounts");
    segments.next()?;
    segments.next().map(|s| s.trim_end_matches(".json"))
}

impl FromRequestParts<AppState> for ApiAccount {
    type Rejection = TwilioError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, TwilioError> {
        let ClientIp(ip) = ClientIp::from_request_parts(parts, state).await?;
        let given = basic(parts);
        // The account the request names (its path), else the credentials' own name.
        let account = path_account(parts)
            .or(given.as_ref().map(|(username, _)| username.as_str()))
            .unwrap_or_default();
        let bucket = format!("api-auth:{ip}:{account}");
        let caller = match &given {
            Some((username, password)) => {
                credentials::authenticate(state, username, password).await?
            }
            None => None,
        };
        let Some(caller) = caller else {
            // Only wrong credentials are throttled: valid ones always pass (a secret
            // is 128 random bits and checked by one SHA-256), so no one at the same
            // address, a guesser included, can lock the account's own requests out.
            throttle::check_not_full(&state.db, &bucket, failures(state)).await?;
            // Counted after the check: one more wrong guess than the limit at most.
            throttle::hit(&state.db, &bucket, failures(state))
                .await
                .ok();
            return Err(TwilioError::authenticate());
        };
        if path_account(parts) != Some(caller.account_sid.as_str()) {
            return Err(TwilioError::authenticate());
        }
        let user = users::find_by_id(&state.db.pool, caller.user_id)
            .await?
            .ok_or_else(TwilioError::authenticate)?;
        if user.status == "suspended" {
            return Err(TwilioError::new(
                StatusCode::FORBIDDEN,
                code::NO_FUNDS,
                "This account is suspended",
            ));
        }
        // From here on its errors are the account's to see in the Debugger.
        if let Some(seen) = parts.extensions.get::<super::api_errors::Caller>() {
            seen.authenticated(user.id);
        }
        Ok(ApiAccount {
            user,
            account_sid: caller.account_sid,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header::AUTHORIZATION;
    use axum::http::Request;
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;

    fn parts(uri: &str, auth: Option<&str>) -> Parts {
        let mut b = Request::builder().uri(uri);
        if let Some(a) = auth {
            b = b.header(AUTHORIZATION, a);
        }
        b.body(()).unwrap().into_parts().0
    }

    #[test]
    fn the_account_is_read_from_the_path() {
        let p = parts("/2010-04-01/Accounts/ACabc/Messages.json", None);
        assert_eq!(path_account(&p), Some("ACabc"));
        let p = parts("/2010-04-01/Accounts/ACabc.json", None);
        assert_eq!(path_account(&p), Some("ACabc"));
    }

    #[test]
    fn basic_credentials_split_at_the_first_colon() {
        let header = format!("Basic {}", STANDARD.encode("SKx:se:cret"));
        let p = parts("/", Some(&header));
        assert_eq!(basic(&p), Some(("SKx".into(), "se:cret".into())));
        assert_eq!(basic(&parts("/", Some("Bearer x"))), None);
    }
}
