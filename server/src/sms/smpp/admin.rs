//! /api/admin/sms/link: the carrier link as every instance recorded it (smpp_links),
//! the queue waiting for it, and the provider in use (with the loopback and HTTP
//! providers, no link and the queue empty).

use super::repo::{self, LinkRow};
use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::Result;
use crate::extract::With;
use crate::openapi::responses::{AdminOnly, SignedIn};
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_link))
}

/// A row not updated for this long is of a link (or an instance) that is gone.
const STALE_MS: i64 = 3 * 60 * 1000;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsLink {
    /// The link's id: host, process and a random suffix, generated when it starts.
    #[schema(example = "web-1:4242:9f86d081")]
    pub instance_id: String,
    #[schema(example = "dialtone")]
    pub system_id: String,
    /// host:port of the SMSC.
    #[schema(example = "smsc.example.net:2775")]
    pub smsc_addr: String,
    pub bound: bool,
    pub bound_since: Option<String>,
    pub last_error: Option<String>,
    pub last_error_at: Option<String>,
    /// Parts submitted since the link started.
    pub submitted_total: i64,
    /// Receipts and inbound messages received since the link started.
    pub received_total: i64,
    /// Parts submitted in the last minute (as of updatedAt).
    pub submitted_per_minute: i64,
    /// Receipts and inbound messages received in the last minute (as of updatedAt).
    pub received_per_minute: i64,
    pub updated_at: String,
    /// Not updated for three minutes: the link or its instance is gone.
    pub stale: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsQueue {
    /// Messages `queued` for the carrier.
    pub queued: i64,
    /// Seconds since the oldest of them was queued.
    pub oldest_queued_seconds: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct SmsLinkPage {
    /// `loopback`, `http` or `smpp`.
    #[schema(example = "smpp")]
    pub provider: String,
    pub links: Vec<SmsLink>,
    pub queue: SmsQueue,
}

fn link(r: LinkRow, now: i64) -> SmsLink {
    SmsLink {
        instance_id: r.instance_id,
        system_id: r.system_id,
        smsc_addr: r.smsc_addr,
        bound: r.bound,
        bound_since: r.bound_since.map(iso),
        last_error: r.last_error,
        last_error_at: r.last_error_at.map(iso),
        submitted_total: r.submitted_total,
        received_total: r.received_total,
        submitted_per_minute: r.submitted_last_minute,
        received_per_minute: r.received_last_minute,
        updated_at: iso(r.updated_at),
        stale: now - r.updated_at > STALE_MS,
    }
}

/// The SMS carrier link: each SMPP link's state, the queue depth and the provider.
#[utoipa::path(get, path = "/admin/sms/link", tag = "admin",
    responses((status = 200, description = "The carrier link and the queue", body = SmsLinkPage),
        SignedIn, AdminOnly))]
pub async fn get_link(With(state, _a): With<AdminUser>) -> Result<axum::Json<SmsLinkPage>> {
    let now = now_ms();
    let links = repo::links(&state.db.pool).await?;
    let (queued, oldest) = repo::queue_depth(&state.db.pool).await?;
    Ok(axum::Json(SmsLinkPage {
        provider: state.config.sms_provider.clone(),
        links: links.into_iter().map(|r| link(r, now)).collect(),
        queue: SmsQueue {
            queued,
            oldest_queued_seconds: oldest.map(|t| ((now - t) / 1000).max(0)),
        },
    }))
}
