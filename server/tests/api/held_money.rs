//! Money held by calls in progress is never spent twice: every other debit sees only
//! the available balance, a CDR collects what its reservation held, a CDR that costs
//! more records the shortfall, and a CDR must match its authorization. Runs on both
//! databases (DIALTONE_TEST_DATABASE=postgres).

use crate::common::{
    authorize, caller, cdr, completed, send_cdr, Answer, Session, TestApp, SWITCH,
};
use axum::http::StatusCode;
use serde_json::json;

async fn micros(app: &TestApp, column: &str, user_id: i64) -> i64 {
    app.scalar_for(
        &format!("SELECT {column} FROM users WHERE id = $1"),
        user_id,
    )
    .await
}

/// A text to +12125550123, with an idempotency key if given, ready to send.
fn sms(app: &TestApp, s: &Session, key: Option<&str>, message: &str) -> impl Answer {
    let mut req = app
        .post("/api/sms")
        .bearer(&s.token)
        .json(json!({ "to": "+12125550123", "message": message }));
    if let Some(key) = key {
        req = req.header("Idempotency-Key", key);
    }
    req.send()
}

#[tokio::test]
async fn held_money_cannot_be_spent_on_sms_packages_or_numbers_during_a_call() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.01").await;
    assert_eq!(app.balance_of(&s).await, json!(1.01));
    // US outbound at $0.02/min: $1.01 buys 3030 seconds, all of it held.
    let a = authorize(&app, "call-held", "outbound", &mine, "+12125550199").await;
    assert_eq!(a["maxDurationSeconds"], 3030);
    assert_eq!(micros(&app, "reserved_micros", s.user_id).await, 1_010_000);

    for i in 0..8 {
        let r = sms(&app, &s, None, &format!("hello {i}")).await;
        assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{}", r.body);
        assert!(
            r.message().starts_with("Insufficient balance"),
            "{}",
            r.body
        );
    }
    let r = app.post_empty_as(&s, "/api/packages/1/purchase").await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{}", r.body);
    let n = app.available(&s, "CA", "mobile").await[0].clone();
    let r = app.purchase(&s, &n["id"]).send().await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{}", r.body);

    // The call at its full allowed length collects everything it held.
    let r = completed(&app, "call-held", "outbound", &mine, "+12125550199", 3030).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["cost"], json!(1.01));
    assert_eq!(app.balance_of(&s).await, json!(0.0));
    assert_eq!(micros(&app, "reserved_micros", s.user_id).await, 0);
    assert_eq!(micros(&app, "shortfall_micros", s.user_id).await, 0);
    app.assert_invariant().await;
}

#[tokio::test]
async fn an_admin_deduction_cannot_take_held_money() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    authorize(&app, "call-1", "outbound", &mine, "+12125550199").await;
    let admin = app.funding_admin().await;
    let r = app.adjust(&admin, s.user_id, "debit", "0.50", "test").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(app.balance_of(&s).await, json!(1.0));
    app.assert_invariant().await;
}

#[tokio::test]
async fn sms_and_a_call_racing_for_the_same_dollar_never_spend_it_twice() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.01").await;
    let body = json!({ "callId": "call-race", "direction": "outbound", "from": mine, "to": "+12125550199" });
    let call = tokio::spawn(app.post_as(SWITCH, "/api/telephony/authorize", body));
    let texts: Vec<_> = (0..8)
        .map(|i| tokio::spawn(app.send_sms(&s, "+12125550123", &format!("race {i}"))))
        .collect();
    let a = call.await.unwrap().body;
    let mut sent = 0;
    for t in texts {
        let status = t.await.unwrap().status;
        assert!(
            status == StatusCode::CREATED || status == StatusCode::PAYMENT_REQUIRED,
            "{status}"
        );
        sent += i64::from(status == StatusCode::CREATED);
    }
    let held = micros(&app, "reserved_micros", s.user_id).await;
    let balance = micros(&app, "balance_micros", s.user_id).await;
    assert!(held <= balance, "held {held} of {balance}");
    app.assert_invariant().await;
    if a["allowed"] == true {
        let seconds = a["maxDurationSeconds"].as_i64().unwrap();
        let r = completed(
            &app,
            "call-race",
            "outbound",
            &mine,
            "+12125550199",
            seconds,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let cost = r.body["cost"].as_f64().unwrap();
        assert_eq!((cost * 1e6).round() as i64, held);
    }
    assert!(sent <= 8);
    assert_eq!(micros(&app, "shortfall_micros", s.user_id).await, 0);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_cdr_costing_more_than_was_held_records_the_uncollected_rest() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let a = authorize(&app, "call-over", "outbound", &mine, "+12125550199").await;
    assert_eq!(a["maxDurationSeconds"], 3000);
    // A switch that did not cut the call: an hour costs $1.20, $1.00 was held.
    let r = completed(&app, "call-over", "outbound", &mine, "+12125550199", 3600).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["cost"], json!(1.0));
    assert_eq!(app.balance_of(&s).await, json!(0.0));
    assert_eq!(micros(&app, "shortfall_micros", s.user_id).await, 200_000);

    let admin = app.funding_admin().await;
    let balances = app
        .get_as(&admin, "/api/admin/balances?search=ada")
        .await
        .body;
    assert_eq!(balances["items"][0]["uncollected"], json!(0.2));
    let csv = app.get_as(&s, "/api/ledger/export").await;
    assert!(
        csv.text.contains("(uncollected $0.20)"),
        "the call's row says what was not collected:\n{}",
        csv.text
    );
    assert!(
        csv.text.contains(",uncollected,\"Not collected: $0.20"),
        "{}",
        csv.text
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_cdr_without_authorization_spends_only_what_other_calls_do_not_hold() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    // All of it held by a call in progress (3000 s at $0.02/min).
    let r = app.post_as(SWITCH, "/api/telephony/authorize", json!({ "callId": "held", "direction": "outbound", "from": mine, "to": "+12125550199" }))
        .await;
    assert_eq!(r.body["maxDurationSeconds"], 3000);
    // A CDR nobody authorized, for 10 minutes ($0.20): nothing is free to pay it.
    let r = completed(&app, "unauthorized", "outbound", &mine, "+12125550111", 600).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["cost"], json!(0.0));
    assert_eq!(micros(&app, "shortfall_micros", s.user_id).await, 200_000);
    // The call in progress still collects everything it held.
    let r = completed(&app, "held", "outbound", &mine, "+12125550199", 3000).await;
    assert_eq!(r.body["cost"], json!(1.0));
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_cdr_that_does_not_match_its_authorization_is_refused_and_changes_nothing() {
    let (app, ada, ada_number) = TestApp::with_caller("ada@example.com", "1.00").await;
    let (bob, bob_number) = caller(&app, "bob@example.com", "1.00").await;
    authorize(&app, "ada-call", "outbound", &ada_number, "+12125550199").await;
    // Bob's switch (or an attacker) reports Ada's callId for another call.
    for body in [
        cdr(
            "ada-call",
            "outbound",
            &bob_number,
            "+12125550199",
            60,
            "completed",
        ),
        cdr(
            "ada-call",
            "outbound",
            &ada_number,
            "+12125550100",
            60,
            "completed",
        ),
        json!({ "callId": "ada-call", "direction": "inbound", "from": "+12125550199", "to": ada_number,
                "startedAt": 1_700_000_000, "answeredAt": 1_700_000_005, "endedAt": 1_700_000_100,
                "durationSeconds": 60, "status": "completed" }),
    ] {
        let r = send_cdr(&app, body).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    }
    assert_eq!(
        micros(&app, "reserved_micros", ada.user_id).await,
        1_000_000
    );
    assert_eq!(app.balance_of(&bob).await, json!(1.0));
    assert_eq!(app.balance_of(&ada).await, json!(1.0));
    let calls = app.scalar("SELECT COUNT(*) FROM calls").await;
    assert_eq!(calls, 0);
    // The real CDR still settles the call.
    let r = completed(
        &app,
        "ada-call",
        "outbound",
        &ada_number,
        "+12125550199",
        60,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["cost"], json!(0.02));
    app.assert_invariant().await;
}

#[tokio::test]
async fn six_sms_requests_with_one_idempotency_key_send_and_charge_once() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "10.00").await;
    let first = sms(&app, &s, Some("key-1"), "Hello once").await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let id = first.body["message"]["id"].clone();
    let retries: Vec<_> = (0..5)
        .map(|_| tokio::spawn(sms(&app, &s, Some("key-1"), "Hello once")))
        .collect();
    for r in retries {
        let r = r.await.unwrap();
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        assert_eq!(r.body["message"]["id"], id);
    }
    let (messages, charges): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM sms_messages WHERE user_id = $1), \
         (SELECT COUNT(*) FROM ledger_entries WHERE user_id = $1 AND kind = 'sms')",
    )
    .bind(s.user_id)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!((messages, charges), (1, 1));
    // The same key with another message is a mistake, not a retry.
    let r = sms(&app, &s, Some("key-1"), "Something else").await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    app.assert_invariant().await;
}

#[tokio::test]
async fn six_concurrent_first_sends_with_one_key_send_one_message() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "10.00").await;
    let all: Vec<_> = (0..6)
        .map(|_| tokio::spawn(sms(&app, &s, Some("burst"), "Burst")))
        .collect();
    let mut ids = Vec::new();
    for r in all {
        let r = r.await.unwrap();
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        ids.push(r.body["message"]["id"].clone());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(app.ledger_entries(&s, "sms").await, 1);
    app.assert_invariant().await;
}
