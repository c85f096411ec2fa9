//! Calls in progress: the switch reports each answer (with the SIP dialog), customers
//! see their own calls, administrators see every call and can hang one up, which
//! asks the switch that carries it (POST <switch>/hangup, with the switch token).

use super::repo::live::{self, Dialog, LiveRow};
use super::Switch;
use crate::audit;
use crate::auth::{AdminUser, AuthUser};
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn, Upstream};
use crate::state::AppState;
use axum::http::StatusCode;
use dialtone_core::rating::{rate_call, Increments};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_answered))
        .routes(routes!(post_answered_batch))
        .routes(routes!(my_live_calls))
        .routes(routes!(all_live_calls))
        .routes(routes!(hang_up))
}

/// What the switch reports when a call is answered.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnsweredReport {
    /// The callId the call was authorized with.
    pub call_id: String,
    /// For a forwarded call: the callId of its second, outbound leg.
    #[serde(default)]
    pub forward_id: Option<String>,
    /// The SIP dialog: Call-ID, From tag and To tag.
    pub sip_call_id: String,
    pub from_tag: String,
    pub to_tag: String,
    /// The base URL at which this switch takes Dialtone's commands.
    pub switch: String,
}

fn bounded(value: &str, field: &str) -> Result<()> {
    if value.is_empty() || value.len() > 256 || value.chars().any(char::is_control) {
        return Err(Error::field(
            field,
            format!("{field} is required (at most 256 characters)"),
        ));
    }
    Ok(())
}

/// The calls a report names (a call and, when forwarded, its second leg) and its SIP
/// dialog, once every field is checked.
fn checked(report: &AnsweredReport) -> Result<(Vec<&str>, Dialog)> {
    for (value, field) in [
        (&report.call_id, "callId"),
        (&report.sip_call_id, "sipCallId"),
        (&report.from_tag, "fromTag"),
        (&report.to_tag, "toTag"),
        (&report.switch, "switch"),
    ] {
        bounded(value, field)?;
    }
    if !report.switch.starts_with("http://") && !report.switch.starts_with("https://") {
        return Err(Error::field("switch", "switch must be an http(s) URL"));
    }
    let mut ids = vec![report.call_id.as_str()];
    if let Some(forward) = report.forward_id.as_deref().filter(|f| !f.is_empty()) {
        bounded(forward, "forwardId")?;
        ids.push(forward);
    }
    let dialog = Dialog {
        sip_call_id: report.sip_call_id.clone(),
        from_tag: report.from_tag.clone(),
        to_tag: report.to_tag.clone(),
        switch_rpc: report.switch.clone(),
    };
    Ok((ids, dialog))
}

/// Records checked reports, all in one write transaction.
async fn record(state: &AppState, checked: &[(Vec<&str>, Dialog)]) -> Result<()> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    for (ids, dialog) in checked {
        live::answered(&mut *tx, ids, now, dialog).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The switch reports an answered call; calls already ended are ignored.
#[utoipa::path(post, path = "/telephony/answered", tag = "telephony",
    security(("switch" = [])),
    request_body = AnsweredReport,
    responses((status = 204, description = "Recorded (or the call had already ended)"),
        Invalid, SignedIn))]
pub async fn post_answered(
    With(state, _switch): With<Switch>,
    Json(report): Json<AnsweredReport>,
) -> Result<StatusCode> {
    record(&state, &[checked(&report)?]).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The most answers one batch may report.
pub const MAX_ANSWERED_BATCH: usize = 500;

/// Answers the switch reports together.
#[derive(Deserialize, ToSchema)]
pub struct AnsweredBatch {
    /// 1 to 500 reports, each as `POST /telephony/answered` takes it.
    pub answered: Vec<AnsweredReport>,
}

/// What became of a batch: how many reports were recorded, and the ones refused.
#[derive(Serialize, ToSchema)]
pub struct AnsweredBatchResult {
    pub recorded: usize,
    pub refused: Vec<RefusedReport>,
}

/// A report of a batch that was not valid, by its place in the batch (from 0).
#[derive(Serialize, ToSchema)]
pub struct RefusedReport {
    pub index: usize,
    pub message: String,
}

/// The switch reports the calls answered in the last tenth of a second, in one request
/// and one transaction (at hundreds of calls a second, one each was as many requests
/// and write transactions). An invalid report (a device's oversized Call-ID) is refused
/// alone: the others are recorded.
#[utoipa::path(post, path = "/telephony/answered/batch", tag = "telephony",
    security(("switch" = [])),
    request_body = AnsweredBatch,
    responses((status = 200, description = "Recorded (calls already ended are ignored), but \
            for the reports refused", body = AnsweredBatchResult),
        Invalid, SignedIn))]
pub async fn post_answered_batch(
    With(state, _switch): With<Switch>,
    Json(batch): Json<AnsweredBatch>,
) -> Result<axum::Json<AnsweredBatchResult>> {
    if batch.answered.is_empty() || batch.answered.len() > MAX_ANSWERED_BATCH {
        return Err(Error::field(
            "answered",
            format!("answered must hold 1 to {MAX_ANSWERED_BATCH} reports"),
        ));
    }
    let (mut valid, mut refused) = (Vec::new(), Vec::new());
    for (index, report) in batch.answered.iter().enumerate() {
        match checked(report) {
            Ok(c) => valid.push(c),
            Err(e) => refused.push(RefusedReport {
                index,
                message: e.to_string(),
            }),
        }
    }
    if !valid.is_empty() {
        record(&state, &valid).await?;
    }
    Ok(axum::Json(AnsweredBatchResult {
        recorded: valid.len(),
        refused,
    }))
}

/// A call in progress.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveCall {
    pub call_id: String,
    /// "inbound" or "outbound".
    #[serde(rename = "type")]
    pub kind: String,
    pub from: String,
    pub to: String,
    /// The customer's email (administrators' list only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<i64>,
    /// When the switch asked for it (ms since the epoch).
    pub started_at: i64,
    /// When it was answered; null while it rings.
    pub answered_at: Option<i64>,
    /// Talk time so far, whole seconds.
    pub duration_seconds: i64,
    /// What the talk time so far costs at the call's rate (package minutes first).
    pub cost_so_far: Money,
    /// The longest the call may last: the switch ends it then.
    pub max_duration_seconds: i64,
}

#[derive(Serialize, ToSchema)]
pub struct LiveCalls {
    /// Oldest first, at most 200.
    pub items: Vec<LiveCall>,
}

fn describe(row: LiveRow, now: i64, admin: bool) -> LiveCall {
    let talked = row
        .answered_at
        .map(|at| ((now - at).max(0) + 999) / 1000)
        .unwrap_or(0);
    let increments = Increments {
        first: row.first_increment,
        next: row.next_increment,
    };
    let cost = rate_call(talked, row.rate_micros, increments, row.package_seconds).cost;
    LiveCall {
        call_id: row.call_id,
        kind: row.direction,
        from: row.from,
        to: row.to,
        customer: admin.then_some(row.customer),
        user_id: admin.then_some(row.user_id),
        started_at: row.created_at,
        answered_at: row.answered_at,
        duration_seconds: talked,
        cost_so_far: Money::micros(cost),
        max_duration_seconds: (row.expires_at
            - row.created_at
            - super::authorize::RESERVATION_SLACK_MS)
            / 1000,
    }
}

async fn listed(state: &AppState, user: Option<i64>) -> Result<LiveCalls> {
    let rows = live::list(&state.db.pool, user).await?;
    let now = now_ms();
    let admin = user.is_none();
    Ok(LiveCalls {
        items: rows.into_iter().map(|r| describe(r, now, admin)).collect(),
    })
}

/// My calls in progress.
#[utoipa::path(get, path = "/calls/live", tag = "calls",
    responses((status = 200, description = "My calls in progress", body = LiveCalls), SignedIn))]
pub async fn my_live_calls(With(state, auth): With<AuthUser>) -> Result<axum::Json<LiveCalls>> {
    Ok(axum::Json(listed(&state, Some(auth.user.id)).await?))
}

/// Every call in progress, with its customer.
#[utoipa::path(get, path = "/admin/calls/live", tag = "admin",
    responses((status = 200, description = "Calls in progress", body = LiveCalls),
        SignedIn, AdminOnly))]
pub async fn all_live_calls(With(state, _admin): With<AdminUser>) -> Result<axum::Json<LiveCalls>> {
    Ok(axum::Json(listed(&state, None).await?))
}

/// Hangs up a call in progress: the switch sends BYE to both legs, and the call's CDR
/// bills its talk time as for any hang-up.
#[utoipa::path(post, path = "/admin/calls/live/{call_id}/hangup", tag = "admin",
    params(("call_id" = String, Path, description = "The call's callId")),
    responses((status = 204, description = "The switch hung up the call"),
        SignedIn, AdminOnly, NotFound, Conflict, Upstream))]
pub async fn hang_up(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(call_id): Path<String>,
) -> Result<StatusCode> {
    let dialog = live::dialog_of(&state.db.pool, &call_id)
        .await?
        .ok_or_else(|| Error::NotFound("This call is not in progress".into()))?
        .ok_or_else(|| {
            Error::Conflict(
                "This call is not answered yet: it ends when the caller gives up".into(),
            )
        })?;
    terminate(&state, &dialog).await?;
    let entry = audit::Entry {
        actor_id: Some(admin.id),
        action: "call.hangup",
        target_type: "call",
        target_id: call_id,
        before: None,
        after: None,
    };
    audit::record(&state.db.pool, entry).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Hangs up every answered call in progress of an account (a suspension for fraud):
/// how many the switches ended. One that cannot be reached is logged and skipped; its
/// call still ends at its authorized length.
pub async fn hang_up_account(state: &AppState, user_id: i64) -> Result<usize> {
    let dialogs = live::dialogs_of_user(&state.db.pool, user_id).await?;
    let mut ended = 0;
    for d in &dialogs {
        match terminate(state, d).await {
            Ok(()) => ended += 1,
            Err(e) => tracing::warn!(user_id, error = %e, "a call of a suspended account went on"),
        }
    }
    Ok(ended)
}

/// Asks the switch carrying the call to end it: it sends the CDR of the talk time so
/// far, then BYE to both legs (switch/kamailio.cfg, route HANGUP).
async fn terminate(state: &AppState, d: &Dialog) -> Result<()> {
    let unreachable = |e: &dyn std::fmt::Display| {
        tracing::warn!(switch = %d.switch_rpc, error = %e, "hang-up not delivered");
        Error::BadGateway("The switch could not be reached to hang up this call".into())
    };
    let response = reqwest::Client::new()
        .post(format!("{}/hangup", d.switch_rpc.trim_end_matches('/')))
        .bearer_auth(&state.config.switch_token)
        .timeout(std::time::Duration::from_secs(5))
        .json(&json!({
            "sipCallId": d.sip_call_id,
            "fromTag": d.from_tag,
            "toTag": d.to_tag,
        }))
        .send()
        .await
        .map_err(|e| unreachable(&e))?;
    match response.status() {
        s if s.is_success() => Ok(()),
        reqwest::StatusCode::NOT_FOUND => Err(Error::Conflict(
            "The switch no longer carries this call".into(),
        )),
        s => Err(unreachable(&s)),
    }
}
