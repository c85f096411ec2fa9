//! /metrics: Prometheus' text format, readable with the switch token or the metrics
//! token only, with request counts by route pattern and the call path's figures.

use crate::common::{authorize, caller, TestApp, SWITCH};
use axum::http::StatusCode;

#[tokio::test]
async fn metrics_need_the_switch_or_metrics_token() {
    let app = TestApp::with(|c| c.metrics_token = Some("prometheus-token".into())).await;
    assert_eq!(
        app.get("/metrics").send().await.status,
        StatusCode::UNAUTHORIZED
    );
    let s = app.client("ada@example.com").await;
    let as_client = app.get("/metrics").bearer(&s.token).send().await;
    assert_eq!(as_client.status, StatusCode::UNAUTHORIZED);
    let r = app.get("/metrics").bearer("prometheus-token").send().await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    assert_eq!(
        app.get("/metrics").bearer(SWITCH).send().await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn requests_and_authorize_decisions_are_counted_by_pattern_and_outcome() {
    let app = TestApp::new().await;
    let (_, number) = caller(&app, "ada@example.com", "1").await;
    authorize(&app, "m-1", "outbound", &number, "+14155550123").await;
    authorize(&app, "m-2", "outbound", "+19995550000", "+14155550123").await;
    let body = app.get("/metrics").bearer(SWITCH).send().await.text;
    let has = |needle: &str| body.lines().any(|l| l.starts_with(needle));
    assert!(
        has("dialtone_authorize_decisions_total{outcome=\"allowed\"}"),
        "{body}"
    );
    assert!(has(
        "dialtone_authorize_decisions_total{outcome=\"unknown_number\"}"
    ));
    assert!(
        body.contains("route=\"/api/telephony/authorize\""),
        "requests are labelled by their route pattern"
    );
    assert!(has("dialtone_http_request_duration_seconds_bucket"));
    // (Values are the process's: other tests scrape their own databases meanwhile.)
    assert!(has("dialtone_reservations_held "));
    assert!(has("dialtone_calls_in_progress "));
    assert!(has("dialtone_db_pool_connections"));
    // The allowed call's hold was written in a committed batch of the call path.
    assert!(has("dialtone_call_batch_turns_bucket{le=\"1\"}"), "{body}");
    // And the call held the call path's turn for a while (its own finer buckets).
    assert!(
        has("dialtone_call_turn_seconds_bucket{le=\"0.0001\"}"),
        "{body}"
    );
    assert!(!body.contains("/api/numbers/1"), "no series per record id");
}
