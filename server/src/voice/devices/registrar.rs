//! What the switch asks about SIP devices: the digest HA1 to check a REGISTER or
//! INVITE against, and the registrations it accepted. Switch token only.

use super::repo;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::extract::With;
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use crate::voice::Switch;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_credentials))
        .routes(routes!(post_credential_epoch))
        .routes(routes!(post_registration))
}

#[derive(Deserialize, ToSchema)]
pub struct CredentialsRequest {
    /// The digest username the device presented.
    pub username: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CredentialsAnswer {
    /// MD5(username:realm:password), hex.
    pub ha1: String,
    /// The number the device's calls show.
    pub caller_id: String,
    /// The account may not use the service (suspended): the switch answers 403.
    pub suspended: bool,
    /// How long the switch may keep this answer, in seconds (0: not at all).
    pub cache_seconds: i64,
    /// The credential epoch this answer was read at: the switch keeps it only while
    /// the epoch it last heard of is this one.
    pub epoch: i64,
}

/// A device's digest secret (HA1) and caller ID, for the switch to check a request.
#[utoipa::path(post, path = "/telephony/sip/credentials", tag = "telephony",
    security(("switch" = [])),
    request_body = CredentialsRequest,
    responses((status = 200, description = "The device's HA1 and caller ID", body = CredentialsAnswer),
        Invalid, SignedIn, NotFound))]
pub async fn post_credentials(
    With(state, _switch): With<Switch>,
    Json(req): Json<CredentialsRequest>,
) -> Result<axum::Json<CredentialsAnswer>> {
    let username = req.username.trim().to_ascii_lowercase();
    let now = now_ms();
    let found = repo::credentials(&state.db.pool, &username, now).await?;
    let c = found.ok_or_else(|| Error::NotFound("No such SIP device".into()))?;
    Ok(axum::Json(CredentialsAnswer {
        ha1: c.ha1,
        caller_id: c.caller_id,
        suspended: c.suspended,
        cache_seconds: dialtone_core::sip::credentials_cache_seconds(c.expires_at, now),
        epoch: c.epoch,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct CredentialEpoch {
    /// Moves whenever a device's credentials or caller ID change, a device goes, or an
    /// account's status changes.
    pub epoch: i64,
}

/// The credential epoch: the switch asks every second and drops the credentials it
/// kept when the epoch moved.
#[utoipa::path(post, path = "/telephony/sip/credentials/epoch", tag = "telephony",
    security(("switch" = [])),
    responses((status = 200, description = "The epoch", body = CredentialEpoch), SignedIn))]
pub async fn post_credential_epoch(
    With(state, _switch): With<Switch>,
) -> Result<axum::Json<CredentialEpoch>> {
    let epoch = repo::credential_epoch(&state.db.pool).await?;
    Ok(axum::Json(CredentialEpoch { epoch }))
}

#[derive(Deserialize, ToSchema)]
pub struct RegistrationReport {
    pub username: String,
    /// The Contact the device registered.
    pub contact: String,
    /// Where the REGISTER came from, e.g. "udp:203.0.113.7:5060".
    pub source: String,
    /// Seconds the registration lasts; 0 ends it.
    pub expires: i64,
}

/// A registration the switch accepted (or ended, with expires 0).
#[utoipa::path(post, path = "/telephony/sip/registrations", tag = "telephony",
    security(("switch" = [])),
    request_body = RegistrationReport,
    responses((status = 204, description = "Recorded"), Invalid, SignedIn, NotFound))]
pub async fn post_registration(
    With(state, _switch): With<Switch>,
    Json(r): Json<RegistrationReport>,
) -> Result<StatusCode> {
    if !(0..=86_400).contains(&r.expires) || r.contact.len() > 512 || r.source.len() > 128 {
        return Err(Error::bad_request(
            "expires must be 0 to 86400 seconds; contact and source must be short",
        ));
    }
    let now = now_ms();
    let username = r.username.trim().to_ascii_lowercase();
    let db = &state.db.pool;
    if repo::registered(
        db,
        &username,
        &r.contact,
        &r.source,
        now,
        now + r.expires * 1000,
    )
    .await?
    {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Error::NotFound("No such SIP device".into()))
    }
}
