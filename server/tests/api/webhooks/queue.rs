//! Queuing a delivery as the server's events do, and reading back what became of it.

use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use dialtone_server::webhooks;
use serde_json::Value;

pub const NEXT_ATTEMPT: &str = "SELECT next_attempt_at FROM webhook_deliveries WHERE id = $1";

/// A message status callback's parameters, with characters form encoding escapes.
pub fn status_params(sid: &str) -> Vec<(&'static str, String)> {
    vec![
        ("MessageSid", sid.to_string()),
        ("MessageStatus", "delivered".into()),
        ("To", "+14155550100".into()),
        ("From", "+14155550199".into()),
        ("Body", "Hi & bye = ok 😀".into()),
    ]
}

/// Queues a message status callback to `url` for `user_id`.
pub async fn enqueue(app: &TestApp, user_id: i64, url: &str) -> i64 {
    let params = status_params("SM0001");
    webhooks::enqueue(
        &app.state.db.pool,
        user_id,
        webhooks::MESSAGE_STATUS,
        url,
        &params,
    )
    .await
    .unwrap()
}

/// The user's deliveries as GET /api/developer/webhooks lists them.
pub async fn deliveries(app: &TestApp, s: &Session) -> Vec<Value> {
    let r = app.get_as(s, "/api/developer/webhooks").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["deliveries"].as_array().unwrap().clone()
}

/// (status, attempts, lastStatusCode) of a listed delivery.
pub fn summary(d: &Value) -> (&str, i64, Option<i64>) {
    let status = d["status"].as_str().unwrap();
    (
        status,
        d["attempts"].as_i64().unwrap(),
        d["lastStatusCode"].as_i64(),
    )
}

/// The attempts logged for a delivery: (status code, error), oldest first.
pub async fn attempts(app: &TestApp, id: i64) -> Vec<(Option<i64>, Option<String>)> {
    sqlx::query_as(
        "SELECT status_code, error FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap()
}
