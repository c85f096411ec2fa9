//! The client's Messages view (/api/sms/conversations): what each of their numbers
//! sent and received, grouped by the other party.

mod repo;

use crate::auth::AuthUser;
use crate::db::iso;
use crate::error::Result;
use crate::extract::Query;
use crate::extract::With;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::state::AppState;
use dialtone_core::phone;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_conversations))
        .routes(routes!(get_conversation))
}

/// One message of a conversation.
#[derive(Serialize, ToSchema)]
pub struct ConversationMessage {
    /// `outbound` (sent from the number) or `inbound` (received by it).
    #[schema(example = "inbound")]
    pub direction: String,
    pub body: String,
    pub date: String,
    /// For a sent message its delivery status; `received` for an inbound one.
    pub status: String,
}

fn message(l: repo::Line) -> ConversationMessage {
    ConversationMessage {
        direction: l.direction,
        body: l.body,
        date: iso(l.at),
        status: l.status,
    }
}

/// A conversation: one of the customer's numbers, the other party, the latest message.
#[derive(Serialize, ToSchema)]
pub struct Conversation {
    /// The customer's number.
    pub number: String,
    /// The other party.
    pub contact: String,
    pub messages: i64,
    pub last: ConversationMessage,
}

#[derive(Serialize, ToSchema)]
pub struct Conversations {
    /// The 100 most recent conversations, newest first.
    pub conversations: Vec<Conversation>,
}

/// The signed-in user's conversations, newest first.
#[utoipa::path(get, path = "/sms/conversations", tag = "sms",
    responses((status = 200, description = "Conversations", body = Conversations), SignedIn))]
pub async fn get_conversations(
    With(state, auth): With<AuthUser>,
) -> Result<axum::Json<Conversations>> {
    let rows = repo::latest(&state.db.pool, auth.user.id, 100).await?;
    Ok(axum::Json(Conversations {
        conversations: rows
            .into_iter()
            .map(|(l, messages)| Conversation {
                number: l.number.clone(),
                contact: l.contact.clone(),
                messages,
                last: message(l),
            })
            .collect(),
    }))
}

#[derive(Deserialize, IntoParams)]
pub struct ConversationQuery {
    /// The customer's number, E.164.
    #[serde(default)]
    pub number: String,
    /// The other party, E.164.
    #[serde(default)]
    pub contact: String,
}

#[derive(Serialize, ToSchema)]
pub struct ConversationThread {
    pub number: String,
    pub contact: String,
    /// The last 200 messages, oldest first.
    pub messages: Vec<ConversationMessage>,
}

/// The messages between one of the user's numbers and another party.
#[utoipa::path(get, path = "/sms/conversation", tag = "sms",
    params(ConversationQuery),
    responses((status = 200, description = "The conversation (empty when there is none)", body = ConversationThread),
        Invalid, SignedIn))]
pub async fn get_conversation(
    With(state, auth): With<AuthUser>,
    Query(q): Query<ConversationQuery>,
) -> Result<axum::Json<ConversationThread>> {
    let number = phone::normalize(q.number.trim());
    let contact = phone::normalize(q.contact.trim());
    for (field, value) in [("number", &number), ("contact", &contact)] {
        if !phone::is_e164(value) {
            return Err(crate::error::Error::field(field, phone::E164_MESSAGE));
        }
    }
    let lines = repo::thread(&state.db.pool, auth.user.id, &number, &contact, 200).await?;
    Ok(axum::Json(ConversationThread {
        number,
        contact,
        messages: lines.into_iter().map(message).collect(),
    }))
}
