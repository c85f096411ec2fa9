//! Customer API credentials (/api/developer): the account SID and auth token every
//! account gets on first need, and API keys. Who a Twilio-style HTTP Basic request
//! is (`authenticate`), and the token webhooks are signed with (`auth_token`).

pub mod repo;
pub mod secrets;

use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::http::StatusCode;
use dialtone_core::api::{self as rules, ApiKeyInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// How long a rotated-out auth token keeps working: a day to roll the new one out.
pub const ROTATION_GRACE_MS: i64 = 24 * 3600 * 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_developer))
        .routes(routes!(post_reveal))
        .routes(routes!(post_rotate))
        .routes(routes!(post_end_previous))
        .routes(routes!(get_keys, post_key))
        .routes(routes!(delete_key))
}

/// The user's API account, created the first time anything needs it.
pub async fn account(state: &AppState, user_id: i64) -> Result<repo::Account> {
    if let Some(a) = repo::account_of(&state.db.pool, user_id).await? {
        return Ok(a);
    }
    let token = secrets::auth_token();
    let sealed = secrets::seal(&state.config.jwt_secret, &token);
    let sid = secrets::sid("AC");
    repo::insert_account(
        &state.db.pool,
        user_id,
        &sid,
        &secrets::hash(&token),
        &sealed,
        now_ms(),
    )
    .await?;
    // Another request may have created it first: theirs is the one.
    Ok(repo::account_of(&state.db.pool, user_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?)
}

/// The user's current auth token, which signs their webhooks.
pub async fn auth_token(state: &AppState, user_id: i64) -> Result<String> {
    let a = account(state, user_id).await?;
    secrets::unseal(&state.config.jwt_secret, &a.token_sealed).ok_or_else(|| {
        Error::Internal(anyhow::anyhow!(
            "the auth token of user {user_id} was sealed under another server secret"
        ))
    })
}

/// Who an API request is: the account, and the key when one was used.
pub struct Caller {
    pub user_id: i64,
    pub account_sid: String,
    pub key_sid: Option<String>,
}

/// Checks HTTP Basic credentials: `AC…` with the auth token (or the previous one in its
/// grace period), or `SK…` with an active key's secret. Read from the database on every
/// request, so a revoked key stops at once on every instance.
pub async fn authenticate(
    state: &AppState,
    username: &str,
    password: &str,
) -> Result<Option<Caller>> {
    let pool = &state.db.pool;
    let now = now_ms();
    if username.starts_with("SK") {
        let Some(key) = repo::active_key(pool, username).await? else {
            return Ok(None);
        };
        if !secrets::matches(password, &key.secret_hash) {
            return Ok(None);
        }
        let Some(owner) = repo::account_of(pool, key.user_id).await? else {
            return Ok(None);
        };
        if key.last_used_at.is_none_or(|t| t < now - 60_000) {
            repo::touch(&state.db.pool, &key.sid, now).await?;
        }
        return Ok(Some(Caller {
            user_id: key.user_id,
            account_sid: owner.account_sid,
            key_sid: Some(key.sid),
        }));
    }
    let Some(a) = repo::account_by_sid(pool, username).await? else {
        return Ok(None);
    };
    let current = secrets::matches(password, &a.token_hash);
    let previous = a.previous_valid_until.is_some_and(|t| t > now)
        && a.previous_token_hash
            .as_deref()
            .is_some_and(|h| secrets::matches(password, h));
    Ok((current || previous).then_some(Caller {
        user_id: a.user_id,
        account_sid: a.account_sid,
        key_sid: None,
    }))
}

/// The account's API identity; the auth token itself is only shown on request.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Developer {
    #[schema(example = "AC0123456789abcdef0123456789abcdef")]
    pub account_sid: String,
    /// The auth token's last four characters.
    pub auth_token_hint: String,
    /// Until when the token replaced by the last rotation still works, if it does.
    pub previous_token_valid_until: Option<String>,
}

fn grace(a: &repo::Account, now: i64) -> Option<String> {
    a.previous_valid_until.filter(|t| *t > now).map(iso)
}

/// The signed-in user's account SID and a hint of the auth token.
#[utoipa::path(get, path = "/developer", tag = "developer",
    responses((status = 200, description = "The account's API identity", body = Developer), SignedIn))]
pub async fn get_developer(With(state, auth): With<AuthUser>) -> Result<axum::Json<Developer>> {
    let a = account(&state, auth.user.id).await?;
    let token = auth_token(&state, auth.user.id).await?;
    Ok(axum::Json(Developer {
        previous_token_valid_until: grace(&a, now_ms()),
        account_sid: a.account_sid,
        auth_token_hint: token[token.len() - 4..].to_string(),
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordConfirmation {
    /// The account's password.
    #[serde(default)]
    pub password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthToken {
    pub auth_token: String,
    pub previous_token_valid_until: Option<String>,
}

/// Shows the auth token, after the account's password.
#[utoipa::path(post, path = "/developer/auth-token/reveal", tag = "developer",
    request_body = PasswordConfirmation,
    responses((status = 200, description = "The auth token", body = AuthToken), Invalid, SignedIn,
        (status = 429, description = "Too many wrong passwords", body = crate::openapi::responses::ErrorBody)))]
pub async fn post_reveal(
    With(state, auth): With<AuthUser>,
    Json(req): Json<PasswordConfirmation>,
) -> Result<axum::Json<AuthToken>> {
    crate::users::check_password(&state, &auth.user, &req.password, "password").await?;
    let a = account(&state, auth.user.id).await?;
    Ok(axum::Json(AuthToken {
        auth_token: auth_token(&state, auth.user.id).await?,
        previous_token_valid_until: grace(&a, now_ms()),
    }))
}

/// Replaces the auth token; the old one keeps working for 24 hours.
#[utoipa::path(post, path = "/developer/auth-token/rotate", tag = "developer",
    request_body = PasswordConfirmation,
    responses((status = 200, description = "The new auth token", body = AuthToken), Invalid, SignedIn,
        (status = 429, description = "Too many wrong passwords", body = crate::openapi::responses::ErrorBody)))]
pub async fn post_rotate(
    With(state, auth): With<AuthUser>,
    Json(req): Json<PasswordConfirmation>,
) -> Result<axum::Json<AuthToken>> {
    crate::users::check_password(&state, &auth.user, &req.password, "password").await?;
    account(&state, auth.user.id).await?;
    let token = secrets::auth_token();
    let now = now_ms();
    let until = now + ROTATION_GRACE_MS;
    let mut tx = state.db.begin_write().await?;
    let (hash, sealed) = (
        secrets::hash(&token),
        secrets::seal(&state.config.jwt_secret, &token),
    );
    repo::rotate(&mut *tx, auth.user.id, &hash, &sealed, until, now).await?;
    audit(
        &mut *tx,
        auth.user.id,
        "api.token_rotated",
        "api_account",
        auth.user.id,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(AuthToken {
        auth_token: token,
        previous_token_valid_until: Some(iso(until)),
    }))
}

/// Ends the token replaced by the last rotation now instead of after its day of grace:
/// for a token that leaked.
#[utoipa::path(post, path = "/developer/auth-token/end-previous", tag = "developer",
    request_body = PasswordConfirmation,
    responses((status = 204, description = "The previous auth token no longer works"), Invalid, SignedIn,
        (status = 429, description = "Too many wrong passwords", body = crate::openapi::responses::ErrorBody)))]
pub async fn post_end_previous(
    With(state, auth): With<AuthUser>,
    Json(req): Json<PasswordConfirmation>,
) -> Result<axum::http::StatusCode> {
    crate::users::check_password(&state, &auth.user, &req.password, "password").await?;
    account(&state, auth.user.id).await?;
    let mut tx = state.db.begin_write().await?;
    repo::end_previous(&mut *tx, auth.user.id).await?;
    audit(
        &mut *tx,
        auth.user.id,
        "api.previous_token_ended",
        "api_account",
        auth.user.id,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiKey {
    #[schema(example = "SK0123456789abcdef0123456789abcdef")]
    pub sid: String,
    pub name: String,
    pub created_at: String,
    /// When the key last authenticated a request (to the minute), if ever.
    pub last_used_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct ApiKeys {
    /// Active keys, newest first.
    pub keys: Vec<ApiKey>,
}

/// The account's active API keys.
#[utoipa::path(get, path = "/developer/keys", tag = "developer",
    responses((status = 200, description = "The account's keys", body = ApiKeys), SignedIn))]
pub async fn get_keys(With(state, auth): With<AuthUser>) -> Result<axum::Json<ApiKeys>> {
    let keys = repo::active_keys(&state.db.pool, auth.user.id).await?;
    Ok(axum::Json(ApiKeys {
        keys: keys
            .into_iter()
            .map(|k| ApiKey {
                sid: k.sid,
                name: k.name,
                created_at: iso(k.created_at),
                last_used_at: k.last_used_at.map(iso),
            })
            .collect(),
    }))
}

/// A new key with its secret, which is shown this once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewApiKey {
    pub sid: String,
    pub name: String,
    pub secret: String,
    pub created_at: String,
}

/// Creates an API key after the account password; its secret is in this answer and
/// nowhere else, ever. The owner is notified and e-mailed.
#[utoipa::path(post, path = "/developer/keys", tag = "developer",
    request_body = ApiKeyInput,
    responses((status = 201, description = "The key and its secret", body = NewApiKey), Invalid, SignedIn,
        (status = 429, description = "Too many wrong passwords", body = crate::openapi::responses::ErrorBody)))]
pub async fn post_key(
    With(state, auth): With<AuthUser>,
    Json(input): Json<ApiKeyInput>,
) -> Result<(StatusCode, axum::Json<NewApiKey>)> {
    Error::check(rules::validate_api_key(&input))?;
    crate::users::check_password(&state, &auth.user, &input.password, "password").await?;
    let user_id = auth.user.id;
    account(&state, user_id).await?;
    let mut tx = state.db.begin_write().await?;
    // Counted and added under the owner's lock: concurrent creations take turns.
    crate::users::repo::lock(&mut *tx, user_id).await?;
    let have = repo::count_active(&mut *tx, user_id).await?;
    let kept = dialtone_core::quota::Kept::ApiKeys;
    if let Err(refusal) = crate::limits::quota::check(&mut tx, user_id, kept, have).await? {
        return Err(Error::field("name", refusal));
    }
    let (sid, secret, now) = (secrets::sid("SK"), secrets::key_secret(), now_ms());
    let name = input.name.trim();
    repo::insert_key(&mut *tx, user_id, &sid, name, &secrets::hash(&secret), now).await?;
    audit(&mut *tx, user_id, "api.key_created", "api_key", &sid).await?;
    tx.commit().await?;
    let notice = format!("An API key named \"{name}\" ({sid}) was created for your account.");
    crate::notifications::security_notice(&state, &auth.user, "New API key", &notice).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(NewApiKey {
            sid,
            name: name.to_string(),
            secret,
            created_at: iso(now),
        }),
    ))
}

/// Revokes a key: requests with it are refused from now on, on every instance.
#[utoipa::path(delete, path = "/developer/keys/{sid}", tag = "developer",
    params(("sid" = String, Path, description = "The key's SID")),
    responses((status = 204, description = "Revoked"), SignedIn, NotFound))]
pub async fn delete_key(
    With(state, auth): With<AuthUser>,
    Path(sid): Path<String>,
) -> Result<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    if !repo::revoke(&mut *tx, auth.user.id, &sid, now_ms()).await? {
        return Err(Error::NotFound("No such key".into()));
    }
    audit(&mut *tx, auth.user.id, "api.key_revoked", "api_key", &sid).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A credential change in the audit log, by the customer who made it.
async fn audit<'e>(
    ex: impl crate::db::Exec<'e>,
    user_id: i64,
    action: &str,
    target_type: &str,
    target: impl ToString,
) -> sqlx::Result<()> {
    crate::audit::record(
        ex,
        crate::audit::Entry::by(user_id, action, target_type, target, None, None),
    )
    .await
}
