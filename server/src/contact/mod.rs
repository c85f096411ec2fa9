//! The contact form (/api/contact) and the support team's inbox (/api/admin/messages).

use crate::audit;
use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, Path, Query};
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn, Throttled};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use crate::throttle::{self, ClientIp, Limit};
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use dialtone_core::validation::{self as v, ContactInput};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::any::AnyRow;
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/contact", post(post_contact))
        .route("/admin/messages", get(list_messages))
        .route("/admin/messages/{id}/handled", post(post_handled))
}

const PER_IP: Limit = Limit {
    max: 5,
    window_ms: 3600 * 1000,
    message: "You have sent several messages in a short time. Please wait a while before sending another.",
};
pub const THANKS: &str =
    "Thank you for your message! Our support team will get back to you within one business day.";

#[derive(Serialize, ToSchema)]
pub struct ContactReceived {
    /// A thank-you for the sender.
    message: String,
    /// The message's number in the inbox.
    id: i64,
}

/// Sends a message to the support team.
#[utoipa::path(post, path = "/api/contact", tag = "contact",
    request_body = ContactInput,
    responses(
        (status = 201, description = "The message was received", body = ContactReceived),
        Invalid, Throttled,
    ))]
async fn post_contact(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(input): Json<ContactInput>,
) -> Result<(StatusCode, axum::Json<ContactReceived>)> {
    Error::check(v::validate_contact(&input))?;
    throttle::hit(&state.db, &format!("contact:ip:{ip}"), PER_IP).await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(input.name.trim())
    .bind(input.email.trim())
    .bind(input.subject.trim())
    .bind(input.message.trim())
    .bind(now_ms())
    .fetch_one(&state.db.pool)
    .await?;
    let body = format!(
        "New message #{id} from the contact form.\n\nFrom: {} <{}>\nSubject: {}\n\n{}\n",
        input.name.trim(),
        input.email.trim(),
        input.subject.trim(),
        input.message.trim()
    );
    state
        .mailer
        .send(
            &state.config.support_email,
            &format!("Contact form: {}", input.subject.trim()),
            &body,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(ContactReceived {
            message: THANKS.into(),
            id,
        }),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    id: i64,
    name: String,
    email: String,
    subject: String,
    message: String,
    created_at: String,
    handled: bool,
    handled_at: Option<String>,
}

fn view(r: &AnyRow) -> Result<MessageView, sqlx::Error> {
    let handled_at: Option<i64> = r.try_get("handled_at")?;
    Ok(MessageView {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        email: r.try_get("email")?,
        subject: r.try_get("subject")?,
        message: r.try_get("message")?,
        created_at: iso(r.try_get("created_at")?),
        handled: handled_at.is_some(),
        handled_at: handled_at.map(iso),
    })
}

#[derive(Serialize, ToSchema)]
pub struct MessageItem {
    item: MessageView,
}

/// The statuses the inbox can be filtered by.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)] // the document's enumeration only: the handler checks the text
enum MessageStatus {
    Open,
    Handled,
    All,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MessageFilter {
    /// `open` (the default), `handled` or `all`.
    #[serde(default)]
    #[param(inline, value_type = Option<MessageStatus>)]
    status: Option<String>,
}

/// The contact form's messages, newest first.
#[utoipa::path(get, path = "/api/admin/messages", tag = "contact",
    security(("bearer" = [])),
    params(MessageFilter, PageQuery),
    responses(
        (status = 200, description = "One page of messages", body = Page<MessageView>),
        Invalid, SignedIn, AdminOnly,
    ))]
async fn list_messages(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(filter): Query<MessageFilter>,
    Query(page): Query<PageQuery>,
) -> Result<axum::Json<Page<MessageView>>> {
    let condition = match filter.status.as_deref().unwrap_or("open") {
        "open" => "handled_at IS NULL",
        "handled" => "handled_at IS NOT NULL",
        "all" => "1 = 1",
        other => {
            return Err(Error::bad_request(format!(
                "Unknown status filter: {other}"
            )))
        }
    };
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM contact_messages WHERE {condition}"
    ))
    .fetch_one(&state.db.pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT id, name, email, subject, message, created_at, handled_at FROM contact_messages \
         WHERE {condition} ORDER BY id DESC LIMIT $1 OFFSET $2"
    ))
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows.iter().map(view).collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(Page::new(items, total, page)))
}

/// Marks a message as handled.
#[utoipa::path(post, path = "/api/admin/messages/{id}/handled", tag = "contact",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The message's id")),
    responses(
        (status = 200, description = "The message, now handled", body = MessageItem),
        Invalid, SignedIn, AdminOnly, NotFound,
        Conflict,
    ))]
async fn post_handled(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<MessageItem>> {
    let mut tx = state.db.begin_write().await?;
    let row = sqlx::query(
        "UPDATE contact_messages SET handled_at = $1, handled_by = $2 WHERE id = $3 AND handled_at IS NULL \
         RETURNING id, name, email, subject, message, created_at, handled_at",
    )
    .bind(now_ms())
    .bind(admin.id)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        let exists: Option<i64> =
            sqlx::query_scalar("SELECT id FROM contact_messages WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        return match exists {
            Some(_) => Err(Error::Conflict("This message is already handled".into())),
            None => Err(Error::NotFound("No such message".into())),
        };
    };
    let item = view(&row)?;
    let entry = audit::Entry {
        actor_id: admin.id,
        action: "message.handled",
        target_type: "contact_message",
        target_id: id.to_string(),
        before: Some(json!({ "handled": false })),
        after: Some(json!({ "handled": true })),
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(MessageItem { item }))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(post_contact, list_messages, post_handled))]
pub struct ApiDoc;
