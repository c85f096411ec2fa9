//! /api/recordings/settings: what a call recording costs (the platform's rate per
//! started minute, core's `recordings::cost`) and how long the account keeps its
//! recordings (core's `recordings::RETENTION_DAYS`); and the job that deletes the
//! recordings past their owner's choice.

use crate::auth::AuthUser;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::state::AppState;
use crate::voice::twiml::repo::recordings as repo;
use dialtone_core::recordings::{validate_retention, RETENTION_DAYS};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_settings, put_settings))
}

/// The account's recording settings and what recordings cost.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordingSettings {
    /// Days a recording is kept; 0 until it is deleted.
    #[schema(example = 30)]
    pub retention_days: i64,
    /// The choices of retention_days.
    pub retention_choices: Vec<i64>,
    /// The price of each started minute of a recording.
    pub rate_per_minute: Money,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetentionInput {
    /// One of retention_choices.
    #[schema(example = 30)]
    pub retention_days: i64,
}

async fn settings_of(state: &AppState, user_id: i64) -> Result<RecordingSettings> {
    let pool = &state.db.pool;
    Ok(RecordingSettings {
        retention_days: repo::retention_days(pool, user_id).await?,
        retention_choices: RETENTION_DAYS.to_vec(),
        rate_per_minute: Money::micros(crate::settings::load(pool).await?.recording_rate_micros),
    })
}

/// How long my recordings are kept, and what they cost.
#[utoipa::path(get, path = "/recordings/settings", tag = "developer",
    responses((status = 200, description = "The settings", body = RecordingSettings), SignedIn))]
async fn get_settings(With(state, auth): With<AuthUser>) -> Result<axum::Json<RecordingSettings>> {
    Ok(axum::Json(settings_of(&state, auth.user.id).await?))
}

/// Sets how long my recordings are kept (audited); the job deletes older ones.
#[utoipa::path(put, path = "/recordings/settings", tag = "developer",
    request_body = RetentionInput,
    responses((status = 200, description = "The settings as saved", body = RecordingSettings),
        Invalid, SignedIn))]
async fn put_settings(
    With(state, auth): With<AuthUser>,
    Json(input): Json<RetentionInput>,
) -> Result<axum::Json<RecordingSettings>> {
    let days =
        validate_retention(input.retention_days).map_err(|m| Error::field("retentionDays", m))?;
    let owner = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    let before = repo::retention_days(&mut *tx, owner).await?;
    repo::set_retention_days(&mut *tx, owner, days).await?;
    let entry = crate::audit::Entry::of(
        owner,
        "recordings.retention",
        "user",
        owner,
        Some(&before),
        Some(&days),
    );
    crate::audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(settings_of(&state, owner).await?))
}

/// Deletes the recordings past their owner's retention (a job; up to 500 a run).
pub async fn purge_expired(state: &AppState, now: i64) -> anyhow::Result<u64> {
    Ok(repo::purge_expired(&state.db.pool, now).await?)
}
