//! The customer's side of geo permissions: the Permissions page's countries, turning
//! one off (or back on, within the default set) and asking for a blocked one.

use super::repo;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Path, With};
use crate::json::Money;
use crate::openapi::responses::{Conflict, Invalid, SignedIn};
use crate::state::AppState;
use axum::http::StatusCode;
use dialtone_core::permissions::{self as geo, Channel};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashSet};
use utoipa::ToSchema;

/// Whether the account may reach a country on one channel.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelState {
    /// `allowed`, `blocked` or `requested` (blocked, with a request waiting).
    #[schema(example = "allowed")]
    pub status: String,
    /// The customer may turn it on without asking (a country of the default set).
    pub self_service: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryPermission {
    /// The catalogue's code, e.g. "UK".
    pub code: String,
    /// ISO 3166, e.g. "GB".
    pub iso: String,
    pub name: String,
    pub flag: String,
    pub calling_code: String,
    /// Per minute; null for a country the catalogue does not price (granted or asked
    /// for outside it).
    pub outbound_rate: Option<Money>,
    /// Per message; null as `outboundRate`.
    pub sms_rate: Option<Money>,
    pub voice: ChannelState,
    pub sms: ChannelState,
}

#[derive(Serialize, ToSchema)]
pub struct Permissions {
    pub countries: Vec<CountryPermission>,
}

/// The stored sets and defaults one page needs, read once.
struct Facts {
    geo: repo::Geo,
    defaults: [Option<String>; 2],
    waiting: HashSet<(String, String)>,
}

async fn facts(state: &AppState, user_id: i64) -> Result<Facts> {
    let pool = &state.db.pool;
    let geo = repo::geo(pool, user_id)
        .await?
        .ok_or_else(Error::unauthorized)?;
    let defaults = [
        repo::setting(pool, repo::DEFAULT_VOICE_KEY).await?,
        repo::setting(pool, repo::DEFAULT_SMS_KEY).await?,
    ];
    let waiting = repo::waiting_of(pool, user_id).await?.into_iter().collect();
    Ok(Facts {
        geo,
        defaults,
        waiting,
    })
}

fn state_of(f: &Facts, channel: Channel, iso: &str) -> ChannelState {
    let defaults = match channel {
        Channel::Voice => f.defaults[0].as_deref(),
        Channel::Sms => f.defaults[1].as_deref(),
    };
    let key = (channel.as_str().to_string(), iso.to_string());
    let status = match (
        geo::permits(f.geo.countries(channel), Some(iso)),
        f.waiting.contains(&key),
    ) {
        (true, _) => "allowed",
        (false, true) => "requested",
        (false, false) => "blocked",
    };
    ChannelState {
        status: status.into(),
        self_service: geo::may_turn_on(defaults, iso).is_ok(),
    }
}

async fn view(state: &AppState, user_id: i64) -> Result<Permissions> {
    let f = facts(state, user_id).await?;
    let mut countries: Vec<CountryPermission> = repo::countries(&state.db.pool)
        .await?
        .into_iter()
        .map(|c| {
            let iso = geo::iso_code(&c.code).to_string();
            CountryPermission {
                voice: state_of(&f, Channel::Voice, &iso),
                sms: state_of(&f, Channel::Sms, &iso),
                code: c.code,
                iso,
                name: c.name,
                flag: c.flag,
                calling_code: c.calling_code,
                outbound_rate: Some(Money::micros(c.outbound_rate_micros)),
                sms_rate: Some(Money::micros(c.sms_rate_micros)),
            }
        })
        .collect();
    let listed = countries.iter().map(|c| c.iso.clone()).collect();
    let extra = beyond_catalogue(&f, &listed);
    countries.extend(extra.iter().filter_map(|iso| unpriced(&f, iso)));
    Ok(Permissions { countries })
}

/// Core's countries to list beyond the catalogue, from the account's facts.
fn beyond_catalogue(f: &Facts, listed: &BTreeSet<String>) -> BTreeSet<String> {
    let stored = [
        f.geo.countries(Channel::Voice),
        f.geo.countries(Channel::Sms),
    ];
    let defaults = [f.defaults[0].as_deref(), f.defaults[1].as_deref()];
    let waiting: Vec<&str> = f.waiting.iter().map(|(_, c)| c.as_str()).collect();
    geo::listed_beyond(stored, defaults, &waiting, listed)
}

/// A country outside the catalogue, by its ISO code: named, without rates.
fn unpriced(f: &Facts, iso: &str) -> Option<CountryPermission> {
    let (name, calling_code) = crate::infra::numbering::country_facts(iso)?;
    Some(CountryPermission {
        voice: state_of(f, Channel::Voice, iso),
        sms: state_of(f, Channel::Sms, iso),
        code: iso.to_string(),
        iso: iso.to_string(),
        name,
        flag: geo::flag_emoji(iso),
        calling_code,
        outbound_rate: None,
        sms_rate: None,
    })
}

/// The countries the account may call and text, with their rates.
#[utoipa::path(get, path = "/permissions", tag = "permissions",
    responses((status = 200, description = "Every active country of the catalogue, then those granted or asked for outside it", body = Permissions), SignedIn))]
pub async fn get_permissions(With(state, auth): With<AuthUser>) -> Result<axum::Json<Permissions>> {
    Ok(axum::Json(view(&state, auth.user.id).await?))
}

fn channel_of(s: &str) -> Result<Channel> {
    Channel::parse(s).ok_or_else(|| Error::bad_request("channel must be voice or sms"))
}

/// One country as typed in a path or a form: a two-letter code, ISO's form of it.
fn country_of(s: &str) -> Result<String> {
    match geo::parse_countries(s) {
        Ok(code) if code.len() == 2 => Ok(code),
        _ => Err(Error::field("country", geo::COUNTRY_LIST_MESSAGE)),
    }
}

#[derive(Deserialize, ToSchema)]
pub struct Toggle {
    pub allowed: bool,
}

/// Turns a country off for the account, or back on when it is one of the default set.
#[utoipa::path(put, path = "/permissions/{channel}/{country}", tag = "permissions",
    params(("channel" = String, Path, description = "voice or sms"),
        ("country" = String, Path, description = "ISO 3166 code, e.g. GB")),
    request_body = Toggle,
    responses((status = 200, description = "The countries as they are now", body = Permissions), Invalid, SignedIn,
        (status = 403, description = "Only an administrator turns this country on", body = crate::openapi::responses::ErrorBody)))]
pub async fn put_permission(
    With(state, auth): With<AuthUser>,
    Path((channel, country)): Path<(String, String)>,
    Json(t): Json<Toggle>,
) -> Result<axum::Json<Permissions>> {
    let (channel, country) = (channel_of(&channel)?, country_of(&country)?);
    let f = facts(&state, auth.user.id).await?;
    if t.allowed {
        let defaults = match channel {
            Channel::Voice => f.defaults[0].as_deref(),
            Channel::Sms => f.defaults[1].as_deref(),
        };
        geo::may_turn_on(defaults, &country).map_err(|m| Error::Forbidden(m.into()))?;
    }
    let set = geo::with(f.geo.countries(channel), &country, t.allowed);
    repo::set_countries(&state.db.pool, auth.user.id, channel, &set).await?;
    tracing::info!(user_id = auth.user.id, %country, channel = channel.as_str(), allowed = t.allowed, "geo permission changed");
    Ok(axum::Json(view(&state, auth.user.id).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct RequestInput {
    /// `voice` or `sms`.
    pub channel: String,
    /// ISO 3166 code, e.g. "SO".
    pub country: String,
    /// Why the account needs it (at most 500 characters).
    #[serde(default)]
    pub note: String,
}

#[derive(Serialize, ToSchema)]
pub struct RequestSent {
    pub id: i64,
    pub message: String,
}

/// Asks an administrator to let the account reach a blocked country.
#[utoipa::path(post, path = "/permissions/requests", tag = "permissions",
    request_body = RequestInput,
    responses((status = 201, description = "The request waits for an administrator", body = RequestSent),
        Invalid, SignedIn, Conflict))]
pub async fn post_request(
    With(state, auth): With<AuthUser>,
    Json(r): Json<RequestInput>,
) -> Result<(StatusCode, axum::Json<RequestSent>)> {
    let (channel, country) = (channel_of(&r.channel)?, country_of(&r.country)?);
    if r.note.chars().count() > 500 {
        return Err(Error::field("note", "Keep the note under 500 characters"));
    }
    let user_id = auth.user.id;
    let pool = &state.db.pool;
    let geo_facts = repo::geo(pool, user_id)
        .await?
        .ok_or_else(Error::unauthorized)?;
    let waiting = repo::pending(pool, user_id, channel.as_str(), &country).await? > 0;
    geo::may_request(geo_facts.countries(channel), &country, waiting)
        .map_err(|m| Error::Conflict(m.into()))?;
    let id = repo::insert_request(
        pool,
        user_id,
        channel.as_str(),
        &country,
        r.note.trim(),
        now_ms(),
    )
    .await
    .map_err(|e| Error::conflict_on_unique(e, geo::ALREADY_REQUESTED_MESSAGE))?;
    Ok((
        StatusCode::CREATED,
        axum::Json(RequestSent {
            id,
            message: "Request sent. We will let you know when an administrator answers.".into(),
        }),
    ))
}
