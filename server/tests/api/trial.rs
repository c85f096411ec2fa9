//! The 7-day free trial: a credit of its own kind at signup, usable only for calls
//! and SMS to numbers verified by a code, prefixed messages, expiry of what is left,
//! and the first deposit ending it. Runs on both databases.

use crate::common::{Answer, Session, TestApp};
use axum::http::StatusCode;
use dialtone_server::db::now_ms;
use dialtone_server::jobs::run_once;
use serde_json::{json, Value};

const DAY_MS: i64 = 24 * 3600 * 1000;

async fn kinds(app: &TestApp, user_id: i64) -> Vec<(String, i64)> {
    sqlx::query_as("SELECT kind, amount_micros FROM ledger_entries WHERE user_id = $1 ORDER BY id")
        .bind(user_id)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

async fn trial(app: &TestApp, s: &Session) -> Value {
    let r = app.get_as(&s, "/api/trial").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

/// The last code the loopback carrier "delivered" to `number`.
pub fn code_sent_to(app: &TestApp, number: &str) -> String {
    let outbox = app.state.config.data_dir.join("loopback-sms.jsonl");
    let text = std::fs::read_to_string(outbox).expect("the loopback carrier's record");
    let line = text
        .lines()
        .rev()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|m| m["to"] == number)
        .unwrap_or_else(|| panic!("a message to {number} in {text}"));
    let body = line["text"].as_str().unwrap();
    body.split_whitespace()
        .find(|w| w.len() == 7 && w.ends_with('.') && w[..6].bytes().all(|b| b.is_ascii_digit()))
        .map(|w| w[..6].to_string())
        .expect("a six-digit code")
}

/// `s` asks for a code to be texted to `number`.
fn send_code(app: &TestApp, s: &Session, number: &str) -> impl Answer {
    app.post_as(s, "/api/trial/verify", json!({ "number": number }))
}

/// `s` answers with `code` for `number`.
fn confirm(app: &TestApp, s: &Session, number: &str, code: &str) -> impl Answer {
    let body = json!({ "number": number, "code": code });
    app.post_as(s, "/api/trial/verify/confirm", body)
}

async fn verify(app: &TestApp, s: &Session, number: &str) {
    let r = send_code(app, s, number).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let code = code_sent_to(app, number);
    let r = confirm(app, s, number, &code).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body["verifiedNumbers"]
        .as_array()
        .unwrap()
        .contains(&json!(number)));
}

#[tokio::test]
async fn a_new_account_starts_a_seven_day_trial_and_a_verified_number_unlocks_five_dollars() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let t = trial(&app, &s).await;
    assert_eq!(t["status"], "active");
    assert_eq!(t["active"], true);
    assert_eq!(t["daysLeft"], 7);
    assert_eq!(
        (t["credit"].clone(), t["offeredCredit"].clone()),
        (json!(0.0), json!(5.0))
    );
    assert_eq!(kinds(&app, s.user_id).await, []);

    verify(&app, &s, "+12125550123").await;
    verify(&app, &s, "+12125550124").await;
    assert_eq!(
        kinds(&app, s.user_id).await,
        [("trial_credit".into(), 5_000_000)]
    );
    assert_eq!(app.balance_of(&s).await, json!(5.0));
    assert_eq!(trial(&app, &s).await["credit"], json!(5.0));
    app.assert_invariant().await;
}

#[tokio::test]
async fn trial_credit_reaches_only_verified_numbers_and_says_it_is_a_trial() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    // Before the first verification there is no money of any kind to spend.
    let r = app.send_sms(&s, "+12125550123", "Hi").await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{}", r.body);

    verify(&app, &s, "+12125550123").await;
    let r = app.send_sms(&s, "+1 212 555 0123", "Hi").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["message"]["message"], "Dialtone trial: Hi");
    let sent =
        std::fs::read_to_string(app.state.config.data_dir.join("loopback-sms.jsonl")).unwrap();
    assert!(sent.contains("\"text\":\"Dialtone trial: Hi\""), "{sent}");
    // Refused to any number not verified.
    let r = app.send_sms(&s, "+12125550999", "Hi").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.body["message"], dialtone_core::trial::RESTRICTED_MESSAGE);
    app.assert_invariant().await;
}

#[tokio::test]
async fn trial_credit_buys_no_packages_and_no_number_but_the_trial_number() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    verify(&app, &s, "+12125550123").await;
    let r = app.post_empty_as(&s, "/api/packages/1/purchase").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(r.body["message"], dialtone_core::trial::PURCHASE_MESSAGE);
    // The first number is the free trial number (see trial_number.rs); a second is refused.
    app.buy_first(&s, "US", "mobile").await;
    let n = app.available(&s, "US", "mobile").await[0].clone();
    let r = app.purchase(&s, &n["id"]).send().await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(app.balance_of(&s).await, json!(5.0));
}

#[tokio::test]
async fn a_wrong_code_verifies_nothing_and_five_guesses_spend_the_code() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let r = send_code(&app, &s, "+12125550123").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let code = code_sent_to(&app, "+12125550123");
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for _ in 0..5 {
        let r = confirm(&app, &s, "+12125550123", wrong).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
        assert_eq!(
            r.body["errors"]["code"],
            dialtone_core::trial::CODE_WRONG_MESSAGE
        );
    }
    // Even the right code is refused once the guesses are used up.
    let r = confirm(&app, &s, "+12125550123", &code).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(trial(&app, &s).await["verifiedNumbers"], json!([]));
    // Malformed input is core's field message.
    let r = confirm(&app, &s, "+12125550123", "12").await;
    assert_eq!(
        r.body["errors"]["code"],
        dialtone_core::trial::CODE_FORMAT_MESSAGE
    );
}

#[tokio::test]
async fn at_the_end_of_the_trial_the_unused_credit_expires_once() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    verify(&app, &s, "+12125550123").await;
    let r = app.send_sms(&s, "+12125550123", "Hi").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let spent = -r.body["message"]["cost"].as_f64().unwrap();
    let before = app.balance_of(&s).await.as_f64().unwrap();
    assert!((before - (5.0 + spent)).abs() < 1e-9);

    // A day before the end nothing happens; after it, on two instances' timers, once.
    let report = run_once(&app.state, now_ms() + 6 * DAY_MS).await.unwrap();
    assert_eq!(report.trials_ended, 0);
    let later = now_ms() + 7 * DAY_MS + 1000;
    let (a, b) = tokio::join!(run_once(&app.state, later), run_once(&app.state, later));
    assert_eq!(a.unwrap().trials_ended + b.unwrap().trials_ended, 1);
    assert_eq!(app.balance_of(&s).await, json!(0.0));
    let k = kinds(&app, s.user_id).await;
    assert_eq!(k.last().unwrap().0, "trial_expiry");
    let t = trial(&app, &s).await;
    assert_eq!(
        (t["status"].clone(), t["active"].clone()),
        (json!("expired"), json!(false))
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn money_of_ones_own_ends_the_trial_and_lifts_the_restrictions() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    verify(&app, &s, "+12125550123").await;
    app.fund(s.user_id, "10.00").await;
    assert_eq!(
        kinds(&app, s.user_id).await,
        [
            ("trial_credit".into(), 5_000_000),
            ("trial_expiry".into(), -5_000_000),
            ("admin_credit".into(), 10_000_000)
        ]
    );
    assert_eq!(trial(&app, &s).await["status"], "converted");
    let r = app.send_sms(&s, "+12125550999", "Hi").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["message"]["message"], "Hi");
    let admin = app.funding_admin().await;
    let users = app.get_as(&admin, "/api/admin/users?search=ada").await.body;
    assert_eq!(users["items"][0]["trial"], "converted");
    app.assert_invariant().await;
}

#[tokio::test]
async fn the_admin_sees_who_is_in_a_trial_and_sets_its_credit() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    let settings = app.get_as(&admin, "/api/admin/settings").await.body;
    assert_eq!(settings["settings"]["trialCredit"], "5.00");
    let mut values = settings["settings"].clone();
    values["trialCredit"] = json!("2.50");
    let r = app.put_as(&admin, "/api/admin/settings", values).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let s = app.client("ada@example.com").await;
    verify(&app, &s, "+12125550123").await;
    assert_eq!(app.balance_of(&s).await, json!(2.5));
    let users = app.get_as(&admin, "/api/admin/users?search=ada").await.body;
    assert_eq!(users["items"][0]["trial"], "active");
    assert_eq!(users["items"][0]["trialDaysLeft"], 7);
}

#[tokio::test]
async fn only_an_account_in_its_trial_verifies_numbers() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "5.00").await;
    let r = send_code(&app, &s, "+12125550123").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = send_code(&app, &s, "12").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
}

#[tokio::test]
async fn one_phone_unlocks_one_trial_however_many_accounts_ask() {
    let app = TestApp::new().await;
    let phone = "+14155550123";
    let ada = app.client("ada@example.com").await;
    verify(&app, &ada, phone).await;

    // A second account with the same phone: refused before any code is texted.
    let bob = app.client("bob@example.com").await;
    let r = send_code(&app, &bob, phone).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["errors"]["number"],
        dialtone_core::trial::PHONE_USED_MESSAGE
    );
    assert_eq!(
        kinds(&app, bob.user_id).await,
        Vec::<(String, i64)>::new(),
        "no trial credit for bob"
    );
}

#[tokio::test]
async fn two_accounts_confirming_one_phone_at_once_get_one_trial() {
    let app = TestApp::new().await;
    let phone = "+14155550124";
    let ada = app.client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let mut codes = Vec::new();
    for s in [&ada, &bob] {
        let r = send_code(&app, s, phone).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        codes.push(code_sent_to(&app, phone));
    }
    let (a, b) = tokio::join!(
        confirm(&app, &ada, phone, &codes[0]),
        confirm(&app, &bob, phone, &codes[1])
    );
    let mut oks = 0;
    for r in [a, b] {
        if r.status == StatusCode::OK {
            oks += 1;
        } else {
            assert_eq!(
                r.body["errors"]["number"],
                dialtone_core::trial::PHONE_USED_MESSAGE
            );
        }
    }
    assert_eq!(oks, 1, "one account's trial has the phone");
    let credited = app
        .scalar("SELECT COUNT(*) FROM ledger_entries WHERE kind = 'trial_credit'")
        .await;
    assert_eq!(credited, 1);
}

#[tokio::test]
async fn no_free_code_goes_to_premium_rate_or_satellite_numbers() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    for pumped in [
        "+19005550123",
        "+979123456789",
        "+881612345678",
        "+8821234567890",
    ] {
        let r = send_code(&app, &s, pumped).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{pumped}: {}", r.body);
        assert_eq!(
            r.body["errors"]["number"],
            dialtone_core::phone::DESTINATION_BLOCKED_MESSAGE
        );
    }
    let outbox = app.state.config.data_dir.join("loopback-sms.jsonl");
    let sent = std::fs::read_to_string(outbox).unwrap_or_default();
    assert_eq!(sent, "", "no code was texted");
}

/// How many codes the loopback carrier texted.
fn codes_sent(app: &TestApp) -> usize {
    let outbox = app.state.config.data_dir.join("loopback-sms.jsonl");
    std::fs::read_to_string(outbox)
        .unwrap_or_default()
        .lines()
        .count()
}

#[tokio::test]
async fn a_hundred_requests_for_clustered_numbers_from_ten_accounts_text_five_codes() {
    let app = TestApp::new().await;
    let mut sent = 0;
    // One address (every test request has the same; it may sign up ten accounts an
    // hour), ten fresh accounts, ten numbers each of one block of a thousand
    // (+1 415 555 01xx).
    for a in 0..10 {
        let s = app.client(&format!("pump{a}@example.com")).await;
        for i in 0..10 {
            let r = send_code(&app, &s, &format!("+1415555{:04}", 100 + a * 10 + i)).await;
            match r.status {
                StatusCode::OK => sent += 1,
                status => assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body),
            }
        }
    }
    assert_eq!(sent, 5, "the block's five codes an hour");
    assert_eq!(codes_sent(&app), 5);
}

#[tokio::test]
async fn a_country_whose_hour_of_codes_is_spent_gets_no_more_while_others_do() {
    let app = TestApp::new().await;
    // The platform's hour for the United Kingdom already holds core's budget of codes
    // (a pumping run spread over its ranges, from many addresses and accounts).
    let budget = dialtone_core::trial::code_velocity(0, "", "+447700900123", Some("GB"))
        .into_iter()
        .find(|(key, _)| key == "country:GB")
        .expect("a budget per country")
        .1;
    sqlx::query("INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, $3)")
        .bind("trial-code:country:GB")
        .bind(chrono::Utc::now().timestamp_millis())
        .bind(budget)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let s = app.client("fresh@example.com").await;
    let r = send_code(&app, &s, "+447700900123").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    let r = send_code(&app, &s, "+14155550177").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(codes_sent(&app), 1);
}

#[tokio::test]
async fn one_victim_number_gets_three_codes_an_hour_whoever_asks() {
    let app = TestApp::new().await;
    let victim = "+14155559876";
    for a in 0..6 {
        let s = app.client(&format!("bomber{a}@example.com")).await;
        let r = send_code(&app, &s, victim).await;
        let want = if a < 3 {
            StatusCode::OK
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(r.status, want, "request {a}: {}", r.body);
    }
    assert_eq!(codes_sent(&app), 3);
}
