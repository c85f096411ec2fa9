//! Request ids: every response names its request (`X-Request-Id`), a caller's own
//! well-formed id is kept, and the JSON logs carry it on the lines of that request.

use crate::common::TestApp;
use axum::http::StatusCode;
use std::io::Write;
use std::sync::{Arc, Mutex};
use tracing_subscriber::EnvFilter;

fn id_of(r: &crate::common::Resp) -> String {
    r.headers["x-request-id"].to_str().unwrap().to_string()
}

#[tokio::test]
async fn every_response_carries_a_fresh_request_id() {
    let app = TestApp::new().await;
    let ok = app.get("/api/catalogue/pricing").send().await;
    let missing = app.get("/api/no-such-thing").send().await;
    let refused = app.get("/api/calls").send().await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    let ids = [id_of(&ok), id_of(&missing), id_of(&refused)];
    for id in &ids {
        assert!(uuid::Uuid::parse_str(id).is_ok(), "a UUID: {id}");
    }
    assert!(ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2]);
}

#[tokio::test]
async fn a_well_formed_incoming_request_id_is_echoed_and_a_malformed_one_replaced() {
    let app = TestApp::new().await;
    let r = app
        .get("/api/catalogue/pricing")
        .header("x-request-id", "kamailio-7f3a.42")
        .send()
        .await;
    assert_eq!(id_of(&r), "kamailio-7f3a.42");
    let forged = "a\"b c";
    let r = app
        .get("/api/catalogue/pricing")
        .header("x-request-id", forged)
        .send()
        .await;
    let id = id_of(&r);
    assert_ne!(id, forged);
    assert!(uuid::Uuid::parse_str(&id).is_ok());
}

/// Log lines written to memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn json_logs_name_the_request_id_of_each_line() {
    let app = TestApp::new().await;
    // tracing caches each callsite's interest for the whole process, and the other tests
    // of this binary run beside this one without a subscriber. `rebuild_interest_cache`
    // asks again, but under a loaded make test a concurrent registration still left this
    // thread's subscriber unasked once (no line at all). So the request is logged up to
    // three times, each with its own id, and one of them must carry its id on every line.
    let mut attempts = Vec::new();
    for attempt in 1..=3 {
        let id = format!("trace-me-{attempt}");
        let lines = logged_request(&app, &id).await;
        if !lines.is_empty() {
            assert!(lines
                .iter()
                .all(|l| l["span"]["uri"] == "/api/catalogue/pricing" && l["level"].is_string()));
            return;
        }
        attempts.push(id);
    }
    panic!("no line named its request in {attempts:?}");
}

/// The JSON lines logged under `id` for one request, captured on this thread.
async fn logged_request(app: &TestApp, id: &str) -> Vec<serde_json::Value> {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = dialtone_server::telemetry::logs::json_subscriber(
        EnvFilter::new("info,tower_http=debug"),
        move || writer.clone(),
    );
    // This test's thread only (tokio::test runs the app on it): other tests log on.
    let guard = tracing::subscriber::set_default(subscriber);
    tracing::callsite::rebuild_interest_cache();
    let r = app
        .get("/api/catalogue/pricing")
        .header("x-request-id", id)
        .send()
        .await;
    drop(guard);
    assert_eq!(r.status, StatusCode::OK);
    let text = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .filter(|l: &serde_json::Value| l["span"]["request_id"] == id)
        .collect()
}
