//! The Debugger (/api/debugger): every TwiML fetch and webhook attempt of the
//! signed-in account, and every error its Twilio API requests got, with the request, the answer (status and the start of its body),
//! the time it took and Twilio's error code, kept 30 days. `record` is how the
//! TwiML fetcher and the webhook sender write to it; a write that fails is logged and
//! never fails the call or the delivery it describes.

pub mod repo;

use crate::auth::AuthUser;
use crate::db::iso;
use crate::error::Result;
use crate::extract::{Query, With};
use crate::openapi::responses::{Invalid, SignedIn};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

/// How long events are kept.
pub const KEEP_MS: i64 = 30 * 24 * 3600 * 1000;
/// How much of an answer's body is kept.
pub const BODY_KEPT: usize = 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_events))
}

/// `text` cut to BODY_KEPT characters.
pub fn head(text: &str) -> String {
    text.chars().take(BODY_KEPT).collect()
}

/// Writes `event`, logging (not returning) a failure.
pub async fn record(state: &AppState, event: repo::Event) {
    if let Err(e) = repo::insert(&state.db.pool, &event).await {
        tracing::error!(error = %e, user = event.user_id, "a debugger event could not be stored");
    }
}

/// Forgets what is older than 30 days (a job).
pub async fn purge(state: &AppState, now: i64) -> anyhow::Result<u64> {
    Ok(repo::purge(&state.db.pool, now - KEEP_MS).await?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DebuggerFilter {
    /// twiml, webhook or api; empty: all.
    #[serde(default)]
    #[param(required = false, pattern = "^(twiml|webhook|api)?$")]
    source: String,
    /// info, warning or error; empty: all.
    #[serde(default)]
    #[param(required = false, pattern = "^(info|warning|error)?$")]
    level: String,
}

/// One exchange with the account's server.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DebuggerEvent {
    pub id: i64,
    /// twiml (a document fetched for a call), webhook (an event delivered) or api (a
    /// Twilio API request refused).
    pub source: String,
    /// info (it went through), warning (it went on without something), error.
    pub level: String,
    /// Twilio's error code (11200 HTTP retrieval failure, 12100 document parse
    /// failure, 12200 schema validation, 12300 invalid content type; an API error's
    /// own, such as 21211 invalid To).
    pub code: Option<i64>,
    pub call_sid: Option<String>,
    pub method: String,
    pub url: String,
    /// The parameters sent, form-encoded.
    pub request: String,
    /// The answer's HTTP status; null when none came.
    pub status: Option<i64>,
    /// The first 1,000 characters of the answer's body.
    pub response: Option<String>,
    pub message: Option<String>,
    pub duration_ms: i64,
    pub date: String,
}

fn invalid(field: &str, allowed: &[&str], value: &str) -> Result<()> {
    if value.is_empty() || allowed.contains(&value) {
        Ok(())
    } else {
        Err(crate::error::Error::field(
            field,
            "Not one of the listed values",
        ))
    }
}

/// The signed-in account's TwiML fetches, webhook attempts and API errors, newest first.
#[utoipa::path(get, path = "/debugger", tag = "developer",
    params(DebuggerFilter, PageQuery),
    responses((status = 200, description = "One page of events", body = Page<DebuggerEvent>),
        Invalid, SignedIn))]
async fn list_events(
    With(state, auth): With<AuthUser>,
    Query(f): Query<DebuggerFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<DebuggerEvent>>> {
    invalid("source", &["twiml", "webhook", "api"], &f.source)?;
    invalid("level", &["info", "warning", "error"], &f.level)?;
    let page = repo::page(&state.db.pool, auth.user.id, &f.source, &f.level, q).await?;
    Ok(axum::Json(page.map(|e| DebuggerEvent {
        id: e.id,
        source: e.source,
        level: e.level,
        code: e.code,
        call_sid: e.call_sid,
        method: e.method,
        url: e.url,
        request: e.request,
        status: e.status,
        response: e.response,
        message: e.message,
        duration_ms: e.duration_ms,
        date: iso(e.created_at),
    })))
}

/// An event as of now, `duration_ms` after `started`.
pub fn since(started: std::time::Instant) -> i64 {
    i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX)
}
