//! Notifications per user: written by events (deposits, purchases, renewals,
//! expiries), read and marked read at /api/notifications.

use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Path, Query};
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::routing::{get, post};
use axum::Router;
use serde::Serialize;
use sqlx::{Any, Executor, Row};
use utoipa::ToSchema;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/notifications", get(list_notifications))
        .route("/notifications/read-all", post(post_read_all))
        .route("/notifications/{id}/read", post(post_read))
}

pub async fn notify<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    user_id: i64,
    kind: &str,
    title: &str,
    message: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO notifications (user_id, kind, title, message, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(user_id)
        .bind(kind)
        .bind(title)
        .bind(message)
        .bind(now_ms())
        .execute(ex)
        .await?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
pub struct Notification {
    pub id: i64,
    /// The event, e.g. deposit, purchase, low_balance, renewal_notice, number_expired,
    /// package_expiring, package_expired, sms_failed.
    #[schema(example = "purchase")]
    pub kind: String,
    pub title: String,
    pub message: String,
    pub date: String,
    pub read: bool,
}

/// A page of notifications and the count of unread ones.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationPage {
    pub items: Vec<Notification>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    /// Unread notifications in all pages.
    pub unread: i64,
}

#[derive(Serialize, ToSchema)]
pub struct MarkedRead {
    pub id: i64,
    /// Always true.
    pub read: bool,
}

#[derive(Serialize, ToSchema)]
pub struct MarkedAll {
    /// How many notifications were unread until now.
    pub marked: u64,
}

/// The signed-in user's notifications, newest first.
#[utoipa::path(get, path = "/api/notifications", tag = "notifications",
    security(("bearer" = [])), params(PageQuery),
    responses((status = 200, description = "A page of notifications", body = NotificationPage),
        Invalid, SignedIn))]
async fn list_notifications(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<NotificationPage>> {
    let pool = &state.db.pool;
    let (total, unread): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN read_at IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) FROM notifications WHERE user_id = $1",
    )
    .bind(auth.user.id)
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query(
        "SELECT id, kind, title, message, created_at, read_at FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3",
    )
    .bind(auth.user.id)
    .bind(q.limit())
    .bind(q.offset())
    .fetch_all(pool)
    .await?;
    let items = rows
        .iter()
        .map(|r| {
            Ok(Notification {
                id: r.try_get("id")?,
                kind: r.try_get("kind")?,
                title: r.try_get("title")?,
                message: r.try_get("message")?,
                date: iso(r.try_get("created_at")?),
                read: r.try_get::<Option<i64>, _>("read_at")?.is_some(),
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let page = Page::new(items, total, q);
    Ok(axum::Json(NotificationPage {
        items: page.items,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
        unread,
    }))
}

/// Marks one notification read.
#[utoipa::path(post, path = "/api/notifications/{id}/read", tag = "notifications",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The notification's id")),
    responses((status = 200, description = "The notification is read", body = MarkedRead),
        Invalid, SignedIn, NotFound))]
async fn post_read(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<MarkedRead>> {
    let found: Option<i64> = sqlx::query_scalar(
        "UPDATE notifications SET read_at = COALESCE(read_at, $1) WHERE id = $2 AND user_id = $3 RETURNING id",
    )
    .bind(now_ms())
    .bind(id)
    .bind(auth.user.id)
    .fetch_optional(&state.db.pool)
    .await?;
    found.ok_or_else(|| Error::NotFound("No such notification".into()))?;
    Ok(axum::Json(MarkedRead { id, read: true }))
}

/// Marks every notification of the signed-in user read.
#[utoipa::path(post, path = "/api/notifications/read-all", tag = "notifications",
    security(("bearer" = [])),
    responses((status = 200, description = "All read", body = MarkedAll), SignedIn))]
async fn post_read_all(
    State(state): State<AppState>,
    auth: AuthUser,
) -> Result<axum::Json<MarkedAll>> {
    let n =
        sqlx::query("UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL")
            .bind(now_ms())
            .bind(auth.user.id)
            .execute(&state.db.pool)
            .await?
            .rows_affected();
    Ok(axum::Json(MarkedAll { marked: n }))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(list_notifications, post_read_all, post_read))]
pub struct ApiDoc;
