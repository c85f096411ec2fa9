//! The browser phone (/api/sip/browser-phone): SIP credentials for the signed-in page,
//! so that nobody types a password into the browser. They make a device of the account
//! that expires within the hour (the page asks again), with the account's number as
//! caller ID: authorized, capped, cut at the paid time and billed as any device.

use super::{ha1, repo, server, SipServer};
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Query, With};
use crate::json::Money;
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use dialtone_core::call::Direction;
use dialtone_core::sip;
use rand::distributions::{Alphanumeric, DistString};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_browser_phone))
        .routes(routes!(get_rate))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrowserPhoneInput {
    /// The number the page's calls show, one of the account's active numbers; the
    /// first of them when absent.
    #[serde(default)]
    pub caller_id: Option<String>,
}

/// What JsSIP needs to register and call: valid until `expiresAt`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrowserPhone {
    pub username: String,
    /// Generated for this page; Dialtone keeps only its digest.
    pub password: String,
    pub realm: String,
    /// The switch's SIP-over-WebSocket address (ws on loopback, wss in deployments).
    #[schema(example = "wss://sip.example.com:443")]
    pub ws_url: String,
    pub caller_id: String,
    /// The caller IDs the page may choose from: the account's active numbers.
    pub caller_ids: Vec<String>,
    /// Unix milliseconds.
    pub expires_at: i64,
    pub server: SipServer,
}

/// Issues the page's SIP credentials (and retires the account's expired ones).
#[utoipa::path(post, path = "/sip/browser-phone", tag = "sip",
    request_body = BrowserPhoneInput,
    responses((status = 200, description = "Credentials for this page, valid for an hour", body = BrowserPhone),
        Invalid, SignedIn))]
async fn post_browser_phone(
    With(state, auth): With<AuthUser>,
    Json(input): Json<BrowserPhoneInput>,
) -> Result<axum::Json<BrowserPhone>> {
    let user_id = auth.user.id;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    crate::users::repo::lock(&mut *tx, user_id).await?;
    let caller_ids = crate::numbers::repo::active_numbers(&mut *tx, user_id).await?;
    let caller_id = match input.caller_id.as_deref().map(str::trim) {
        Some(c) if !c.is_empty() => caller_ids
            .iter()
            .find(|n| n.as_str() == c)
            .cloned()
            .ok_or_else(|| Error::field("callerId", sip::CALLER_ID_NOT_YOURS_MESSAGE))?,
        _ => caller_ids
            .first()
            .cloned()
            .ok_or_else(|| Error::bad_request(sip::BROWSER_PHONE_NO_NUMBER_MESSAGE))?,
    };
    repo::prune_browsers(&mut *tx, user_id, now, sip::MAX_BROWSER_PHONES - 1).await?;
    let suffix = Alphanumeric
        .sample_string(&mut rand::rngs::OsRng, 12)
        .to_ascii_lowercase();
    let username = format!("{}{suffix}", sip::BROWSER_PHONE_PREFIX);
    let password = Alphanumeric.sample_string(&mut rand::rngs::OsRng, sip::PASSWORD_LENGTH);
    let realm = state.config.sip_realm.clone();
    let expires_at = now + sip::BROWSER_PHONE_SECONDS * 1000;
    let digest = ha1(&username, &realm, &password);
    repo::insert_browser(
        &mut *tx, user_id, &username, &digest, &caller_id, now, expires_at,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(BrowserPhone {
        username,
        password,
        realm,
        ws_url: state.config.sip_public.ws_url.clone(),
        caller_id,
        caller_ids,
        expires_at,
        server: server(&state.config),
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RateQuery {
    /// The caller ID the call would show, one of the account's active numbers (for an
    /// incoming call: the caller's number).
    pub from: String,
    /// The number dialled, E.164 (for an incoming call: the account's number called).
    pub to: String,
    /// An incoming call: the inbound rate of the account's number `to`.
    #[serde(default)]
    pub inbound: bool,
}

/// What a call to `to` costs a minute, for the page's running cost (rated as the bill
/// will be: core's rateCall with these increments).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallRate {
    /// The destination's name, e.g. "United Kingdom".
    pub destination: String,
    pub per_minute: Money,
    /// Seconds billed first, then in steps of `nextIncrement`.
    pub first_increment: i64,
    pub next_increment: i64,
}

/// The rate a call from one of the account's numbers to `to` is billed at (with
/// `inbound`, a call to the account's number `to`).
#[utoipa::path(get, path = "/sip/browser-phone/rate", tag = "sip",
    params(RateQuery),
    responses((status = 200, description = "The destination's rate", body = CallRate),
        Invalid, SignedIn, NotFound))]
async fn get_rate(
    With(state, auth): With<AuthUser>,
    Query(q): Query<RateQuery>,
) -> Result<axum::Json<CallRate>> {
    let to = dialtone_core::phone::normalize(q.to.trim());
    if !dialtone_core::phone::is_e164(&to) {
        return Err(Error::field("to", dialtone_core::phone::E164_MESSAGE));
    }
    let direction = if q.inbound {
        Direction::Inbound
    } else {
        Direction::Outbound
    };
    let mut conn = state.db.pool.acquire().await?;
    let party =
        crate::voice::repo::find_party(&mut conn, direction, q.from.trim(), &to, now_ms()).await?;
    let destination = party
        .filter(|p| p.user_id == auth.user.id)
        .and_then(|p| p.destination)
        .filter(|d| d.active)
        .ok_or_else(|| Error::NotFound("No rate for this number".into()))?;
    let rate = if q.inbound {
        destination.inbound
    } else {
        destination.outbound
    };
    Ok(axum::Json(CallRate {
        destination: destination.name,
        per_minute: Money::micros(rate),
        first_increment: destination.increments.first,
        next_increment: destination.increments.next,
    }))
}
