//! The public catalogue (/api/catalogue/*) and its administration.

mod admin;
mod rate_form;

use crate::error::Result;
use crate::json::Money;
use crate::state::AppState;
use axum::extract::State;
use axum::routing::{get, put};
use axum::{Json, Router};
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/catalogue/pricing", get(get_pricing))
        .route(
            "/admin/country-pricing",
            get(admin::list_rates).post(admin::post_rate),
        )
        .route(
            "/admin/country-pricing/{id}",
            put(admin::put_rate).delete(admin::delete_rate),
        )
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

/// One query: prices per type are pivoted in SQL rather than fetched per country.
const PRICING_SQL: &str = "\
SELECT c.id, c.name, c.code, c.flag, c.inbound_rate_micros, c.outbound_rate_micros,
       MAX(CASE WHEN p.number_type = 'mobile' THEN p.monthly_micros END) AS mobile,
       MAX(CASE WHEN p.number_type = 'landline' THEN p.monthly_micros END) AS landline,
       MAX(CASE WHEN p.number_type = 'tollfree' THEN p.monthly_micros END) AS tollfree
FROM countries c LEFT JOIN number_prices p ON p.country_id = c.id
WHERE c.status = 'active'
GROUP BY c.id, c.name, c.code, c.flag, c.inbound_rate_micros, c.outbound_rate_micros, c.sort_order
ORDER BY c.sort_order, c.name";

/// The public price list: every active country's number prices and call rates.
#[utoipa::path(get, path = "/api/catalogue/pricing", tag = "catalogue",
    responses((status = 200, description = "Active countries, in display order", body = Pricing)))]
async fn get_pricing(State(state): State<AppState>) -> Result<Json<Pricing>> {
    let rows = sqlx::query(PRICING_SQL).fetch_all(&state.db.pool).await?;
    let price = |row: &sqlx::any::AnyRow, col: &str| -> Result<Option<Money>> {
        Ok(row.try_get::<Option<i64>, _>(col)?.map(Money::micros))
    };
    let countries = rows
        .iter()
        .map(|r| {
            Ok(PricingRow {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                code: r.try_get("code")?,
                flag: r.try_get("flag")?,
                mobile: price(r, "mobile")?,
                landline: price(r, "landline")?,
                toll_free: price(r, "tollfree")?,
                inbound_rate: Money::micros(r.try_get("inbound_rate_micros")?),
                outbound_rate: Money::micros(r.try_get("outbound_rate_micros")?),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Json(Pricing { countries }))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    get_pricing,
    admin::list_rates,
    admin::post_rate,
    admin::put_rate,
    admin::delete_rate,
))]
pub struct ApiDoc;
