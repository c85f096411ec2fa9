//! Minute packages: the catalogue and purchases (/api/packages/*) and their
//! administration (/api/admin/packages).

mod admin;
mod shop;

use crate::state::AppState;
use axum::routing::{get, post, put};
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/packages", get(shop::list_packages))
        .route("/packages/mine", get(shop::list_mine))
        .route("/packages/{id}/purchase", post(shop::post_purchase))
        .route(
            "/admin/packages",
            get(admin::list_packages).post(admin::post_package),
        )
        .route(
            "/admin/packages/{id}",
            put(admin::put_package).delete(admin::delete_package),
        )
}

/// A package row of the catalogue as JSON (`subscribers` only when selected).
pub fn view(r: &sqlx::any::AnyRow) -> Result<serde_json::Value, sqlx::Error> {
    use sqlx::Row;
    let features: Vec<String> =
        serde_json::from_str(&r.try_get::<String, _>("features")?).unwrap_or_default();
    let mut v = serde_json::json!({
        "id": r.try_get::<i64, _>("id")?,
        "name": r.try_get::<String, _>("name")?,
        "minutes": r.try_get::<i64, _>("minutes")?,
        "price": crate::json::money(r.try_get("price_micros")?),
        "validity": r.try_get::<i64, _>("validity_days")?,
        "features": features,
        "status": r.try_get::<String, _>("status")?,
    });
    if let Ok(n) = r.try_get::<i64, _>("subscribers") {
        v["subscribers"] = n.into();
    }
    Ok(v)
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi()]
pub struct ApiDoc;
