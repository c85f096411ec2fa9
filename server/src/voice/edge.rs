//! The SIP edge's bans: the switch reports each address it bans (a scanner's user
//! agent, a flood, too many failed digests; /api/telephony/sip/bans) and an admin sees
//! those in force (/api/admin/sip/bans). The switch enforces them itself; these
//! records are what an operator reads.

use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::state::AppState;
use crate::voice::Switch;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

/// How long the switch bans an address (its htable's autoexpire).
pub const BAN_MS: i64 = 5 * 60 * 1000;
/// How long an ended ban stays on record.
const KEPT_MS: i64 = 7 * 24 * 3600 * 1000;
/// Why the switch bans an address.
const REASONS: [&str; 3] = ["scanner", "flood", "auth_failures"];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_ban))
        .routes(routes!(get_bans))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BanReport {
    /// The source address, e.g. "203.0.113.7".
    pub address: String,
    /// `scanner`, `flood` or `auth_failures`.
    pub reason: String,
    #[serde(default)]
    pub user_agent: String,
}

/// A ban the switch just put in force.
#[utoipa::path(post, path = "/telephony/sip/bans", tag = "telephony",
    security(("switch" = [])),
    request_body = BanReport,
    responses((status = 204, description = "Recorded"), Invalid, SignedIn))]
async fn post_ban(
    With(state, _switch): With<Switch>,
    Json(r): Json<BanReport>,
) -> Result<StatusCode> {
    let address = r.address.trim();
    if address.is_empty() || address.len() > 64 || !REASONS.contains(&r.reason.as_str()) {
        return Err(Error::bad_request(
            "address must be given (at most 64 characters); reason one of scanner, flood, auth_failures",
        ));
    }
    let user_agent: String = r.user_agent.chars().take(200).collect();
    let now = now_ms();
    let ban = super::repo::edge::NewBan {
        address,
        reason: &r.reason,
        user_agent: &user_agent,
        now,
        until: now + BAN_MS,
    };
    super::repo::edge::insert(&state.db.pool, ban).await?;
    super::repo::edge::forget_before(&state.db.pool, now - KEPT_MS).await?;
    tracing::warn!(address, reason = %r.reason, "SIP address banned by the switch");
    metrics::counter!("dialtone_sip_bans_total", "reason" => r.reason.clone()).increment(1);
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SipBan {
    pub address: String,
    /// `scanner`, `flood` or `auth_failures`.
    pub reason: String,
    pub user_agent: String,
    pub banned_at: String,
    pub expires_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct SipBans {
    /// Bans in force, newest first, at most 100.
    pub bans: Vec<SipBan>,
}

/// The addresses the switch bans now.
#[utoipa::path(get, path = "/admin/sip/bans", tag = "admin",
    responses((status = 200, description = "Bans in force", body = SipBans), SignedIn, AdminOnly))]
async fn get_bans(With(state, _admin): With<AdminUser>) -> Result<axum::Json<SipBans>> {
    let rows = super::repo::edge::in_force(&state.db.pool, now_ms()).await?;
    Ok(axum::Json(SipBans {
        bans: rows
            .into_iter()
            .map(|b| SipBan {
                address: b.address,
                reason: b.reason,
                user_agent: b.user_agent,
                banned_at: iso(b.banned_at),
                expires_at: iso(b.expires_at),
            })
            .collect(),
    }))
}
