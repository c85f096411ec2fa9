//! Spend and rate limits per account (issue 43): a compromised device cannot place
//! more calls at once or per second than its account allows, nor reach dear
//! destinations or spend past the day's limit; nothing is held for a refused call. The
//! customer lowers limits, only an administrator raises them.

use crate::common::{authorize, caller, completed, Session, TestApp};
use axum::http::StatusCode;
use dialtone_core::caps;
use serde_json::{json, Value};

async fn set_defaults(app: &TestApp, admin: &Session, limits: Value) -> Value {
    let r = app.put_as(&admin, "/api/admin/limits", limits).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

fn limits(live: &str, cps: &str, daily: &str) -> Value {
    json!({ "maxRatePerMinute": "1.00", "maxCallCost": "", "dailySpend": daily,
            "concurrentCalls": live, "callsPerSecond": cps, "smsPerMinute": "" })
}

async fn reserved(app: &TestApp, s: &Session) -> i64 {
    app.scalar_for("SELECT reserved_micros FROM users WHERE id = $1", s.user_id)
        .await
}

#[tokio::test]
async fn calls_past_the_concurrency_limit_are_refused_with_nothing_held() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    set_defaults(&app, &admin, limits("2", "", "")).await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    for i in 0..2 {
        let a = authorize(
            &app,
            &format!("live-{i}"),
            "outbound",
            &mine,
            "+12125550123",
        )
        .await;
        assert_eq!(a["allowed"], true, "{a}");
    }
    let held = reserved(&app, &s).await;
    let third = authorize(&app, "live-2", "outbound", &mine, "+12125550123").await;
    assert_eq!(third["reason"], "too_many_calls", "{third}");
    assert_eq!(
        (third["sipStatus"].clone(), third["sipReason"].clone()),
        (json!(486), json!("Too many calls at once"))
    );
    assert_eq!(reserved(&app, &s).await, held, "nothing more held");
    // An inbound call is not the account's own traffic: it is taken.
    let inbound = authorize(&app, "in-1", "inbound", "+14155550100", &mine).await;
    assert_eq!(inbound["allowed"], true, "{inbound}");
    // One call ends: the next may go.
    completed(&app, "live-0", "outbound", &mine, "+12125550123", 30).await;
    let again = authorize(&app, "live-3", "outbound", &mine, "+12125550123").await;
    assert_eq!(again["allowed"], true, "{again}");
}

#[tokio::test]
async fn a_burst_of_new_calls_past_the_limit_per_second_is_refused_with_503() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    set_defaults(&app, &admin, limits("", "3", "")).await;
    let (_, mine) = caller(&app, "ada@example.com", "20.00").await;
    let mut answers = Vec::new();
    // The limit counts calls per clock second: start the burst as one begins.
    let second = || chrono::Utc::now().timestamp_millis() / 1000;
    let into = chrono::Utc::now().timestamp_millis() % 1000;
    tokio::time::sleep(std::time::Duration::from_millis((1000 - into) as u64)).await;
    let started = second();
    for i in 0..6 {
        answers.push(authorize(&app, &format!("cps-{i}"), "outbound", &mine, "+12125550123").await);
    }
    let allowed = answers.iter().filter(|a| a["allowed"] == true).count();
    // Within one second exactly three go; a slower machine spreads them over more.
    if second() == started {
        assert_eq!(allowed, 3, "{answers:?}");
    }
    let limited: Vec<_> = answers
        .iter()
        .filter(|a| a["reason"] == "call_rate_limited")
        .collect();
    assert_eq!(limited.len(), 6 - allowed, "{answers:?}");
    assert_eq!(limited[0]["sipStatus"], 503);
}

#[tokio::test]
async fn the_daily_limit_cuts_a_calls_length_and_then_refuses() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    set_defaults(&app, &admin, limits("", "", "1.00")).await;
    let (s, mine) = caller(&app, "ada@example.com", "50.00").await;
    // US outbound is 0.02 a minute: one dollar is 50 minutes, however rich the account.
    let a = authorize(&app, "day-1", "outbound", &mine, "+12125550123").await;
    assert_eq!(a["maxDurationSeconds"], 3000, "{a}");
    completed(&app, "day-1", "outbound", &mine, "+12125550123", 1500).await;
    let spent = app
        .scalar_for(
            "SELECT spent_today_micros FROM users WHERE id = $1",
            s.user_id,
        )
        .await;
    assert_eq!(spent, 500_000);
    let b = authorize(&app, "day-2", "outbound", &mine, "+12125550123").await;
    assert_eq!(b["maxDurationSeconds"], 1500, "{b}");
    completed(&app, "day-2", "outbound", &mine, "+12125550123", 1500).await;
    let c = authorize(&app, "day-3", "outbound", &mine, "+12125550123").await;
    assert_eq!(
        (c["reason"].clone(), c["sipReason"].clone()),
        (
            json!("daily_limit_reached"),
            json!("Daily spending limit reached")
        )
    );
    // Messages count too.
    let r = app.send_sms(&s, "+14155550123", "Hi").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(r.body["message"], dialtone_server::limits::DAILY_MESSAGE);
}

#[tokio::test]
async fn a_destination_dearer_than_the_limit_a_minute_is_refused() {
    let app = TestApp::new().await;
    sqlx::query("UPDATE countries SET outbound_rate_micros = 1500000 WHERE code = 'GB'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let (_, mine) = caller(&app, "ada@example.com", "20.00").await;
    let a = authorize(&app, "dear", "outbound", &mine, "+447700900123").await;
    assert_eq!(
        (a["reason"].clone(), a["sipStatus"].clone()),
        (json!("rate_above_limit"), json!(403)),
        "{a}"
    );
}

#[tokio::test]
async fn a_customer_lowers_limits_and_only_an_administrator_raises_them() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    let admin = app.admin("root@example.com").await;
    let page = app.get_as(&s, "/api/limits").await.body;
    assert_eq!(page["inForce"]["concurrentCalls"], "10", "{page}");
    let mine_only = json!({ "concurrentCalls": "1", "smsPerMinute": "2" });
    let r = app.put_as(&s, "/api/limits", mine_only).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["inForce"]["concurrentCalls"], "1");
    assert_eq!(r.body["ceiling"]["concurrentCalls"], "10");
    let a = authorize(&app, "own-1", "outbound", &mine, "+12125550123").await;
    assert_eq!(a["allowed"], true, "{a}");
    let b = authorize(&app, "own-2", "outbound", &mine, "+12125550123").await;
    assert_eq!(b["reason"], "too_many_calls", "{b}");
    for i in 0..2 {
        let sent = app.send_sms(&s, "+14155550123", &format!("Hi {i}")).await;
        assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    }
    let third = app.send_sms(&s, "+14155550123", "Hi 3").await;
    assert_eq!(
        third.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        third.body
    );
    let raise = json!({ "concurrentCalls": "50" });
    let r = app.put_as(&s, "/api/limits", raise).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["errors"]["concurrentCalls"],
        "At most 10, your account's ceiling: ask us to raise it"
    );
    let ceiling = json!({ "ceiling": { "concurrentCalls": "50", "dailySpend": "500" } });
    let path = format!("/api/admin/users/{}/limits", s.user_id);
    let r = app.put_as(&admin, &path, ceiling).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = app
        .put_as(&s, "/api/limits", json!({ "concurrentCalls": "50" }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["inForce"]["concurrentCalls"], "50");
    let audited = app
        .scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'limits.ceiling'")
        .await;
    assert_eq!(audited, 1);
    let r = app.put_as(&s, &path, json!({ "ceiling": null })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let bad = app
        .put_as(&admin, "/api/admin/limits", json!({ "dailySpend": "lots" }))
        .await;
    assert_eq!(
        bad.body["errors"]["dailySpend"],
        caps::AMOUNT_MESSAGE,
        "{}",
        bad.body
    );
}
