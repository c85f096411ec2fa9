//! The public catalogue (/api/catalogue/*) and its administration.

mod admin;
mod rate_form;
pub mod repo;

use crate::error::Result;
use crate::json::Money;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_pricing))
        .routes(routes!(admin::list_rates, admin::post_rate))
        .routes(routes!(admin::put_rate, admin::delete_rate))
}

/// A row of the public pricing page (spec section 3). Prices are JSON numbers; a
/// type the country does not offer is null.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricingRow {
    id: i64,
    name: String,
    /// ISO 3166 code, e.g. DE.
    code: String,
    flag: String,
    /// The country's calling code without "+", e.g. 49.
    calling_code: String,
    /// Monthly price of a mobile number.
    mobile: Option<Money>,
    /// Monthly price of a landline number.
    landline: Option<Money>,
    /// Monthly price of a toll-free number.
    toll_free: Option<Money>,
    /// Per minute.
    inbound_rate: Money,
    /// Per minute.
    outbound_rate: Money,
}

#[derive(Serialize, ToSchema)]
pub struct Pricing {
    pub countries: Vec<PricingRow>,
}

/// The public price list: every active country's number prices and call rates.
#[utoipa::path(get, path = "/catalogue/pricing", tag = "catalogue",
    responses((status = 200, description = "Active countries, in display order", body = Pricing)))]
async fn get_pricing(State(state): State<AppState>) -> Result<Json<Pricing>> {
    let countries = repo::price_list(&state.db.pool)
        .await?
        .into_iter()
        .map(|r| PricingRow {
            id: r.id,
            name: r.name,
            code: r.code,
            flag: r.flag,
            calling_code: r.calling_code,
            mobile: r.mobile.map(Money::micros),
            landline: r.landline.map(Money::micros),
            toll_free: r.tollfree.map(Money::micros),
            inbound_rate: Money::micros(r.inbound_rate_micros),
            outbound_rate: Money::micros(r.outbound_rate_micros),
        })
        .collect();
    Ok(Json(Pricing { countries }))
}
