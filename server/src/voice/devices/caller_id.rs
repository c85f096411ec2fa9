//! The account's caller-ID rule (/api/sip/caller-id-rule): a device's call whose
//! caller ID is not one of the account's active numbers is refused (403 Caller ID not
//! allowed), or, where the account chose it, goes out with the device's configured
//! caller ID. Either way the carrier only ever sees one of the account's numbers.

use super::repo;
use crate::auth::AuthUser;
use crate::error::Result;
use crate::extract::{Json, With};
use crate::openapi::responses::{Invalid, SignedIn};
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_rule, put_rule))
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallerIdRule {
    /// true: replace a caller ID that is not the account's with the device's own;
    /// false: refuse the call.
    pub replace: bool,
}

/// The account's caller-ID rule.
#[utoipa::path(get, path = "/sip/caller-id-rule", tag = "sip",
    responses((status = 200, description = "The rule in force", body = CallerIdRule), SignedIn))]
async fn get_rule(With(state, auth): With<AuthUser>) -> Result<axum::Json<CallerIdRule>> {
    let replace = repo::replaces_caller_id(&state.db.pool, auth.user.id).await? != 0;
    Ok(axum::Json(CallerIdRule { replace }))
}

/// Sets the account's caller-ID rule; audited.
#[utoipa::path(put, path = "/sip/caller-id-rule", tag = "sip",
    request_body = CallerIdRule,
    responses((status = 200, description = "The rule as saved", body = CallerIdRule),
        Invalid, SignedIn))]
async fn put_rule(
    With(state, auth): With<AuthUser>,
    Json(input): Json<CallerIdRule>,
) -> Result<axum::Json<CallerIdRule>> {
    let owner = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    let before = CallerIdRule {
        replace: repo::replaces_caller_id(&mut *tx, owner).await? != 0,
    };
    repo::set_replaces_caller_id(&mut *tx, owner, i64::from(input.replace)).await?;
    let entry = crate::audit::Entry::of(
        owner,
        "sip.caller_id_rule",
        "user",
        owner,
        Some(&before),
        Some(&input),
    );
    crate::audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(input))
}
