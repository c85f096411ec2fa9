//! Call records: filters, totals, CSV export and recording downloads.
mod common;

use axum::http::StatusCode;
use common::{Session, TestApp};
use serde_json::{json, Value};

const SWITCH: &str = "test-switch-token";

/// A client owning +1415555010x with `left` dollars after buying it.
async fn caller(app: &TestApp, email: &str, left: &str) -> (Session, String) {
    let s = app.client(email).await;
    let extra: f64 = left.parse().unwrap();
    app.fund(s.user_id, &format!("{:.2}", 3.99 + extra)).await;
    let n = app.available(&s, "US", "mobile").await[0].clone();
    let r = app
        .post("/api/numbers/purchase")
        .bearer(&s.token)
        .json(json!({ "numberId": n["id"] }))
        .send()
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    (s, n["number"].as_str().unwrap().to_string())
}

fn cdr(call_id: &str, direction: &str, from: &str, to: &str, seconds: i64, status: &str) -> Value {
    json!({ "callId": call_id, "direction": direction, "from": from, "to": to,
            "startedAt": "2026-11-20T10:00:00Z", "answeredAt": if status == "completed" { json!("2026-11-20T10:00:05Z") } else { json!(null) },
            "endedAt": "2026-11-20T10:10:00Z", "durationSeconds": seconds, "status": status, "recording": false })
}

async fn send_cdr(app: &TestApp, body: Value) -> common::Resp {
    app.post("/api/telephony/cdr")
        .bearer(SWITCH)
        .json(body)
        .send()
        .await
}

#[tokio::test]
async fn call_history_filters_totals_exports_and_guards_recordings() {
    let app = TestApp::new().await;
    let (ada, mine) = caller(&app, "ada@example.com", "5.00").await;
    let bob = app.client("bob@example.com").await;
    let admin = app.admin("admin@example.com").await;
    send_cdr(
        &app,
        cdr("h1", "outbound", &mine, "+12125550199", 60, "completed"),
    )
    .await;
    send_cdr(
        &app,
        cdr("h2", "outbound", &mine, "+442079460999", 0, "failed"),
    )
    .await;
    send_cdr(
        &app,
        cdr("h3", "inbound", "+16045550111", &mine, 30, "completed"),
    )
    .await;

    let all = app.get("/api/calls").bearer(&ada.token).send().await.body;
    assert_eq!(
        all["totals"],
        json!({ "calls": 3, "durationSeconds": 90, "cost": 0.0275 })
    );
    let out = app
        .get("/api/calls?type=outbound&status=completed")
        .bearer(&ada.token)
        .send()
        .await
        .body;
    assert_eq!(
        (out["total"].as_i64(), out["items"][0]["duration"].as_str()),
        (Some(1), Some("1:00"))
    );
    let search = app
        .get("/api/calls?search=%2B44")
        .bearer(&ada.token)
        .send()
        .await
        .body;
    assert_eq!(search["items"][0]["number"], "+442079460999");
    assert_eq!(
        app.get("/api/calls").bearer(&bob.token).send().await.body["total"],
        0
    );

    let csv = app
        .get("/api/calls/export?type=inbound")
        .bearer(&ada.token)
        .send()
        .await;
    let lines: Vec<&str> = csv.text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[1].contains(",inbound,\"+16045550111\",0:30,"),
        "{}",
        lines[1]
    );

    let admin_view = app
        .get("/api/admin/calls?search=ada%40")
        .bearer(&admin.token)
        .send()
        .await
        .body;
    assert_eq!(admin_view["total"], 3);
    assert_eq!(
        admin_view["items"][0]["user"],
        "Test Client <ada@example.com>"
    );
    assert_eq!(
        app.get("/api/admin/calls")
            .bearer(&ada.token)
            .send()
            .await
            .status,
        StatusCode::FORBIDDEN
    );

    let mut wav = b"RIFF\x24\x00\x00\x00WAVEfmt ".to_vec();
    wav.extend_from_slice(&[0u8; 32]);
    let r = app
        .put("/api/telephony/recordings/h1")
        .bearer(SWITCH)
        .raw("audio/wav", wav.clone())
        .send()
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let id = out["items"][0]["id"].as_i64().unwrap();
    let mine_rec = app
        .get(&format!("/api/calls/{id}/recording"))
        .bearer(&ada.token)
        .send()
        .await;
    assert_eq!(
        (
            mine_rec.status,
            mine_rec.headers["content-type"].to_str().unwrap()
        ),
        (StatusCode::OK, "audio/wav")
    );
    assert_eq!(
        app.get(&format!("/api/calls/{id}/recording"))
            .bearer(&bob.token)
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/admin/calls/{id}/recording"))
            .bearer(&admin.token)
            .send()
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.put("/api/telephony/recordings/h1")
            .bearer(SWITCH)
            .raw("audio/wav", "not audio")
            .send()
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}
