//! Platform settings kept in the database, read when needed so a change made by an
//! administrator takes effect on every instance without a restart.

use sqlx::{Any, Executor};
use std::collections::HashMap;

#[derive(Debug, Clone)]
pub struct Settings {
    pub setup_fee_micros: i64,
    pub renewal_notice_days: i64,
    pub grace_period_days: i64,
    pub low_balance_micros: i64,
    pub max_deposit_micros: i64,
    pub default_first_increment_secs: i64,
    pub default_next_increment_secs: i64,
}

pub async fn load<'e, E: Executor<'e, Database = Any>>(ex: E) -> Result<Settings, sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT key, value FROM settings")
        .fetch_all(ex)
        .await?;
    let map: HashMap<String, String> = rows.into_iter().collect();
    let get = |k: &str, default: i64| map.get(k).and_then(|v| v.parse().ok()).unwrap_or(default);
    Ok(Settings {
        setup_fee_micros: get("setup_fee_micros", 1_000_000),
        renewal_notice_days: get("renewal_notice_days", 7),
        grace_period_days: get("grace_period_days", 7),
        low_balance_micros: get("low_balance_micros", DEFAULT_LOW_BALANCE_MICROS),
        max_deposit_micros: get("max_deposit_micros", 10_000_000_000),
        default_first_increment_secs: get("default_first_increment_secs", 1),
        default_next_increment_secs: get("default_next_increment_secs", 1),
    })
}

/// Below this balance a customer is warned, until an administrator changes it.
pub const DEFAULT_LOW_BALANCE_MICROS: i64 = 5_000_000;

pub const DAY_MS: i64 = 24 * 3600 * 1000;

/// The same moment one calendar month later (Jan 31 -> Feb 28/29).
pub fn add_months(ms: i64, months: u32) -> i64 {
    let t = chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default();
    t.checked_add_months(chrono::Months::new(months))
        .unwrap_or(t)
        .timestamp_millis()
}
