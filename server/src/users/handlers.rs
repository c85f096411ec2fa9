use super::repo::{self, User};
use crate::auth::{password, session, AuthUser};
use crate::db::is_unique_violation;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::state::AppState;
use crate::users::repo::UserView;
use axum::extract::State;
use dialtone_core::validation::{self as v, PasswordChangeInput, ProfileInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct UserResponse {
    pub user: UserView,
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/user/info", tag = "account", security(("bearer" = [])),
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
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChanged {
    pub message: String,
    /// A fresh access token: the change ended every other session.
    pub access_token: String,
}

/// Updates the name, email and notification choices.
#[utoipa::path(put, path = "/api/user/profile", tag = "account", security(("bearer" = [])),
    request_body = ProfileRequest,
    responses((status = 200, description = "The updated user", body = UserResponse), Invalid, SignedIn))]
pub async fn put_profile(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(req): Json<ProfileRequest>,
) -> Result<axum::Json<UserResponse>> {
    let p = &req.profile;
    Error::check(v::validate_profile(p))?;
    let (first, last) = (p.first_name.trim(), p.last_name.trim());
    let me = &auth.user;
    let sql = format!(
        "UPDATE users SET first_name = $1, last_name = $2, name = $3, email = $4, email_lower = $5, \
         email_notifications = $6, sms_notifications = $7 WHERE id = $8 RETURNING {}",
        repo::COLUMNS
    );
    let updated = sqlx::query(&sql)
        .bind(first)
        .bind(last)
        .bind(format!("{first} {last}"))
        .bind(p.email.trim())
        .bind(repo::normalize_email(&p.email))
        .bind(req.email_notifications.unwrap_or(me.email_notifications) as i64)
        .bind(req.sms_notifications.unwrap_or(me.sms_notifications) as i64)
        .bind(me.id)
        .fetch_one(&state.db.pool)
        .await;
    let row = match updated {
        Ok(row) => row,
        Err(e) if is_unique_violation(&e) => {
            let errors = [(
                "email".to_string(),
                "An account with this email already exists".to_string(),
            )]
            .into();
            return Err(Error::BadRequest {
                message: "An account with this email already exists".into(),
                errors,
            });
        }
        Err(e) => return Err(e.into()),
    };
    Ok(axum::Json(UserResponse {
        user: User::from_row(&row)?.view(),
    }))
}

/// Changes the password and ends every other session of the user; the caller gets a
/// fresh access token and keeps its own session.
#[utoipa::path(put, path = "/api/user/password", tag = "account", security(("bearer" = [])),
    request_body = PasswordChangeInput,
    responses((status = 200, description = "Password changed", body = PasswordChanged), Invalid, SignedIn))]
pub async fn put_password(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(input): Json<PasswordChangeInput>,
) -> Result<axum::Json<PasswordChanged>> {
    Error::check(v::validate_password_change(&input))?;
    if !password::verify(&input.current_password, &auth.user.password_hash).await? {
        let errors = [(
            "currentPassword".to_string(),
            "Current password is incorrect".to_string(),
        )]
        .into();
        return Err(Error::BadRequest {
            message: "Current password is incorrect".into(),
            errors,
        });
    }
    let hash = password::hash(&input.new_password).await?;
    let mut tx = state.db.begin_write().await?;
    let version: i64 = sqlx::query_scalar(
        "UPDATE users SET password_hash = $1, session_version = session_version + 1 WHERE id = $2 RETURNING session_version",
    )
    .bind(&hash)
    .bind(auth.user.id)
    .fetch_one(&mut *tx)
    .await?;
    session::revoke_user(&mut *tx, auth.user.id, Some(&auth.claims.sid)).await?;
    tx.commit().await?;
    let access = state
        .jwt
        .issue(auth.user.id, &auth.user.role, version, &auth.claims.sid);
    Ok(axum::Json(PasswordChanged {
        message: "Password changed".into(),
        access_token: access,
    }))
}
