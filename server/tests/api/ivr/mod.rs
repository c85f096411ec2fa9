//! IVR flows through the API: CRUD and validation at the package's level (flows.rs),
//! routing a number to a flow and its monthly billing (billing.rs), prompts (prompts.rs)
//! and voicemails (voicemail.rs).

mod billing;
mod flows;
mod prompts;
mod voicemail;

use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// A 16-bit PCM WAV file of these interleaved samples.
pub fn pcm_wav(channels: u16, sample_rate: u32, samples: impl IntoIterator<Item = i16>) -> Vec<u8> {
    let spec = hound::WavSpec {
        channels,
        sample_rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut out = std::io::Cursor::new(Vec::new());
    let mut w = hound::WavWriter::new(&mut out, spec).unwrap();
    for sample in samples {
        w.write_sample(sample).unwrap();
    }
    w.finalize().unwrap();
    out.into_inner()
}

/// A flow valid at the Basic level: a menu, a forward, a voicemail box.
pub fn front_desk(name: &str) -> Value {
    json!({
        "name": name,
        "start": "main",
        "steps": {
            "main": {
                "type": "menu",
                "prompt": "Press 1 for sales, 2 to leave a message",
                "options": { "1": "sales", "2": "vm" },
                "timeoutSeconds": 5,
                "retries": 2
            },
            "sales": { "type": "forward", "to": "+14155550199", "ringSeconds": 30, "fallback": "vm" },
            "vm": { "type": "voicemail", "greeting": "Leave a message after the beep", "maxSeconds": 60 }
        }
    })
}

/// Creates `flow` for `s`; returns the created flow's detail.
pub async fn create(app: &TestApp, s: &Session, flow: Value) -> Value {
    let r = app.post_as(s, "/api/ivr/flows", flow).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body
}

/// The balance of `s` in micro-dollars.
pub async fn balance_micros(app: &TestApp, s: &Session) -> i64 {
    app.scalar_for("SELECT balance_micros FROM users WHERE id = $1", s.user_id)
        .await
}

/// Routes number `number_id` of `s` to `flow` (None: no flow).
pub async fn route(
    app: &TestApp,
    s: &Session,
    number_id: i64,
    flow: Option<i64>,
) -> crate::common::Resp {
    app.put_as(
        s,
        &format!("/api/numbers/{number_id}/route"),
        json!({ "devices": [], "ivrFlowId": flow }),
    )
    .await
}

/// The id of the number `s` owns (the first, by id).
pub async fn my_number_id(app: &TestApp, s: &Session) -> i64 {
    app.scalar_for(
        "SELECT MIN(id) FROM phone_numbers WHERE owner_id = $1",
        s.user_id,
    )
    .await
}

/// GET `path` as `s`, with the body's bytes as they are (audio).
pub async fn bytes(app: &TestApp, s: &Session, path: &str) -> (StatusCode, String, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let req = axum::http::Request::get(path)
        .header("authorization", format!("Bearer {}", s.token))
        .body(axum::body::Body::empty())
        .unwrap();
    let res = app.router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let kind = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, kind, body)
}
