//! The switch interface's refusals beyond the balance: a device's caller ID, a second
//! forwarded call while the first holds package minutes, premium-rate and satellite
//! destinations, and the call path at capacity.

use super::telephony::reserved;
use crate::common::{authorize, cdr, send_cdr, TestApp, SWITCH};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// The switch asks for a device's call.
async fn authorize_device(app: &TestApp, call_id: &str, from: &str, device: &str) -> Value {
    let body = json!({ "callId": call_id, "direction": "outbound", "from": from, "to": "+12125550199", "device": device });
    app.post_as(SWITCH, "/api/telephony/authorize", body)
        .await
        .body
}

/// The switch API's answer refuses the call: its reason, SIP status and phrase.
fn assert_refused(a: &Value, reason: &str, status: u16, phrase: &str) {
    assert_eq!(
        (
            &a["allowed"],
            &a["reason"],
            &a["sipStatus"],
            &a["sipReason"]
        ),
        (
            &json!(false),
            &json!(reason),
            &json!(status),
            &json!(phrase)
        )
    );
}

#[tokio::test]
async fn a_device_calling_from_a_number_that_is_nobodys_is_refused_with_403_not_404() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    crate::sip::device(&app, &s, "ada.desk", &mine).await;
    let a = authorize_device(&app, "gone", "+15551234567", "ada.desk").await;
    assert_refused(&a, "caller_id_not_yours", 403, "Caller ID not allowed");
    assert_eq!(reserved(&app, &s).await, 0);
    // Without a device, a number nobody serves is still 404.
    let a = authorize(&app, "nobody", "outbound", "+15551234567", "+12125550199").await;
    assert_eq!(
        (&a["reason"], &a["sipStatus"]),
        (&json!("unknown_number"), &json!(404))
    );
}

#[tokio::test]
async fn a_second_forwarded_call_is_allowed_while_the_first_holds_package_minutes() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "80.00").await;
    let bought = app.post_empty_as(&s, "/api/packages/1/purchase").await;
    assert!(bought.status.is_success(), "{}", bought.body);
    let number_id = app.get_as(&s, "/api/numbers/mine").await.body["numbers"][0]["id"].clone();
    let route = json!({ "devices": [], "forwardTo": "+12125550199" });
    let saved = app
        .put_as(&s, &format!("/api/numbers/{number_id}/route"), route)
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let outside = "+442071234567";
    // Each forwarded call is an inbound leg and the outbound leg the switch places.
    for call in ["first", "second"] {
        let inbound = authorize(&app, call, "inbound", outside, &mine).await;
        assert_eq!(inbound["allowed"], true, "{call} inbound: {inbound}");
        assert_eq!(inbound["forwardTo"], "+12125550199");
        let leg = authorize(
            &app,
            &format!("{call}-leg"),
            "outbound",
            &mine,
            "+12125550199",
        )
        .await;
        assert_eq!(leg["allowed"], true, "{call} leg: {leg}");
    }
    let held_seconds = app
        .scalar_for(
            "SELECT reserved_package_seconds FROM users WHERE id = $1",
            s.user_id,
        )
        .await;
    assert!(held_seconds > 0, "the first leg holds package seconds");
    app.assert_invariant().await;
}

#[tokio::test]
async fn calls_and_messages_to_premium_rate_and_satellite_numbers_are_refused() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "5.00").await;
    for premium in ["+19005550123", "+881612345678"] {
        let a = authorize(&app, &format!("to-{premium}"), "outbound", &mine, premium).await;
        assert_refused(
            &a,
            "destination_not_allowed",
            403,
            "Destination not allowed",
        );
        let body = json!({ "to": premium, "message": "hello" });
        let r = app.post_as(&s, "/api/sms", body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
        assert_eq!(
            r.body["errors"]["to"],
            dialtone_core::phone::DESTINATION_BLOCKED_MESSAGE
        );
    }
    assert_eq!(reserved(&app, &s).await, 0);
    app.assert_invariant().await;
}

/// The benchmark's guards-off runs (`Config::call_guards`, `dialtone-traffic --guards
/// off`) measure the call path without them: they must really be off there, and on
/// everywhere else.
#[tokio::test]
async fn with_the_guards_off_for_the_benchmark_a_premium_number_and_a_spent_day_pass() {
    let app = TestApp::with(|c| c.call_guards = false).await;
    let (s, mine) = crate::common::caller(&app, "ada@example.com", "5.00").await;
    let day = "UPDATE users SET spent_today_micros = 1000000000, spent_day = $1 WHERE id = $2";
    let today = chrono::Utc::now().timestamp_millis() / 86_400_000;
    sqlx::query(day)
        .bind(today)
        .bind(s.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let a = authorize(&app, "guards-off", "outbound", &mine, "+19005550123").await;
    assert_eq!(a["allowed"], true, "{a}");
    let ended = cdr(
        "guards-off",
        "outbound",
        &mine,
        "+19005550123",
        30,
        "completed",
    );
    let c = send_cdr(&app, ended).await;
    assert_eq!(c.body["billableSeconds"], 30, "{}", c.body);
    app.assert_invariant().await;
}

#[tokio::test]
async fn at_capacity_the_switch_api_refuses_at_once_and_a_cdr_sent_again_bills_once() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    authorize(&app, "busy-1", "outbound", &mine, "+12125550199").await;
    // Every slot of the switch's queue taken (by requests still being worked on).
    let slots = app.state.config.switch_queue as u32;
    let held = app
        .state
        .switch_slots
        .clone()
        .acquire_many_owned(slots)
        .await
        .unwrap();
    let body =
        json!({ "callId": "busy-2", "direction": "outbound", "from": mine, "to": "+12125550199" });
    let refused = app.post_as(SWITCH, "/api/telephony/authorize", body).await;
    assert_eq!(
        refused.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        refused.body
    );
    assert_eq!(refused.headers["retry-after"], "1");
    let cdr_body = cdr("busy-1", "outbound", &mine, "+12125550199", 60, "completed");
    let refused = send_cdr(&app, cdr_body.clone()).await;
    assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(reserved(&app, &s).await, 1_000_000, "nothing was started");
    // Capacity back: the switch's queued CDR goes through, once.
    drop(held);
    for _ in 0..2 {
        let r = send_cdr(&app, cdr_body.clone()).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    assert_eq!(reserved(&app, &s).await, 0);
    assert_eq!(app.balance_of(&s).await, json!(0.98));
    app.assert_invariant().await;
}
