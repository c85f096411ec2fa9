//! The sender: claims due deliveries under a lease and POSTs each on its own task,
//! so a slow or dead customer server holds up nothing but its own delivery.

use super::backoff::next_attempt_at;
use super::guard;
use super::repo::{self, Claimed, Outcome};
use super::signature;
use crate::db::now_ms;
use crate::state::AppState;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// How long a customer's server has to answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a claim keeps other instances off a delivery: well past TIMEOUT, so an
/// attempt still in flight is never taken over; an instance that dies mid-attempt
/// leaves it to the others after this.
const LEASE_MS: i64 = 60_000;
/// Deliveries claimed at once.
const BATCH: usize = 32;
/// Deliveries in flight at once per instance.
const MAX_IN_FLIGHT: usize = 128;

/// The HTTP client: one that reaches public addresses only, unless private targets
/// are allowed (see `guard`).
pub(crate) fn client(private_targets: bool) -> &'static reqwest::Client {
    static GUARDED: OnceLock<reqwest::Client> = OnceLock::new();
    static OPEN: OnceLock<reqwest::Client> = OnceLock::new();
    let build = |guarded: bool| {
        let builder = reqwest::Client::builder()
            .timeout(TIMEOUT)
            // A redirect is an answer that was not 2xx; following it would send the
            // signed body somewhere the customer did not configure.
            .redirect(reqwest::redirect::Policy::none())
            // A proxy from the environment would resolve names itself, past the guard.
            .no_proxy()
            .user_agent("Dialtone-Webhooks/1.0");
        let builder = if guarded {
            builder.dns_resolver(Arc::new(guard::PublicOnly))
        } else {
            builder
        };
        builder.build().expect("the webhook HTTP client builds")
    };
    if private_targets {
        OPEN.get_or_init(|| build(false))
    } else {
        GUARDED.get_or_init(|| build(true))
    }
}

/// Sends every delivery due at `now` (up to one batch) and waits for all of them:
/// what the job does each second, callable by tests with a moment of their choosing.
/// Returns how many were attempted.
pub async fn deliver_due(state: &AppState, now: i64) -> anyhow::Result<usize> {
    let due = claim(state, now, BATCH).await?;
    let count = due.len();
    let mut tasks = JoinSet::new();
    for d in due {
        let state = state.clone();
        tasks.spawn(async move { attempt(&state, d, now).await });
    }
    // Every attempt runs to its end (dropping the set would cancel the rest mid-POST);
    // the first error is reported after.
    let mut failure = None;
    while let Some(done) = tasks.join_next().await {
        if let Err(e) = done.map_err(anyhow::Error::from).and_then(|r| r) {
            failure.get_or_insert(e);
        }
    }
    failure.map_or(Ok(count), Err)
}

/// Starts the sender: each second it claims as many due deliveries as it has room
/// for and sends each on a task of its own, without waiting for earlier ones.
pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        let room = Arc::new(Semaphore::new(MAX_IN_FLIGHT));
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let free = room.available_permits().min(BATCH);
            if free == 0 {
                continue;
            }
            let now = now_ms();
            let due = match claim(&state, now, free).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::error!(error = ?e, "claiming webhook deliveries failed");
                    continue;
                }
            };
            for d in due {
                let Ok(permit) = room.clone().try_acquire_owned() else {
                    break;
                };
                let state = state.clone();
                tokio::spawn(async move {
                    if let Err(e) = attempt(&state, d, now).await {
                        tracing::error!(error = ?e, "recording a webhook attempt failed");
                    }
                    drop(permit);
                });
            }
        }
    });
}

async fn claim(state: &AppState, now: i64, batch: usize) -> sqlx::Result<Vec<Claimed>> {
    let batch = i64::try_from(batch).unwrap_or(i64::MAX);
    repo::DUE.take(&state.db, now, now + LEASE_MS, batch).await
}

/// One attempt of a claimed delivery, logged, and the delivery's next state.
async fn attempt(state: &AppState, d: Claimed, now: i64) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut body_head = None;
    let answer = post(state, &d, &mut body_head).await;
    let duration_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let (code, error) = match &answer {
        Ok(code) => (Some(i64::from(*code)), None),
        Err(e) => (None, Some(e.as_str())),
    };
    // Refused by policy: no retry would be let through either.
    let refused = matches!(&answer, Err(e) if e == guard::REFUSED || e == INVALID_URL);
    let outcome = match answer {
        Ok(code) if (200..300).contains(&code) => Outcome::Delivered,
        _ if refused => Outcome::Failed,
        _ => match next_attempt_at(d.attempts + 1, now, d.give_up_at) {
            Some(at) => Outcome::RetryAt(at),
            None => Outcome::Failed,
        },
    };
    let result = match outcome {
        Outcome::Delivered => "delivered",
        Outcome::RetryAt(_) => "retry",
        Outcome::Failed => "failed",
    };
    metrics::counter!("dialtone_webhook_attempts_total", "result" => result).increment(1);
    let mut tx = state.db.begin_write().await?;
    repo::record_attempt(&mut *tx, d.id, now, code, error, duration_ms).await?;
    let seen = Seen {
        code,
        error,
        body: body_head,
        duration_ms,
    };
    crate::debugger::repo::insert(&mut *tx, &debugger_event(&d, seen, now)).await?;
    match (code, refused) {
        (Some(_), _) => repo::endpoint_answered(&mut *tx, &d.url).await?,
        (None, false) => repo::endpoint_failed(&mut *tx, &d.url, now + repo::PARK_MS, now).await?,
        (None, true) => {}
    }
    if repo::finish(&mut *tx, &d, now, code, error, outcome).await? {
        tx.commit().await?;
    } else {
        tracing::warn!(delivery = d.id, "a webhook attempt outlived its lease");
    }
    Ok(())
}

/// What an attempt saw, for the Debugger.
struct Seen<'a> {
    code: Option<i64>,
    error: Option<&'a str>,
    body: Option<String>,
    duration_ms: i64,
}

/// The attempt as the Debugger lists it: an error (Twilio's 11200) unless a 2xx came.
fn debugger_event(d: &Claimed, seen: Seen<'_>, now: i64) -> crate::debugger::repo::Event {
    let delivered = seen.code.is_some_and(|c| (200..300).contains(&c));
    let call_sid = url::form_urlencoded::parse(d.body.as_bytes())
        .find(|(k, _)| k == "CallSid")
        .map(|(_, v)| v.into_owned());
    crate::debugger::repo::Event {
        id: 0,
        user_id: d.user_id,
        source: "webhook".into(),
        level: if delivered { "info" } else { "error" }.into(),
        code: (!delivered).then_some(11200),
        call_sid,
        method: d.method.clone(),
        url: d.url.clone(),
        request: d.body.clone(),
        status: seen.code,
        response: seen.body,
        message: match (seen.error, seen.code) {
            (Some(e), _) => Some(e.to_string()),
            (None, Some(c)) if !delivered => Some(format!("The server answered HTTP {c}")),
            _ => None,
        },
        duration_ms: seen.duration_ms,
        created_at: now,
    }
}

/// The first BODY_KEPT bytes of an answer, never more read.
async fn body_head(mut answer: reqwest::Response) -> String {
    let mut body = Vec::new();
    while let Ok(Some(chunk)) = answer.chunk().await {
        body.extend_from_slice(&chunk);
        if body.len() >= crate::debugger::BODY_KEPT {
            break;
        }
    }
    crate::debugger::head(&String::from_utf8_lossy(&body))
}

/// POSTs the delivery's body, signed with its owner's current auth token: the HTTP
/// status of the answer (the start of its body into `head`), or why there was none.
async fn post(state: &AppState, d: &Claimed, head: &mut Option<String>) -> Result<u16, String> {
    let token = crate::credentials::auth_token(state, d.user_id)
        .await
        .map_err(|e| {
            tracing::error!(error = ?e, user = d.user_id, "no auth token to sign a webhook");
            "Dialtone could not sign the request".to_string()
        })?;
    let private_targets = state.config.webhook_private_targets;
    if !private_targets && guard::private_literal(&d.url) {
        return Err(guard::REFUSED.into());
    }
    let params: Vec<(String, String)> = url::form_urlencoded::parse(d.body.as_bytes())
        .into_owned()
        .collect();
    let request = if d.method == "GET" {
        let asked = with_query(&d.url, &params).ok_or(INVALID_URL)?;
        client(private_targets)
            .get(&asked)
            .header("X-Twilio-Signature", signature(&token, &asked, &[]))
    } else {
        client(private_targets)
            .post(&d.url)
            .header("X-Twilio-Signature", signature(&token, &d.url, &params))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(d.body.clone())
    };
    let answer = request.send().await.map_err(|e| describe(&e))?;
    let status = answer.status().as_u16();
    *head = Some(body_head(answer).await);
    Ok(status)
}

const INVALID_URL: &str = "Not a valid URL";

/// `url` with `params` added to its query, as a GET asks (and Twilio signs) it.
pub(crate) fn with_query(url: &str, params: &[(String, String)]) -> Option<String> {
    let mut url = url::Url::parse(url).ok()?;
    url.query_pairs_mut().extend_pairs(params);
    Some(url.into())
}

/// Why a request got no answer, in words for the customer's delivery list.
fn describe(e: &reqwest::Error) -> String {
    if guard::refused(e) {
        guard::REFUSED.into()
    } else if e.is_timeout() {
        format!("No answer within {} seconds", TIMEOUT.as_secs())
    } else if e.is_connect() {
        "Could not connect".into()
    } else if e.is_builder() {
        INVALID_URL.into()
    } else {
        e.to_string().chars().take(200).collect()
    }
}
