//! Forgotten passwords: a single-use link, valid for an hour, sent by mail.

use super::tokens::{random_token, sha256_hex};
use super::{password, session};
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::openapi::responses::{Invalid, Throttled};
use crate::state::AppState;
use crate::throttle::{self, ClientIp, Limit};
use crate::users::repo;
use axum::extract::State;
use dialtone_core::{email, validation as v};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const RESET_TTL_MS: i64 = 3600 * 1000;
const SENT: &str =
    "If an account exists for that email, we have sent a link to reset your password.";
const PER_EMAIL: Limit = Limit {
    max: 3,
    window_ms: 3600 * 1000,
    message: "Too many reset requests. Please try again later.",
};
const PER_IP: Limit = Limit {
    max: 20,
    window_ms: 3600 * 1000,
    message: "Too many reset requests. Please try again later.",
};

#[derive(Deserialize, ToSchema)]
pub struct ForgotRequest {
    #[serde(default)]
    email: String,
}

/// A message for the user, and nothing else.
#[derive(Serialize, ToSchema)]
pub struct ResetMessage {
    pub message: String,
}

/// Mails a password-reset link, if an active account has this email.
#[utoipa::path(post, path = "/api/auth/forgot-password", tag = "auth",
    request_body = ForgotRequest,
    responses(
        (status = 200, description = "The same answer whether or not the account exists",
            body = ResetMessage),
        Invalid,
        Throttled,
    ))]
pub async fn post_forgot_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(req): Json<ForgotRequest>,
) -> Result<axum::Json<ResetMessage>> {
    if !email::is_basic_email(req.email.trim()) || req.email.len() > v::MAX_EMAIL {
        let errors = [("email".to_string(), "Invalid email address".to_string())].into();
        return Err(Error::invalid(errors));
    }
    throttle::hit(&state.db, &format!("reset:ip:{ip}"), PER_IP).await?;
    throttle::hit(
        &state.db,
        &format!("reset:email:{}", repo::normalize_email(&req.email)),
        PER_EMAIL,
    )
    .await?;
    // The answer is the same whether or not the account exists.
    if let Some(user) = repo::find_by_email(&state.db.pool, &req.email)
        .await?
        .filter(|u| u.status == "active")
    {
        let token = random_token();
        let now = now_ms();
        sqlx::query("INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(user.id)
            .bind(sha256_hex(&token))
            .bind(now)
            .bind(now + RESET_TTL_MS)
            .execute(&state.db.pool)
            .await?;
        let link = format!(
            "{}/reset-password?token={token}",
            state.config.public_url.trim_end_matches('/')
        );
        let body = format!(
            "Hello {},\n\nSomeone asked to reset the password of your Dialtone account. \
             To choose a new password, open this link within one hour:\n\n{link}\n\n\
             If it was not you, ignore this message: your password stays as it is.\n\nDialtone",
            user.name
        );
        state
            .mailer
            .send(&user.email, "Reset your Dialtone password", &body)
            .await?;
    }
    Ok(axum::Json(ResetMessage {
        message: SENT.into(),
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct ResetRequest {
    /// The token from the mailed link.
    #[serde(default)]
    token: String,
    /// The new password.
    #[serde(default)]
    password: String,
}

/// Sets a new password with a reset link's token, and ends every session.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth",
    request_body = ResetRequest,
    responses(
        (status = 200, description = "The password was reset", body = ResetMessage),
        Invalid,
    ))]
pub async fn post_reset_password(
    State(state): State<AppState>,
    Json(req): Json<ResetRequest>,
) -> Result<axum::Json<ResetMessage>> {
    Error::check(v::validate_new_password(&req.password, &req.password))?;
    let hash = password::hash(&req.password).await?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    // Spending the token and checking it are one statement: it works exactly once.
    let user_id: Option<i64> = sqlx::query_scalar(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING user_id",
    )
    .bind(now)
    .bind(sha256_hex(req.token.trim()))
    .fetch_optional(&mut *tx)
    .await?;
    let Some(user_id) = user_id else {
        return Err(Error::bad_request(
            "This reset link is invalid or has expired. Please request a new one.",
        ));
    };
    sqlx::query(
        "UPDATE users SET password_hash = $1, session_version = session_version + 1 WHERE id = $2",
    )
    .bind(&hash)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    session::revoke_user(&mut *tx, user_id, None).await?;
    tx.commit().await?;
    Ok(axum::Json(ResetMessage {
        message: "Your password has been reset. You can now sign in.".into(),
    }))
}
