//! The contact form (/api/contact) and the support team's inbox (/api/admin/messages).

use crate::audit;
use crate::auth::{AdminUser, MaybeUser};
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path, Query};
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn, Throttled};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use crate::throttle::{self, ClientIp, Limit};
use axum::http::StatusCode;
use dialtone_core::validation::{self as v, ContactInput};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub mod repo;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_contact))
        .routes(routes!(list_messages))
        .routes(routes!(post_handled))
}

const PER_IP: Limit = Limit::per_hour(
    5,
    "You have sent several messages in a short time. Please wait a while before sending another.",
);
pub const THANKS: &str =
    "Thank you for your message! Our support team will get back to you within one business day.";

#[derive(Serialize, ToSchema)]
pub struct ContactReceived {
    /// A thank-you for the sender.
    message: String,
    /// The message's number in the inbox.
    id: i64,
}

/// Sends a message to the support team. Signed in, a customer whose plan has priority
/// support is answered first.
#[utoipa::path(post, path = "/contact", tag = "contact",
    request_body = ContactInput,
    responses(
        (status = 201, description = "The message was received", body = ContactReceived),
        Invalid, Throttled,
    ))]
async fn post_contact(
    With(state, ClientIp(ip)): With<ClientIp>,
    MaybeUser(sender): MaybeUser,
    Json(input): Json<ContactInput>,
) -> Result<(StatusCode, axum::Json<ContactReceived>)> {
    Error::check(v::validate_contact(&input))?;
    throttle::hit(&state.db, &format!("contact:ip:{ip}"), PER_IP).await?;
    let pool = &state.db.pool;
    // Priority goes by who is signed in, never by the address typed: anyone can type a
    // priority customer's address.
    let priority = match &sender {
        Some(s) => repo::has_priority_support(pool, s.user.id, now_ms()).await? > 0,
        None => false,
    };
    let message = repo::NewMessage {
        name: input.name.trim(),
        email: input.email.trim(),
        subject: input.subject.trim(),
        message: input.message.trim(),
        priority,
    };
    let id = repo::insert(pool, message).await?;
    let tag = if priority { "[Priority] " } else { "" };
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
            &format!("{tag}Contact form: {}", input.subject.trim()),
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
    /// From a customer whose plan has priority support: listed first.
    priority: bool,
}

fn view(m: repo::ContactMessage) -> MessageView {
    MessageView {
        id: m.id,
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        created_at: iso(m.created_at),
        handled: m.handled_at.is_some(),
        handled_at: m.handled_at.map(iso),
        priority: m.priority,
    }
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

/// The contact form's messages: priority support first, then newest first.
#[utoipa::path(get, path = "/admin/messages", tag = "contact",
    params(MessageFilter, PageQuery),
    responses(
        (status = 200, description = "One page of messages", body = Page<MessageView>),
        Invalid, SignedIn, AdminOnly,
    ))]
async fn list_messages(
    With(state, _admin): With<AdminUser>,
    Query(filter): Query<MessageFilter>,
    Query(page): Query<PageQuery>,
) -> Result<axum::Json<Page<MessageView>>> {
    let condition = match filter.status.as_deref().unwrap_or("open") {
        "open" => repo::Status::Open,
        "handled" => repo::Status::Handled,
        "all" => repo::Status::All,
        other => {
            return Err(Error::bad_request(format!(
                "Unknown status filter: {other}"
            )))
        }
    };
    let rows = repo::page(&state.db.pool, condition, page).await?;
    Ok(axum::Json(rows.map(view)))
}

/// Marks a message as handled.
#[utoipa::path(post, path = "/admin/messages/{id}/handled", tag = "contact",
    params(("id" = i64, Path, description = "The message's id")),
    responses(
        (status = 200, description = "The message, now handled", body = MessageItem),
        Invalid, SignedIn, AdminOnly, NotFound,
        Conflict,
    ))]
async fn post_handled(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<MessageItem>> {
    let mut tx = state.db.begin_write().await?;
    let Some(message) = repo::mark_handled(&mut *tx, id, admin.id).await? else {
        return if repo::exists(&mut *tx, id).await? {
            Err(Error::Conflict("This message is already handled".into()))
        } else {
            Err(Error::NotFound("No such message".into()))
        };
    };
    let item = view(message);
    let entry = audit::Entry::by(
        admin.id,
        "message.handled",
        "contact_message",
        id,
        Some(json!({ "handled": false })),
        Some(json!({ "handled": true })),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(MessageItem { item }))
}
