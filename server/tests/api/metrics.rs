//! /metrics: Prometheus' text format, readable with the switch token or the metrics
//! token only, with request counts by route pattern and the call path's figures.

use crate::common::{authorize, backend_is_postgres, caller, TestApp, SWITCH};
use axum::http::StatusCode;
use openmetrics_parser::prometheus::parse_prometheus;
use openmetrics_parser::{MetricsExposition, PrometheusType, PrometheusValue};

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

type Exposition = MetricsExposition<PrometheusType, PrometheusValue>;

/// The page, read by a Prometheus text-format parser (a grammar of the format: any line
/// it cannot read fails the whole page).
async fn scrape(app: &TestApp) -> Exposition {
    let body = app.get("/metrics").bearer(SWITCH).send().await.text;
    parse_prometheus(&body).unwrap_or_else(|e| panic!("not Prometheus text: {e:?}\n{body}"))
}

/// A counter's value summed over the series whose `label` is `value` (0 when none yet).
fn counted(page: &Exposition, metric: &str, (label, value): (&str, &str)) -> f64 {
    let Some(family) = page.families.get(metric) else {
        return 0.0;
    };
    assert_eq!(family.family_type, PrometheusType::Counter, "{metric}");
    family
        .iter_samples()
        .filter(|s| s.get_labelset().unwrap().get_label_value(label) == Some(value))
        .map(|s| match &s.value {
            PrometheusValue::Counter(c) => c.value.as_f64(),
            other => panic!("{metric} is a counter, not {other:?}"),
        })
        .sum()
}

#[tokio::test]
async fn metrics_parse_as_prometheus_text_and_count_the_calls_placed() {
    let app = TestApp::new().await;
    let (_, number) = caller(&app, "grace@example.com", "100").await;
    let before = scrape(&app).await;
    for id in ["p-1", "p-2", "p-3"] {
        let answer = authorize(&app, id, "outbound", &number, "+14155550123").await;
        assert_eq!(answer["allowed"], true, "{answer}");
    }
    let after = scrape(&app).await;
    // (Counters are the process's: other tests' calls can only add to them.)
    let allowed = ("outcome", "allowed");
    let decisions = "dialtone_authorize_decisions_total";
    assert!(counted(&after, decisions, allowed) >= counted(&before, decisions, allowed) + 3.0);
    let route = ("route", "/api/telephony/authorize");
    let requests = "dialtone_http_requests_total";
    assert!(counted(&after, requests, route) >= counted(&before, requests, route) + 3.0);
    let turns = &after.families["dialtone_call_turn_seconds"];
    assert_eq!(turns.family_type, PrometheusType::Histogram);
    let counts: Vec<u64> = turns
        .iter_samples()
        .map(|s| match &s.value {
            PrometheusValue::Histogram(h) => h.count.expect("a count"),
            other => panic!("a histogram, not {other:?}"),
        })
        .collect();
    assert!(
        counts.iter().sum::<u64>() >= 3,
        "the calls' turns: {counts:?}"
    );
    // The pools' connections, by pool: on PostgreSQL the call path has its own.
    let pools: Vec<String> = after.families["dialtone_db_pool_connections"]
        .iter_samples()
        .map(|s| {
            s.get_labelset()
                .unwrap()
                .get_label_value("pool")
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(pools.contains(&"main".to_string()), "{pools:?}");
    assert_eq!(
        pools.contains(&"call_path".to_string()),
        backend_is_postgres(),
        "{pools:?}"
    );
}
