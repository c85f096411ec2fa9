//! Recordings: what TwiML's <Record> made on the account's calls, listed (all, or one
//! call's), fetched, downloaded as WAV, deleted.

use super::auth::ApiAccount;
use super::error::responses::{Credentials, Invalid, Missing, Throttled};
use super::error::{TwilioError, TwilioResult};
use super::wire::{self, PageMeta, Paging, API_VERSION};
use crate::extract::With;
use crate::voice::twiml::repo::recordings::{self, Recording};
use axum::extract::{Path, RawQuery};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct TwilioRecording {
    pub account_sid: String,
    pub api_version: String,
    pub call_sid: String,
    pub channels: u32,
    pub date_created: String,
    pub date_updated: String,
    /// Seconds, as a string.
    pub duration: String,
    #[schema(example = "RE0123456789abcdef0123456789abcdef")]
    pub sid: String,
    /// RecordVerb: made by TwiML's <Record>.
    pub source: String,
    pub start_time: String,
    pub status: String,
    /// The metadata (.json); the audio is the same path without it, or with .wav.
    pub uri: String,
}

fn view(account_sid: &str, r: Recording) -> TwilioRecording {
    TwilioRecording {
        account_sid: account_sid.into(),
        api_version: API_VERSION.into(),
        call_sid: r.call_sid,
        channels: 1,
        date_created: wire::date(r.created_at),
        date_updated: wire::date(r.created_at),
        duration: ((r.duration_ms + 500) / 1000).to_string(),
        source: "RecordVerb".into(),
        start_time: wire::date(r.created_at),
        status: "completed".into(),
        uri: format!("{}/Recordings/{}.json", super::base(account_sid), r.sid),
        sid: r.sid,
    }
}

#[derive(Serialize, ToSchema)]
pub struct RecordingPage {
    pub recordings: Vec<TwilioRecording>,
    #[serde(flatten)]
    pub meta: PageMeta,
}

async fn page(
    state: &crate::state::AppState,
    account: &ApiAccount,
    query: Option<String>,
    call_sid: &str,
    resource: &str,
) -> TwilioResult<RecordingPage> {
    let list = super::ListQuery::parse(query)?;
    let call = list.params.text("CallSid").unwrap_or(call_sid).to_string();
    let rows = recordings::list(&state.db.pool, account.user.id, &call, &list.window()).await?;
    let list_of = (account.account_sid.as_str(), resource);
    let (recordings, meta) = list.page(rows, list_of, &["CallSid"], |r| r.id, view);
    Ok(RecordingPage { recordings, meta })
}

/// The account's recordings, newest first (one call's with CallSid).
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Recordings.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("CallSid" = Option<String>, Query, description = "Only this call's recordings"), Paging),
    responses((status = 200, description = "One page of recordings", body = RecordingPage), Invalid, Credentials, Throttled))]
pub async fn list_recordings(
    With(state, account): With<ApiAccount>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<RecordingPage>> {
    Ok(axum::Json(
        page(&state, &account, query, "", "Recordings").await?,
    ))
}

/// One call's recordings, newest first.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}/Recordings.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("CallSid" = String, Path, description = "The call's SID"), Paging),
    responses((status = 200, description = "One page of the call's recordings", body = RecordingPage), Invalid, Credentials, Throttled))]
pub async fn list_call_recordings(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<RecordingPage>> {
    let resource = format!("Calls/{}/Recordings", path.1);
    Ok(axum::Json(
        page(&state, &account, query, &path.1, &resource).await?,
    ))
}

/// One recording's metadata; the same path with `.wav` instead of `.json` (or with no
/// extension) is its audio, `audio/x-wav`, and with `.mp3` the same audio as MP3.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The recording's SID")),
    responses((status = 200, description = "The recording, or its WAV", body = TwilioRecording), Credentials, Missing, Throttled))]
pub async fn fetch_recording(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<Response> {
    let missing = || TwilioError::not_found("Recording");
    let pool = &state.db.pool;
    if let Some(sid) = path.1.strip_suffix(".json") {
        let r = recordings::find(pool, account.user.id, sid)
            .await?
            .ok_or_else(missing)?;
        return Ok(axum::Json(view(&account.account_sid, r)).into_response());
    }
    let (sid, mp3) = match path.1.strip_suffix(".mp3") {
        Some(sid) => (sid, true),
        None => (path.1.strip_suffix(".wav").unwrap_or(&path.1), false),
    };
    let wav = recordings::audio(pool, account.user.id, sid)
        .await?
        .ok_or_else(missing)?;
    if !mp3 {
        return Ok(([(header::CONTENT_TYPE, "audio/x-wav")], wav).into_response());
    }
    let mp3 = crate::ivr::audio::wav_to_mp3(&wav)
        .await
        .map_err(crate::error::Error::Internal)?;
    Ok(([(header::CONTENT_TYPE, "audio/mpeg")], mp3).into_response())
}

/// Deletes a recording and its audio.
#[utoipa::path(delete, path = "/2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The recording's SID")),
    responses((status = 204, description = "Deleted"), Credentials, Missing, Throttled))]
pub async fn delete_recording(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<StatusCode> {
    let sid = path.1.strip_suffix(".json").unwrap_or(&path.1);
    if recordings::delete(&state.db.pool, account.user.id, sid).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(TwilioError::not_found("Recording"))
    }
}
