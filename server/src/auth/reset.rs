//! Forgotten passwords: a single-use link, valid for an hour, sent by mail.

use super::tokens::{random_token, sha256_hex};
use super::{password, session};
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::extract::With;
use crate::openapi::responses::{Invalid, Throttled};
use crate::state::AppState;
use crate::throttle::{self, ClientIp, Limit};
use crate::users::repo;
use axum::extract::State;
use dialtone_core::validation as v;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const RESET_TTL_MS: i64 = 3600 * 1000;
const SENT: &str =
    "If an account exists for that email, we have sent a link to reset your password.";
const PER_EMAIL: Limit = Limit::per_hour(3, "Too many reset requests. Please try again later.");
const PER_IP: Limit = Limit::per_hour(20, "Too many reset requests. Please try again later.");

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
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth",
    request_body = ForgotRequest,
    responses(
        (status = 200, description = "The same answer whether or not the account exists",
            body = ResetMessage),
        Invalid,
        Throttled,
    ))]
pub async fn post_forgot_password(
    With(state, ClientIp(ip)): With<ClientIp>,
    Json(req): Json<ForgotRequest>,
) -> Result<axum::Json<ResetMessage>> {
    Error::check(v::email_errors(&req.email))?;
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
        super::repo::insert_password_reset(
            &state.db.pool,
            user.id,
            &sha256_hex(&token),
            now,
            now + RESET_TTL_MS,
        )
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
#[utoipa::path(post, path = "/auth/reset-password", tag = "auth",
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
    let user_id =
        super::repo::spend_password_reset(&mut *tx, &sha256_hex(req.token.trim()), now).await?;
    let Some(user_id) = user_id else {
        return Err(Error::bad_request(
            "This reset link is invalid or has expired. Please request a new one.",
        ));
    };
    repo::set_password(&mut *tx, user_id, &hash).await?;
    // The page phones of the old sessions stop with them.
    crate::voice::devices::repo::end_browsers(&mut *tx, user_id).await?;
    session::revoke_user(&mut *tx, user_id, None).await?;
    // Every other link of the account, issued before this reset, dies with it.
    super::repo::spend_password_resets_of(&mut *tx, user_id, now).await?;
    tx.commit().await?;
    Ok(axum::Json(ResetMessage {
        message: "Your password has been reset. You can now sign in.".into(),
    }))
}
