//! Geo permissions (issue 43): where each account may call and text. Core decides
//! (`dialtone_core::permissions`); this reads the facts and answers.
//!
//! - GET /api/permissions: the catalogue's countries with their rates and whether the
//!   account may call and text each
//! - PUT /api/permissions/{channel}/{country}: the customer turns a country off (or
//!   back on, for one of the default set)
//! - POST /api/permissions/requests: asks an administrator for a blocked country
//! - GET, PUT /api/admin/permissions: the default sets of new accounts, the
//!   high-risk prefixes, and the requests waiting
//! - POST /api/admin/permissions/requests/{id}: grants or declines a request
//!
//! The call path checks an outbound call in its one read (`voice::repo::find_call`);
//! messages and verification codes call `check` here.

mod admin;
mod client;
pub mod repo;

use crate::db::Exec;
use crate::error::{Error, Result};
use crate::state::AppState;
use dialtone_core::permissions::{self as geo, Channel};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(client::get_permissions))
        .routes(routes!(client::put_permission))
        .routes(routes!(client::post_request))
        .routes(routes!(admin::get_admin, admin::put_admin))
        .routes(routes!(admin::post_decision))
}

/// Why `user_id` may not reach `number` (E.164) on `channel`, if it may not: a
/// high-risk prefix or a country its permissions do not reach (core's messages).
pub async fn refusal<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    channel: Channel,
    number: &str,
) -> Result<Option<&'static str>> {
    let facts = repo::geo(ex, user_id)
        .await?
        .ok_or_else(Error::unauthorized)?;
    if geo::high_risk(number, facts.high_risk.as_deref()) {
        return Ok(Some(geo::HIGH_RISK_MESSAGE));
    }
    let country = crate::infra::numbering::country(number);
    Ok(
        match geo::permits(facts.countries(channel), country.as_deref()) {
            true => None,
            false => Some(geo::COUNTRY_NOT_PERMITTED_MESSAGE),
        },
    )
}

/// A new account's sets: the administrator's defaults, when saved (else core's).
pub async fn start_for_new_account(state: &AppState, user_id: i64) -> Result<()> {
    for (channel, key) in [
        (Channel::Voice, repo::DEFAULT_VOICE_KEY),
        (Channel::Sms, repo::DEFAULT_SMS_KEY),
    ] {
        if let Some(defaults) = repo::setting(&state.db.pool, key).await? {
            let set = geo::initial(Some(&defaults), None);
            repo::set_countries(&state.db.pool, user_id, channel, &set).await?;
        }
    }
    Ok(())
}
