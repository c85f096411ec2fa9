//! The switch's API (/api/telephony/*): may a call go (authorize), what did it cost
//! (CDRs), and its recording, authenticated with DIALTONE_SWITCH_TOKEN. The live calls
//! (`live`) and the devices' digest lookups (`devices::registrar`) answer the switch
//! too.

use super::{authorize, cdr, live, Switch};

use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::json::Money;
use crate::openapi::responses::{AtCapacity, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

/// Recordings are audio files, far larger than any JSON body.
const MAX_RECORDING_BYTES: usize = 50 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_authorize))
        .routes(routes!(post_cdr))
        .routes(routes!(put_recording).layer(DefaultBodyLimit::max(MAX_RECORDING_BYTES)))
        .merge(live::router())
}

/// May this call proceed, and for how long? Reserves what the longest call would cost.
#[utoipa::path(post, path = "/telephony/authorize", tag = "telephony",
    security(("switch" = [])),
    request_body = authorize::AuthorizeRequest,
    responses((status = 200, description = "Allowed for at most maxDurationSeconds, or refused \
            with a reason", body = authorize::AuthorizeResponse),
        Invalid, SignedIn, AtCapacity))]
async fn post_authorize(
    With(state, _switch): With<Switch>,
    Json(req): Json<authorize::AuthorizeRequest>,
) -> Result<axum::Json<authorize::AuthorizeResponse>> {
    let _slot = slot(&state)?;
    let mut answer = authorize::authorize(&state, &req).await?;
    super::stir::sign(&state, &req, &mut answer);
    let outcome = answer.reason.clone().unwrap_or_else(|| "allowed".into());
    metrics::counter!("dialtone_authorize_decisions_total", "outcome" => outcome).increment(1);
    Ok(axum::Json(answer))
}

/// A slot of the switch's queue, or 503 at once when none is free: past capacity the
/// switch's requests are refused, not queued behind a slow database until they time
/// out (the switch then fails a new call closed, and sends a CDR again later).
fn slot(state: &AppState) -> Result<tokio::sync::OwnedSemaphorePermit> {
    state.switch_slots.clone().try_acquire_owned().map_err(|_| {
        metrics::counter!("dialtone_switch_shed_total").increment(1);
        Error::Unavailable {
            message: "Dialtone is at capacity. Try again in a moment.".into(),
            retry_after_secs: 1,
        }
    })
}

/// What a CDR cost, as recorded (a replayed CDR answers the same).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CdrAnswer {
    pub call_id: String,
    pub billable_seconds: i64,
    /// Seconds taken from the user's packages.
    pub package_seconds: i64,
    /// Charged to the balance.
    pub cost: Money,
    /// The CDR's status.
    #[schema(example = "completed")]
    pub status: String,
}

/// Records the end of a call: rating, package minutes and the debit, once per callId.
#[utoipa::path(post, path = "/telephony/cdr", tag = "telephony",
    security(("switch" = [])),
    request_body = cdr::Cdr,
    responses((status = 200, description = "The call as recorded", body = CdrAnswer),
        Invalid, SignedIn, NotFound, AtCapacity))]
async fn post_cdr(
    With(state, _switch): With<Switch>,
    Json(cdr): Json<cdr::Cdr>,
) -> Result<axum::Json<CdrAnswer>> {
    let _slot = slot(&state)?;
    let r = cdr::record(&state, &cdr).await?;
    Ok(axum::Json(CdrAnswer {
        call_id: r.call_id,
        billable_seconds: r.billable_seconds,
        package_seconds: r.package_seconds,
        cost: Money::micros(r.cost_micros),
        status: r.status,
    }))
}

/// A call recording: the bytes of a WAV file. Documentation only.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct WavFile(#[allow(dead_code)] Vec<u8>);

/// Stores a call's recording (WAV); the call record then offers it for download.
#[utoipa::path(put, path = "/telephony/recordings/{call_id}", tag = "telephony",
    security(("switch" = [])),
    params(("call_id" = String, Path, description = "The call's callId, 1 to 128 characters")),
    request_body(description = "The recording: a WAV file (RIFF/WAVE), at most 50 MB; \
            the Content-Type is not checked",
        content((WavFile = "audio/wav"), (WavFile = "application/octet-stream"))),
    responses((status = 204, description = "Stored"), Invalid, SignedIn))]
async fn put_recording(
    With(state, _switch): With<Switch>,
    Path(call_id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode> {
    if call_id.trim().is_empty() || call_id.len() > 128 {
        return Err(Error::bad_request(
            "callId is required (at most 128 characters)",
        ));
    }
    let body = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Error::bad_request("A recording must be at most 50 MB")
        } else {
            Error::bad_request("The recording could not be read")
        }
    })?;
    if body.len() < 12 || &body[..4] != b"RIFF" || &body[8..12] != b"WAVE" {
        return Err(Error::bad_request("A recording must be a WAV file"));
    }
    crate::voice::calls::recording::store(&state, &call_id, &body).await?;
    Ok(StatusCode::NO_CONTENT)
}
