//! The administrator's limits: the platform's defaults, and one account's ceiling.

use super::client::LimitsForm;
use super::repo;
use crate::audit;
use crate::auth::AdminUser;
use crate::error::{Error, Result};
use crate::extract::{Json, Path, With};
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use crate::settings::repo as settings;
use crate::state::AppState;
use dialtone_core::caps::{self, Caps, CapsInput, DEFAULT_CAPS};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

async fn defaults(state: &AppState) -> Result<Caps> {
    let stored = crate::permissions::repo::setting(&state.db.pool, repo::DEFAULTS_KEY).await?;
    Ok(Caps::read(stored.as_deref(), DEFAULT_CAPS))
}

/// The limits every account has until an administrator sets its own ceiling.
#[utoipa::path(get, path = "/admin/limits", tag = "admin",
    responses((status = 200, description = "The platform's default limits", body = LimitsForm), SignedIn, AdminOnly))]
pub async fn get_defaults(With(state, _admin): With<AdminUser>) -> Result<axum::Json<LimitsForm>> {
    Ok(axum::Json((&defaults(&state).await?).into()))
}

/// Saves the platform's default limits ("" for no limit); every account without its
/// own ceiling follows them from its next call or message.
#[utoipa::path(put, path = "/admin/limits", tag = "admin",
    request_body = CapsInput,
    responses((status = 200, description = "The defaults as saved", body = LimitsForm), Invalid, SignedIn, AdminOnly))]
pub async fn put_defaults(
    With(state, AdminUser(admin)): With<AdminUser>,
    Json(input): Json<CapsInput>,
) -> Result<axum::Json<LimitsForm>> {
    let new = caps::parse(&input).map_err(Error::invalid)?;
    let before = defaults(&state).await?;
    let mut tx = state.db.begin_write().await?;
    settings::put(&mut *tx, repo::DEFAULTS_KEY, &new.store()).await?;
    let (was, is) = (before.store(), new.store());
    let entry = audit::Entry::of(
        admin.id,
        "limits.defaults",
        "settings",
        "limits",
        Some(&was),
        Some(&is),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    state.guard_settings.invalidate();
    Ok(axum::Json((&new).into()))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountLimits {
    /// The account's own ceiling; null when it follows the defaults.
    pub ceiling: Option<LimitsForm>,
    /// What binds the account now (its ceiling lowered by the customer's choice).
    pub in_force: LimitsForm,
}

async fn account(state: &AppState, user_id: i64) -> Result<AccountLimits> {
    let facts = repo::facts(&state.db.pool, user_id, crate::db::now_ms()).await?;
    let f = facts.ok_or_else(|| Error::NotFound("No such user".into()))?;
    let defaults = Caps::read(f.defaults.as_deref(), DEFAULT_CAPS);
    let ceiling = f.ceiling.as_deref().map(|c| Caps::read(Some(c), defaults));
    let in_force = super::caps_of(f.defaults, f.ceiling, f.chosen);
    Ok(AccountLimits {
        ceiling: ceiling.as_ref().map(Into::into),
        in_force: (&in_force).into(),
    })
}

/// One account's ceiling and the limits in force.
#[utoipa::path(get, path = "/admin/users/{id}/limits", tag = "admin",
    params(("id" = i64, Path, description = "The user")),
    responses((status = 200, description = "The account's limits", body = AccountLimits), SignedIn, AdminOnly, NotFound))]
pub async fn get_account(
    With(state, _admin): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<AccountLimits>> {
    Ok(axum::Json(account(&state, id).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct CeilingInput {
    /// The account's own ceiling ("" fields: no limit); null to follow the defaults.
    pub ceiling: Option<CapsInput>,
}

/// Raises or lowers one account's ceiling (audited).
#[utoipa::path(put, path = "/admin/users/{id}/limits", tag = "admin",
    params(("id" = i64, Path, description = "The user")),
    request_body = CeilingInput,
    responses((status = 200, description = "The account's limits now", body = AccountLimits), Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn put_account(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(input): Json<CeilingInput>,
) -> Result<axum::Json<AccountLimits>> {
    let ceiling = match &input.ceiling {
        Some(c) => Some(caps::parse(c).map_err(Error::invalid)?),
        None => None,
    };
    let before = repo::facts(&state.db.pool, id, crate::db::now_ms())
        .await?
        .and_then(|f| f.ceiling);
    let mut tx = state.db.begin_write().await?;
    if !repo::set_ceiling(&mut *tx, id, ceiling.map(|c| c.store())).await? {
        return Err(Error::NotFound("No such user".into()));
    }
    let after = ceiling.map(|c| c.store());
    let entry = audit::Entry::of(
        admin.id,
        "limits.ceiling",
        "user",
        id,
        Some(&before),
        Some(&after),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(account(&state, id).await?))
}
