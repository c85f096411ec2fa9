//! Call recordings: the signed-in user's own, and any call's for administrators.

use crate::auth::{AdminUser, AuthUser};
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

async fn recording(state: &AppState, id: i64, owner: Option<i64>) -> Result<Response> {
    let row: Option<(String, i64, i64)> =
        sqlx::query_as("SELECT call_id, user_id, recording FROM calls WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await?;
    let (call_id, user_id, has) = row.ok_or_else(|| Error::NotFound("No such call".into()))?;
    if owner.is_some_and(|o| o != user_id) {
        return Err(Error::NotFound("No such call".into()));
    }
    let path = crate::telephony::recording_path(state, &call_id);
    let bytes = match tokio::fs::read(&path).await {
        Ok(b) if has != 0 => b,
        _ => return Err(Error::NotFound("This call has no recording".into())),
    };
    let disposition = format!("attachment; filename=\"call-{id}.wav\"");
    Ok((
        [
            (header::CONTENT_TYPE, "audio/wav".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

/// The recording of one of the signed-in user's calls.
#[utoipa::path(get, path = "/api/calls/{id}/recording", tag = "calls", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The call record's id")),
    responses((status = 200, description = "The recording (WAV)", content_type = "audio/wav",
        body = crate::telephony::WavFile), Invalid, SignedIn, NotFound))]
pub async fn recording_own(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<i64>,
) -> Result<Response> {
    recording(&state, id, Some(auth.user.id)).await
}

/// The recording of any call.
#[utoipa::path(get, path = "/api/admin/calls/{id}/recording", tag = "calls",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The call record's id")),
    responses((status = 200, description = "The recording (WAV)", content_type = "audio/wav",
        body = crate::telephony::WavFile), Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn recording_any(
    State(state): State<AppState>,
    _a: AdminUser,
    Path(id): Path<i64>,
) -> Result<Response> {
    recording(&state, id, None).await
}
