//! A step's prompt (/api/ivr/flows/{id}/prompts/{step}): upload a WAV to play instead
//! of the spoken text, or fetch the prompt as a WAV to hear it.

use super::audio::{self, UploadError};
use super::flows::{mine, IvrPrompt};
use super::repo;
use crate::auth::AuthUser;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Path, Query};
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use dialtone_core::ivr::Step;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(
        routes!(get_prompt, post_prompt).layer(DefaultBodyLimit::max(audio::MAX_UPLOAD_BYTES)),
    )
}

#[derive(Deserialize, IntoParams)]
pub struct UploadQuery {
    /// The file's name, shown beside the step (default "upload.wav").
    pub name: Option<String>,
}

/// Points the step's `audio` at the uploaded file; false when the step plays nothing.
fn choose_upload(step: &mut Step, name: &str) -> bool {
    let audio = match step {
        Step::Say(s) => &mut s.audio,
        Step::Menu(m) => &mut m.audio,
        Step::Voicemail(v) => &mut v.audio,
        _ => return false,
    };
    *audio = Some(name.to_string());
    true
}

/// Uploads a WAV (any rate, mono or stereo, PCM) as a step's prompt: converted to
/// 8 kHz mono for G.711 and chosen for the step in the saved flow.
#[utoipa::path(post, path = "/ivr/flows/{id}/prompts/{step}", tag = "ivr",
    params(("id" = i64, Path, description = "The flow's id"),
        ("step" = String, Path, description = "The step's id"), UploadQuery),
    request_body(content = Vec<u8>, content_type = "audio/wav", description = "A WAV file"),
    responses((status = 200, description = "The prompt as stored", body = IvrPrompt),
        Invalid, SignedIn, NotFound))]
pub async fn post_prompt(
    With(state, auth): With<AuthUser>,
    Path((id, step_id)): Path<(i64, String)>,
    Query(q): Query<UploadQuery>,
    body: Bytes,
) -> Result<axum::Json<IvrPrompt>> {
    let owner = auth.user.id;
    let stored = mine(&state.db.pool, id, owner).await?;
    let mut flow = stored.model();
    let name: String = q
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or("upload.wav")
        .chars()
        .filter(|c| !c.is_control())
        .take(100)
        .collect();
    let step = flow
        .steps
        .get_mut(&step_id)
        .ok_or_else(|| Error::NotFound("Step not found".into()))?;
    if !choose_upload(step, &name) {
        return Err(Error::bad_request(format!(
            "Step '{step_id}' plays no prompt"
        )));
    }
    let prompt = audio::convert_upload(&name, &body)
        .await
        .map_err(|e| match e {
            UploadError::NotWav => Error::bad_request("Upload a WAV file (PCM)"),
            UploadError::TooLong => Error::bad_request(format!(
                "A prompt may last at most {} minutes",
                audio::MAX_UPLOAD_SECONDS / 60
            )),
            UploadError::Failed(cause) => Error::Internal(cause),
        })?;
    let mut tx = state.db.begin_write().await?;
    if !repo::update_flow(&mut *tx, id, owner, &flow).await? {
        return Err(Error::NotFound("Flow not found".into()));
    }
    repo::call::put_prompt(&mut *tx, id, &step_id, &prompt).await?;
    tx.commit().await?;
    Ok(axum::Json(IvrPrompt {
        step_id,
        source: prompt.source,
        label: prompt.label,
        seconds: prompt.duration_ms as f64 / 1000.0,
    }))
}

/// A step's prompt as a WAV file (8 kHz mono), to hear what callers hear.
#[utoipa::path(get, path = "/ivr/flows/{id}/prompts/{step}", tag = "ivr",
    params(("id" = i64, Path, description = "The flow's id"),
        ("step" = String, Path, description = "The step's id")),
    responses((status = 200, description = "The prompt", content_type = "audio/wav", body = Vec<u8>),
        Invalid, SignedIn, NotFound))]
pub async fn get_prompt(
    With(state, auth): With<AuthUser>,
    Path((id, step_id)): Path<(i64, String)>,
) -> Result<impl IntoResponse> {
    mine(&state.db.pool, id, auth.user.id).await?;
    let prompt = repo::prompt_audio(&state.db.pool, id, &step_id)
        .await?
        .ok_or_else(|| Error::NotFound("Prompt not found".into()))?;
    Ok((
        [(header::CONTENT_TYPE, "audio/wav")],
        audio::pcm_to_wav(&prompt.pcm),
    ))
}
