//! Platform settings kept in the database, read when needed so a change made by an
//! administrator takes effect on every instance without a restart.

mod admin;
pub mod repo;

use crate::db::Exec;
use crate::state::AppState;
use std::collections::HashMap;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin::get_settings, admin::put_settings))
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub setup_fee_micros: i64,
    pub renewal_notice_days: i64,
    pub grace_period_days: i64,
    pub low_balance_micros: i64,
    pub max_deposit_micros: i64,
    pub default_first_increment_secs: i64,
    pub default_next_increment_secs: i64,
    pub trial_credit_micros: i64,
    /// A recording's price per started minute.
    pub recording_rate_micros: i64,
}

pub async fn load<'e>(ex: impl Exec<'e>) -> sqlx::Result<Settings> {
    let map: HashMap<String, String> = repo::all(ex).await?.into_iter().collect();
    let get = |k: &str, default: i64| map.get(k).and_then(|v| v.parse().ok()).unwrap_or(default);
    use dialtone_core::platform::defaults as d;
    Ok(Settings {
        setup_fee_micros: get("setup_fee_micros", d::SETUP_FEE_MICROS),
        renewal_notice_days: get("renewal_notice_days", d::RENEWAL_NOTICE_DAYS),
        grace_period_days: get("grace_period_days", d::GRACE_PERIOD_DAYS),
        low_balance_micros: get("low_balance_micros", d::LOW_BALANCE_MICROS),
        max_deposit_micros: get("max_deposit_micros", d::MAX_DEPOSIT_MICROS),
        default_first_increment_secs: get("default_first_increment_secs", d::FIRST_INCREMENT_SECS),
        default_next_increment_secs: get("default_next_increment_secs", d::NEXT_INCREMENT_SECS),
        trial_credit_micros: get("trial_credit_micros", d::TRIAL_CREDIT_MICROS),
        recording_rate_micros: get("recording_rate_micros", d::RECORDING_RATE_MICROS),
    })
}

/// Below this balance a customer is warned, until an administrator changes it.
pub const DEFAULT_LOW_BALANCE_MICROS: i64 = dialtone_core::platform::defaults::LOW_BALANCE_MICROS;

pub const DAY_MS: i64 = 24 * 3600 * 1000;

/// The same moment one calendar month later (Jan 31 -> Feb 28/29).
pub fn add_months(ms: i64, months: u32) -> i64 {
    let t = chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default();
    t.checked_add_months(chrono::Months::new(months))
        .unwrap_or(t)
        .timestamp_millis()
}
