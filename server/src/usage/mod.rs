//! Usage alerts (issue 46): the customer's own low-balance warning threshold
//! (/api/billing/alerts), in place of the platform's, and usage triggers (created
//! through the Twilio-compatible API; fired by the job in `triggers`).

pub mod repo;
pub mod triggers;

use crate::auth::AuthUser;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::json::Money;
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_alerts, put_alerts))
        .routes(routes!(list_triggers, post_trigger))
        .routes(routes!(delete_trigger))
}

/// A usage trigger as the client area shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TriggerView {
    pub id: i64,
    /// The same trigger's SID in the Twilio-compatible API.
    pub sid: String,
    pub friendly_name: String,
    pub usage_category: String,
    pub trigger_by: String,
    pub trigger_value: String,
    pub recurring: String,
    pub callback_url: String,
    /// The category's value when last checked, in the trigger's unit.
    pub current_value: String,
    pub date_fired: Option<String>,
}

fn trigger_view(t: repo::Trigger) -> TriggerView {
    let price = t.trigger_by == "price";
    TriggerView {
        id: t.id,
        sid: crate::webhooks::sid("UT", t.id),
        current_value: match price {
            true => dialtone_core::money::format_micros(t.current_value),
            false => t.current_value.to_string(),
        },
        date_fired: t.date_fired.map(crate::db::iso),
        friendly_name: t.friendly_name,
        usage_category: t.usage_category,
        trigger_by: t.trigger_by,
        trigger_value: t.trigger_value,
        recurring: t.recurring,
        callback_url: t.callback_url,
    }
}

#[derive(Serialize, ToSchema)]
pub struct TriggerList {
    pub items: Vec<TriggerView>,
}

/// The account's usage triggers (at most 100).
#[utoipa::path(get, path = "/usage/triggers", tag = "billing",
    responses((status = 200, description = "The triggers", body = TriggerList), SignedIn))]
pub async fn list_triggers(With(state, auth): With<AuthUser>) -> Result<axum::Json<TriggerList>> {
    let rows = repo::triggers_of(&state.db.pool, auth.user.id, 100, 0).await?;
    Ok(axum::Json(TriggerList {
        items: rows.into_iter().map(trigger_view).collect(),
    }))
}

/// Creates a usage trigger (the same as the API's Usage/Triggers).
#[utoipa::path(post, path = "/usage/triggers", tag = "billing", request_body = triggers::TriggerForm,
    responses((status = 201, description = "The trigger", body = TriggerView), Invalid, SignedIn))]
pub async fn post_trigger(
    With(state, auth): With<AuthUser>,
    Json(form): Json<triggers::TriggerForm>,
) -> Result<(axum::http::StatusCode, axum::Json<TriggerView>)> {
    let checked =
        triggers::check(&form).map_err(|(field, m)| Error::field(field.form_name(), m))?;
    let id = triggers::create(&state, auth.user.id, &form, &checked)
        .await?
        .ok_or_else(|| Error::bad_request(triggers::limit_message()))?;
    let t = repo::find_trigger(&state.db.pool, auth.user.id, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such trigger".into()))?;
    Ok((axum::http::StatusCode::CREATED, axum::Json(trigger_view(t))))
}

/// Deletes one of the account's usage triggers.
#[utoipa::path(delete, path = "/usage/triggers/{id}", tag = "billing",
    params(("id" = i64, Path, description = "The trigger's id")),
    responses((status = 204, description = "Deleted"), Invalid, SignedIn, NotFound))]
pub async fn delete_trigger(
    With(state, auth): With<AuthUser>,
    crate::extract::Path(id): crate::extract::Path<i64>,
) -> Result<axum::http::StatusCode> {
    match repo::delete_trigger(&state.db.pool, auth.user.id, id).await? {
        true => Ok(axum::http::StatusCode::NO_CONTENT),
        false => Err(Error::NotFound("No such trigger".into())),
    }
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
