//! The customer's limits: those in force, the ceiling an administrator set, and the
//! customer's own lower ones.

use super::repo;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::state::AppState;
use dialtone_core::caps::{self, Caps, CapsInput, DEFAULT_CAPS};
use serde::Serialize;
use utoipa::ToSchema;

/// Limits as the forms show them: dollars and whole counts as text, "" for none.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitsForm {
    pub max_rate_per_minute: String,
    pub max_call_cost: String,
    pub daily_spend: String,
    pub concurrent_calls: String,
    pub calls_per_second: String,
    pub sms_per_minute: String,
}

impl From<&Caps> for LimitsForm {
    fn from(c: &Caps) -> LimitsForm {
        let i = caps::to_input(c);
        LimitsForm {
            max_rate_per_minute: i.max_rate_per_minute,
            max_call_cost: i.max_call_cost,
            daily_spend: i.daily_spend,
            concurrent_calls: i.concurrent_calls,
            calls_per_second: i.calls_per_second,
            sms_per_minute: i.sms_per_minute,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// What binds the account now: the lower of its ceiling and its own choice.
    pub in_force: LimitsForm,
    /// The most the customer may choose; an administrator raises it.
    pub ceiling: LimitsForm,
    /// The customer's own limits ("" where they chose none).
    pub chosen: LimitsForm,
    /// Calls and messages charged this UTC day.
    pub spent_today: Money,
}

/// The ceiling and the choice of an account, read once.
pub(super) async fn read(state: &AppState, user_id: i64) -> Result<(Caps, Option<Caps>, i64)> {
    let facts = repo::facts(&state.db.pool, user_id, now_ms()).await?;
    let f = facts.ok_or_else(Error::unauthorized)?;
    let defaults = Caps::read(f.defaults.as_deref(), DEFAULT_CAPS);
    let ceiling = f
        .ceiling
        .map_or(defaults, |c| Caps::read(Some(&c), defaults));
    let chosen = f.chosen.map(|c| Caps::read(Some(&c), Caps::default()));
    Ok((ceiling, chosen, f.spent_today))
}

async fn view(state: &AppState, user_id: i64) -> Result<Limits> {
    let (ceiling, chosen, spent) = read(state, user_id).await?;
    let in_force = caps::effective(&ceiling, Some(&ceiling), chosen.as_ref());
    Ok(Limits {
        in_force: (&in_force).into(),
        ceiling: (&ceiling).into(),
        chosen: (&chosen.unwrap_or_default()).into(),
        spent_today: Money::micros(spent),
    })
}

/// The account's spend and rate limits.
#[utoipa::path(get, path = "/limits", tag = "permissions",
    responses((status = 200, description = "Limits in force, the ceiling and the customer's own", body = Limits), SignedIn))]
pub async fn get_limits(With(state, auth): With<AuthUser>) -> Result<axum::Json<Limits>> {
    Ok(axum::Json(view(&state, auth.user.id).await?))
}

/// Sets the customer's own limits, each at most the ceiling ("" for none of their own).
#[utoipa::path(put, path = "/limits", tag = "permissions",
    request_body = CapsInput,
    responses((status = 200, description = "The limits as they are now", body = Limits), Invalid, SignedIn))]
pub async fn put_limits(
    With(state, auth): With<AuthUser>,
    Json(input): Json<CapsInput>,
) -> Result<axum::Json<Limits>> {
    let user_id = auth.user.id;
    let (ceiling, _, _) = read(&state, user_id).await?;
    let chosen = caps::choose(&ceiling, &input).map_err(Error::invalid)?;
    let stored = (chosen != Caps::default()).then(|| chosen.store());
    repo::set_chosen(&state.db.pool, user_id, stored).await?;
    tracing::info!(user_id, limits = %chosen.store(), "customer limits changed");
    Ok(axum::Json(view(&state, user_id).await?))
}
