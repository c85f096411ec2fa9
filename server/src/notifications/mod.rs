//! Notifications per user: written by events (deposits, purchases, renewals,
//! expiries), read and marked read at /api/notifications.

use crate::auth::AuthUser;
use crate::db::iso;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Path, Query};
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub mod repo;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_notifications))
        .routes(routes!(post_read_all))
        .routes(routes!(post_read))
}

/// Tells a user something: (user, kind, title, message).
pub use repo::insert as notify;

/// Mails a notice to `owner` when they asked for e-mail notifications (the
/// notification itself stays either way), once its notification was committed.
pub async fn mail_if_opted_in(
    state: &AppState,
    owner: i64,
    subject: &str,
    message: &str,
) -> anyhow::Result<()> {
    let user = crate::users::repo::find_by_id(&state.db.pool, owner).await?;
    if let Some(user) = user.filter(|u| u.email_notifications) {
        let body = format!("Hello {},\n\n{message}\n\nDialtone", user.name);
        state.mailer.send(&user.email, subject, &body).await?;
    }
    Ok(())
}

/// Tells the owner about a change to how their account can be used (a new API key or SIP
/// device, credentials revoked): a notification, and an e-mail whatever the owner's
/// e-mail preference, since a stolen session is exactly when they must hear of it.
/// Called once the change is committed.
pub async fn security_notice(
    state: &AppState,
    user: &crate::users::repo::User,
    title: &str,
    message: &str,
) -> Result<()> {
    repo::insert(&state.db.pool, user.id, "security", title, message).await?;
    let body = format!(
        "Hello {},\n\n{message}\n\nIf this was not you, change your password and use \
         \"Log out everywhere\" with \"Also revoke API keys and SIP devices\" in Settings.\n\nDialtone",
        user.name
    );
    state.mailer.send(&user.email, title, &body).await?;
    Ok(())
}

#[derive(Serialize, ToSchema)]
pub struct Notification {
    pub id: i64,
    /// The event, e.g. deposit, purchase, low_balance, renewal_notice, number_expired,
    /// package_expiring, package_expired, sms_failed, security, voicemail, quota.
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
#[utoipa::path(get, path = "/notifications", tag = "notifications",
    params(PageQuery),
    responses((status = 200, description = "A page of notifications", body = NotificationPage),
        Invalid, SignedIn))]
async fn list_notifications(
    With(state, auth): With<AuthUser>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<NotificationPage>> {
    let pool = &state.db.pool;
    let (total, unread) = repo::counts(pool, auth.user.id).await?;
    let items = repo::page(pool, auth.user.id, q.limit(), q.offset())
        .await?
        .into_iter()
        .map(|n| Notification {
            id: n.id,
            kind: n.kind,
            title: n.title,
            message: n.message,
            date: iso(n.created_at),
            read: n.read_at.is_some(),
        })
        .collect();
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
#[utoipa::path(post, path = "/notifications/{id}/read", tag = "notifications",
    params(("id" = i64, Path, description = "The notification's id")),
    responses((status = 200, description = "The notification is read", body = MarkedRead),
        Invalid, SignedIn, NotFound))]
async fn post_read(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<MarkedRead>> {
    if !repo::mark_read(&state.db.pool, auth.user.id, id).await? {
        return Err(Error::NotFound("No such notification".into()));
    }
    Ok(axum::Json(MarkedRead { id, read: true }))
}

/// Marks every notification of the signed-in user read.
#[utoipa::path(post, path = "/notifications/read-all", tag = "notifications",
    responses((status = 200, description = "All read", body = MarkedAll), SignedIn))]
async fn post_read_all(With(state, auth): With<AuthUser>) -> Result<axum::Json<MarkedAll>> {
    let n = repo::mark_all_read(&state.db.pool, auth.user.id).await?;
    Ok(axum::Json(MarkedAll { marked: n }))
}
