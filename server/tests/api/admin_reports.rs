//! Platform settings, overview figures and analytics.

use crate::common::{send_cdr, TestApp};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn settings_are_validated_audited_and_take_effect_at_once() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let r = app.get_as(&admin, "/api/admin/settings").await;
    assert_eq!(r.body["settings"]["setupFee"], "1.00");
    assert_eq!(r.body["configuration"]["payments"]["provider"], "sandbox");
    assert!(!r.text.contains("test-secret"), "no secret is shown");
    let mut body = r.body["settings"].clone();
    body["setupFee"] = json!("2.50");
    body["maxDeposit"] = json!("500");
    let r = app
        .put_as(&admin, "/api/admin/settings", body.clone())
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(app.available(&s, "US", "mobile").await[0]["setup"], 2.5);
    let big = app.deposit(&s, json!(600)).await;
    assert_eq!(big.body["errors"]["amount"], "Maximum deposit is $500.00");
    body["renewalNoticeDays"] = json!("0");
    let bad = app.put_as(&admin, "/api/admin/settings", body).await;
    assert_eq!(
        bad.body["errors"]["renewalNoticeDays"],
        "Renewal notice must be between 1 and 30"
    );
    let audit = app
        .get_as(&admin, "/api/admin/audit?action=settings.")
        .await;
    assert_eq!(audit.body["total"], 1);
    assert_eq!(audit.body["items"][0]["before"]["setupFee"], "1.00");
    assert_eq!(audit.body["items"][0]["after"]["setupFee"], "2.50");
}

#[tokio::test]
async fn stats_and_analytics_reflect_real_activity() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    app.fund(s.user_id, "10").await;
    let n = app.available(&s, "US", "mobile").await[0].clone();
    app.purchase(&s, &n["id"]).send().await;
    let mine = n["number"].as_str().unwrap();
    let now = chrono::Utc::now();
    for (i, status, secs) in [
        (1, "completed", 120),
        (2, "completed", 60),
        (3, "no-answer", 0),
    ] {
        let cdr = json!({ "callId": format!("a{i}"), "direction": "outbound", "from": mine, "to": "+442079460999",
            "startedAt": now.to_rfc3339(), "answeredAt": if secs > 0 { json!(now.to_rfc3339()) } else { json!(null) },
            "endedAt": now.to_rfc3339(), "durationSeconds": secs, "status": status });
        send_cdr(&app, cdr).await;
    }
    let stats = app.get_as(&admin, "/api/admin/stats").await.body;
    assert_eq!(
        (
            stats["totalUsers"].as_i64(),
            stats["activeNumbers"].as_i64(),
            stats["minutesUsed"].as_i64()
        ),
        (Some(3), Some(1), Some(3))
    );
    assert_eq!(stats["revenue"], 3.99 + 0.075);
    assert_eq!(stats["topCountries"][0]["name"], "United Kingdom");
    let active = app
        .scalar("SELECT COUNT(*) FROM countries WHERE status = 'active'")
        .await;
    assert_eq!(stats["countries"], active);

    // An inbound call to the number counts apart from the outbound ones.
    let inbound = json!({ "callId": "in1", "direction": "inbound", "from": "+442079460999", "to": mine,
        "startedAt": now.to_rfc3339(), "answeredAt": now.to_rfc3339(),
        "endedAt": now.to_rfc3339(), "durationSeconds": 60, "status": "completed" });
    send_cdr(&app, inbound).await;
    let inbound_cost = app
        .scalar("SELECT cost_micros FROM calls WHERE call_id = 'in1'")
        .await;
    assert!(inbound_cost > 0, "the inbound minute is charged");

    let a = app.get_as(&admin, "/api/admin/analytics").await.body;
    let today = a["revenue"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (
            today["numbers"].clone(),
            today["outboundCalls"].clone(),
            today["inboundCalls"].as_f64()
        ),
        (json!(3.99), json!(0.075), Some(inbound_cost as f64 / 1e6))
    );
    assert_eq!(a["asr"], 75.0);
    assert_eq!(a["acd"], 80);
    assert_eq!(a["topDestinations"][0]["country"], "United Kingdom");
    assert_eq!(
        a["newUsers"].as_array().unwrap().last().unwrap()["count"],
        3
    );
    let csv = app
        .get_as(&admin, "/api/admin/analytics/export?chart=calls")
        .await;
    assert_eq!(csv.text.lines().next(), Some("date,calls,answered,minutes"));
    assert!(csv.text.trim_end().ends_with(",4,3,4"), "{}", csv.text);
    assert_eq!(
        app.get_as(&admin, "/api/admin/analytics?from=2026-01-02&to=2026-01-01")
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}
