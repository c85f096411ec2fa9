//! The public catalogue (/api/catalogue/*) and its administration.

mod admin;
mod rate_form;
pub mod repo;
pub mod world;

use crate::error::Result;
use crate::json::Money;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use dialtone_core::catalogue::{from_prices, CountryPrices};
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
    /// Per message (segment).
    sms_rate: Money,
}

/// What the public pages claim, computed from the price list (core's `from_prices`):
/// how many countries it covers and the lowest price of each thing sold.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricingSummary {
    countries: usize,
    /// The cheapest number a month; null when none is sold.
    numbers_from: Option<Money>,
    inbound_from: Option<Money>,
    outbound_from: Option<Money>,
    sms_from: Option<Money>,
    /// The one-time fee per number bought.
    setup_fee: Money,
    /// A call recording's price per started minute (0: free).
    recording_rate: Money,
}

#[derive(Serialize, ToSchema)]
pub struct Pricing {
    pub countries: Vec<PricingRow>,
    pub summary: PricingSummary,
}

/// The public price list: every active country's number prices and call and message
/// rates, and the figures the pages claim from it.
#[utoipa::path(get, path = "/catalogue/pricing", tag = "catalogue",
    responses((status = 200, description = "Active countries, in display order", body = Pricing)))]
async fn get_pricing(State(state): State<AppState>) -> Result<Json<Pricing>> {
    let rows = repo::price_list(&state.db.pool).await?;
    let facts: Vec<CountryPrices> = rows
        .iter()
        .map(|r| CountryPrices {
            numbers: [r.mobile, r.landline, r.tollfree],
            inbound: r.inbound_rate_micros,
            outbound: r.outbound_rate_micros,
            sms: r.sms_rate_micros,
        })
        .collect();
    let from = from_prices(&facts);
    let settings = crate::settings::load(&state.db.pool).await?;
    let summary = PricingSummary {
        countries: from.countries,
        numbers_from: from.number_monthly.map(Money::micros),
        inbound_from: from.inbound.map(Money::micros),
        outbound_from: from.outbound.map(Money::micros),
        sms_from: from.sms.map(Money::micros),
        setup_fee: Money::micros(settings.setup_fee_micros),
        recording_rate: Money::micros(settings.recording_rate_micros),
    };
    let countries = rows.into_iter().map(row).collect();
    Ok(Json(Pricing { countries, summary }))
}

fn row(r: repo::PriceRow) -> PricingRow {
    PricingRow {
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
        sms_rate: Money::micros(r.sms_rate_micros),
    }
}
