//! /api/developer/webhooks: the signed-in user's recent deliveries, and resending one.

use super::backoff::RETRY_FOR_MS;
use super::repo::{self, Stored};
use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::extract::With;
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// How many deliveries the list shows.
const RECENT: i64 = 50;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_webhooks))
        .routes(routes!(post_resend))
}

/// A webhook delivery and how its attempts went.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub id: i64,
    /// message.status, message.inbound, call.inbound or call.status.
    #[schema(example = "message.status")]
    pub event: String,
    pub url: String,
    pub status: DeliveryStatus,
    pub attempts: i64,
    /// The HTTP status of the last answer; null when there was none.
    pub last_status_code: Option<i64>,
    /// Why the last attempt got no answer (timeout, connection refused, ...).
    pub last_error: Option<String>,
    pub created_at: String,
    /// When it is tried next, while pending.
    pub next_attempt_at: Option<String>,
    pub delivered_at: Option<String>,
}

/// Where a delivery stands.
#[derive(Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum DeliveryStatus {
    /// Being tried: the next attempt is due at nextAttemptAt.
    Pending,
    /// A 2xx answer came.
    Delivered,
    /// No 2xx answer in a day of retries.
    Failed,
}

impl From<Stored> for Delivery {
    fn from(d: Stored) -> Delivery {
        // The table's CHECK admits these three only.
        let status = match d.status.as_str() {
            "pending" => DeliveryStatus::Pending,
            "delivered" => DeliveryStatus::Delivered,
            _ => DeliveryStatus::Failed,
        };
        let pending = status == DeliveryStatus::Pending;
        Delivery {
            id: d.id,
            event: d.event,
            url: d.url,
            status,
            attempts: d.attempts,
            last_status_code: d.last_status_code,
            last_error: d.last_error,
            created_at: iso(d.created_at),
            next_attempt_at: d.next_attempt_at.filter(|_| pending).map(iso),
            delivered_at: d.delivered_at.map(iso),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Deliveries {
    pub deliveries: Vec<Delivery>,
}

#[derive(Serialize, ToSchema)]
pub struct Resent {
    pub delivery: Delivery,
}

/// The signed-in user's latest 50 webhook deliveries, newest first.
#[utoipa::path(get, path = "/developer/webhooks", tag = "developer",
    responses((status = 200, description = "The latest deliveries", body = Deliveries), SignedIn))]
pub async fn get_webhooks(With(state, auth): With<AuthUser>) -> Result<axum::Json<Deliveries>> {
    let rows = repo::recent(&state.db.pool, auth.user.id, RECENT).await?;
    Ok(axum::Json(Deliveries {
        deliveries: rows.into_iter().map(Delivery::from).collect(),
    }))
}

/// Sends one of the user's deliveries again now (and retries it for another day),
/// whatever became of it.
#[utoipa::path(post, path = "/developer/webhooks/{id}/resend", tag = "developer",
    params(("id" = i64, Path, description = "The delivery's id")),
    responses((status = 202, description = "Queued to be sent again", body = Resent),
        Invalid, SignedIn, NotFound))]
pub async fn post_resend(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<(StatusCode, axum::Json<Resent>)> {
    let user_id = auth.user.id;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    if !repo::requeue(&mut *tx, user_id, id, now, now + RETRY_FOR_MS).await? {
        return Err(Error::NotFound("No such delivery".into()));
    }
    let delivery = repo::find(&mut *tx, user_id, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such delivery".into()))?;
    tx.commit().await?;
    Ok((
        StatusCode::ACCEPTED,
        axum::Json(Resent {
            delivery: delivery.into(),
        }),
    ))
}
