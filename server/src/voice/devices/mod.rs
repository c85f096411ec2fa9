//! SIP devices (/api/sip/devices): the credentials a customer's phones register with
//! at the switch, and (/api/telephony/sip/*) what the switch asks about them. The
//! password is generated, shown once, and kept only as its digest HA1. The account's
//! caller-ID rule (/api/sip/caller-id-rule) says what their calls do with a caller ID
//! not the account's; verified caller IDs (/api/sip/verified-caller-ids) are outside
//! numbers the account proved it holds, which its devices may show.

pub mod repo;

use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::openapi::responses::{Conflict, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::http::StatusCode;
use dialtone_core::sip::{self, SipDeviceInput};
use md5::{Digest, Md5};
use rand::distributions::{Alphanumeric, DistString};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub mod browser;
mod caller_id;
pub mod registrar;
mod verified;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_devices, post_device))
        .routes(routes!(delete_device))
        .merge(super::routing::router())
        .merge(registrar::router())
        .merge(browser::router())
        .merge(caller_id::router())
        .merge(verified::router())
}

/// MD5(username:realm:password): what SIP digest authentication is checked against.
pub fn ha1(username: &str, realm: &str, password: &str) -> String {
    hex::encode(Md5::digest(format!("{username}:{realm}:{password}")))
}

/// A SIP device and its registration state.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SipDevice {
    pub id: i64,
    pub username: String,
    /// The number calls from this device show, one of the account's active numbers.
    pub caller_id: String,
    pub created_at: String,
    /// Registered now (the last registration has not expired).
    pub registered: bool,
    /// The address the last registration came from, e.g. "udp:203.0.113.7:5060".
    pub registered_from: Option<String>,
    /// When the device last registered.
    pub last_seen: Option<String>,
}

fn view(d: repo::Device, now: i64) -> SipDevice {
    SipDevice {
        id: d.id,
        registered: d.registration_expires_at.is_some_and(|t| t > now),
        username: d.username,
        caller_id: d.caller_id,
        created_at: iso(d.created_at),
        registered_from: d.registered_from,
        last_seen: d.registered_at.map(iso),
    }
}

/// What a softphone asks for besides its username and password.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SipServer {
    /// The SIP server (domain) to register to.
    #[schema(example = "sip.example.com")]
    pub host: String,
    #[schema(example = 5060)]
    pub port: u16,
    /// The transports the switch listens on, of udp, tcp, tls, ws, wss.
    pub transports: Vec<String>,
    /// A proxy to send through, when the deployment has one.
    pub outbound_proxy: Option<String>,
    /// The digest realm the switch challenges with.
    pub realm: String,
}

fn server(config: &crate::config::Config) -> SipServer {
    let public = &config.sip_public;
    SipServer {
        host: public.host.clone(),
        port: public.port,
        transports: public.transports.clone(),
        outbound_proxy: public.outbound_proxy.clone(),
        realm: config.sip_realm.clone(),
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SipDevices {
    pub items: Vec<SipDevice>,
    /// The digest realm devices authenticate in.
    pub realm: String,
    /// Where devices register and call.
    pub server: SipServer,
    /// The caller IDs a new device may use: the account's active numbers.
    pub caller_ids: Vec<String>,
}

/// A new device, with the password shown this once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewSipDevice {
    pub device: SipDevice,
    /// Generated, 24 letters and digits; Dialtone keeps only its digest.
    pub password: String,
    pub realm: String,
    /// Where the device registers and calls.
    pub server: SipServer,
}

/// The signed-in user's SIP devices.
#[utoipa::path(get, path = "/sip/devices", tag = "sip",
    responses((status = 200, description = "The devices, oldest first", body = SipDevices), SignedIn))]
async fn get_devices(With(state, auth): With<AuthUser>) -> Result<axum::Json<SipDevices>> {
    let now = now_ms();
    let mut conn = state.db.pool.acquire().await?;
    let items = repo::list_for(&mut *conn, auth.user.id).await?;
    let caller_ids = crate::numbers::repo::active_numbers(&mut *conn, auth.user.id).await?;
    Ok(axum::Json(SipDevices {
        items: items.into_iter().map(|d| view(d, now)).collect(),
        realm: state.config.sip_realm.clone(),
        server: server(&state.config),
        caller_ids,
    }))
}

/// Creates SIP credentials after the account password: the device's password is
/// generated and returned once. The owner is notified and e-mailed.
#[utoipa::path(post, path = "/sip/devices", tag = "sip",
    request_body = SipDeviceInput,
    responses((status = 201, description = "Created; the password is shown only now", body = NewSipDevice),
        Invalid, SignedIn, Conflict,
        (status = 429, description = "Too many wrong passwords", body = crate::openapi::responses::ErrorBody)))]
async fn post_device(
    With(state, auth): With<AuthUser>,
    Json(input): Json<SipDeviceInput>,
) -> Result<(StatusCode, axum::Json<NewSipDevice>)> {
    Error::check(sip::validate_device(&input))?;
    crate::users::check_password(&state, &auth.user, &input.password, "password").await?;
    let username = sip::username(&input.username).unwrap_or_default();
    let caller_id = input.caller_id.trim();
    let user_id = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    // Counted and added under the owner's lock: concurrent creations take turns.
    crate::users::repo::lock(&mut *tx, user_id).await?;
    if !crate::numbers::repo::owns_active(&mut *tx, user_id, caller_id).await? {
        return Err(Error::field("callerId", sip::CALLER_ID_NOT_YOURS_MESSAGE));
    }
    let have = repo::count_for(&mut *tx, user_id).await?;
    let kept = dialtone_core::quota::Kept::SipDevices;
    if let Err(refusal) = crate::limits::quota::check(&mut tx, user_id, kept, have).await? {
        return Err(Error::bad_request(refusal));
    }
    let password = Alphanumeric.sample_string(&mut rand::rngs::OsRng, sip::PASSWORD_LENGTH);
    let digest = ha1(&username, &state.config.sip_realm, &password);
    let now = now_ms();
    let id = repo::insert(&mut *tx, user_id, &username, &digest, caller_id, now)
        .await
        .map_err(|e| {
            Error::unique_or(e, || Error::field("username", sip::USERNAME_TAKEN_MESSAGE))
        })?;
    let device = repo::find(&mut *tx, id)
        .await?
        .ok_or_else(|| Error::NotFound("Device not found".into()))?;
    tx.commit().await?;
    let notice = format!("A SIP device \"{username}\" was created for your account.");
    crate::notifications::security_notice(&state, &auth.user, "New SIP device", &notice).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(NewSipDevice {
            device: view(device, now),
            password,
            realm: state.config.sip_realm.clone(),
            server: server(&state.config),
        }),
    ))
}

/// Deletes a device: it can no longer register or call.
#[utoipa::path(delete, path = "/sip/devices/{id}", tag = "sip",
    params(("id" = i64, Path, description = "The device's id")),
    responses((status = 204, description = "Deleted"), Invalid, SignedIn, NotFound))]
async fn delete_device(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    if repo::delete(&mut tx, id, auth.user.id).await? {
        tx.commit().await?;
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Error::NotFound("Device not found".into()))
    }
}
