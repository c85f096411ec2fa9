//! /api/admin/stats: the overview's figures (spec section 3's admin stats).

use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::Result;
use crate::json::money;
use crate::settings::DAY_MS;
use crate::state::AppState;
use axum::extract::State;
use serde_json::{json, Value};

/// Kinds whose (negative) amounts are what customers spent with us; refunds give back.
pub const REVENUE_KINDS: &str =
    "'number_purchase', 'number_renewal', 'package_purchase', 'call', 'sms', 'refund'";

pub async fn get_stats(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<axum::Json<Value>> {
    let pool = &state.db.pool;
    let (users, numbers, countries): (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM phone_numbers WHERE status = 'active'), \
         (SELECT COUNT(*) FROM countries WHERE status = 'active')",
    )
    .fetch_one(pool)
    .await?;
    let seconds: i64 =
        sqlx::query_scalar("SELECT CAST(COALESCE(SUM(seconds), 0) AS BIGINT) FROM call_daily")
            .fetch_one(pool)
            .await?;
    let spent: i64 = sqlx::query_scalar(&format!(
        "SELECT CAST(COALESCE(SUM(amount_micros), 0) AS BIGINT) FROM ledger_daily WHERE kind IN ({REVENUE_KINDS})"
    ))
    .fetch_one(pool)
    .await?;
    // Call revenue per country: the last 30 days against the 30 before.
    let today = now_ms() / DAY_MS;
    let per_country: Vec<(i64, String, i64, i64)> = sqlx::query_as(
        "SELECT c.id, c.name, \
           CAST(COALESCE(SUM(CASE WHEN d.day > $1 THEN d.cost_micros ELSE 0 END), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN d.day <= $1 THEN d.cost_micros ELSE 0 END), 0) AS BIGINT) \
         FROM call_daily d JOIN countries c ON c.id = d.country_id WHERE d.day > $2 GROUP BY c.id, c.name",
    )
    .bind(today - 30)
    .bind(today - 60)
    .fetch_all(pool)
    .await?;
    let mut top: Vec<(String, i64, i64)> = per_country
        .into_iter()
        .map(|(_, name, now, before)| (name, now, before))
        .collect();
    top.sort_by_key(|t| std::cmp::Reverse(t.1));
    let top_countries: Vec<Value> = top
        .into_iter()
        .take(5)
        .map(|(name, now, before)| {
            // Percent change with one decimal, in integer arithmetic.
            let change = if before == 0 {
                Value::Null
            } else {
                json!(((now - before) * 1000 / before) as f64 / 10.0)
            };
            json!({ "name": name, "revenue": money(now), "change": change })
        })
        .collect();
    let recent: Vec<(i64, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, name, email, status, created_at FROM users ORDER BY id DESC LIMIT 5",
    )
    .fetch_all(pool)
    .await?;
    let recent_users: Vec<Value> = recent
        .into_iter()
        .map(|(id, name, email, status, at)| json!({ "id": id, "name": name, "email": email, "status": status, "joinDate": iso(at) }))
        .collect();
    Ok(axum::Json(json!({
        "totalUsers": users, "activeNumbers": numbers, "minutesUsed": seconds / 60, "revenue": money(-spent),
        "countries": countries, "topCountries": top_countries, "recentUsers": recent_users,
    })))
}
