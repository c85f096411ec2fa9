//! The API's refusals in the Debugger, as Twilio's Debugger lists them: a request an
//! authenticated account made that Dialtone answered with an error (4xx or 5xx) is
//! recorded with its method, path, parameters, status, Twilio error code and message.
//! A request whose credentials failed is not: the account it names could not be told
//! from someone guessing at it, who must not be able to fill its Debugger.

use crate::debugger::{self, repo::Event};
use crate::state::AppState;
use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// The largest request body read for the record: the API's own limit.
const BODY_LIMIT: usize = 64 * 1024;

/// Who the request was authenticated as, set by `ApiAccount` once the credentials
/// passed and read here after the answer.
#[derive(Clone, Default)]
pub struct Caller(Arc<OnceLock<i64>>);

impl Caller {
    pub fn authenticated(&self, user_id: i64) {
        let _ = self.0.set(user_id);
    }
}

/// The middleware around the Twilio-compatible router.
pub async fn record(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let caller = Caller::default();
    let (mut parts, body) = request.into_parts();
    parts.extensions.insert(caller.clone());
    let Ok(sent) = to_bytes(body, BODY_LIMIT).await else {
        return super::error::TwilioError::bad(
            super::error::code::INVALID,
            "The request body is too large",
        )
        .into_response();
    };
    let method = parts.method.to_string();
    let url = parts.uri.to_string();
    let params = match parts.uri.query() {
        Some(query) if sent.is_empty() => query.to_string(),
        _ => String::from_utf8_lossy(&sent).into_owned(),
    };
    let response = next.run(Request::from_parts(parts, Body::from(sent))).await;
    let status = response.status();
    let Some(&user_id) = caller
        .0
        .get()
        .filter(|_| status.is_client_error() || status.is_server_error())
    else {
        return response;
    };
    let (head, body) = response.into_parts();
    let answer = to_bytes(body, BODY_LIMIT).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&answer);
    let error: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let event = Event {
        id: 0,
        user_id,
        source: "api".into(),
        level: "error".into(),
        code: error["code"].as_i64(),
        call_sid: None,
        method,
        url,
        request: debugger::head(&params),
        status: Some(i64::from(status.as_u16())),
        response: Some(debugger::head(&text)),
        message: error["message"].as_str().map(str::to_string),
        duration_ms: debugger::since(started),
        created_at: crate::db::now_ms(),
    };
    debugger::record(&state, event).await;
    Response::from_parts(head, Body::from(answer))
}
