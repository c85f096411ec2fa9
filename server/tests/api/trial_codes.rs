//! A newcomer's verification code (issue 44): another code waits core's resend time,
//! however many requests arrive at once, and on a loopback carrier the account's
//! codes show on its Demo phone (nobody else's, and nothing with a real carrier).

use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use dialtone_core::trial;
use serde_json::{json, Value};

const PHONE: &str = "+14155550177";

async fn send_code(
    app: &TestApp,
    s: &Session,
    number: &str,
) -> (StatusCode, Value, Option<String>) {
    let r = app
        .post_as(&s, "/api/trial/verify", json!({ "number": number }))
        .await;
    let retry = r
        .headers
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_string());
    (r.status, r.body, retry)
}

async fn demo_phone(app: &TestApp, s: &Session) -> Value {
    let r = app.get_as(s, "/api/trial/demo-phone").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

/// Moves the last code to `number` back in time, as if `ms` had passed.
async fn age_code(app: &TestApp, s: &Session, number: &str, ms: i64) {
    sqlx::query("UPDATE verified_numbers SET created_at = created_at - $1 WHERE user_id = $2 AND number = $3")
        .bind(ms)
        .bind(s.user_id)
        .bind(number)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
}

#[tokio::test]
async fn another_code_to_the_same_number_waits_the_resend_time() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let (status, body, _) = send_code(&app, &s, PHONE).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body, retry) = send_code(&app, &s, PHONE).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let wait: i64 = retry.expect("Retry-After").parse().unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    assert_eq!(body["message"], trial::resend_wait_message(wait));
    // Another number is not held up by this one's wait.
    let (status, body, _) = send_code(&app, &s, "+14155550178").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Once the wait is over, a new code goes.
    age_code(&app, &s, PHONE, trial::RESEND_AFTER_MS).await;
    let (status, body, _) = send_code(&app, &s, PHONE).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let phone = demo_phone(&app, &s).await;
    assert_eq!(phone["messages"].as_array().unwrap().len(), 3, "{phone}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_click_sends_one_code() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let (a, b) = tokio::join!(send_code(&app, &s, PHONE), send_code(&app, &s, PHONE));
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::TOO_MANY_REQUESTS],
        "{} {}",
        a.1,
        b.1
    );
    assert_eq!(
        demo_phone(&app, &s).await["messages"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[tokio::test]
async fn the_demo_phone_shows_this_accounts_codes_and_nobody_elses() {
    let app = TestApp::new().await;
    let ada = app.client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    assert_eq!(
        demo_phone(&app, &ada).await,
        json!({ "available": true, "messages": [] })
    );
    send_code(&app, &ada, PHONE).await;
    send_code(&app, &bob, "+14155550199").await;
    let phone = demo_phone(&app, &ada).await;
    let messages = phone["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1, "{phone}");
    assert_eq!(messages[0]["to"], PHONE);
    let text = messages[0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("Your Dialtone verification code is "),
        "{text}"
    );
    assert!(messages[0]["sentAt"].is_string());

    // The code read there verifies the number.
    let code = &text["Your Dialtone verification code is ".len()..][..6];
    let r = app
        .post_as(
            &ada,
            "/api/trial/verify/confirm",
            json!({ "number": PHONE, "code": code }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let bobs = demo_phone(&app, &bob).await;
    assert_eq!(bobs["messages"][0]["to"], "+14155550199");
    assert_eq!(bobs["messages"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_real_carrier_has_no_demo_phone() {
    let app = TestApp::with(|c| {
        c.sms_provider = "http".into();
        c.sms_http_url = Some("http://127.0.0.1:9/never".into());
    })
    .await;
    let s = app.client("ada@example.com").await;
    // Even a loopback record left from before shows nothing.
    let outbox = app.state.config.data_dir.join("loopback-sms.jsonl");
    let line = json!({ "reference": format!("verify-{}-1", s.user_id), "from": "Dialtone", "to": PHONE, "text": "Your Dialtone verification code is 123456." });
    std::fs::write(outbox, format!("{line}\n")).unwrap();
    assert_eq!(
        demo_phone(&app, &s).await,
        json!({ "available": false, "messages": [] })
    );
}

#[tokio::test]
async fn a_code_is_the_providers_message_and_none_of_the_customers_lists_show_it() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    let (status, body, _) = send_code(&app, &s, PHONE).await;
    assert!(status.is_success(), "{body}");
    let admin = app.admin("boss@example.com").await;
    let costs = app.get_as(&admin, "/api/admin/trial/codes").await;
    assert_eq!(costs.body["lastDay"]["codes"], 1, "{}", costs.body);

    // The code and its text stay out of everything the customer reads of messages.
    let sms = app.get_as(&s, "/api/sms").await;
    assert_eq!(sms.body["items"], json!([]), "{}", sms.body);
    let threads = app.get_as(&s, "/api/sms/conversations").await;
    assert_eq!(threads.body["conversations"], json!([]), "{}", threads.body);
    let home = app.get_as(&s, "/api/dashboard").await;
    assert_eq!(home.body["smsThisMonth"], 0);
    assert!(!home.body["recentActivity"]
        .to_string()
        .contains("verification"));
    let usage = app.get_as(&s, "/api/dashboard/usage?range=week").await;
    let texted: i64 = usage.body["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["messages"].as_i64().unwrap())
        .sum();
    assert_eq!(texted, 0, "{}", usage.body);
    let c = crate::twilio::creds(&app, &s).await;
    let listed = crate::twilio::get(&app, &c, "/Messages.json").await;
    assert_eq!(listed.body["messages"], json!([]), "{}", listed.body);
}
