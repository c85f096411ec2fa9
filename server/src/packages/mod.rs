//! Monthly plans (the spec's packages): the catalogue and purchases (/api/packages/*),
//! the public plan list every marketing page shows (/api/catalogue/plans), renewals,
//! and their administration (/api/admin/packages).

mod admin;
pub mod allowance;
pub mod expiry;
mod public;
pub mod renewals;
pub mod repo;
mod shop;

use crate::json::Money;
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(shop::list_packages))
        .routes(routes!(shop::list_mine))
        .routes(routes!(shop::post_purchase))
        .routes(routes!(renewals::post_cancel))
        .routes(routes!(public::list_plans))
        .routes(routes!(admin::list_packages, admin::post_package))
        .routes(routes!(admin::put_package, admin::delete_package))
}

/// A plan (package) of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackageView {
    pub id: i64,
    pub name: String,
    pub minutes: i64,
    pub price: Money,
    /// Days the minutes stay valid after the purchase.
    pub validity: i64,
    /// Lines the administrator added beyond what the plan's fields say.
    pub features: Vec<String>,
    /// Numbers whose monthly fee the plan pays while it is in force.
    pub included_numbers: i64,
    /// IVR flows whose monthly fee the plan pays while it is in force.
    pub ivr_flows: i64,
    /// What the plan's IVR flows may contain: "basic", "advanced" or "premium".
    #[schema(example = "basic")]
    pub ivr_level: String,
    /// "email" or "priority".
    #[schema(example = "email")]
    pub support: String,
    /// Shown as MOST POPULAR.
    pub popular: bool,
    /// What the plan includes, as every page lists it (core plans::highlights), then
    /// `features`.
    pub highlights: Vec<String>,
    /// The whole percentage its minutes save against the lowest pay-as-you-go
    /// outbound rate (null when it saves nothing).
    pub saving: Option<u32>,
    /// "Saves 23% against pay as you go", or null.
    pub saving_text: Option<String>,
    /// "active" (on sale) or "inactive".
    #[schema(example = "active")]
    pub status: String,
    /// Clients with an active purchase of it (administrators' views only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscribers: Option<i64>,
}

impl PackageView {
    /// The saving of the plan's minutes against `lowest_rate` a minute (the cheapest
    /// outbound pay-as-you-go rate, which package minutes replace).
    pub fn with_saving(mut self, lowest_rate: Option<i64>) -> Self {
        use dialtone_core::plans;
        let price = dialtone_core::money::to_micros(self.price.0).unwrap_or(i64::MAX);
        self.saving = lowest_rate.and_then(|rate| plans::saving_percent(price, self.minutes, rate));
        self.saving_text = self.saving.map(plans::saving_text);
        self
    }
}
