//! What the trial's verification codes cost the provider (/api/admin/trial/codes):
//! free to the accounts, paid by the provider, and the first thing SMS pumping shows in.

use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::Result;
use crate::extract::With;
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, SignedIn};
use crate::settings::DAY_MS;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct CodesSent {
    pub codes: i64,
    /// What they cost the provider at the destinations' SMS rates.
    pub cost: Money,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeCosts {
    pub last_day: CodesSent,
    pub last_30_days: CodesSent,
}

/// Verification codes sent in the last day and the last 30, with their cost.
#[utoipa::path(get, path = "/admin/trial/codes", tag = "admin",
    responses((status = 200, description = "Codes sent and their cost", body = CodeCosts), SignedIn, AdminOnly))]
pub async fn get_code_costs(With(state, _admin): With<AdminUser>) -> Result<axum::Json<CodeCosts>> {
    let now = now_ms();
    let totals = |(codes, cost): (i64, i64)| CodesSent {
        codes,
        cost: Money::micros(cost),
    };
    let pool = &state.db.pool;
    Ok(axum::Json(CodeCosts {
        last_day: totals(crate::sms::repo::verification_totals(pool, now - DAY_MS).await?),
        last_30_days: totals(crate::sms::repo::verification_totals(pool, now - 30 * DAY_MS).await?),
    }))
}
