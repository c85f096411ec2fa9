//! The softswitch interface (/api/telephony/*): call authorization, CDRs and call
//! recordings, authenticated with DIALTONE_SWITCH_TOKEN.

pub mod authorize;
pub mod cdr;
pub mod destination;
mod switch_auth;

use crate::error::{Error, Result};
use crate::extract::Json;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::routing::{post, put};
use axum::Router;
use serde_json::{json, Value};
use switch_auth::Switch;

/// Recordings are audio files, far larger than any JSON body.
const MAX_RECORDING_BYTES: usize = 50 * 1024 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/telephony/authorize", post(post_authorize))
        .route("/telephony/cdr", post(post_cdr))
        .route(
            "/telephony/recordings/{call_id}",
            put(put_recording).layer(DefaultBodyLimit::max(MAX_RECORDING_BYTES)),
        )
}

async fn post_authorize(
    State(state): State<AppState>,
    _switch: Switch,
    Json(req): Json<authorize::AuthorizeRequest>,
) -> Result<axum::Json<authorize::AuthorizeResponse>> {
    Ok(axum::Json(authorize::authorize(&state, &req).await?))
}

async fn post_cdr(
    State(state): State<AppState>,
    _switch: Switch,
    Json(cdr): Json<cdr::Cdr>,
) -> Result<axum::Json<Value>> {
    let r = cdr::record(&state, &cdr).await?;
    Ok(axum::Json(json!({
        "callId": r.call_id, "billableSeconds": r.billable_seconds, "packageSeconds": r.package_seconds,
        "cost": crate::json::money(r.cost_micros), "status": r.status,
    })))
}

/// Where a call's recording lives; call ids are reduced to safe file-name characters.
pub fn recording_path(state: &AppState, call_id: &str) -> std::path::PathBuf {
    let safe: String = call_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    state
        .config
        .data_dir
        .join("recordings")
        .join(format!("{safe}.wav"))
}

/// Stores a call's recording (WAV); the call record then offers it for download.
async fn put_recording(
    State(state): State<AppState>,
    _switch: Switch,
    Path(call_id): Path<String>,
    body: Bytes,
) -> Result<StatusCode> {
    if body.len() < 12 || &body[..4] != b"RIFF" || &body[8..12] != b"WAVE" {
        return Err(Error::bad_request("A recording must be a WAV file"));
    }
    let path = recording_path(&state, &call_id);
    if let Some(dir) = path.parent() {
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(|e| Error::Internal(e.into()))?;
    }
    tokio::fs::write(&path, &body)
        .await
        .map_err(|e| Error::Internal(e.into()))?;
    sqlx::query("UPDATE calls SET recording = 1 WHERE call_id = $1")
        .bind(&call_id)
        .execute(&state.db.pool)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi()]
pub struct ApiDoc;
