//! Voicemails left through a flow: listed, played and downloaded (as WAV), deleted;
//! and announced (notification and e-mail) once the media endpoint has saved one.

use super::repo;
use crate::auth::AuthUser;
use crate::db::iso;
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::extract::With;
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_voicemails))
        .routes(routes!(get_voicemail_audio))
        .routes(routes!(delete_voicemail))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IvrVoicemail {
    pub id: i64,
    /// The number that was called, E.164.
    pub number: Option<String>,
    pub flow_id: Option<i64>,
    pub flow_name: Option<String>,
    /// Who called, as the caller ID arrived.
    pub caller: String,
    /// The recording's length in seconds (whole seconds, rounded).
    pub seconds: i64,
    pub date: String,
    /// The audio has been fetched (played or downloaded) at least once.
    pub heard: bool,
}

/// My voicemails, newest first.
#[utoipa::path(get, path = "/ivr/voicemails", tag = "ivr",
    responses((status = 200, description = "The voicemails", body = [IvrVoicemail]), SignedIn))]
pub async fn list_voicemails(
    With(state, auth): With<AuthUser>,
) -> Result<axum::Json<Vec<IvrVoicemail>>> {
    let rows = repo::voicemails::list(&state.db.pool, auth.user.id).await?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|v| IvrVoicemail {
                id: v.id,
                number: v.number,
                flow_id: v.flow_id,
                flow_name: v.flow_name,
                caller: v.caller,
                seconds: (v.duration_ms + 500) / 1000,
                date: iso(v.created_at),
                heard: v.heard_at.is_some(),
            })
            .collect(),
    ))
}

/// One voicemail's recording as a WAV file (8 kHz mono), marked heard.
#[utoipa::path(get, path = "/ivr/voicemails/{id}/audio", tag = "ivr",
    params(("id" = i64, Path, description = "The voicemail's id")),
    responses((status = 200, description = "The recording", content_type = "audio/wav", body = Vec<u8>),
        Invalid, SignedIn, NotFound))]
pub async fn get_voicemail_audio(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<impl IntoResponse> {
    let wav = repo::voicemails::take_audio(&state.db.pool, id, auth.user.id)
        .await?
        .ok_or_else(|| Error::NotFound("Voicemail not found".into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "audio/wav".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"voicemail-{id}.wav\""),
            ),
        ],
        wav,
    ))
}

/// Deletes one of my voicemails.
#[utoipa::path(delete, path = "/ivr/voicemails/{id}", tag = "ivr",
    params(("id" = i64, Path, description = "The voicemail's id")),
    responses((status = 204, description = "Deleted"), Invalid, SignedIn, NotFound))]
pub async fn delete_voicemail(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    if !repo::voicemails::delete(&state.db.pool, id, auth.user.id).await? {
        return Err(Error::NotFound("Voicemail not found".into()));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Tells the owner about a new voicemail: a notification, and an e-mail when they take
/// e-mail notifications. Once per voicemail, however often it is called. The media
/// endpoint calls it after `repo::save_voicemail`'s transaction has committed.
pub async fn announce_voicemail(state: &AppState, voicemail_id: i64) -> anyhow::Result<bool> {
    let mut tx = state.db.begin_write().await?;
    let Some((owner, caller, duration_ms, number)) =
        repo::call::claim_announcement(&mut tx, voicemail_id).await?
    else {
        return Ok(false);
    };
    let to = number.map(|n| format!(" on {n}")).unwrap_or_default();
    let message = format!(
        "{caller} left you a {} s voicemail{to}. Listen to it under IVR voicemails.",
        (duration_ms + 500) / 1000
    );
    crate::notifications::notify(&mut *tx, owner, "voicemail", "New voicemail", &message).await?;
    tx.commit().await?;
    let subject = "New voicemail on Dialtone";
    crate::notifications::mail_if_opted_in(state, owner, subject, &message).await?;
    Ok(true)
}
