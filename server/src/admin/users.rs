//! /api/admin/users: the user list and the actions on an account.

use crate::audit;
use crate::auth::{session, AdminUser};
use crate::db::{iso, Backend};
use crate::error::{Error, Result};
use crate::extract::{Json, Query};
use crate::paging::{like_pattern, Page, PageQuery};
use crate::state::AppState;
use crate::users::repo::{self, User};
use axum::extract::{Path, State};
use dialtone_core::platform::{validate_email_message, EmailInput};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::AnyConnection;

/// Section 3's admin user list item.
fn item(u: &User) -> Value {
    json!({
        "id": u.id, "name": u.name, "email": u.email, "phone": u.phone, "status": u.status, "role": u.role,
        "joinDate": iso(u.created_at), "lastLogin": u.last_login_at.map(iso),
    })
}

#[derive(Deserialize)]
pub struct UserFilter {
    #[serde(default)]
    search: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    role: String,
}

pub async fn list_users(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(f): Query<UserFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<Value>>> {
    let cond = "(LOWER(name) LIKE $1 ESCAPE '\\' OR email_lower LIKE $1 ESCAPE '\\' OR COALESCE(phone, '') LIKE $1 ESCAPE '\\') \
                AND ($2 = '' OR status = $2) AND ($3 = '' OR role = $3)";
    let pattern = like_pattern(&f.search);
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM users WHERE {cond}"))
        .bind(&pattern)
        .bind(&f.status)
        .bind(&f.role)
        .fetch_one(&state.db.pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {} FROM users WHERE {cond} ORDER BY id DESC LIMIT $4 OFFSET $5",
        repo::COLUMNS
    ))
    .bind(&pattern)
    .bind(&f.status)
    .bind(&f.role)
    .bind(q.limit())
    .bind(q.offset())
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows
        .iter()
        .map(|r| User::from_row(r).map(|u| item(&u)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(Page::new(items, total, q)))
}

async fn target(conn: &mut AnyConnection, id: i64) -> Result<User> {
    repo::find_by_id(&mut *conn, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such user".into()))
}

async fn audited(
    conn: &mut AnyConnection,
    actor: i64,
    action: &str,
    id: i64,
    before: Value,
    after: Value,
) -> Result<()> {
    let entry = audit::Entry {
        actor_id: actor,
        action,
        target_type: "user",
        target_id: id.to_string(),
        before: Some(before),
        after: Some(after),
    };
    audit::record(conn, entry).await?;
    Ok(())
}

pub async fn post_email(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
    Json(input): Json<EmailInput>,
) -> Result<axum::Json<Value>> {
    Error::check(validate_email_message(&input))?;
    let mut conn = state.db.pool.acquire().await?;
    let user = target(&mut conn, id).await?;
    let mail_id = state
        .mailer
        .send(&user.email, input.subject.trim(), input.body.trim())
        .await?;
    let after = json!({ "subject": input.subject.trim(), "mailId": mail_id });
    audited(
        &mut conn,
        admin.id,
        "user.email",
        id,
        json!({ "email": user.email }),
        after,
    )
    .await?;
    Ok(axum::Json(
        json!({ "message": format!("Email to {} queued", user.email) }),
    ))
}

#[derive(Deserialize)]
pub struct RoleChange {
    #[serde(default)]
    role: String,
}

pub async fn post_role(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
    Json(req): Json<RoleChange>,
) -> Result<axum::Json<Value>> {
    if !matches!(req.role.as_str(), "admin" | "client") {
        return Err(Error::field("role", "Role must be admin or client"));
    }
    if id == admin.id {
        return Err(Error::Conflict("You cannot change your own role".into()));
    }
    let mut tx = state.db.begin_write().await?;
    // Locks every administrator row, so two demotions at once cannot both pass the
    // last-administrator check (SQLite's write lock already serialises them).
    let lock = if state.db.backend == Backend::Postgres {
        " FOR UPDATE"
    } else {
        ""
    };
    let admins: Vec<i64> =
        sqlx::query_scalar(&format!("SELECT id FROM users WHERE role = 'admin'{lock}"))
            .fetch_all(&mut *tx)
            .await?;
    let before = target(&mut tx, id).await?;
    if req.role == "client" && before.role == "admin" && admins.len() <= 1 {
        return Err(Error::Conflict(
            "At least one administrator must remain".into(),
        ));
    }
    sqlx::query("UPDATE users SET role = $1, session_version = session_version + 1 WHERE id = $2")
        .bind(&req.role)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let after = target(&mut tx, id).await?;
    audited(
        &mut tx,
        admin.id,
        "user.role",
        id,
        json!({ "role": before.role }),
        json!({ "role": after.role }),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(json!({ "item": item(&after) })))
}

/// Suspends an account: it cannot sign in, and its sessions end at once.
pub async fn post_suspend(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<Value>> {
    if id == admin.id {
        return Err(Error::Conflict(
            "You cannot suspend your own account".into(),
        ));
    }
    let mut tx = state.db.begin_write().await?;
    let before = target(&mut tx, id).await?;
    sqlx::query("UPDATE users SET status = 'suspended', session_version = session_version + 1 WHERE id = $1").bind(id).execute(&mut *tx).await?;
    session::revoke_user(&mut *tx, id, None).await?;
    let after = target(&mut tx, id).await?;
    audited(
        &mut tx,
        admin.id,
        "user.suspend",
        id,
        json!({ "status": before.status }),
        json!({ "status": after.status }),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(json!({ "item": item(&after) })))
}

pub async fn post_reactivate(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<Value>> {
    let mut tx = state.db.begin_write().await?;
    let before = target(&mut tx, id).await?;
    sqlx::query("UPDATE users SET status = 'active' WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let after = target(&mut tx, id).await?;
    audited(
        &mut tx,
        admin.id,
        "user.reactivate",
        id,
        json!({ "status": before.status }),
        json!({ "status": after.status }),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(json!({ "item": item(&after) })))
}
