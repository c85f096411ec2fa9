//! Sign-up, sign-in, token refresh and sign-out.

use super::{password, session, AuthUser};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Query};
use crate::openapi::responses::{ErrorBody, Invalid, SignedIn, Throttled};
use crate::state::AppState;
use crate::throttle::{self, ClientIp, Limit};
use crate::users::repo::{self, NewUser, UserView};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use dialtone_core::validation::{self as v, LoginInput, SignupInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const WINDOW_MS: i64 = 15 * 60 * 1000;
/// The limit: sign-ins to one account from one address. Only this bucket is cleared
/// by a success, and it is the one an attacker at one address fills, so the owner
/// elsewhere is not locked out.
const PAIR_FAILURES: Limit = Limit {
    max: 5,
    window_ms: WINDOW_MS,
    message: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
};
/// One account from every address: slower, so a distributed guessing run is slowed
/// without one address being able to lock the account.
const EMAIL_FAILURES: Limit = Limit {
    max: 20,
    window_ms: 4 * WINDOW_MS,
    message: "Too many failed sign-in attempts for this account. Please try again later.",
};
const IP_FAILURES: Limit = Limit {
    max: 30,
    window_ms: WINDOW_MS,
    message: "Too many failed sign-in attempts from your network. Please wait a few minutes and try again.",
};
const SIGNUP_MESSAGE: &str = "Too many accounts created from your network. Please try again later.";

#[derive(Serialize, ToSchema)]
pub struct AccountCreated {
    pub user: UserView,
}

/// Creates a client account.
#[utoipa::path(post, path = "/auth/signup", tag = "auth",
    request_body = SignupInput,
    responses(
        (status = 201, description = "The account was created", body = AccountCreated),
        Invalid,
        (status = 409, description = "An account with this email already exists", body = ErrorBody),
        Throttled,
    ))]
pub async fn post_signup(
    With(state, ClientIp(ip)): With<ClientIp>,
    Json(input): Json<SignupInput>,
) -> Result<Response> {
    Error::check(v::validate_signup(&input))?;
    let signups = Limit::per_hour(state.config.signups_per_hour, SIGNUP_MESSAGE);
    throttle::hit(&state.db, &format!("signup:ip:{ip}"), signups).await?;
    let hash = password::hash(&input.password).await?;
    let new = NewUser {
        name: &input.name,
        email: &input.email,
        password_hash: &hash,
        role: "client",
    };
    let user = repo::insert(&state.db.pool, new)
        .await
        .map_err(|e| Error::conflict_on_unique(e, "An account with this email already exists"))?;
    tracing::info!(user_id = user.id, "account created");
    crate::trial::start_for_new_account(&state, user.id).await?;
    crate::permissions::start_for_new_account(&state, user.id).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(AccountCreated { user: user.view() }),
    )
        .into_response())
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(flatten)]
    credentials: LoginInput,
    /// Keep the session for 30 days instead of until the browser closes.
    #[serde(default)]
    remember: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub user: UserView,
    /// The access token (a JWT, valid 15 minutes) for the Authorization header.
    pub access_token: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refreshed {
    pub access_token: String,
}

/// Signs in with email and password; sets the refresh cookie.
#[utoipa::path(post, path = "/auth/login", tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = LoginResponse,
            headers(("Set-Cookie" = String, description = "The refresh cookie `dialtone_refresh` (httpOnly, SameSite=Strict)"))),
        (status = 202, description = "The password was right; the account signs in with a second step (POST /auth/login/2fa)",
            body = super::two_factor::Challenge),
        Invalid,
        (status = 401, description = "Wrong email or password", body = ErrorBody),
        (status = 403, description = "The account is suspended", body = ErrorBody),
        Throttled,
    ))]
pub async fn post_login(
    With(state, ClientIp(ip)): With<ClientIp>,
    Json(req): Json<LoginRequest>,
) -> Result<Response> {
    let LoginRequest {
        credentials,
        remember,
    } = req;
    Error::check(v::validate_login(&credentials))?;
    let email = repo::normalize_email(&credentials.email);
    // Slots are taken before argon2 runs: a burst gets at most the limit of checks.
    let buckets = [
        (format!("login:pair:{email} {ip}"), PAIR_FAILURES),
        (format!("login:ip:{ip}"), IP_FAILURES),
        (format!("login:email:{email}"), EMAIL_FAILURES),
    ];
    for (i, (bucket, limit)) in buckets.iter().enumerate() {
        if let Err(e) = throttle::hit(&state.db, bucket, *limit).await {
            // A refused attempt checks nothing, so it spends no slot elsewhere.
            for (taken, _) in &buckets[..i] {
                throttle::release(&state.db, taken).await?;
            }
            return Err(e);
        }
    }

    let user = repo::find_by_email(&state.db.pool, &credentials.email).await?;
    // Unknown emails are checked against a dummy hash so both failures take as long.
    let stored = user
        .as_ref()
        .map_or(password::dummy_hash(), |u| u.password_hash.as_str());
    let matches = password::verify(&credentials.password, stored).await?;
    let user = match user {
        Some(user) if matches => user,
        _ => return Err(Error::Unauthorized("Invalid credentials".into())),
    };
    // The right password: this attempt was no guess.
    throttle::clear(&state.db, &buckets[0].0).await?;
    throttle::release(&state.db, &buckets[1].0).await?;
    throttle::release(&state.db, &buckets[2].0).await?;
    if user.status == "suspended" {
        return Err(Error::Forbidden(
            "Your account has been suspended. Please contact support.".into(),
        ));
    }
    if user.two_factor {
        // The password was right; the session waits for the second step.
        let challenge = super::two_factor::challenge(&state, &user, remember);
        return Ok((StatusCode::ACCEPTED, axum::Json(challenge)).into_response());
    }
    signed_in(&state, &user, remember).await
}

/// Starts a session for `user`: the login answer with its access token and the
/// refresh cookie.
pub(super) async fn signed_in(
    state: &AppState,
    user: &repo::User,
    remember: bool,
) -> Result<Response> {
    repo::record_login(&state.db.pool, user.id).await?;
    let issued = session::start(&state.db, user.id, remember).await?;
    let access = state
        .jwt
        .issue(user.id, &user.role, user.session_version, &issued.family);
    let body = LoginResponse {
        user: user.view(),
        access_token: access,
    };
    Ok((
        [(
            header::SET_COOKIE,
            session::set_cookie(&state.config, &issued),
        )],
        axum::Json(body),
    )
        .into_response())
}

/// Cookie-authenticated endpoints refuse requests whose Origin is another site.
/// SameSite=Strict already keeps the cookie off cross-site requests; this is the
/// second lock.
fn same_origin(state: &AppState, headers: &HeaderMap) -> Result<()> {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return Ok(());
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let origin_host = origin.split("://").nth(1).unwrap_or("");
    if origin_host == host || origin == state.config.public_url.trim_end_matches('/') {
        Ok(())
    } else {
        Err(Error::Forbidden("Cross-site request refused".into()))
    }
}

/// Exchanges the refresh cookie for a new access token, rotating the cookie.
#[utoipa::path(post, path = "/auth/refresh-token", tag = "auth",
    params(("dialtone_refresh" = Option<String>, Cookie, description = "The refresh token")),
    responses(
        (status = 200, description = "A new access token", body = Refreshed,
            headers(("Set-Cookie" = String, description = "The refresh cookie `dialtone_refresh` (httpOnly, SameSite=Strict)"))),
        (status = 401, description = "No session, or it has ended (the cookie is cleared)", body = ErrorBody),
        (status = 403, description = "The Origin is another site", body = ErrorBody),
    ))]
pub async fn post_refresh_token(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response> {
    same_origin(&state, &headers)?;
    let presented = session::read_cookie(&headers)
        .ok_or_else(|| Error::Unauthorized("No active session".into()))?;
    let clear = [(header::SET_COOKIE, session::clear_cookie(&state.config))];
    let (user_id, family, issued) = match session::rotate(&state.db, &presented).await? {
        session::Rotation::Rotated { user_id, issued } => {
            (user_id, issued.family.clone(), Some(issued))
        }
        // Another tab refreshed moments ago and the browser holds its newer cookie:
        // an access token, and no Set-Cookie to overwrite that cookie.
        session::Rotation::Grace { user_id, family } => (user_id, family, None),
        _ => {
            let e = Error::Unauthorized("Your session has ended. Please sign in again.".into());
            return Ok((clear, e).into_response());
        }
    };
    let user = repo::find_by_id(&state.db.pool, user_id).await?;
    let Some(user) = user.filter(|u| u.status != "suspended") else {
        return Ok((
            clear,
            Error::Unauthorized("Your session has ended. Please sign in again.".into()),
        )
            .into_response());
    };
    let body = Refreshed {
        access_token: state
            .jwt
            .issue(user.id, &user.role, user.session_version, &family),
    };
    match issued {
        Some(issued) => {
            let cookie = [(
                header::SET_COOKIE,
                session::set_cookie(&state.config, &issued),
            )];
            Ok((cookie, axum::Json(body)).into_response())
        }
        None => Ok(axum::Json(body).into_response()),
    }
}

/// Ends the session of the refresh cookie and clears it.
#[utoipa::path(post, path = "/auth/logout", tag = "auth",
    params(("dialtone_refresh" = Option<String>, Cookie, description = "The refresh token")),
    responses(
        (status = 204, description = "Signed out (also when there was no session)",
            headers(("Set-Cookie" = String, description = "Clears the refresh cookie"))),
        (status = 403, description = "The Origin is another site", body = ErrorBody),
    ))]
pub async fn post_logout(State(state): State<AppState>, headers: HeaderMap) -> Result<Response> {
    same_origin(&state, &headers)?;
    if let Some(presented) = session::read_cookie(&headers) {
        session::revoke(&state.db, &presented).await?;
    }
    // The access token's session too, should the cookie be gone or another one's.
    if let Some(claims) = bearer(&headers).and_then(|t| state.jwt.verify(t)) {
        session::revoke_session(&state.db, claims.sub, &claims.sid).await?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, session::clear_cookie(&state.config))],
    )
        .into_response())
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(str::trim)
}

/// What else "log out everywhere" ends.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogoutAllQuery {
    /// Also revoke every API key and delete every SIP device: a leaked session may have
    /// made some. The account SID and auth token stay (rotate the token separately).
    #[serde(default)]
    pub revoke_credentials: bool,
}

/// Ends every session of the signed-in user, on every device, at once: their access
/// tokens stop working and their refresh cookies are revoked. With
/// `revokeCredentials=true`, their API keys and SIP devices go too.
#[utoipa::path(post, path = "/auth/logout-all", tag = "auth",
    params(LogoutAllQuery),
    responses(
        (status = 204, description = "Every session has ended",
            headers(("Set-Cookie" = String, description = "Clears the refresh cookie"))),
        Invalid, SignedIn,
    ))]
pub async fn post_logout_all(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<LogoutAllQuery>,
) -> Result<Response> {
    let user_id = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    crate::users::repo::bump_session_version(&mut *tx, user_id).await?;
    session::revoke_user(&mut *tx, user_id, None).await?;
    // The page phones of the old sessions stop with them.
    crate::voice::devices::repo::end_browsers(&mut *tx, user_id).await?;
    let revoked = query.revoke_credentials && revoke_credentials(&mut tx, user_id).await?;
    tx.commit().await?;
    tracing::info!(user_id, revoked, "signed out everywhere");
    if revoked {
        let notice = "Every API key and SIP device of your account was revoked when you \
            logged out everywhere.";
        crate::notifications::security_notice(&state, &auth.user, "Credentials revoked", notice)
            .await?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, session::clear_cookie(&state.config))],
    )
        .into_response())
}

/// Revokes the user's API keys and deletes their SIP devices, audited; whether there
/// was anything to revoke.
async fn revoke_credentials(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: i64,
) -> Result<bool> {
    let keys =
        crate::credentials::repo::revoke_all(&mut **tx, user_id, crate::db::now_ms()).await?;
    let devices = crate::voice::devices::repo::delete_all_for(tx, user_id).await?;
    if keys || devices {
        let entry = crate::audit::Entry::by(
            user_id,
            "credentials.revoked_all",
            "user",
            user_id,
            None,
            None,
        );
        crate::audit::record(&mut **tx, entry).await?;
    }
    Ok(keys || devices)
}
