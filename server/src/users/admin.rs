//! /api/admin/users: the user list and the actions on an account.

use crate::audit;
use crate::auth::{session, AdminList, AdminUser};
use crate::db::{iso, Backend};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn};
use crate::paging::{filter_texts, like_pattern, Page, PageQuery};
use crate::state::AppState;
use crate::users::repo::{self, User};
use dialtone_core::platform::{validate_email_message, EmailInput};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{Any, AnyConnection, Transaction};
use utoipa::{IntoParams, ToSchema};

/// Section 3's admin user list item.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserItem {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    /// `active` or `suspended`.
    #[schema(example = "active")]
    pub status: String,
    /// `client` or `admin`.
    #[schema(example = "client")]
    pub role: String,
    pub join_date: String,
    pub last_login: Option<String>,
    /// The free trial: `active` (with `trialDaysLeft`), `expired`, `converted`, or null.
    pub trial: Option<String>,
    pub trial_days_left: Option<i64>,
}

fn item(u: &User) -> AdminUserItem {
    AdminUserItem {
        id: u.id,
        name: u.name.clone(),
        email: u.email.clone(),
        phone: u.phone.clone(),
        status: u.status.clone(),
        role: u.role.clone(),
        join_date: iso(u.created_at),
        last_login: u.last_login_at.map(iso),
        trial: u.trial_status.clone(),
        trial_days_left: match (u.trial_status.as_deref(), u.trial_ends_at) {
            (Some("active"), Some(end)) => {
                Some(dialtone_core::trial::days_left(end, crate::db::now_ms()))
            }
            _ => None,
        },
    }
}

/// The user after an action.
#[derive(Serialize, ToSchema)]
pub struct AdminUserResponse {
    pub item: AdminUserItem,
}

#[derive(Serialize, ToSchema)]
pub struct EmailQueued {
    pub message: String,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserFilter {
    /// Matches the name, email or phone.
    #[serde(default)]
    #[param(required = false)]
    search: String,
    /// `active` or `suspended`; empty for any.
    #[serde(default)]
    #[param(required = false)]
    status: String,
    /// `client` or `admin`; empty for any.
    #[serde(default)]
    #[param(required = false)]
    role: String,
}

/// Users, newest first, filtered by text, status and role.
#[utoipa::path(get, path = "/admin/users", tag = "admin",
    params(UserFilter, PageQuery),
    responses((status = 200, description = "One page of users", body = Page<AdminUserItem>),
        Invalid, SignedIn, AdminOnly))]
pub async fn list_users(
    With(
        state,
        AdminList {
            filter: f, page, ..
        },
    ): With<AdminList<UserFilter>>,
) -> Result<axum::Json<Page<AdminUserItem>>> {
    filter_texts(&[
        ("search", &f.search),
        ("status", &f.status),
        ("role", &f.role),
    ])?;
    let pattern = like_pattern(&f.search);
    let search = repo::Search {
        pattern: &pattern,
        status: &f.status,
        role: &f.role,
    };
    let users = repo::page_matching(&state.db.pool, &search, page).await?;
    Ok(axum::Json(users.map(|u| item(&u))))
}

async fn target(conn: &mut AnyConnection, id: i64) -> Result<User> {
    repo::find_by_id(&mut *conn, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such user".into()))
}

/// The end of an action on an account: the user read again, the audit entry with
/// `key`'s `value` before and after, the commit, the user as the answer.
async fn audited(
    mut tx: Transaction<'static, Any>,
    actor: i64,
    action: &str,
    before: &User,
    key: &str,
    value: fn(&User) -> &str,
) -> Result<axum::Json<AdminUserResponse>> {
    let after = target(&mut tx, before.id).await?;
    let (was, is) = (json!({ key: value(before) }), json!({ key: value(&after) }));
    let entry = audit::Entry::by(actor, action, "user", before.id, Some(was), Some(is));
    audit::commit(tx, entry).await?;
    Ok(axum::Json(AdminUserResponse { item: item(&after) }))
}

/// Emails a user (kept in the outbox, or sent by SMTP when configured).
#[utoipa::path(post, path = "/admin/users/{id}/email", tag = "admin",
    params(("id" = i64, Path, description = "The user's id")),
    request_body = EmailInput,
    responses((status = 200, description = "The email is queued", body = EmailQueued),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn post_email(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(input): Json<EmailInput>,
) -> Result<axum::Json<EmailQueued>> {
    Error::check(validate_email_message(&input))?;
    filter_texts(&[("subject", &input.subject), ("body", &input.body)])?;
    let mut conn = state.db.pool.acquire().await?;
    let user = target(&mut conn, id).await?;
    let mail_id = state
        .mailer
        .send(&user.email, input.subject.trim(), input.body.trim())
        .await?;
    let before = json!({ "email": user.email });
    let after = json!({ "subject": input.subject.trim(), "mailId": mail_id });
    let entry = audit::Entry::by(
        admin.id,
        "user.email",
        "user",
        id,
        Some(before),
        Some(after),
    );
    audit::record(&mut *conn, entry).await?;
    Ok(axum::Json(EmailQueued {
        message: format!("Email to {} queued", user.email),
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct RoleChange {
    /// `admin` or `client`.
    #[serde(default)]
    #[schema(example = "client")]
    role: String,
}

/// Makes a user an administrator or a client (never the caller, never the last admin).
#[utoipa::path(post, path = "/admin/users/{id}/role", tag = "admin",
    params(("id" = i64, Path, description = "The user's id")),
    request_body = RoleChange,
    responses((status = 200, description = "The updated user", body = AdminUserResponse),
        Invalid, SignedIn, AdminOnly, NotFound, Conflict))]
pub async fn post_role(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(req): Json<RoleChange>,
) -> Result<axum::Json<AdminUserResponse>> {
    if !matches!(req.role.as_str(), "admin" | "client") {
        return Err(Error::field("role", "Role must be admin or client"));
    }
    if id == admin.id {
        return Err(Error::Conflict("You cannot change your own role".into()));
    }
    let mut tx = state.db.begin_write().await?;
    // Locks every administrator row, so two demotions at once cannot both pass the
    // last-administrator check (SQLite's write lock already serialises them).
    let admins = repo::admin_ids(&mut *tx, state.db.backend == Backend::Postgres).await?;
    let before = target(&mut tx, id).await?;
    if req.role == "client" && before.role == "admin" && admins.len() <= 1 {
        return Err(Error::Conflict(
            "At least one administrator must remain".into(),
        ));
    }
    repo::set_role(&mut *tx, id, &req.role).await?;
    audited(tx, admin.id, "user.role", &before, "role", |u| &u.role).await
}

/// Suspends an account: it cannot sign in, its sessions end and its calls in progress
/// are hung up at once.
#[utoipa::path(post, path = "/admin/users/{id}/suspend", tag = "admin",
    params(("id" = i64, Path, description = "The user's id")),
    responses((status = 200, description = "The suspended user", body = AdminUserResponse),
        Invalid, SignedIn, AdminOnly, NotFound, Conflict))]
pub async fn post_suspend(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<AdminUserResponse>> {
    if id == admin.id {
        return Err(Error::Conflict(
            "You cannot suspend your own account".into(),
        ));
    }
    suspend(&state, admin.id, id, "user.suspend").await
}

/// `set_status` to suspended, then the account's answered calls hung up.
pub(super) async fn suspend(
    state: &AppState,
    actor: i64,
    id: i64,
    action: &str,
) -> Result<axum::Json<AdminUserResponse>> {
    let user = set_status(state, actor, id, "suspended", action).await?;
    let ended = crate::voice::live::hang_up_account(state, id).await?;
    if ended > 0 {
        tracing::warn!(
            user_id = id,
            calls_ended = ended,
            "suspended account's calls hung up"
        );
    }
    Ok(user)
}

/// Reactivates a suspended account.
#[utoipa::path(post, path = "/admin/users/{id}/reactivate", tag = "admin",
    params(("id" = i64, Path, description = "The user's id")),
    responses((status = 200, description = "The active user", body = AdminUserResponse),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn post_reactivate(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<AdminUserResponse>> {
    set_status(&state, admin.id, id, "active", "user.reactivate").await
}

/// Suspends or reactivates an account, audited. A suspension ends its sessions and
/// access tokens at once (the session version moves).
async fn set_status(
    state: &AppState,
    actor: i64,
    id: i64,
    status: &str,
    action: &str,
) -> Result<axum::Json<AdminUserResponse>> {
    let mut tx = state.db.begin_write().await?;
    let before = target(&mut tx, id).await?;
    let suspending = status == "suspended";
    repo::set_status(&mut *tx, id, status, suspending).await?;
    if suspending {
        session::revoke_user(&mut *tx, id, None).await?;
    }
    audited(tx, actor, action, &before, "status", |u| &u.status).await
}
