//! Usage alerts (issue 46): the customer's own low-balance warning threshold
//! (/api/billing/alerts), in place of the platform's, and usage triggers (created
//! through the Twilio-compatible API; fired by the job in `triggers`).

pub mod repo;
pub mod triggers;

use crate::auth::AuthUser;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_alerts, put_alerts))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Alerts {
    /// The account's own threshold; null: the platform's.
    pub low_balance_threshold: Option<Money>,
    /// The platform's threshold, which applies when the account has none.
    pub platform_threshold: Money,
}

async fn alerts(state: &AppState, user_id: i64) -> Result<Alerts> {
    let own = repo::low_balance_of(&state.db.pool, user_id)
        .await?
        .flatten();
    let platform = crate::settings::load(&state.db.pool)
        .await?
        .low_balance_micros;
    Ok(Alerts {
        low_balance_threshold: own.map(Money::micros),
        platform_threshold: Money::micros(platform),
    })
}

/// The account's low-balance warning threshold.
#[utoipa::path(get, path = "/billing/alerts", tag = "billing",
    responses((status = 200, description = "The thresholds", body = Alerts), SignedIn))]
pub async fn get_alerts(With(state, auth): With<AuthUser>) -> Result<axum::Json<Alerts>> {
    Ok(axum::Json(alerts(&state, auth.user.id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertsRequest {
    /// Dollars, e.g. "5.00"; empty for the platform's threshold.
    #[serde(default)]
    pub low_balance_threshold: String,
}

/// Sets the account's low-balance warning threshold: one notification when the balance
/// falls under it, again after money comes in.
#[utoipa::path(put, path = "/billing/alerts", tag = "billing", request_body = AlertsRequest,
    responses((status = 200, description = "Saved", body = Alerts), Invalid, SignedIn))]
pub async fn put_alerts(
    With(state, auth): With<AuthUser>,
    Json(req): Json<AlertsRequest>,
) -> Result<axum::Json<Alerts>> {
    let threshold = dialtone_core::recharge::parse_low_balance(&req.low_balance_threshold)
        .map_err(Error::invalid)?;
    repo::set_low_balance(&state.db.pool, auth.user.id, threshold).await?;
    Ok(axum::Json(alerts(&state, auth.user.id).await?))
}
