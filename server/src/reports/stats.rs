//! /api/admin/stats: the overview's figures (spec section 3's admin stats).

use super::repo;
use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::Result;
use crate::extract::With;
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, SignedIn};
use crate::settings::DAY_MS;
use serde::Serialize;
use utoipa::ToSchema;

/// Kinds whose (negative) amounts are what customers spent with us; refunds give back.
pub const REVENUE_KINDS: &str =
    "'number_purchase', 'number_renewal', 'package_purchase', 'call:inbound', 'call:outbound', 'sms', 'refund', 'ivr_subscription', 'recording'";

/// The administrators' overview.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminStats {
    pub total_users: i64,
    pub active_numbers: i64,
    /// Whole minutes of all calls ever.
    pub minutes_used: i64,
    /// What customers have spent, refunds deducted.
    pub revenue: Money,
    /// Active countries.
    pub countries: i64,
    /// The five countries with the most call revenue in the last 30 days.
    pub top_countries: Vec<TopCountry>,
    /// The five newest users.
    pub recent_users: Vec<RecentUser>,
}

#[derive(Serialize, ToSchema)]
pub struct TopCountry {
    pub name: String,
    /// Call revenue of the last 30 days.
    pub revenue: Money,
    /// Percent change against the 30 days before (one decimal); null without those.
    pub change: Option<f64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentUser {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub status: String,
    pub join_date: String,
}

/// Overview figures: users, numbers, minutes, revenue, top countries, newest users.
#[utoipa::path(get, path = "/admin/stats", tag = "admin",
    responses((status = 200, description = "The overview", body = AdminStats), SignedIn, AdminOnly))]
pub async fn get_stats(With(state, _admin): With<AdminUser>) -> Result<axum::Json<AdminStats>> {
    let pool = &state.db.pool;
    let users = crate::users::repo::count_all(pool).await?;
    let numbers = repo::active_numbers(pool).await?;
    let countries = crate::catalogue::repo::count_active(pool).await?;
    let seconds = repo::call_seconds(pool).await?;
    let spent = repo::revenue_total(pool).await?;
    // Call revenue per country: the last 30 days against the 30 before.
    let today = now_ms() / DAY_MS;
    let per_country = repo::call_revenue_by_country(pool, today - 30, today - 60).await?;
    let mut top: Vec<(String, i64, i64)> = per_country
        .into_iter()
        .map(|(_, name, now, before)| (name, now, before))
        .collect();
    top.sort_by_key(|t| std::cmp::Reverse(t.1));
    let top_countries = top
        .into_iter()
        .take(5)
        .map(|(name, now, before)| TopCountry {
            name,
            revenue: Money::micros(now),
            // Percent change with one decimal, in integer arithmetic.
            change: (before != 0).then(|| ((now - before) * 1000 / before) as f64 / 10.0),
        })
        .collect();
    let recent = crate::users::repo::newest(pool, 5).await?;
    let recent_users = recent
        .into_iter()
        .map(|(id, name, email, status, at)| RecentUser {
            id,
            name,
            email,
            status,
            join_date: iso(at),
        })
        .collect();
    Ok(axum::Json(AdminStats {
        total_users: users,
        active_numbers: numbers,
        minutes_used: dialtone_core::units::minutes_used(seconds),
        revenue: Money::micros(-spent),
        countries,
        top_countries,
        recent_users,
    }))
}
