//! Call recordings: stored under an id the server draws (the file name), found by
//! the exact callId the switch sent; downloaded by the call's owner or an
//! administrator. No file name is ever derived from a callId, so two callIds that
//! differ only in punctuation cannot share or read each other's audio.

use super::repo;
use crate::auth::{AdminUser, AuthUser};
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::extract::With;
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::http::header;
use axum::response::{IntoResponse, Response};

fn file(state: &AppState, id: &uuid::Uuid) -> std::path::PathBuf {
    state
        .config
        .data_dir
        .join("recordings")
        .join(format!("{}.wav", id.simple()))
}

/// Stores the audio of call `call_id` (as the switch names it; the call record may
/// come before or after) and marks the call as recorded.
pub async fn store(state: &AppState, call_id: &str, audio: &[u8]) -> Result<()> {
    // On the call path's thread, like the call's own writes that it queues with.
    let (st, call_id, audio) = (state.clone(), call_id.to_string(), audio.to_vec());
    let work = async move { store_now(&st, &call_id, &audio).await };
    state.call_writes.run(work).await
}

async fn store_now(state: &AppState, call_id: &str, audio: &[u8]) -> Result<()> {
    // The file first, under the id the call's recording has (a second upload replaces
    // the audio under the same id) or a new one, then one write in the writer's turn.
    let known = repo::recording_id(&state.db.pool, call_id).await?;
    let id = known.unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
    let path = file(state, &parse(&id)?);
    let internal = |e: std::io::Error| Error::Internal(e.into());
    // Written aside and renamed, so a reader never sees half a file.
    let partial = path.with_extension(format!("{}.part", uuid::Uuid::new_v4().simple()));
    if let Err(e) = tokio::fs::write(&partial, audio).await {
        // The first recording makes the folder.
        let dir = path
            .parent()
            .filter(|_| e.kind() == std::io::ErrorKind::NotFound);
        let dir = dir.ok_or(e).map_err(internal)?;
        tokio::fs::create_dir_all(dir).await.map_err(internal)?;
        tokio::fs::write(&partial, audio).await.map_err(internal)?;
    }
    tokio::fs::rename(&partial, &path).await.map_err(internal)?;
    let (writes, db) = (&state.call_writes, &state.db);
    let stored = repo::store_recording_in_turn(writes, db, &id, call_id, now_ms()).await?;
    if stored != id {
        // Another upload for this call was stored first, under its own id: this
        // audio replaces it there.
        let theirs = file(state, &parse(&stored)?);
        tokio::fs::rename(&path, &theirs).await.map_err(internal)?;
    }
    Ok(())
}

fn parse(id: &str) -> Result<uuid::Uuid> {
    uuid::Uuid::parse_str(id).map_err(|e| Error::Internal(e.into()))
}

async fn recording(state: &AppState, id: i64, owner: Option<i64>) -> Result<Response> {
    let row = repo::find_recording(&state.db.pool, id).await?;
    let (_call_id, user_id, has, stored) =
        row.ok_or_else(|| Error::NotFound("No such call".into()))?;
    if owner.is_some_and(|o| o != user_id) {
        return Err(Error::NotFound("No such call".into()));
    }
    let none = || Error::NotFound("This call has no recording".into());
    if has == 0 {
        return Err(none());
    }
    let stored = stored.ok_or_else(none)?;
    let path = file(state, &uuid::Uuid::parse_str(&stored).map_err(|_| none())?);
    let bytes = tokio::fs::read(path).await.map_err(|_| none())?;
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
#[utoipa::path(get, path = "/calls/{id}/recording", tag = "calls",
    params(("id" = i64, Path, description = "The call record's id")),
    responses((status = 200, description = "The recording (WAV)", content_type = "audio/wav",
        body = crate::voice::switch::WavFile), Invalid, SignedIn, NotFound))]
pub async fn recording_own(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<Response> {
    recording(&state, id, Some(auth.user.id)).await
}

/// The recording of any call.
#[utoipa::path(get, path = "/admin/calls/{id}/recording", tag = "calls",
    params(("id" = i64, Path, description = "The call record's id")),
    responses((status = 200, description = "The recording (WAV)", content_type = "audio/wav",
        body = crate::voice::switch::WavFile), Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn recording_any(
    With(state, _a): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<Response> {
    recording(&state, id, None).await
}
