use super::repo::{self, User};
use crate::auth::{password, session, AuthUser};
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::extract::With;
use crate::openapi::responses::{Invalid, SignedIn, Throttled};
use crate::state::AppState;
use crate::throttle::{self, Limit};
use crate::users::repo::UserView;
use dialtone_core::validation::{self as v, PasswordChangeInput, ProfileInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Wrong current passwords, per user: the same limit as sign-in, and the slot is
/// taken before argon2 runs.
const PASSWORD_ATTEMPTS: Limit = Limit {
    max: 5,
    window_ms: 15 * 60 * 1000,
    message:
        "Too many attempts with a wrong current password. Please wait a few minutes and try again.",
};
const INCORRECT: &str = "Current password is incorrect";

/// Checks the signed-in user's current password, counting every attempt; a wrong one
/// is an error on `field`.
pub async fn check_password(state: &AppState, user: &User, given: &str, field: &str) -> Result<()> {
    let bucket = format!("password:user:{}", user.id);
    throttle::hit(&state.db, &bucket, PASSWORD_ATTEMPTS).await?;
    if !password::verify(given, &user.password_hash).await? {
        return Err(Error::field(field, INCORRECT));
    }
    throttle::clear(&state.db, &bucket).await
}

/// Reset links issued before a password or email change must not undo it.
async fn spend_reset_links<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    ex: E,
    user_id: i64,
) -> Result<()> {
    crate::auth::repo::spend_password_resets_of(ex, user_id, now_ms()).await?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
pub struct UserResponse {
    pub user: UserView,
}

/// The signed-in user.
#[utoipa::path(get, path = "/user/info", tag = "account",
    responses((status = 200, description = "The signed-in user", body = UserResponse), SignedIn))]
pub async fn get_user_info(auth: AuthUser) -> axum::Json<UserResponse> {
    axum::Json(UserResponse {
        user: auth.user.view(),
    })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileRequest {
    #[serde(flatten)]
    profile: ProfileInput,
    email_notifications: Option<bool>,
    sms_notifications: Option<bool>,
    /// Required when the email changes.
    #[serde(default)]
    current_password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChanged {
    pub message: String,
    /// A fresh access token: the change ended every other session.
    pub access_token: String,
}

/// Updates the name, email and notification choices. A new email needs the current
/// password, and the old address is told of the change.
#[utoipa::path(put, path = "/user/profile", tag = "account",
    request_body = ProfileRequest,
    responses((status = 200, description = "The updated user", body = UserResponse), Invalid,
        SignedIn, Throttled))]
pub async fn put_profile(
    With(state, auth): With<AuthUser>,
    Json(req): Json<ProfileRequest>,
) -> Result<axum::Json<UserResponse>> {
    let p = &req.profile;
    Error::check(v::validate_profile(p))?;
    let (first, last) = (p.first_name.trim(), p.last_name.trim());
    let me = &auth.user;
    let email_changes = repo::normalize_email(&p.email) != repo::normalize_email(&me.email);
    if email_changes {
        if req.current_password.is_empty() {
            return Err(Error::field(
                "currentPassword",
                v::CURRENT_PASSWORD_REQUIRED,
            ));
        }
        check_password(&state, me, &req.current_password, "currentPassword").await?;
    }
    let mut tx = state.db.begin_write().await?;
    let change = repo::ProfileChange {
        first_name: first,
        last_name: last,
        email: &p.email,
        email_notifications: req.email_notifications.unwrap_or(me.email_notifications),
        sms_notifications: req.sms_notifications.unwrap_or(me.sms_notifications),
    };
    let user = repo::update_profile(&mut *tx, me.id, change)
        .await
        .map_err(|e| {
            Error::unique_or(e, || {
                Error::field("email", "An account with this email already exists")
            })
        })?;
    if email_changes {
        spend_reset_links(&mut *tx, me.id).await?;
    }
    tx.commit().await?;
    if email_changes {
        tracing::info!(user_id = me.id, "email changed");
        let body = format!(
            "Hello {},\n\nThe email address of your Dialtone account was changed from {} to {}.\n\n\
             If you made this change, there is nothing more to do. If you did not, contact \
             {} at once.\n\nDialtone",
            me.name, me.email, user.email, state.config.support_email
        );
        state
            .mailer
            .send(&me.email, "Your Dialtone email address was changed", &body)
            .await?;
    }
    Ok(axum::Json(UserResponse { user: user.view() }))
}

/// Changes the password and ends every other session of the user; the caller gets a
/// fresh access token and keeps its own session.
#[utoipa::path(put, path = "/user/password", tag = "account",
    request_body = PasswordChangeInput,
    responses((status = 200, description = "Password changed", body = PasswordChanged), Invalid,
        SignedIn, Throttled))]
pub async fn put_password(
    With(state, auth): With<AuthUser>,
    Json(input): Json<PasswordChangeInput>,
) -> Result<axum::Json<PasswordChanged>> {
    Error::check(v::validate_password_change(&input))?;
    check_password(
        &state,
        &auth.user,
        &input.current_password,
        "currentPassword",
    )
    .await?;
    let hash = password::hash(&input.new_password).await?;
    let mut tx = state.db.begin_write().await?;
    let version = repo::set_password(&mut *tx, auth.user.id, &hash).await?;
    // The page phones of the old sessions stop with them.
    crate::voice::devices::repo::end_browsers(&mut *tx, auth.user.id).await?;
    session::revoke_user(&mut *tx, auth.user.id, Some(&auth.claims.sid)).await?;
    spend_reset_links(&mut *tx, auth.user.id).await?;
    tx.commit().await?;
    let access = state
        .jwt
        .issue(auth.user.id, &auth.user.role, version, &auth.claims.sid);
    Ok(axum::Json(PasswordChanged {
        message: "Password changed".into(),
        access_token: access,
    }))
}
