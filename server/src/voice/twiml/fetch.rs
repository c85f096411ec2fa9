//! Asking the customer's server for the next TwiML document: Twilio's parameters,
//! signed with the account's auth token, through the webhook sender's guarded client
//! (public addresses only unless allowed; no redirects; no proxy). A call waits only
//! for its own document, and a URL that keeps giving no answer is parked for a while
//! (`breaker`): its calls go to the fallback at once. Failures carry Twilio's codes: 11200 (no usable answer),
//! 12300 (not XML), and the compiler's 12100 and 12200.

use super::{breaker, TwimlCall};
use crate::db::now_ms;
use crate::debugger;
use crate::state::AppState;
use crate::webhooks::{guard, signature};
use dialtone_core::ivr::Fetch;
use dialtone_core::twiml::{self, Compiled, TwimlError};
use std::collections::BTreeMap;
use std::time::Instant;

/// Twilio's "HTTP retrieval failure".
pub const RETRIEVAL_FAILURE: u32 = 11200;
/// Twilio's "Invalid Content-Type".
pub const CONTENT_TYPE: u32 = 12300;
/// The largest document read (Twilio's limit is 64 KB).
pub const MAX_DOCUMENT: usize = 64 * 1024;

fn retrieval(message: impl Into<String>) -> TwimlError {
    TwimlError {
        code: RETRIEVAL_FAILURE,
        message: message.into(),
    }
}

/// The document at `at`, asked about `call` in `status` with `extra` parameters
/// (Digits, DialCallStatus, ...), compiled; the exchange goes to the Debugger.
pub async fn document(
    state: &AppState,
    call: &TwimlCall,
    at: &Fetch,
    status: &str,
    extra: &BTreeMap<String, String>,
) -> Result<Compiled, TwimlError> {
    let mut params = call.params(status);
    params.extend(extra.iter().map(|(k, v)| (k.clone(), v.clone())));
    let started = Instant::now();
    let mut seen = Seen::default();
    let result = ask(state, call.owner_id, at, &params, &mut seen)
        .await
        .and_then(|body| twiml::compile(&body, at));
    let (level, code, message) = match &result {
        Ok(c) if c.warnings.is_empty() => ("info", None, None),
        Ok(c) => {
            let all: Vec<&str> = c.warnings.iter().map(|w| w.message.as_str()).collect();
            ("warning", Some(twiml::SCHEMA), Some(all.join("; ")))
        }
        Err(e) => ("error", Some(e.code), Some(e.message.clone())),
    };
    let event = debugger::repo::Event {
        id: 0,
        user_id: call.owner_id,
        source: "twiml".into(),
        level: level.into(),
        code: code.map(i64::from),
        call_sid: Some(call.call_sid.clone()),
        method: at.method.clone(),
        url: at.url.clone(),
        request: form(&params),
        status: seen.status.map(i64::from),
        response: seen.body.as_deref().map(debugger::head),
        message,
        duration_ms: debugger::since(started),
        created_at: now_ms(),
    };
    debugger::record(state, event).await;
    result
}

/// What came back, for the Debugger.
#[derive(Default)]
struct Seen {
    status: Option<u16>,
    body: Option<String>,
}

fn form(params: &[(String, String)]) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(params)
        .finish()
}

async fn ask(
    state: &AppState,
    owner: i64,
    at: &Fetch,
    params: &[(String, String)],
    seen: &mut Seen,
) -> Result<String, TwimlError> {
    let private_targets = state.config.webhook_private_targets;
    if !private_targets && guard::private_literal(&at.url) {
        return Err(retrieval(guard::REFUSED));
    }
    if let Some(until) = breaker::parked_until(&at.url, now_ms()) {
        let seconds = (until - now_ms() + 999) / 1000;
        return Err(retrieval(format!(
            "Not asked: {} gave no answer the last {} times; it is asked again in {seconds} s",
            at.url,
            dialtone_core::breaker::FAILURES_TO_PARK
        )));
    }
    let token = crate::credentials::auth_token(state, owner)
        .await
        .map_err(|_| retrieval("Dialtone could not sign the request"))?;
    let client = crate::webhooks::sender::client(private_targets);
    let request = if at.method == "GET" {
        let url = crate::webhooks::sender::with_query(&at.url, params)
            .ok_or_else(|| retrieval("Not a valid URL"))?;
        let signed = signature(&token, &url, &[]);
        client.get(url).header("X-Twilio-Signature", signed)
    } else {
        client
            .post(&at.url)
            .header("X-Twilio-Signature", signature(&token, &at.url, params))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(form(params))
    };
    let answer = request.send().await;
    // A refusal by the address guard is Dialtone's, not a miss of the customer's server.
    let missed = answer
        .as_ref()
        .is_err_and(|e| e.is_timeout() || (e.is_connect() && reason(e) != guard::REFUSED));
    breaker::note(&at.url, !missed, now_ms());
    let answer =
        answer.map_err(|e| retrieval(format!("No answer from {}: {}", at.url, reason(&e))))?;
    let code = answer.status();
    seen.status = Some(code.as_u16());
    let content_type = answer
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let body = read_limited(answer, MAX_DOCUMENT).await?;
    let text = String::from_utf8_lossy(&body).into_owned();
    seen.body = Some(text.clone());
    if !code.is_success() {
        return Err(retrieval(format!(
            "{} answered HTTP {}",
            at.url,
            code.as_u16()
        )));
    }
    if !(content_type.contains("xml") || content_type.starts_with("text/")) {
        return Err(TwimlError {
            code: CONTENT_TYPE,
            message: format!("The answer's Content-Type '{content_type}' is not XML"),
        });
    }
    Ok(text)
}

/// The body, refused past `limit` bytes.
pub async fn read_limited(
    mut answer: reqwest::Response,
    limit: usize,
) -> Result<Vec<u8>, TwimlError> {
    let mut body = Vec::new();
    while let Some(chunk) = answer.chunk().await.map_err(|e| retrieval(reason(&e)))? {
        body.extend_from_slice(&chunk);
        if body.len() > limit {
            return Err(retrieval(format!(
                "The answer is larger than {limit} bytes"
            )));
        }
    }
    Ok(body)
}

fn reason(e: &reqwest::Error) -> String {
    if guard::refused(e) {
        guard::REFUSED.into()
    } else if e.is_timeout() {
        "it did not answer in time".into()
    } else if e.is_connect() {
        "could not connect".into()
    } else {
        e.to_string().chars().take(200).collect()
    }
}
