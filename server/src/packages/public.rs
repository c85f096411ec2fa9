//! The plan catalogue as every public page shows it: /pricing's Packages tab, the
//! comparison on /features and the plans on /products read this list, so a plan's
//! name, price, minutes and inclusions are told the same everywhere.

use super::{repo, PackageView};
use crate::error::Result;
use crate::json::Money;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Plans {
    /// The plans on sale, in display order.
    pub plans: Vec<PackageView>,
    /// The cheapest pay-as-you-go outbound rate a minute, against which each plan's
    /// saving is counted (null when no country is active).
    pub pay_as_you_go_from: Option<Money>,
}

/// The plans on sale with what each includes and saves.
#[utoipa::path(get, path = "/catalogue/plans", tag = "catalogue",
    responses((status = 200, description = "The plans on sale, in display order", body = Plans)))]
pub async fn list_plans(State(state): State<AppState>) -> Result<Json<Plans>> {
    let (plans, lowest) = on_sale(&state).await?;
    Ok(Json(Plans {
        plans,
        pay_as_you_go_from: lowest.map(Money::micros),
    }))
}

/// The plans on sale, each with its saving, and the rate it is counted against.
pub async fn on_sale(state: &AppState) -> Result<(Vec<PackageView>, Option<i64>)> {
    let pool = &state.db.pool;
    let lowest = repo::lowest_outbound_rate(pool).await?;
    let plans = repo::list_on_sale(pool).await?;
    let plans = plans.into_iter().map(|p| p.with_saving(lowest)).collect();
    Ok((plans, lowest))
}
