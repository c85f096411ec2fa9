//! Who is asking: the bearer token resolved to a current, active user.

use super::tokens::Claims;
use crate::error::Error;
use crate::paging::{Listing, PageQuery};
use crate::state::AppState;
use crate::users::repo::{self, User};
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;

/// A signed-in user. The user row and whether the token's session was revoked are
/// read on every request (one query), so a suspension, a role or password change, a
/// logout or a detected token theft ends existing access tokens at once, on every
/// instance.
pub struct AuthUser {
    pub user: User,
    pub claims: Claims,
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let token = authorization(parts)
            .and_then(|v| {
                v.strip_prefix("Bearer ")
                    .or_else(|| v.strip_prefix("bearer "))
            })
            .ok_or_else(Error::unauthorized)?;
        let claims = state
            .jwt
            .verify(token.trim())
            .ok_or_else(Error::unauthorized)?;
        let (user, session_revoked) =
            repo::find_with_session(&state.db.pool, claims.sub, &claims.sid)
                .await?
                .ok_or_else(Error::unauthorized)?;
        if session_revoked || user.session_version != claims.sv || user.status == "suspended" {
            return Err(Error::Unauthorized(
                "Your session has ended. Please sign in again.".into(),
            ));
        }
        Ok(AuthUser { user, claims })
    }
}

/// Whoever asks where signing in is optional (the contact form): the user of a valid
/// token, else None. A stale token is no reason to refuse what anyone may send.
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        if authorization(parts).is_none() {
            return Ok(MaybeUser(None));
        }
        Ok(MaybeUser(
            AuthUser::from_request_parts(parts, state).await.ok(),
        ))
    }
}

/// The Authorization header's value, when it is text.
pub fn authorization(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
}

/// `(username, password)` of an HTTP Basic header.
pub fn basic_credentials(parts: &Parts) -> Option<(String, String)> {
    let value = authorization(parts)?;
    let encoded = value
        .strip_prefix("Basic ")
        .or_else(|| value.strip_prefix("basic "))?;
    let decoded = String::from_utf8(STANDARD.decode(encoded.trim()).ok()?).ok()?;
    let (user, password) = decoded.split_once(':')?;
    Some((user.to_string(), password.to_string()))
}

/// A signed-in administrator: 401 without a valid token, 403 for anyone else.
pub struct AdminUser(pub User);

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let AuthUser { user, .. } = AuthUser::from_request_parts(parts, state).await?;
        if !user.is_admin() {
            return Err(Error::Forbidden("Administrator access required".into()));
        }
        if super::two_factor::missing_for_admin(state, &user) {
            return Err(Error::Forbidden(
                "Administrators sign in with two factors: turn on two-factor sign-in in Settings first."
                    .into(),
            ));
        }
        Ok(AdminUser(user))
    }
}

/// An administrator's filtered, paged list request: 401 or 403 as `AdminUser`
/// answers, then the filter `F` and the page as `Listing` reads them.
pub struct AdminList<F> {
    pub admin: User,
    pub filter: F,
    pub page: PageQuery,
}

impl<F: serde::de::DeserializeOwned + Send> FromRequestParts<AppState> for AdminList<F> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let AdminUser(admin) = AdminUser::from_request_parts(parts, state).await?;
        let Listing { filter, page } = Listing::from_request_parts(parts, state).await?;
        Ok(AdminList {
            admin,
            filter,
            page,
        })
    }
}
