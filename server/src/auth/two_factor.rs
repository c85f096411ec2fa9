//! Two-factor sign-in (/api/auth/2fa/*, /api/auth/login/2fa): an authenticator app
//! enrolled by its QR code (TOTP, RFC 6238, through totp-rs), ten single-use recovery
//! codes, the second step of signing in, and turning it off (password and a code).
//! Required for administrators while DIALTONE_ADMIN_TWO_FACTOR is on (the default):
//! `AdminUser` refuses an administrator without it. What a code looks like is core's
//! (`two_factor::second_step`); whether it is right is checked here, each TOTP time
//! step and each recovery code accepted once.

use super::AuthUser;
use crate::credentials::secrets;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::openapi::responses::{ErrorBody, Invalid, SignedIn, Throttled};
use crate::state::AppState;
use crate::throttle::{self, Limit};
use crate::users::repo::{self as users, two_factor as repo, User};
use axum::http::StatusCode;
use axum::response::Response;
use dialtone_core::two_factor::{self as rules, SecondStep};
use rand::distributions::{Alphanumeric, DistString};
use serde::{Deserialize, Serialize};
use totp_rs::{Algorithm, Secret, Totp};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

const ISSUER: &str = "Dialtone";
/// How long the password's success waits for the second step.
const CHALLENGE_MS: i64 = 5 * 60 * 1000;
/// Wrong second steps per account before a pause, as wrong passwords.
const CODE_ATTEMPTS: Limit = Limit {
    max: 5,
    window_ms: 15 * 60 * 1000,
    message: "Too many wrong codes. Please wait 15 minutes and try again.",
};
/// What a sealed secret and a sealed challenge start with, so neither (nor a sealed
/// auth token, under the same key) passes for the other.
const SECRET_TAG: &str = "totp:";
const CHALLENGE_TAG: &str = "2fa-challenge:";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_status))
        .routes(routes!(post_setup))
        .routes(routes!(post_enable))
        .routes(routes!(post_disable))
        .routes(routes!(post_login_second_step))
}

/// The authenticator of `secret` (base32) for `account`: 6 digits every 30 seconds,
/// SHA-1 (what every app supports), a step of clock drift either way.
fn authenticator(secret: &str, account: &str) -> Result<Totp> {
    let bytes = Secret::try_from_base32(secret)
        .map_err(|_| Error::Internal(anyhow::anyhow!("a stored TOTP secret is not base32")))?;
    totp_rs::Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_skew(1)
        .with_step_duration(30)
        .with_secret(bytes)
        .with_issuer(Some(ISSUER))
        .with_account_name(account)
        .build()
        .map_err(|e| Error::Internal(anyhow::anyhow!("TOTP: {e}")))
}

fn seal(state: &AppState, tag: &str, text: &str) -> String {
    secrets::seal(&state.config.jwt_secret, &format!("{tag}{text}"))
}

fn unseal(state: &AppState, tag: &str, sealed: &str) -> Option<String> {
    let plain = secrets::unseal(&state.config.jwt_secret, sealed)?;
    plain.strip_prefix(tag).map(str::to_string)
}

/// The time step a TOTP code is right in now, if any.
fn step_of(state: &AppState, sealed: &str, account: &str, code: &str) -> Result<Option<i64>> {
    let secret = unseal(state, SECRET_TAG, sealed).ok_or_else(|| {
        Error::Internal(anyhow::anyhow!("a TOTP secret sealed under another key"))
    })?;
    let now = (now_ms() / 1000) as u64;
    Ok(authenticator(&secret, account)?
        .check(code, now)
        .map(|s| s as i64))
}

/// Checks a second step of `user` (throttled per account): a TOTP code in a step not
/// used before, or an unused recovery code, which is spent. 400 on `code` otherwise.
async fn check_second_step(state: &AppState, user: &User, code: &str) -> Result<()> {
    let step = rules::second_step(code).map_err(|m| Error::field("code", m))?;
    let bucket = format!("2fa:user:{}", user.id);
    throttle::hit(&state.db, &bucket, CODE_ATTEMPTS).await?;
    let pool = &state.db.pool;
    let right = match step {
        SecondStep::Totp(code) => {
            let (secret, _, _) = repo::secrets(pool, user.id).await?;
            let secret = secret.ok_or_else(|| Error::field("code", rules::CODE_WRONG_MESSAGE))?;
            match step_of(state, &secret, &user.email, &code)? {
                Some(step) => repo::use_step(pool, user.id, step).await?,
                None => false,
            }
        }
        SecondStep::Recovery(code) => {
            repo::use_recovery_code(pool, user.id, &secrets::hash(&code), now_ms()).await?
        }
    };
    if !right {
        return Err(Error::field("code", rules::CODE_WRONG_MESSAGE));
    }
    throttle::clear(&state.db, &bucket).await
}

/// The second step an account with two-factor sign-in owes after its password.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    pub two_factor_required: bool,
    /// Sent back with the code to POST /auth/login/2fa, within 5 minutes.
    pub challenge: String,
}

/// The challenge of a right password: who, until when, whether to remember the
/// session, and the session version (a "log out everywhere" meanwhile voids it).
pub(super) fn challenge(state: &AppState, user: &User, remember: bool) -> Challenge {
    let until = now_ms() + CHALLENGE_MS;
    let text = format!("{}:{until}:{remember}:{}", user.id, user.session_version);
    Challenge {
        two_factor_required: true,
        challenge: seal(state, CHALLENGE_TAG, &text),
    }
}

/// The user and `remember` of a challenge still valid; None otherwise.
async fn challenged(state: &AppState, sealed: &str) -> Result<Option<(User, bool)>> {
    let Some(text) = unseal(state, CHALLENGE_TAG, sealed) else {
        return Ok(None);
    };
    let parts: Vec<&str> = text.split(':').collect();
    let [id, until, remember, version] = parts[..] else {
        return Ok(None);
    };
    let (Ok(id), Ok(until), Ok(version)) =
        (id.parse(), until.parse::<i64>(), version.parse::<i64>())
    else {
        return Ok(None);
    };
    if until < now_ms() {
        return Ok(None);
    }
    let user = users::find_by_id(&state.db.pool, id).await?;
    Ok(user
        .filter(|u| u.session_version == version && u.status != "suspended" && u.two_factor)
        .map(|u| (u, remember == "true")))
}

#[derive(Deserialize, ToSchema)]
pub struct SecondStepRequest {
    /// The challenge the password's 202 answer gave.
    #[serde(default)]
    pub challenge: String,
    /// A 6-digit code from the authenticator app, or a recovery code.
    #[serde(default)]
    pub code: String,
}

/// Signs in with the second step: the session starts as a password-only login's does.
#[utoipa::path(post, path = "/auth/login/2fa", tag = "auth",
    request_body = SecondStepRequest,
    responses(
        (status = 200, description = "Signed in", body = super::handlers::LoginResponse),
        Invalid,
        (status = 401, description = "The challenge expired or is not valid: sign in again", body = ErrorBody),
        Throttled,
    ))]
async fn post_login_second_step(
    axum::extract::State(state): axum::extract::State<AppState>,
    Json(req): Json<SecondStepRequest>,
) -> Result<Response> {
    let Some((user, remember)) = challenged(&state, &req.challenge).await? else {
        return Err(Error::Unauthorized(
            "The sign-in expired. Please enter your password again.".into(),
        ));
    };
    check_second_step(&state, &user, &req.code).await?;
    super::handlers::signed_in(&state, &user, remember).await
}

/// Whether the signed-in user signs in with a second step, and must.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorStatus {
    pub enabled: bool,
    /// An administrator must turn it on before the admin area opens.
    pub required: bool,
    pub recovery_codes_left: i64,
}

/// Whether `user` may not act as an administrator until they turn it on.
pub fn missing_for_admin(state: &AppState, user: &User) -> bool {
    state.config.admin_two_factor && user.is_admin() && !user.two_factor
}

/// The signed-in user's two-factor sign-in.
#[utoipa::path(get, path = "/auth/2fa", tag = "auth",
    responses((status = 200, description = "Its state", body = TwoFactorStatus), SignedIn))]
async fn get_status(With(state, auth): With<AuthUser>) -> Result<axum::Json<TwoFactorStatus>> {
    let left = repo::recovery_codes_left(&state.db.pool, auth.user.id).await?;
    Ok(axum::Json(TwoFactorStatus {
        enabled: auth.user.two_factor,
        required: state.config.admin_two_factor && auth.user.is_admin(),
        recovery_codes_left: left,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordOnly {
    #[serde(default)]
    pub password: String,
}

/// A new authenticator's secret, to scan or type into the app.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enrolment {
    /// Base32, for typing into the app.
    pub secret: String,
    /// The otpauth:// URL the QR code carries.
    pub otpauth_url: String,
}

/// Starts enrolling an authenticator app, after the password.
#[utoipa::path(post, path = "/auth/2fa/setup", tag = "auth",
    request_body = PasswordOnly,
    responses((status = 200, description = "The secret to enrol", body = Enrolment), Invalid, SignedIn,
        (status = 409, description = "Two-factor sign-in is on already", body = ErrorBody), Throttled))]
async fn post_setup(
    With(state, auth): With<AuthUser>,
    Json(req): Json<PasswordOnly>,
) -> Result<axum::Json<Enrolment>> {
    crate::users::check_password(&state, &auth.user, &req.password, "password").await?;
    if auth.user.two_factor {
        return Err(Error::Conflict("Two-factor sign-in is on already.".into()));
    }
    let secret = Secret::generate().to_base32();
    let app = authenticator(&secret, &auth.user.email)?;
    repo::set_pending(
        &state.db.pool,
        auth.user.id,
        &seal(&state, SECRET_TAG, &secret),
    )
    .await?;
    let otpauth_url = app
        .to_url()
        .map_err(|e| Error::Internal(anyhow::anyhow!("TOTP URL: {e}")))?;
    Ok(axum::Json(Enrolment {
        secret,
        otpauth_url,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct CodeOnly {
    #[serde(default)]
    pub code: String,
}

/// Recovery codes, shown this once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    pub recovery_codes: Vec<String>,
}

fn recovery_code() -> String {
    let text = Alphanumeric
        .sample_string(&mut rand::rngs::OsRng, 4 * rules::RECOVERY_GROUP)
        .to_ascii_lowercase();
    let text: String = text.chars().take(2 * rules::RECOVERY_GROUP).collect();
    let (a, b) = text.split_at(rules::RECOVERY_GROUP);
    format!("{a}-{b}")
}

/// Turns two-factor sign-in on with the first code of the enrolled app; answers the
/// ten recovery codes, which are shown only now.
#[utoipa::path(post, path = "/auth/2fa/enable", tag = "auth",
    request_body = CodeOnly,
    responses((status = 200, description = "On, with its recovery codes", body = RecoveryCodes),
        Invalid, SignedIn, Throttled))]
async fn post_enable(
    With(state, auth): With<AuthUser>,
    Json(req): Json<CodeOnly>,
) -> Result<axum::Json<RecoveryCodes>> {
    let user = &auth.user;
    let code = match rules::second_step(&req.code) {
        Ok(SecondStep::Totp(code)) => code,
        Ok(SecondStep::Recovery(_)) => {
            return Err(Error::field("code", rules::CODE_FORMAT_MESSAGE))
        }
        Err(m) => return Err(Error::field("code", m)),
    };
    let bucket = format!("2fa:user:{}", user.id);
    throttle::hit(&state.db, &bucket, CODE_ATTEMPTS).await?;
    let (_, pending, _) = repo::secrets(&state.db.pool, user.id).await?;
    let pending = pending.ok_or_else(|| Error::bad_request("Start the set-up first."))?;
    let Some(step) = step_of(&state, &pending, &user.email, &code)? else {
        return Err(Error::field("code", rules::CODE_WRONG_MESSAGE));
    };
    let codes: Vec<String> = (0..rules::RECOVERY_CODES)
        .map(|_| recovery_code())
        .collect();
    let mut tx = state.db.begin_write().await?;
    if !repo::enable(&mut *tx, user.id, &pending, step).await? {
        return Err(Error::Conflict("Two-factor sign-in is on already.".into()));
    }
    repo::forget_recovery_codes(&mut *tx, user.id).await?;
    for code in &codes {
        repo::add_recovery_code(&mut *tx, user.id, &secrets::hash(code)).await?;
    }
    let entry = crate::audit::Entry::by(user.id, "auth.two_factor_on", "user", user.id, None, None);
    crate::audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    throttle::clear(&state.db, &bucket).await?;
    let notice = "Two-factor sign-in was turned on for your account.";
    crate::notifications::security_notice(&state, user, "Two-factor sign-in on", notice).await?;
    Ok(axum::Json(RecoveryCodes {
        recovery_codes: codes,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct DisableRequest {
    #[serde(default)]
    pub password: String,
    /// A code from the app, or a recovery code.
    #[serde(default)]
    pub code: String,
}

/// Turns two-factor sign-in off: the password and a code.
#[utoipa::path(post, path = "/auth/2fa/disable", tag = "auth",
    request_body = DisableRequest,
    responses((status = 204, description = "Off"), Invalid, SignedIn, Throttled))]
async fn post_disable(
    With(state, auth): With<AuthUser>,
    Json(req): Json<DisableRequest>,
) -> Result<StatusCode> {
    let user = &auth.user;
    crate::users::check_password(&state, user, &req.password, "password").await?;
    if !user.two_factor {
        return Ok(StatusCode::NO_CONTENT);
    }
    check_second_step(&state, user, &req.code).await?;
    let mut tx = state.db.begin_write().await?;
    repo::disable(&mut *tx, user.id).await?;
    repo::forget_recovery_codes(&mut *tx, user.id).await?;
    let entry =
        crate::audit::Entry::by(user.id, "auth.two_factor_off", "user", user.id, None, None);
    crate::audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    let notice = "Two-factor sign-in was turned off for your account.";
    crate::notifications::security_notice(&state, user, "Two-factor sign-in off", notice).await?;
    Ok(StatusCode::NO_CONTENT)
}
