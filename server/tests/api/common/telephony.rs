//! The softswitch's side of a call: authorize, the CDR, the recording.

use super::requests::Answer;
use super::{Resp, Session, TestApp};
use axum::body::Body;
use axum::http::StatusCode;
use serde_json::{json, Value};

/// The switch token of `Config::local`.
pub const SWITCH: &str = "test-switch-token";

/// A client owning a US mobile number with `left` dollars after buying it.
pub async fn caller(app: &TestApp, email: &str, left: &str) -> (Session, String) {
    let s = app.client(email).await;
    let extra: f64 = left.parse().unwrap();
    app.fund(s.user_id, &format!("{:.2}", 3.99 + extra)).await;
    let n = app.buy_first(&s, "US", "mobile").await;
    (s, n["number"].as_str().unwrap().to_string())
}

/// The switch asks whether a call may go ahead; the answer must be a 200.
pub async fn authorize(
    app: &TestApp,
    call_id: &str,
    direction: &str,
    from: &str,
    to: &str,
) -> Value {
    let r = app
        .post_as(
            SWITCH,
            "/api/telephony/authorize",
            json!({ "callId": call_id, "direction": direction, "from": from, "to": to }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

/// What the switch hears when it asks for `username`'s digest secret.
pub async fn credentials_lookup(app: &TestApp, username: &str) -> Resp {
    app.post("/api/telephony/sip/credentials")
        .bearer(SWITCH)
        .json(json!({ "username": username }))
        .send()
        .await
}

/// A call record; answered only when `status` is "completed".
pub fn cdr(
    call_id: &str,
    direction: &str,
    from: &str,
    to: &str,
    seconds: i64,
    status: &str,
) -> Value {
    json!({ "callId": call_id, "direction": direction, "from": from, "to": to,
            "startedAt": "2026-11-20T10:00:00Z", "answeredAt": if status == "completed" { json!("2026-11-20T10:00:05Z") } else { json!(null) },
            "endedAt": "2026-11-20T10:10:00Z", "durationSeconds": seconds, "status": status, "recording": false })
}

/// `body` (a `cdr`) started, answered and ended at the clock's now, in whole seconds:
/// for periods named after today ("ThisMonth"), which `cdr`'s fixed date leaves.
pub fn at_now(mut body: Value) -> Value {
    let now = json!(dialtone_server::db::now_ms() / 1000);
    for field in ["startedAt", "answeredAt", "endedAt"] {
        body[field] = now.clone();
    }
    body
}

pub async fn send_cdr(app: &TestApp, body: Value) -> Resp {
    app.post("/api/telephony/cdr")
        .bearer(SWITCH)
        .json(body)
        .send()
        .await
}

/// A small WAV whose data bytes end with `tag`.
pub fn wav(tag: &[u8]) -> Vec<u8> {
    let mut wav = b"RIFF\x24\x00\x00\x00WAVEfmt ".to_vec();
    wav.extend_from_slice(&[0u8; 16]);
    wav.extend_from_slice(tag);
    wav
}

/// The switch reports a call of `seconds` that was answered and completed.
pub async fn completed(
    app: &TestApp,
    call_id: &str,
    direction: &str,
    from: &str,
    to: &str,
    seconds: i64,
) -> Resp {
    send_cdr(app, cdr(call_id, direction, from, to, seconds, "completed")).await
}

/// The switch uploads the recording of call `call_id`.
pub fn upload_recording(app: &TestApp, call_id: &str, audio: impl Into<Body>) -> impl Answer {
    let path = format!("/api/telephony/recordings/{call_id}");
    app.put(&path).bearer(SWITCH).raw("audio/wav", audio).send()
}
