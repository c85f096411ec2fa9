//! Spend and rate limits per account (issue 43). Core decides
//! (`dialtone_core::caps`); the call path reads them with the call's party
//! (`voice::repo`), messages here (`check_sms`).
//!
//! - GET, PUT /api/limits: the account's limits in force, its ceiling, and the
//!   customer's own lower ones
//! - GET, PUT /api/admin/limits: the platform's defaults
//! - GET, PUT /api/admin/users/{id}/limits: one account's ceiling (raised or lowered
//!   by an administrator; empty to follow the defaults again)
//!
//! What an account may keep (flows, keys, devices, recordings, voicemails) is core's
//! `quota`, asked through `quota::check`.

mod admin;
mod client;
pub mod guard_settings;
pub mod quota;
pub mod repo;

use crate::db::Exec;
use crate::error::{Error, Result};
use crate::state::AppState;
use dialtone_core::caps::{self, Caps, DEFAULT_CAPS};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(client::get_limits, client::put_limits))
        .routes(routes!(admin::get_defaults, admin::put_defaults))
        .routes(routes!(admin::get_account, admin::put_account))
}

/// The limits in force from their stored forms: the platform's defaults (core's
/// until an administrator saves some), the account's ceiling, the customer's choice.
pub fn caps_of(defaults: Option<String>, ceiling: Option<String>, chosen: Option<String>) -> Caps {
    caps_within(
        Caps::read(defaults.as_deref(), DEFAULT_CAPS),
        ceiling,
        chosen,
    )
}

/// `caps_of` with the defaults already read (`guard_settings`).
pub fn caps_within(defaults: Caps, ceiling: Option<String>, chosen: Option<String>) -> Caps {
    let ceiling = ceiling.map(|c| Caps::read(Some(&c), defaults));
    let chosen = chosen.map(|c| Caps::read(Some(&c), Caps::default()));
    caps::effective(&defaults, ceiling.as_ref(), chosen.as_ref())
}

pub const SMS_RATE_MESSAGE: &str =
    "This account sent as many messages this minute as its limit allows. Try again in a minute.";
pub const DAILY_MESSAGE: &str =
    "This account reached its daily spending limit. It resets at midnight UTC, or raise it under Permissions.";

/// Whether `user_id` may send a message costing `cost` now: its daily spending limit
/// (with what its calls in progress hold) and its messages per minute.
pub async fn check_sms(state: &AppState, user_id: i64, cost: i64, now: i64) -> Result<()> {
    let facts = repo::facts(&state.db.pool, user_id, now).await?;
    let facts = facts.ok_or_else(Error::unauthorized)?;
    let limits = caps_of(facts.defaults, facts.ceiling, facts.chosen);
    let usage = caps::Usage {
        spent_today: facts.spent_today,
        ..Default::default()
    };
    if caps::daily_room(&limits, &usage, facts.reserved).is_some_and(|room| cost > room) {
        return Err(Error::Forbidden(DAILY_MESSAGE.into()));
    }
    if let Some(max) = limits.sms_per_minute {
        let limit = crate::throttle::Limit::per_minute(max, SMS_RATE_MESSAGE);
        crate::throttle::hit(&state.db, &format!("sms:account:{user_id}"), limit).await?;
    }
    Ok(())
}

/// Adds `amount` to what the account spent on its UTC day `day` (unix ms / DAY_MS).
pub async fn spend<'e>(ex: impl Exec<'e>, user_id: i64, amount: i64, day: i64) -> Result<()> {
    repo::spend(ex, user_id, amount, day).await?;
    Ok(())
}

/// Takes a refunded `amount`, charged on UTC day `day`, back off that day's spending
/// (only while that day is the one counted).
pub async fn unspend<'e>(ex: impl Exec<'e>, user_id: i64, amount: i64, day: i64) -> Result<()> {
    repo::unspend(ex, user_id, amount, day).await?;
    Ok(())
}
