//! /metrics in Prometheus' text format, through the `metrics` facade: handlers count
//! and time what they do (`metrics::counter!` and friends, no reference to any
//! exporter), and this module installs the Prometheus recorder once per process and
//! adds, at scrape time, the gauges the database knows (calls in progress, money held,
//! the webhook and SMS queues) and the pool's use. Readable with the switch token or DIALTONE_METRICS_TOKEN.

pub mod logs;
mod repo;

use crate::error::{Error, Result};
use crate::state::AppState;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Instant;
use subtle::ConstantTimeEq;

/// Request latency buckets, in seconds: from a cached read to a slow carrier.
const BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Calls written per committed batch of the call path: 1 when calls come one at a
/// time, up to the batch's limit (64) under load.
const TURNS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];

/// How long a call holds the call path's turn (`dialtone_call_turn_seconds`): a
/// few hundred microseconds, below the request buckets' first.
const TURN_SECONDS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1,
];

/// The process's recorder: installed by the first caller (every AppState of the
/// process shares it, as the process's metrics are one set).
fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
            .expect("the buckets are not empty")
            .set_buckets_for_metric(Matcher::Full("dialtone_call_batch_turns".into()), TURNS)
            .expect("the buckets are not empty")
            .set_buckets_for_metric(
                Matcher::Full("dialtone_call_turn_seconds".into()),
                TURN_SECONDS,
            )
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        // Another recorder already installed (a test binary's) keeps its place; this
        // handle then renders what the process recorded through it, possibly nothing.
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// Installs the recorder; `app()` calls it so that counting starts with the first
/// request.
pub fn install() {
    handle();
}

pub fn router() -> Router<AppState> {
    Router::new().route("/metrics", get(get_metrics))
}

/// Counts and times every request by its route pattern (never the raw path: ids in
/// paths would make a series per record).
pub async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "unmatched".into());
    let method = request.method().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route)];
    metrics::histogram!("dialtone_http_request_duration_seconds", &labels)
        .record(started.elapsed().as_secs_f64());
    let mut labels = labels.to_vec();
    labels.push(("status", status));
    metrics::counter!("dialtone_http_requests_total", &labels).increment(1);
    response
}

fn allowed(state: &AppState, headers: &HeaderMap) -> bool {
    let presented = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("")
        .as_bytes();
    let matches = |token: &str| -> bool { presented.ct_eq(token.as_bytes()).into() };
    matches(&state.config.switch_token)
        || state.config.metrics_token.as_deref().is_some_and(matches)
}

async fn get_metrics(State(state): State<AppState>, headers: HeaderMap) -> Result<Response> {
    if !allowed(&state, &headers) {
        return Err(Error::Unauthorized(
            "The switch token or the metrics token is required".into(),
        ));
    }
    let now = repo::now(&state.db.pool).await?;
    metrics::gauge!("dialtone_calls_in_progress").set(now.answered_calls as f64);
    metrics::gauge!("dialtone_reservations_held").set(now.reservations as f64);
    metrics::gauge!("dialtone_reserved_dollars").set(now.reserved_micros as f64 / 1e6);
    metrics::gauge!("dialtone_webhook_queue_depth").set(now.webhooks_pending as f64);
    metrics::gauge!("dialtone_sms_queue_depth").set(now.sms_queued as f64);
    let pools = [
        ("main", Some(&state.db.pool)),
        ("call_path", state.db.call_path_pool()),
    ];
    for (name, pool) in pools {
        if let Some(pool) = pool {
            let (size, idle) = (f64::from(pool.size()), pool.num_idle() as f64);
            metrics::gauge!("dialtone_db_pool_connections", "pool" => name).set(size);
            metrics::gauge!("dialtone_db_pool_idle_connections", "pool" => name).set(idle);
        }
    }
    let body = handle().render();
    Ok(([(CONTENT_TYPE, "text/plain; version=0.0.4")], body).into_response())
}
